import { unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';
import { quantileSorted } from 'simple-statistics';
import { type Estimate, formatWholeDollars, type PricePeriod } from '@chorus/contracts';
import { BOOTSTRAP_RESAMPLES } from '../intervals';
import { hash32 } from '../sampling';

/**
 * The shared machinery of the typed figures: every persona's usable draws
 * laid out one after another, the weight of each draw in a point estimate
 * (each persona counts the same, whatever its number of draws), and the
 * seeded percentile bootstrap over personas and draws that intervals.ts uses
 * for the opinion shares.
 */

/** Where each persona's draws lie in the flat arrays of a figure. */
interface Layout {
  /** Personas with at least one usable draw. */
  personas: number;
  /** All their usable draws. */
  draws: number;
  /** Persona i's draws are offsets[i] … offsets[i + 1] − 1. */
  offsets: Int32Array;
  /** Each draw's weight in a point estimate: 1 / (its persona's draws × personas); they add up to 1. */
  weights: Float64Array;
  /** Whether every persona has the same number of draws. */
  equal: boolean;
}

/** The layout of personas with these numbers of usable draws (personas with none left out beforehand). */
export function layoutOf(sizes: readonly number[]): Layout {
  const personas = sizes.length;
  const offsets = new Int32Array(personas + 1);
  for (let i = 0; i < personas; i++) offsets[i + 1] = offsets[i]! + sizes[i]!;
  const draws = offsets[personas]!;
  const weights = new Float64Array(draws);
  for (let i = 0; i < personas; i++) {
    const size = sizes[i]!;
    for (let d = offsets[i]!; d < offsets[i + 1]!; d++) weights[d] = 1 / (size * personas);
  }
  const equal = sizes.every((s) => s === sizes[0]);
  return { personas, draws, offsets, weights, equal };
}

/**
 * Draws of numbers kept when `usable` says so, flattened persona by persona;
 * `noAnswer` adds up every answer's, kept or not.
 */
export function flattenNumbers(
  answers: readonly { draws: readonly number[]; noAnswer: number }[],
  usable: (draw: number) => boolean,
): { layout: Layout; values: Float64Array; noAnswer: number } {
  const values: number[] = [];
  const sizes: number[] = [];
  let noAnswer = 0;
  for (const answer of answers) {
    noAnswer += answer.noAnswer;
    let size = 0;
    for (const draw of answer.draws) {
      if (!usable(draw)) continue;
      values.push(draw);
      size += 1;
    }
    if (size > 0) sizes.push(size);
  }
  return { layout: layoutOf(sizes), values: Float64Array.from(values), noAnswer };
}

/**
 * The seeded percentile bootstrap: BOOTSTRAP_RESAMPLES resamples, each of
 * the personas drawn with replacement and then one of each drawn persona's
 * draws; `visit` gets the indexes of the picked draws (one buffer, reused)
 * and the resample's number. The same seed and label give the same
 * resamples. When every persona has the same number of draws, one uniform
 * pick among all draws is the same as a persona and then one of its draws.
 */
export function resample(
  layout: Layout,
  seed: number,
  label: string,
  visit: (picks: Int32Array, r: number) => void,
): void {
  const n = layout.personas;
  if (n === 0) return;
  const rng = xoroshiro128plus(hash32(`bootstrap:${label}:${seed}`));
  const picks = new Int32Array(n);
  const { offsets } = layout;
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
    if (layout.equal) {
      for (let i = 0; i < n; i++) picks[i] = unsafeUniformIntDistribution(0, layout.draws - 1, rng);
    } else {
      for (let i = 0; i < n; i++) {
        const p = unsafeUniformIntDistribution(0, n - 1, rng);
        const from = offsets[p]!;
        const size = offsets[p + 1]! - from;
        picks[i] = size === 1 ? from : from + unsafeUniformIntDistribution(0, size - 1, rng);
      }
    }
    visit(picks, r);
  }
}

/** Room for one figure's value in every resample. */
export function replicates(): Float64Array {
  return new Float64Array(BOOTSTRAP_RESAMPLES);
}

/** simple-statistics' quantile of sorted values, for typed arrays too (it only reads length and indexes). */
export function quantileOfSorted(sorted: ArrayLike<number>, p: number): number {
  return quantileSorted(sorted as unknown as number[], p);
}

/**
 * The 2.5th and 97.5th percentiles of the resampled values (resamples where
 * the figure does not exist, NaN, left out). The interval is widened to take
 * in the point estimate where the percentiles miss it, which a step figure
 * such as a median or a best price can do.
 */
export function estimateOf(
  value: number,
  resampled: Float64Array | undefined,
  round: (x: number) => number,
): Estimate {
  const kept = resampled ? resampled.filter((x) => !Number.isNaN(x)).sort() : new Float64Array();
  if (kept.length === 0) return { value: round(value), low: round(value), high: round(value) };
  const low = Math.min(value, quantileOfSorted(kept, 0.025));
  const high = Math.max(value, quantileOfSorted(kept, 0.975));
  return { value: round(value), low: round(low), high: round(high) };
}

/** Half-way values rounded away from zero, and never −0. */
function roundTo(x: number, places: number): number {
  const f = 10 ** places;
  const r = (Math.sign(x) * Math.round(Math.abs(x) * f + 1e-9)) / f;
  return r === 0 ? 0 : r;
}

/** Shares as fractions with 3 decimals. */
export const share3 = (x: number) => roundTo(x, 3);
/** Means, ranks and other figures with 2 decimals. */
export const two = (x: number) => roundTo(x, 2);
/** Scores out of 100 with 1 decimal. */
export const one = (x: number) => roundTo(x, 1);
/** Prices and revenues to the cent. */
export const cents = (x: number) => roundTo(x, 2);

const periodWords: Record<PricePeriod, string> = {
  'one-off': '',
  week: ' a week',
  month: ' a month',
  year: ' a year',
};

/** "$19", "$19.50", "€7": a price in its currency, cents only when there are some. */
export function money(amount: number, currency: string): string {
  return formatWholeDollars(Math.round(amount * 100), currency);
}

/** How a price's period reads after it: "" for one-off, " a month" … */
export function periodWord(period: PricePeriod): string {
  return periodWords[period];
}

/** A share as a whole percentage: 0.414 → "41%". */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** One figure of a result that segments are compared on, with its value in every resample. */
export interface Headline {
  key: string;
  /** What the figure is, in words: "Mean rating", "Share choosing Email" … */
  figure: string;
  kind: 'share' | 'number' | 'price';
  value: number;
  replicates: Float64Array;
}

/**
 * A result with the figures its segments can be compared on, and the keys of
 * the headline figures this result picks out (its mean, its top item, its
 * best price …): segments are compared on the headline figures of all of
 * them together.
 */
export interface Analysis<R> {
  result: R;
  headlines: Headline[];
  focus: string[];
}
