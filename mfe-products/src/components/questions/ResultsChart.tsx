import type { Opinion } from '@chorus/contracts';
import { BarChart } from '@chorus/platform/charts';

// Tailwind's emerald-500, slate-400 and red-500, as the chart draws with CSS colours.
const rows: { opinion: Opinion; label: string; color: string; text: string }[] = [
  { opinion: 'positive', label: 'Positive', color: '#10b981', text: 'text-emerald-700' },
  { opinion: 'neutral', label: 'Neutral', color: '#94a3b8', text: 'text-slate-600' },
  { opinion: 'negative', label: 'Negative', color: '#ef4444', text: 'text-red-700' },
];

const percent = (value: number) => `${value}%`;

/**
 * The panel's shares as three horizontal bars (positive, neutral, negative)
 * with a tooltip and legend, and each percentage written out underneath so it
 * reads without hovering. The shares are the estimate's, the same figures the
 * likely ranges beside the chart are worked out from.
 */
export function ResultsChart({ results }: { results: Record<Opinion, number> }) {
  const data = rows.map((row) => ({ answer: row.label, share: results[row.opinion] }));
  // The figure as a whole keeps the name; the kit names its drawing too.
  return (
    <figure aria-label="Aggregated results">
      <BarChart
        title="Aggregated results"
        data={data}
        category="answer"
        categoryLabel="Answer"
        layout="vertical"
        height={150}
        series={[
          {
            key: 'share',
            label: 'Share of answers',
            color: rows[0]!.color,
            colors: rows.map((row) => row.color),
            format: percent,
          },
        ]}
      >
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {rows.map((row) => (
            <li
              key={row.opinion}
              className="flex items-center gap-2"
              data-testid={`result-${row.opinion}`}
            >
              <span
                className="size-2.5 rounded-full"
                style={{ background: row.color }}
                aria-hidden
              />
              <span className="font-medium">{row.label}</span>
              <span className={`font-semibold tabular-nums ${row.text}`}>
                {percent(results[row.opinion])}
              </span>
            </li>
          ))}
        </ul>
      </BarChart>
    </figure>
  );
}
