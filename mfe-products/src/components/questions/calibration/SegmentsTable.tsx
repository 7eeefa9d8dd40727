import { calibrationOpinions, type FidelityRow } from '@chorus/contracts';
import { sharesOf } from '@chorus/platform/charts';

// Real answers and personas compared segment by segment (age, gender, income, occupation).

const total = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);

const countsText = (counts: readonly number[]) =>
  total(counts) === 0
    ? 'none'
    : `${total(counts)}: ${sharesOf(counts)
        .map((share, i) => `${share}% ${calibrationOpinions[i]}`)
        .join(', ')}`;

/** One row per segment: its real answers, its personas' and how far apart they are. */
export function SegmentsTable({ rows }: { rows: FidelityRow[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="w-full text-sm" aria-label="By segment">
      <caption className="mb-1 text-left text-xs font-medium text-muted-foreground">
        By segment
      </caption>
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            Segment
          </th>
          <th scope="col" className="py-1 font-medium">
            Real answers
          </th>
          <th scope="col" className="py-1 font-medium">
            Personas
          </th>
          <th scope="col" className="py-1 font-medium">
            Distance
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-t align-top">
            <th scope="row" className="py-1 pr-2 text-left font-medium">
              {row.label}
            </th>
            <td className="py-1 pr-2">{countsText(row.human)}</td>
            <td className="py-1 pr-2">{countsText(row.persona)}</td>
            <td className="py-1 tabular-nums">
              {row.distance === null ? 'no personas to compare' : row.distance.toFixed(2)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
