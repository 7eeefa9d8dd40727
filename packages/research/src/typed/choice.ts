import {
  type Analysis,
  estimateOf,
  type Headline,
  layoutOf,
  replicates,
  resample,
  share3,
} from './bootstrap';
import type { ChoiceAnswer, ChoiceResult, ChoiceSpec } from './types';

export const NONE_OF_THESE = 'None of these';

/**
 * A draw as a set of bits, one per option and one (options.length) for
 * "None of these"; undefined when the draw is not a usable answer to the
 * question (an index out of range, or "none" where it was not offered).
 */
function maskOf(spec: ChoiceSpec, draw: number | readonly number[]): number | undefined {
  const m = spec.options.length;
  const valid = (i: number) =>
    Number.isInteger(i) && i >= 0 && (i < m || (i === m && spec.noneOption));
  if (typeof draw === 'number') return valid(draw) ? 1 << draw : undefined;
  let mask = 0;
  for (const i of draw) {
    if (!valid(i)) return undefined;
    mask |= 1 << i;
  }
  return mask;
}

/**
 * Single and multiple choice: the share of people choosing each option —
 * for a multiple choice the share of draws in which the option was ticked, so
 * of people, not of ticks, and the shares may add up to more than 1. The
 * "None of these" row, last when offered, is the share of draws with no
 * option chosen. Each persona weighted equally; intervals by the bootstrap
 * over personas and draws.
 */
export function analyseChoice(
  spec: ChoiceSpec,
  answers: readonly ChoiceAnswer[],
  seed: number,
): Analysis<ChoiceResult> {
  const m = spec.options.length;
  const optionBits = (1 << m) - 1;
  const masks: number[] = [];
  const sizes: number[] = [];
  let noAnswer = 0;
  for (const answer of answers) {
    noAnswer += answer.noAnswer;
    let size = 0;
    for (const draw of answer.draws) {
      const mask = maskOf(spec, draw);
      if (mask === undefined) continue;
      masks.push(mask);
      size += 1;
    }
    if (size > 0) sizes.push(size);
  }
  const layout = layoutOf(sizes);
  const flat = Int32Array.from(masks);
  const n = layout.personas;
  const rows = spec.noneOption ? m + 1 : m;
  /** Whether a draw counts for row k: option k ticked, or (the last row) no option at all. */
  const chose = (mask: number, k: number) =>
    k < m ? (mask >> k) & 1 : (mask & optionBits) === 0 ? 1 : 0;

  const shares = new Float64Array(rows);
  for (let d = 0; d < layout.draws; d++) {
    for (let k = 0; k < rows; k++) shares[k] = shares[k]! + chose(flat[d]!, k) * layout.weights[d]!;
  }

  const reps = Array.from({ length: rows }, replicates);
  const counts = new Int32Array(rows);
  resample(layout, seed, spec.type, (picks, r) => {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const mask = flat[picks[i]!]!;
      for (let k = 0; k < rows; k++) counts[k] = counts[k]! + chose(mask, k);
    }
    for (let k = 0; k < rows; k++) reps[k]![r] = counts[k]! / n;
  });

  const label = (k: number) => (k < m ? spec.options[k]! : NONE_OF_THESE);
  const result: ChoiceResult = {
    type: spec.type,
    respondents: n,
    noAnswer,
    options: Array.from({ length: rows }, (_, k) => ({
      label: label(k),
      share: estimateOf(shares[k]!, n ? reps[k] : undefined, share3),
    })),
  };
  const headlines: Headline[] = Array.from({ length: rows }, (_, k) => ({
    key: `option:${k}`,
    figure: k < m ? `Share choosing ${label(k)}` : `Share choosing none of these`,
    kind: 'share' as const,
    value: shares[k]!,
    replicates: reps[k]!,
  }));
  return { result, headlines, focus: headlines.map((h) => h.key) };
}
