import type { AggregatedResults, Opinion } from '@chorus/contracts';

const rows: { opinion: Opinion; label: string; bar: string; text: string }[] = [
  { opinion: 'positive', label: 'Positive', bar: 'fill-emerald-500', text: 'text-emerald-700' },
  { opinion: 'neutral', label: 'Neutral', bar: 'fill-slate-400', text: 'text-slate-600' },
  { opinion: 'negative', label: 'Negative', bar: 'fill-red-500', text: 'text-red-700' },
];

/**
 * The aggregated results as three horizontal bars (positive, neutral,
 * negative), each with its percentage. Plain SVG: three bars need no chart
 * library.
 */
export function ResultsChart({ results }: { results: AggregatedResults }) {
  const summary = rows.map((row) => `${row.label} ${results[row.opinion]}%`).join(', ');
  return (
    <figure className="grid gap-2" aria-label="Aggregated results">
      <figcaption className="sr-only">{summary}</figcaption>
      {rows.map((row) => {
        const percent = results[row.opinion];
        return (
          <div
            key={row.opinion}
            className="grid grid-cols-[5rem_1fr_3rem] items-center gap-3 text-sm"
            data-testid={`result-${row.opinion}`}
          >
            <span className="font-medium">{row.label}</span>
            <svg
              className="h-3 w-full overflow-hidden rounded-full"
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              aria-hidden
            >
              <rect x="0" y="0" width="100" height="10" className="fill-muted" />
              <rect x="0" y="0" width={percent} height="10" className={row.bar} />
            </svg>
            <span className={`text-right font-semibold tabular-nums ${row.text}`}>{percent}%</span>
          </div>
        );
      })}
    </figure>
  );
}
