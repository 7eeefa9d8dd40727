import type { ReactNode } from 'react';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  ErrorBar,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  plain,
  type EstimateTable,
  type LegendEntry,
  Drawing,
  tick,
  LegendList,
  HiddenTable,
} from './estimate-parts';

/** One bar: its value and the range it would likely fall in. */
type RangeBar = {
  label: string;
  value: number;
  low?: number;
  high?: number;
  /** This bar's own colour (e.g. below zero in another colour than above). */
  color?: string;
  /** More cells for the hidden table, under `extraColumns`. */
  cells?: readonly string[];
};

/** The numbers of a range bar chart as its hidden table writes them. */
function rangeBarTable({
  bars,
  categoryLabel,
  valueLabel,
  rangeLabel = 'Likely range',
  format = plain,
  extraColumns = [],
}: {
  bars: readonly RangeBar[];
  categoryLabel: string;
  valueLabel: string;
  rangeLabel?: string;
  format?: (value: number) => string;
  extraColumns?: readonly string[];
}): EstimateTable {
  const ranged = bars.some((bar) => bar.low !== undefined && bar.high !== undefined);
  return {
    head: [categoryLabel, valueLabel, ...(ranged ? [rangeLabel] : []), ...extraColumns],
    rows: bars.map((bar) => [
      bar.label,
      format(bar.value),
      ...(ranged
        ? [
            bar.low !== undefined && bar.high !== undefined
              ? `${format(bar.low)} to ${format(bar.high)}`
              : '',
          ]
        : []),
      ...extraColumns.map((_, index) => bar.cells?.[index] ?? ''),
    ]),
  };
}

/**
 * Bars laid across, one per category down the side (labels wrap within
 * `labelWidth`), each with a whisker over its likely range. Values below
 * zero grow to the left of a zero line (diverging scores).
 */
export function RangeBarChart({
  title,
  bars,
  categoryLabel,
  valueLabel,
  rangeLabel = 'Likely range',
  format = plain,
  color = 'var(--color-primary)',
  legend,
  domain,
  ticks,
  labelWidth = 110,
  extraColumns,
  className,
  children,
}: {
  /** The accessible name, also the hidden table's caption. */
  title: string;
  bars: readonly RangeBar[];
  categoryLabel: string;
  /** What the bars measure, e.g. "Share of people"; the legend's entry unless `legend` is given. */
  valueLabel: string;
  rangeLabel?: string;
  format?: (value: number) => string;
  color?: string;
  legend?: readonly LegendEntry[];
  /** The value axis' span; from the data by default. */
  domain?: [number, number];
  /** The value axis' ticks (e.g. whole places of a ranking); recharts' own by default. */
  ticks?: readonly number[];
  labelWidth?: number;
  extraColumns?: readonly string[];
  className?: string;
  children?: ReactNode;
}) {
  const table = rangeBarTable({
    bars,
    categoryLabel,
    valueLabel,
    rangeLabel,
    format,
    extraColumns,
  });
  const data = bars.map((bar, index) => ({
    // Two bars may carry the same words; the index keeps each its own row.
    key: `${index}`,
    label: bar.label,
    value: bar.value,
    whisker:
      bar.low !== undefined && bar.high !== undefined
        ? [Math.max(bar.value - bar.low, 0), Math.max(bar.high - bar.value, 0)]
        : [0, 0],
    range: bar.low !== undefined && bar.high !== undefined ? [bar.low, bar.high] : undefined,
  }));
  const ranged = bars.some((bar) => bar.low !== undefined);
  const diverging = bars.some((bar) => bar.value < 0 || (bar.low ?? 0) < 0);
  const labelOf = (key: unknown) => bars[Number(key)]?.label ?? String(key);
  const entries = legend ?? [{ label: valueLabel, color }];
  return (
    <figure className={className}>
      <Drawing title={title} height={Math.max(bars.length * 44 + 48, 120)}>
        <ComposedChart
          data={data}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 4" stroke="var(--color-border)" horizontal={false} />
          <YAxis
            type="category"
            dataKey="key"
            tickFormatter={labelOf}
            // A width makes the tick text wrap onto further lines instead of running off.
            tick={{ ...tick, width: labelWidth - 8 }}
            width={labelWidth}
            axisLine={false}
            tickLine={false}
            interval={0}
          />
          <XAxis
            type="number"
            tick={tick}
            tickFormatter={format}
            axisLine={false}
            tickLine={false}
            domain={domain ?? ['auto', 'auto']}
            ticks={ticks ? [...ticks] : undefined}
          />
          {diverging ? <ReferenceLine x={0} stroke="var(--color-foreground)" /> : null}
          <Tooltip
            labelFormatter={labelOf}
            formatter={(value, _name, item) => {
              const range = (item.payload as { range?: [number, number] }).range;
              const text = format(Number(value));
              return range
                ? `${text} (likely between ${format(range[0])} and ${format(range[1])})`
                : text;
            }}
            cursor={{ fill: 'var(--color-muted)', opacity: 0.5 }}
          />
          <Legend content={() => <LegendList entries={entries} />} />
          <Bar
            dataKey="value"
            name={valueLabel}
            fill={color}
            maxBarSize={28}
            radius={3}
            isAnimationActive={false}
          >
            {bars.map((bar, index) => (
              <Cell key={index} fill={bar.color ?? color} />
            ))}
            {ranged ? (
              <ErrorBar
                dataKey="whisker"
                direction="x"
                width={6}
                strokeWidth={1.5}
                stroke="var(--color-foreground)"
                isAnimationActive={false}
              />
            ) : null}
          </Bar>
        </ComposedChart>
      </Drawing>
      <HiddenTable title={title} table={table} />
      {children}
    </figure>
  );
}
