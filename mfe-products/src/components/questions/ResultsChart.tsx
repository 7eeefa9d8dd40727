import type { Opinion, ShareInterval } from '@chorus/contracts';
import { BarChart } from '@chorus/platform/charts';

// Tailwind's emerald-500, slate-400 and red-500, as the chart draws with CSS colours.
const rows: { opinion: Opinion; label: string; color: string; text: string }[] = [
  { opinion: 'positive', label: 'Positive', color: '#10b981', text: 'text-emerald-700' },
  { opinion: 'neutral', label: 'Neutral', color: '#94a3b8', text: 'text-slate-600' },
  { opinion: 'negative', label: 'Negative', color: '#ef4444', text: 'text-red-700' },
];

const percent = (value: number) => `${value}%`;

/**
 * The panel's shares as three horizontal bars (positive, neutral, negative),
 * each with a whisker over the range it would likely fall in if the same
 * personas were asked again, and each percentage written out underneath
 * beside a swatch of its bar's colour (the chart's legend), so it reads
 * without hovering. The shares are the estimate's, the same figures the
 * likely ranges are worked out from.
 */
export function ResultsChart({
  results,
  intervals,
  drawsPerPersona,
}: {
  results: Record<Opinion, number>;
  intervals?: Record<Opinion, ShareInterval>;
  drawsPerPersona?: number;
}) {
  const data = rows.map((row) => ({
    answer: row.label,
    share: results[row.opinion],
    range: intervals?.[row.opinion],
  }));
  const label =
    drawsPerPersona !== undefined
      ? `Share of all answers (${drawsPerPersona} per persona)`
      : 'Share of all answers';
  // The figure as a whole keeps the name; the kit names its drawing too.
  return (
    <figure aria-label="Aggregated results" className="min-w-0">
      <BarChart
        title="Aggregated results"
        data={data}
        category="answer"
        categoryLabel="Answer"
        layout="vertical"
        height={150}
        // The list under the chart is the legend: one swatch per bar, in the bar's colour.
        legend={false}
        series={[
          {
            key: 'share',
            label,
            color: rows[0]!.color,
            colors: rows.map((row) => row.color),
            format: percent,
            ...(intervals ? { range: 'range' as const, rangeLabel: 'Likely range' } : {}),
          },
        ]}
      >
        <p className="mt-1 text-xs text-muted-foreground">
          {label}
          {intervals ? '; the whiskers show the likely range.' : '.'}
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Legend">
          {rows.map((row) => (
            <li
              key={row.opinion}
              className="flex items-center gap-2"
              data-testid={`result-${row.opinion}`}
            >
              <span
                className="size-2.5 rounded-full"
                style={{ background: row.color }}
                data-testid="legend-swatch"
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
