/**
 * Charts of estimates with their likely ranges: bars laid across with
 * whiskers (labels down the side that wrap), one stacked bar of shares, and
 * curves over a numeric axis with interval bands, a shaded span and marked
 * points. Like every chart of the kit, each is a `<figure>` whose drawing is
 * an image named by `title` (tooltips and a legend for the eye), followed by a
 * visually hidden table of the same numbers for screen readers.
 */
import type { ReactElement, ReactNode } from 'react';
import {
  Area,
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  ErrorBar,
  Legend,
  Line,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };
const plain = (value: number) => String(value);

export type EstimateTable = { head: string[]; rows: string[][] };

function HiddenTable({ title, table }: { title: string; table: EstimateTable }) {
  // In a box of its own: a hidden table is still as wide as its cells and would widen a phone's page.
  return (
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.head.map((heading, index) => (
              <th key={`${heading}-${index}`} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((cell, cellIndex) => (
                <td key={cellIndex}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type LegendEntry = {
  label: string;
  color: string;
  /** How the swatch is drawn: a block (bars, shaded spans), a line, or a dashed line (marks). */
  look?: 'block' | 'line' | 'dashed';
};

function LegendList({ entries }: { entries: readonly LegendEntry[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
      {entries.map((entry) => (
        <li key={entry.label} className="flex items-center gap-1.5" data-testid="chart-legend-item">
          <svg width="14" height="10" aria-hidden>
            {entry.look === 'line' || entry.look === 'dashed' ? (
              <line
                x1="0"
                y1="5"
                x2="14"
                y2="5"
                stroke={entry.color}
                strokeWidth="2.5"
                strokeDasharray={entry.look === 'dashed' ? '3 2' : undefined}
              />
            ) : (
              <rect width="14" height="10" rx="2" fill={entry.color} />
            )}
          </svg>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

function Drawing({
  title,
  height,
  children,
}: {
  title: string;
  height: number;
  children: ReactElement;
}) {
  // The width comes from the page, never from the drawing (inline-size containment), so a phone
  // never scrolls sideways.
  return (
    <div role="img" aria-label={title} className="[contain:inline-size]">
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

// ---------------------------------------------------------------------------

/** One bar: its value and the range it would likely fall in. */
export type RangeBar = {
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
export function rangeBarTable({
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

// ---------------------------------------------------------------------------

export type StackedSegment = { label: string; color: string };

/**
 * Shares that make up a whole as one bar per row, parts side by side in
 * order (e.g. detractors, passives, promoters), each part's value written in
 * the tooltip and the hidden table.
 */
export function StackedBarChart({
  title,
  rows,
  segments,
  categoryLabel,
  format = plain,
  cell,
  className,
  children,
}: {
  title: string;
  /** Each row's label and one value per segment, in the order of `segments`. */
  rows: readonly { label: string; values: readonly number[] }[];
  segments: readonly StackedSegment[];
  categoryLabel: string;
  format?: (value: number) => string;
  /** What the hidden table writes for a segment of a row, when it says more than the value. */
  cell?: (rowIndex: number, segmentIndex: number) => string;
  className?: string;
  children?: ReactNode;
}) {
  const data = rows.map((row) => {
    const parts: Record<string, number | string> = { label: row.label };
    segments.forEach((_, index) => {
      parts[`s${index}`] = row.values[index] ?? 0;
    });
    return parts;
  });
  const table: EstimateTable = {
    head: [categoryLabel, ...segments.map((segment) => segment.label)],
    rows: rows.map((row, rowIndex) => [
      row.label,
      ...segments.map((_, index) =>
        cell ? cell(rowIndex, index) : format(row.values[index] ?? 0),
      ),
    ]),
  };
  return (
    <figure className={className}>
      <Drawing title={title} height={rows.length * 40 + 56}>
        <ComposedChart
          data={data}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
          barCategoryGap={6}
        >
          <YAxis type="category" dataKey="label" hide />
          <XAxis
            type="number"
            tick={tick}
            tickFormatter={format}
            axisLine={false}
            tickLine={false}
          />
          <Tooltip
            formatter={(value) => format(Number(value))}
            cursor={{ fill: 'var(--color-muted)', opacity: 0.3 }}
          />
          <Legend
            content={() => (
              <LegendList
                entries={segments.map((segment) => ({
                  label: segment.label,
                  color: segment.color,
                }))}
              />
            )}
          />
          {segments.map((segment, index) => (
            <Bar
              key={segment.label}
              dataKey={`s${index}`}
              name={segment.label}
              stackId="whole"
              fill={segment.color}
              maxBarSize={36}
              isAnimationActive={false}
            />
          ))}
        </ComposedChart>
      </Drawing>
      <HiddenTable title={title} table={table} />
      {children}
    </figure>
  );
}

// ---------------------------------------------------------------------------

export type CurveSeries<Row> = {
  /** The row's field holding this curve's numbers. */
  key: Extract<keyof Row, string>;
  label: string;
  color: string;
  /** Which value axis: the left (default) or a second one on the right. */
  axis?: 'left' | 'right';
  format?: (value: number) => string;
  /** The row's field holding `{ low, high }`: drawn as a band around the curve. */
  band?: Extract<keyof Row, string>;
  /** The band's column heading in the hidden table. */
  bandLabel?: string;
  dashed?: boolean;
};

/** A vertical mark at one point of the numeric axis (a best price, a crossing). */
export type CurveMark = { at: number; label: string; color: string };

type Band = { low: number; high: number };

function bandOf<Row>(row: Row, key: Extract<keyof Row, string> | undefined): Band | undefined {
  if (!key) return undefined;
  const value = row[key] as unknown;
  if (typeof value !== 'object' || value === null) return undefined;
  const { low, high } = value as Partial<Band>;
  return typeof low === 'number' && typeof high === 'number' ? { low, high } : undefined;
}

/** The numbers of a curve chart as its hidden table writes them. */
export function curveTable<Row>({
  data,
  x,
  xLabel,
  formatX = plain,
  series,
}: {
  data: readonly Row[];
  x: Extract<keyof Row, string>;
  xLabel: string;
  formatX?: (value: number) => string;
  series: readonly CurveSeries<Row>[];
}): EstimateTable {
  return {
    head: [
      xLabel,
      ...series.flatMap((s) =>
        s.band ? [s.label, s.bandLabel ?? `${s.label}, likely range`] : [s.label],
      ),
    ],
    rows: data.map((row) => [
      formatX(Number(row[x])),
      ...series.flatMap((s) => {
        const format = s.format ?? plain;
        const value = format(Number(row[s.key]));
        if (!s.band) return [value];
        const band = bandOf(row, s.band);
        return [value, band ? `${format(band.low)} to ${format(band.high)}` : ''];
      }),
    ]),
  };
}

const bandKey = (key: string) => `__band_${key}`;

/**
 * Curves over a numeric axis (a price), up to two value axes, each curve
 * with an optional band over its likely range; a span of the axis can be
 * shaded and points of it marked, each named in the legend.
 */
export function CurveChart<Row>({
  title,
  data,
  x,
  xLabel,
  formatX = plain,
  xTicks = 'auto',
  series,
  formatLeftAxis,
  formatRightAxis,
  leftDomain,
  shade,
  marks = [],
  dots = false,
  height = 260,
  className,
  children,
}: {
  title: string;
  data: readonly Row[];
  /** The row's field holding the numeric axis' value. */
  x: Extract<keyof Row, string>;
  xLabel: string;
  formatX?: (value: number) => string;
  /** `data`: a tick at every row's value (a short ladder of prices); `auto`: recharts' own. */
  xTicks?: 'data' | 'auto';
  series: readonly CurveSeries<Row>[];
  formatLeftAxis?: (value: number) => string;
  formatRightAxis?: (value: number) => string;
  leftDomain?: [number, number];
  /** A span of the axis to shade, named in the legend. */
  shade?: { from: number; to: number; label: string; color: string } | null;
  marks?: readonly CurveMark[];
  dots?: boolean;
  height?: number;
  className?: string;
  children?: ReactNode;
}) {
  const table = curveTable({ data, x, xLabel, formatX, series });
  const left = series.find((s) => (s.axis ?? 'left') === 'left');
  const right = series.find((s) => s.axis === 'right');
  const byLabel = new Map(series.map((s) => [s.label, s]));
  const drawn = data.map((row) => {
    const bands: Record<string, [number, number]> = {};
    for (const s of series) {
      const band = bandOf(row, s.band);
      if (band) bands[bandKey(s.key)] = [band.low, band.high];
    }
    return { ...row, ...bands };
  });
  const entries: LegendEntry[] = [
    ...series.map((s) => ({
      label: s.label,
      color: s.color,
      look: s.dashed ? ('dashed' as const) : ('line' as const),
    })),
    ...(series.some((s) => s.band)
      ? [{ label: 'Likely range', color: 'var(--color-muted-foreground)', look: 'block' as const }]
      : []),
    ...(shade ? [{ label: shade.label, color: shade.color, look: 'block' as const }] : []),
    ...marks.map((mark) => ({ label: mark.label, color: mark.color, look: 'dashed' as const })),
  ];
  const xs = data.map((row) => Number(row[x]));
  return (
    <figure className={className}>
      <Drawing title={title} height={height}>
        <ComposedChart
          data={drawn}
          accessibilityLayer={false}
          margin={{ top: 8, right: right ? 0 : 12, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 4" stroke="var(--color-border)" vertical={false} />
          <XAxis
            xAxisId="x"
            type="number"
            dataKey={x}
            domain={['dataMin', 'dataMax']}
            ticks={xTicks === 'data' ? xs : undefined}
            tick={tick}
            tickFormatter={formatX}
            axisLine={false}
            tickLine={false}
          />
          <YAxis
            yAxisId="left"
            tick={tick}
            tickFormatter={formatLeftAxis ?? left?.format}
            domain={leftDomain}
            axisLine={false}
            tickLine={false}
            width={48}
          />
          {right ? (
            <YAxis
              yAxisId="right"
              orientation="right"
              tick={tick}
              tickFormatter={formatRightAxis ?? right.format}
              axisLine={false}
              tickLine={false}
              width={48}
            />
          ) : null}
          {shade ? (
            <ReferenceArea
              xAxisId="x"
              yAxisId="left"
              x1={shade.from}
              x2={shade.to}
              fill={shade.color}
              fillOpacity={0.18}
              ifOverflow="extendDomain"
            />
          ) : null}
          <Tooltip
            labelFormatter={(value) => formatX(Number(value))}
            formatter={(value, name) => (byLabel.get(String(name))?.format ?? plain)(Number(value))}
          />
          <Legend content={() => <LegendList entries={entries} />} />
          {series.map((s) =>
            s.band ? (
              <Area
                key={bandKey(s.key)}
                xAxisId="x"
                yAxisId={s.axis ?? 'left'}
                type="linear"
                dataKey={bandKey(s.key)}
                stroke="none"
                fill={s.color}
                fillOpacity={0.15}
                tooltipType="none"
                legendType="none"
                isAnimationActive={false}
              />
            ) : null,
          )}
          {series.map((s) => (
            <Line
              key={s.key}
              xAxisId="x"
              yAxisId={s.axis ?? 'left'}
              type="linear"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2.5}
              strokeDasharray={s.dashed ? '5 4' : undefined}
              dot={dots ? { r: 3.5, fill: 'var(--color-background)', strokeWidth: 2 } : false}
              isAnimationActive={false}
            />
          ))}
          {marks.map((mark) => (
            <ReferenceLine
              key={mark.label}
              xAxisId="x"
              yAxisId="left"
              x={mark.at}
              stroke={mark.color}
              strokeWidth={2}
              strokeDasharray="4 3"
              ifOverflow="extendDomain"
            />
          ))}
        </ComposedChart>
      </Drawing>
      <HiddenTable title={title} table={table} />
      {children}
    </figure>
  );
}
