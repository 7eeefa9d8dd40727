import type { SpecOf } from '@chorus/contracts';
import {
  type Analysis,
  estimateOf,
  flattenNumbers,
  type Headline,
  replicates,
  resample,
  share3,
  two,
} from './bootstrap';
import type { AnswerOf, ScaleResult } from './types';

/** What a point of the scale is called: its own label, or the end labels at the ends and the number elsewhere. */
function scalePointLabel(spec: SpecOf<'scale'>, point: number): string {
  const own = spec.pointLabels.length === spec.points ? spec.pointLabels[point - 1] : undefined;
  if (own !== undefined) return own;
  if (point === 1) return spec.lowLabel;
  if (point === spec.points) return spec.highLabel;
  return String(point);
}

/**
 * A rating scale: the share of draws at each point, the mean point and the
 * top-two box (the share at the two highest points), each persona weighted
 * equally; intervals by the bootstrap over personas and draws.
 */
export function analyseScale(
  spec: SpecOf<'scale'>,
  answers: readonly AnswerOf<'scale'>[],
  seed: number,
): Analysis<ScaleResult> {
  const points = spec.points;
  const { layout, values, noAnswer } = flattenNumbers(
    answers,
    (d) => Number.isInteger(d) && d >= 1 && d <= points,
  );
  const n = layout.personas;

  const shares = new Float64Array(points);
  let mean = 0;
  for (let d = 0; d < layout.draws; d++) {
    const v = values[d]!;
    const w = layout.weights[d]!;
    shares[v - 1] = shares[v - 1]! + w;
    mean += w * v;
  }
  const topTwo = shares[points - 1]! + shares[points - 2]!;

  const shareReps = Array.from({ length: points }, replicates);
  const meanReps = replicates();
  const topTwoReps = replicates();
  const counts = new Int32Array(points);
  resample(layout, seed, 'scale', (picks, r) => {
    counts.fill(0);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = values[picks[i]!]!;
      counts[v - 1] = counts[v - 1]! + 1;
      sum += v;
    }
    for (let k = 0; k < points; k++) shareReps[k]![r] = counts[k]! / n;
    meanReps[r] = sum / n;
    topTwoReps[r] = (counts[points - 1]! + counts[points - 2]!) / n;
  });

  const result: ScaleResult = {
    type: 'scale',
    respondents: n,
    noAnswer,
    points: Array.from({ length: points }, (_, k) => ({
      point: k + 1,
      label: scalePointLabel(spec, k + 1),
      share: estimateOf(shares[k]!, n ? shareReps[k] : undefined, share3),
    })),
    mean: estimateOf(mean, n ? meanReps : undefined, two),
    topTwoBox: estimateOf(topTwo, n ? topTwoReps : undefined, share3),
  };
  const headlines: Headline[] = [
    { key: 'mean', figure: 'Mean rating', kind: 'number', value: mean, replicates: meanReps },
  ];
  return { result, headlines, focus: ['mean'] };
}
