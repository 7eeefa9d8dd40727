import type { ReactNode } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
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
function curveTable<Row>({
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
