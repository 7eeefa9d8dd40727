import type { MaxDiffTask } from '@chorus/contracts';
import { hash32, type personaGenerator } from '@chorus/research';

/**
 * The seeded sampling behind typed answers. Both engines describe what a
 * persona would answer (a distribution over points, a probability of buying
 * at each price, scores of items) and the draws are taken here, in code, with
 * the persona's generator of the run: the same seed and persona always give
 * the same draws, whichever engine described them.
 */

export type Rng = ReturnType<typeof personaGenerator>;

/** Uniform in (0, 1): never exactly 0 or 1, so its normal quantile is finite. */
function uniform(rng: Rng): number {
  return ((rng.unsafeNext() >>> 0) + 0.5) / 4_294_967_296;
}

/** Uniform in [0, 1) fixed by the text: a persona's stable taste, the same in every run. */
export function hashUniform(...parts: (string | number)[]): number {
  return hash32(parts.join('\u241f')) / 4_294_967_296;
}

/** Standard normal cumulative distribution (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972,
    -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/** A standard normal draw: one uniform through the quantile, so each draw uses the generator once. */
export function normal(rng: Rng): number {
  return normalQuantile(uniform(rng));
}

/** A Gumbel draw: added to scores, the highest wins with the softmax's probabilities. */
export function gumbel(rng: Rng): number {
  return -Math.log(-Math.log(uniform(rng)));
}

/** Non-negative weights scaled to add up to 1 (all equal when none is positive). */
export function normalize(weights: readonly number[]): number[] {
  const clean = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const total = clean.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return clean.map(() => 1 / Math.max(1, clean.length));
  return clean.map((w) => w / total);
}

export function softmax(scores: readonly number[], temperature = 1): number[] {
  const top = Math.max(...scores);
  return normalize(scores.map((s) => Math.exp((s - top) / temperature)));
}

/** An index drawn by its probability. */
function drawIndex(probabilities: readonly number[], rng: Rng): number {
  const u = uniform(rng);
  let cumulative = 0;
  for (const [i, p] of probabilities.entries()) {
    cumulative += p;
    if (u < cumulative) return i;
  }
  // Rounding left the sum a hair under 1: the last possible index.
  const last = probabilities.findLastIndex((p) => p > 0);
  return last < 0 ? probabilities.length - 1 : last;
}

/** `draws` answers from a distribution over answers: index i is answered as `first + i`. */
export function drawFrom(
  probabilities: readonly number[],
  rng: Rng,
  draws: number,
  first = 0,
): number[] {
  return Array.from({ length: draws }, () => first + drawIndex(probabilities, rng));
}

/**
 * Ticks of a multiple choice: each option with its own probability; a draw
 * ticking nothing is "None of these" when offered (index options.length),
 * else an empty list.
 */
export function drawTicks(
  tickProbabilities: readonly number[],
  noneOption: boolean,
  rng: Rng,
  draws: number,
): number[][] {
  return Array.from({ length: draws }, () => {
    const ticked = tickProbabilities.flatMap((p, i) => (uniform(rng) < p ? [i] : []));
    if (ticked.length > 0) return ticked;
    return noneOption ? [tickProbabilities.length] : [];
  });
}

/** A draw of the triangular distribution from low through mode to high. */
export function triangular(low: number, mode: number, high: number, rng: Rng): number {
  if (high <= low) return mode;
  const u = uniform(rng);
  const split = (mode - low) / (high - low);
  return u < split
    ? low + Math.sqrt(u * (high - low) * (mode - low))
    : high - Math.sqrt((1 - u) * (high - low) * (high - mode));
}

/**
 * A price ladder's draws from the probability of buying at each price
 * (never rising): one uniform per draw, and the persona buys at every price
 * whose probability is above it, so a draw always buys at the k lowest prices.
 */
export function drawLadder(buyProbability: readonly number[], rng: Rng, draws: number): number[] {
  return Array.from({ length: draws }, () => {
    const u = uniform(rng);
    return buyProbability.filter((p) => u < p).length;
  });
}

/** Each probability no higher than the one before: the price rises, the willingness does not. */
export function nonIncreasing(probabilities: readonly number[]): number[] {
  let floor = 1;
  return probabilities.map((p) => {
    floor = Math.min(floor, Math.max(0, Math.min(1, p)));
    return floor;
  });
}

/** Rounded to `places` decimals, with -0 written as 0. */
export function round(value: number, places = 4): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor || 0;
}

/** The best and worst of each shown set by scores: the highest is best, the lowest worst. */
export function maxDiffPicks(
  design: readonly number[][],
  scores: readonly number[],
): MaxDiffTask[] {
  return design.map((shown) => {
    const ordered = [...shown].sort((a, b) => scores[b]! - scores[a]!);
    return { shown: [...shown], best: ordered[0]!, worst: ordered[ordered.length - 1]! };
  });
}
