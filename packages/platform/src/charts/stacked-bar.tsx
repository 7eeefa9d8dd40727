import type { ReactNode } from 'react';
import { Bar, ComposedChart, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  plain,
  type EstimateTable,
  Drawing,
  tick,
  LegendList,
  HiddenTable,
} from './estimate-parts';

type StackedSegment = { label: string; color: string };

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
