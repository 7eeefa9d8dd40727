/**
 * Two (or more) sides' estimates of the same figures side by side: per
 * category down the side (labels that wrap), one bar per group laid across,
 * each with a whisker over its likely range. Like every chart of the kit, a
 * `<figure>` whose drawing is an image named by `title`, followed by a
 * visually hidden table of the same numbers for screen readers.
 */
import type { ReactNode } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  ErrorBar,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };
const plain = (value: number) => String(value);

/** One side of the comparison: "People", "Personas". */
type RangeGroup = { label: string; color: string };

/** One group's figure in a row; null when that side has none (no answers yet). */
type GroupValue = { value: number; low?: number; high?: number } | null;

export type GroupedRangeRow = {
  label: string;
  /** One per group, in the order of `groups`. */
  values: readonly GroupValue[];
};

/** The numbers of a grouped range bar chart as its hidden table writes them. */
function groupedRangeBarTable({
  rows,
  groups,
  categoryLabel,
  rangeLabel = 'likely range',
  format = plain,
  missing = 'no answers',
}: {
  rows: readonly GroupedRangeRow[];
  groups: readonly RangeGroup[];
  categoryLabel: string;
  rangeLabel?: string;
  format?: (value: number) => string;
  missing?: string;
}): { head: string[]; rows: string[][] } {
  return {
    head: [categoryLabel, ...groups.flatMap((g) => [g.label, `${g.label}, ${rangeLabel}`])],
    rows: rows.map((row) => [
      row.label,
      ...groups.flatMap((_, index) => {
        const cell = row.values[index];
        if (!cell) return [missing, ''];
        const ranged = cell.low !== undefined && cell.high !== undefined;
        return [
          format(cell.value),
          ranged ? `${format(cell.low ?? cell.value)} to ${format(cell.high ?? cell.value)}` : '',
        ];
      }),
    ]),
  };
}

const valueKey = (group: number) => `g${group}`;
const whiskerKey = (group: number) => `g${group}w`;
const rangeKey = (group: number) => `g${group}r`;

/**
 * Bars laid across, one per group within each category, each with a whisker
 * over its likely range; values below zero grow left of a zero line.
 */
export function GroupedRangeBarChart({
  title,
  rows,
  groups,
  categoryLabel,
  rangeLabel,
  format = plain,
  domain,
  ticks,
  labelWidth = 110,
  className,
  children,
}: {
  /** The accessible name, also the hidden table's caption. */
  title: string;
  rows: readonly GroupedRangeRow[];
  groups: readonly RangeGroup[];
  categoryLabel: string;
  rangeLabel?: string;
  format?: (value: number) => string;
  /** The value axis' span; from the data by default. */
  domain?: [number, number];
  ticks?: readonly number[];
  labelWidth?: number;
  className?: string;
  children?: ReactNode;
}) {
  const table = groupedRangeBarTable({ rows, groups, categoryLabel, rangeLabel, format });
  const data = rows.map((row, index) => {
    const drawn: Record<string, unknown> = { key: `${index}` };
    groups.forEach((_, group) => {
      const cell = row.values[group];
      if (!cell) return;
      const low = cell.low ?? cell.value;
      const high = cell.high ?? cell.value;
      drawn[valueKey(group)] = cell.value;
      drawn[whiskerKey(group)] = [Math.max(cell.value - low, 0), Math.max(high - cell.value, 0)];
      drawn[rangeKey(group)] = [low, high];
    });
    return drawn;
  });
  const diverging = rows.some((row) =>
    row.values.some((cell) => cell !== null && (cell.value < 0 || (cell.low ?? 0) < 0)),
  );
  const labelOf = (key: unknown) => rows[Number(key)]?.label ?? String(key);
  const groupOf = (dataKey: unknown) => Number(String(dataKey).slice(1));
  const perRow = groups.length * 18 + 22;
  return (
    <figure className={className}>
      {/* The width comes from the page, never from the drawing, so a phone never scrolls sideways. */}
      <div role="img" aria-label={title} className="[contain:inline-size]">
        <ResponsiveContainer width="100%" height={Math.max(rows.length * perRow + 56, 140)}>
          <ComposedChart
            data={data}
            layout="vertical"
            accessibilityLayer={false}
            margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
            barGap={2}
          >
            <CartesianGrid strokeDasharray="3 4" stroke="var(--color-border)" horizontal={false} />
            <YAxis
              type="category"
              dataKey="key"
              tickFormatter={labelOf}
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
                const payload = item.payload as Record<string, unknown>;
                const range = payload[rangeKey(groupOf(item.dataKey))] as
                  [number, number] | undefined;
                const text = format(Number(value));
                return range && range[0] !== range[1]
                  ? `${text} (likely between ${format(range[0])} and ${format(range[1])})`
                  : text;
              }}
              cursor={{ fill: 'var(--color-muted)', opacity: 0.5 }}
            />
            <Legend
              content={() => (
                <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
                  {groups.map((group) => (
                    <li
                      key={group.label}
                      className="flex items-center gap-1.5"
                      data-testid="chart-legend-item"
                    >
                      <svg width="14" height="10" aria-hidden>
                        <rect width="14" height="10" rx="2" fill={group.color} />
                      </svg>
                      {group.label}
                    </li>
                  ))}
                </ul>
              )}
            />
            {groups.map((group, index) => (
              <Bar
                key={group.label}
                dataKey={valueKey(index)}
                name={group.label}
                fill={group.color}
                maxBarSize={16}
                radius={3}
                isAnimationActive={false}
              >
                <ErrorBar
                  dataKey={whiskerKey(index)}
                  direction="x"
                  width={5}
                  strokeWidth={1.5}
                  stroke="var(--color-foreground)"
                  isAnimationActive={false}
                />
              </Bar>
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      {/* In a box of its own: a hidden table is still as wide as its cells. */}
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
      {children}
    </figure>
  );
}
