import type { SpecOf } from '@chorus/contracts';
import {
  type Analysis,
  estimateOf,
  flattenNumbers,
  type Headline,
  quantileOfSorted,
  replicates,
  resample,
  share3,
  two,
} from './bootstrap';
import type { AnswerOf, NumberResult } from './types';

const HISTOGRAM_BINS = 8;

/**
 * The p-quantile of values with weights adding up to 1, by linear
 * interpolation between the values' plotting positions (S − w) / (1 − w),
 * S the cumulative weight up to and including the value: with equal weights
 * the positions are 0, 1/(n − 1), …, 1 and this is simple-statistics'
 * quantileSorted (R and numpy's default, type 7).
 */
export function weightedQuantile(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  p: number,
): number {
  const order = Array.from({ length: values.length }, (_, i) => i).sort(
    (a, b) => values[a]! - values[b]!,
  );
  if (order.length === 0) return 0;
  let cumulative = 0;
  let previous: { position: number; value: number } | undefined;
  for (const i of order) {
    const w = weights[i]!;
    const value = values[i]!;
    const position = w >= 1 ? 0 : cumulative / (1 - w);
    cumulative += w;
    if (position >= p) {
      if (!previous || position === previous.position) return value;
      const t = (p - previous.position) / (position - previous.position);
      return previous.value + t * (value - previous.value);
    }
    previous = { position, value };
  }
  return previous?.value ?? 0;
}

/**
 * A number: the median and the lower and upper quartiles of every draw (each
 * persona weighted equally), with intervals by the bootstrap over personas
 * and draws, and the share of draws in each of eight equal bins over the
 * question's range. Draws outside the range are not usable answers.
 */
export function analyseNumber(
  spec: SpecOf<'number'>,
  answers: readonly AnswerOf<'number'>[],
  seed: number,
): Analysis<NumberResult> {
  const { layout, values, noAnswer } = flattenNumbers(
    answers,
    (d) => Number.isFinite(d) && d >= spec.min && d <= spec.max,
  );
  const n = layout.personas;
  const ps = [0.25, 0.5, 0.75] as const;
  // Equal numbers of draws: simple-statistics' quantiles of all draws; otherwise weighted alike.
  const sorted = layout.equal ? values.slice().sort() : values;
  const points = ps.map((p) =>
    n === 0
      ? 0
      : layout.equal
        ? quantileOfSorted(sorted, p)
        : weightedQuantile(values, layout.weights, p),
  );

  const reps = ps.map(replicates);
  const buffer = new Float64Array(n);
  resample(layout, seed, 'number', (picks, r) => {
    for (let i = 0; i < n; i++) buffer[i] = values[picks[i]!]!;
    buffer.sort();
    ps.forEach((p, j) => (reps[j]![r] = quantileOfSorted(buffer, p)));
  });

  const width = (spec.max - spec.min) / HISTOGRAM_BINS;
  const bins = new Float64Array(HISTOGRAM_BINS);
  for (let d = 0; d < layout.draws; d++) {
    const bin = Math.min(HISTOGRAM_BINS - 1, Math.floor((values[d]! - spec.min) / width));
    bins[bin] = bins[bin]! + layout.weights[d]!;
  }

  const [lower, median, upper] = ps.map((_, j) =>
    estimateOf(points[j]!, n ? reps[j] : undefined, two),
  ) as [NumberResult['median'], NumberResult['median'], NumberResult['median']];
  const result: NumberResult = {
    type: 'number',
    respondents: n,
    noAnswer,
    unit: spec.unit,
    median,
    lowerQuartile: lower,
    upperQuartile: upper,
    histogram: Array.from(bins, (share, b) => ({
      from: two(spec.min + b * width),
      to: two(b === HISTOGRAM_BINS - 1 ? spec.max : spec.min + (b + 1) * width),
      share: share3(share),
    })),
  };
  const headlines: Headline[] = [
    {
      key: 'median',
      figure: `Median (${spec.unit})`,
      kind: 'number',
      value: points[1]!,
      replicates: reps[1]!,
    },
  ];
  return { result, headlines, focus: ['median'] };
}
