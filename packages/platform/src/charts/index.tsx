/**
 * Charts on recharts, in a subpath of their own so only the microfrontends
 * that draw one load the library (the shell's first page stays light).
 *
 * Every chart is a `<figure>`: the drawing, an image named by the chart's
 * `title`, is for the eye (tooltips, legend); a visually hidden table with the
 * same caption carries the numbers for screen readers and keyboard users.
 */
import type { ReactNode } from 'react';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  ErrorBar,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

type ChartSeries<Row> = {
  /** The row's field holding this series' numbers. */
  key: Extract<keyof Row, string>;
  label: string;
  /** Bars (the default) or a line. */
  kind?: 'bar' | 'line';
  /** A CSS colour, e.g. `var(--color-primary)`. */
  color: string;
  /** Per row colours for a bar series (each bar its own, e.g. positive/neutral/negative). */
  colors?: readonly string[];
  /** Which value axis: the left (default) or a second one on the right. */
  axis?: 'left' | 'right';
  format?: (value: number) => string;
  /**
   * For bars: the row's field holding the range the value would likely fall
   * in (`{ low, high }`, in the series' units), drawn as a whisker on each
   * bar and written beside the value in the hidden table.
   */
  range?: Extract<keyof Row, string>;
  /** The range column's heading in the hidden table. */
  rangeLabel?: string;
  /**
   * What the hidden table writes for this series in a row, when it says more
   * than the drawn value (e.g. `50% (3)`: a share and the count behind it).
   */
  cell?: (row: Row) => string;
};

type ChartRange = { low: number; high: number };

function rangeOf<Row>(
  row: Row,
  key: Extract<keyof Row, string> | undefined,
): ChartRange | undefined {
  if (!key) return undefined;
  const value = row[key] as unknown;
  if (typeof value !== 'object' || value === null) return undefined;
  const { low, high } = value as Partial<ChartRange>;
  return typeof low === 'number' && typeof high === 'number' ? { low, high } : undefined;
}

/** The field of a drawn row holding a series' whisker as distances below and above its value. */
const whiskerKey = (key: string) => `__whisker_${key}`;

type ChartProps<Row> = {
  /** The accessible name: what the chart shows. */
  title: string;
  data: readonly Row[];
  /** The row's field naming each point: a month, an answer, a status. */
  category: Extract<keyof Row, string>;
  /** The category column's heading in the hidden table. */
  categoryLabel: string;
  formatCategory?: (value: Row[Extract<keyof Row, string>]) => string;
  series: readonly ChartSeries<Row>[];
  /** `vertical` lays bars across, categories down the side. */
  layout?: 'horizontal' | 'vertical';
  height?: number;
  /** Tick labels of the value axes; the series' own `format` by default. */
  formatLeftAxis?: (value: number) => string;
  formatRightAxis?: (value: number) => string;
  legend?: boolean;
  /** Counts of things: the value axes tick whole numbers only (0, 1, 2, never 0.25). */
  wholeNumbers?: boolean;
  className?: string;
  /** Extra content under the chart (a note, a total). */
  children?: ReactNode;
};

const plain = (value: number) => String(value);

/** The numbers of a chart as its hidden table shows them: a heading row, then one row per point. */
export function chartTable<Row>({
  data,
  category,
  categoryLabel,
  formatCategory,
  series,
}: Pick<ChartProps<Row>, 'data' | 'category' | 'categoryLabel' | 'formatCategory' | 'series'>): {
  head: string[];
  rows: string[][];
} {
  return {
    head: [
      categoryLabel,
      ...series.flatMap((s) =>
        s.range ? [s.label, s.rangeLabel ?? `${s.label}, likely range`] : [s.label],
      ),
    ],
    rows: data.map((row) => [
      formatCategory ? formatCategory(row[category]) : String(row[category]),
      ...series.flatMap((s) => {
        const format = s.format ?? plain;
        const value = s.cell ? s.cell(row) : format(Number(row[s.key]));
        if (!s.range) return [value];
        const range = rangeOf(row, s.range);
        return [value, range ? `${format(range.low)} to ${format(range.high)}` : ''];
      }),
    ]),
  };
}

function DataTable({ title, table }: { title: string; table: ReturnType<typeof chartTable> }) {
  // Hidden inside a box of its own: a table is never narrower than its cells, so a hidden
  // table alone would still widen the page (sideways scrolling on a phone).
  return (
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.head.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            // Two points may share a label (the same month of two years).
            <tr key={index}>
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((cell, index) => (
                <td key={table.head[index + 1]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };

/** Bars and lines over shared categories, with up to two value axes. */
export function Chart<Row>({
  title,
  data,
  category,
  categoryLabel,
  formatCategory,
  series,
  layout = 'horizontal',
  height = 260,
  formatLeftAxis,
  formatRightAxis,
  legend = true,
  wholeNumbers = false,
  className,
  children,
}: ChartProps<Row>) {
  const table = chartTable({ data, category, categoryLabel, formatCategory, series });
  const left = series.find((s) => (s.axis ?? 'left') === 'left');
  const right = series.find((s) => s.axis === 'right');
  const bySeriesLabel = new Map(series.map((s) => [s.label, s]));
  const across = layout === 'vertical';
  // A series with a colour per bar has no one colour: the legend names each bar's instead.
  const perBar = series.find((s) => s.kind !== 'line' && s.colors);
  const drawn = series.some((s) => s.range)
    ? data.map((row) => {
        const whiskers: Record<string, [number, number]> = {};
        for (const s of series) {
          const range = rangeOf(row, s.range);
          if (!range) continue;
          const value = Number(row[s.key]);
          whiskers[whiskerKey(s.key)] = [
            Math.max(value - range.low, 0),
            Math.max(range.high - value, 0),
          ];
        }
        return { ...row, ...whiskers };
      })
    : data;
  const categoryTick = (value: unknown) =>
    formatCategory ? formatCategory(value as Row[Extract<keyof Row, string>]) : String(value);
  const valueAxis = (id: 'left' | 'right', format: ((value: number) => string) | undefined) =>
    across ? (
      <XAxis
        key={id}
        xAxisId={id}
        type="number"
        tick={tick}
        tickFormatter={format}
        allowDecimals={!wholeNumbers}
        axisLine={false}
        tickLine={false}
        hide={id === 'right'}
      />
    ) : (
      <YAxis
        key={id}
        yAxisId={id}
        orientation={id}
        tick={tick}
        tickFormatter={format}
        allowDecimals={!wholeNumbers}
        axisLine={false}
        tickLine={false}
        width={id === 'left' ? 64 : 40}
      />
    );

  return (
    <figure className={className}>
      {/*
        Its width comes from the page, never from the chart: without inline-size
        containment a chart once drawn wide can hold its parents wide (it measures
        the parent it widened), and a phone scrolls sideways.
      */}
      <div role="img" aria-label={title} className="[contain:inline-size]">
        <ResponsiveContainer width="100%" height={height}>
          <ComposedChart
            data={drawn as Row[]}
            layout={layout}
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid
              strokeDasharray="3 4"
              stroke="var(--color-border)"
              vertical={!across ? false : true}
              horizontal={across ? false : true}
            />
            {across ? (
              <YAxis
                yAxisId="left"
                type="category"
                dataKey={category}
                tick={tick}
                tickFormatter={categoryTick}
                axisLine={false}
                tickLine={false}
                width={88}
              />
            ) : (
              <XAxis
                xAxisId="left"
                dataKey={category}
                tick={tick}
                tickFormatter={categoryTick}
                axisLine={false}
                tickLine={false}
              />
            )}
            {valueAxis('left', formatLeftAxis ?? left?.format)}
            {right && !across ? valueAxis('right', formatRightAxis ?? right.format) : null}
            <Tooltip
              // The category axis is "left", not recharts' default 0: without this the label is the point's index.
              axisId="left"
              labelFormatter={(value) => categoryTick(value)}
              formatter={(value, name) => {
                const s = bySeriesLabel.get(String(name));
                return (s?.format ?? plain)(Number(value));
              }}
              cursor={{ fill: 'var(--color-muted)', opacity: 0.5 }}
            />
            {legend ? (
              <Legend
                wrapperStyle={{ fontSize: 12 }}
                content={
                  perBar
                    ? () => (
                        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
                          {data.map((row, index) => (
                            <li
                              key={index}
                              className="flex items-center gap-1.5"
                              data-testid="chart-legend-item"
                            >
                              <svg width="10" height="10" aria-hidden>
                                <rect
                                  width="10"
                                  height="10"
                                  rx="2"
                                  fill={perBar.colors?.[index % perBar.colors.length]}
                                />
                              </svg>
                              {categoryTick(row[category])}
                            </li>
                          ))}
                        </ul>
                      )
                    : undefined
                }
              />
            ) : null}
            {series.map((s) => {
              const axis = across
                ? { xAxisId: s.axis ?? 'left', yAxisId: 'left' }
                : { xAxisId: 'left', yAxisId: s.axis ?? 'left' };
              return s.kind === 'line' ? (
                <Line
                  key={s.key}
                  {...axis}
                  type="monotone"
                  dataKey={s.key}
                  name={s.label}
                  stroke={s.color}
                  strokeWidth={2.5}
                  dot={{ r: 3.5, fill: 'var(--color-background)', strokeWidth: 2 }}
                  isAnimationActive={false}
                />
              ) : (
                <Bar
                  key={s.key}
                  {...axis}
                  dataKey={s.key}
                  name={s.label}
                  fill={s.color}
                  radius={across ? [0, 3, 3, 0] : [3, 3, 0, 0]}
                  maxBarSize={48}
                  isAnimationActive={false}
                >
                  {s.colors
                    ? data.map((_, index) => (
                        <Cell key={index} fill={s.colors?.[index % s.colors.length]} />
                      ))
                    : null}
                  {s.range ? (
                    <ErrorBar
                      dataKey={whiskerKey(s.key)}
                      direction={across ? 'x' : 'y'}
                      width={6}
                      strokeWidth={1.5}
                      stroke="var(--color-foreground)"
                      isAnimationActive={false}
                    />
                  ) : null}
                </Bar>
              );
            })}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <DataTable title={title} table={table} />
      {children}
    </figure>
  );
}

/** Bars only: `Chart` with every series drawn as bars. */
export function BarChart<Row>(props: ChartProps<Row>) {
  return <Chart {...props} series={props.series.map((s) => ({ ...s, kind: 'bar' as const }))} />;
}

/** Whole-number percentages of counts (all 0 when there are none). */
export function sharesOf(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((n) => (total > 0 ? Math.round((n / total) * 100) : 0));
}

type PeopleVsPersonasRow = {
  answer: string;
  people: number;
  personas: number;
  peopleCount: number;
  personasCount: number;
};

const percentText = (value: number) => `${value}%`;

/**
 * The people-vs-personas picture: per answer, the share of real people who
 * gave it beside the share of personas who did. The hidden table writes each
 * share with its count, e.g. `50% (3)`.
 */
export function PeopleVsPersonasChart({
  title,
  answers,
  people,
  personas,
  answerLabel = 'Answer',
  peopleLabel = 'People',
  personasLabel = 'Personas',
  height = 200,
  className,
}: {
  /** The accessible name, also the hidden table's caption. */
  title: string;
  /** The answers in order, as the reader should see them (e.g. "Positive"). */
  answers: readonly string[];
  /** How many people gave each answer, in the order of `answers`. */
  people: readonly number[];
  /** How many personas gave each answer, in the order of `answers`. */
  personas: readonly number[];
  answerLabel?: string;
  peopleLabel?: string;
  personasLabel?: string;
  height?: number;
  className?: string;
}) {
  const peopleShares = sharesOf(people);
  const personaShares = sharesOf(personas);
  const data: PeopleVsPersonasRow[] = answers.map((answer, i) => ({
    answer,
    people: peopleShares[i] ?? 0,
    personas: personaShares[i] ?? 0,
    peopleCount: people[i] ?? 0,
    personasCount: personas[i] ?? 0,
  }));
  return (
    <BarChart
      title={title}
      data={data}
      category="answer"
      categoryLabel={answerLabel}
      series={[
        {
          key: 'people',
          label: peopleLabel,
          color: 'var(--color-primary)',
          format: percentText,
          cell: (row) => `${row.people}% (${row.peopleCount})`,
        },
        {
          key: 'personas',
          label: personasLabel,
          color: 'var(--color-amber-400, #fbbf24)',
          format: percentText,
          cell: (row) => `${row.personas}% (${row.personasCount})`,
        },
      ]}
      height={height}
      className={className}
    />
  );
}

export { CurveChart, type CurveMark, type CurveSeries } from './curves';
export { RangeBarChart } from './range-bars';
export { StackedBarChart } from './stacked-bar';
export { type GroupedRangeRow, GroupedRangeBarChart } from './grouped';
