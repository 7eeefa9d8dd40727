import { type RandomGenerator, unsafeUniformIntDistribution } from 'pure-rand';
import { personaGenerator } from '../sampling';

/**
 * Seeded randomness for panels, from the generator every persona's draws
 * use (`personaGenerator`: xoroshiro128+ seeded from the run's seed and a
 * key), so a panel drawn twice with one seed is the same panel, in Node and
 * in the browser.
 */

/** A generator of its own for one purpose (a panel's draw, one member's facts). */
export function panelGenerator(seed: number, key: string): RandomGenerator {
  return personaGenerator(seed, key);
}

const RESOLUTION = 2 ** 30;

/** A number in [0, 1), in steps of 2⁻³⁰. */
export function uniform(rng: RandomGenerator): number {
  return unsafeUniformIntDistribution(0, RESOLUTION - 1, rng) / RESOLUTION;
}

/** A whole number from `low` to `high`, both included. */
export function integerBetween(rng: RandomGenerator, low: number, high: number): number {
  return unsafeUniformIntDistribution(low, high, rng);
}

/** Fisher–Yates: every order equally likely. Shuffles in place and returns the array. */
export function shuffle<T>(items: T[], rng: RandomGenerator): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = unsafeUniformIntDistribution(0, i, rng);
    const item = items[i]!;
    items[i] = items[j]!;
    items[j] = item;
  }
  return items;
}

/** One of the items, each equally likely. */
export function pick<T>(items: readonly T[], rng: RandomGenerator): T {
  return items[unsafeUniformIntDistribution(0, items.length - 1, rng)]!;
}

/** An index drawn with probability proportional to its weight; -1 when no weight is positive. */
export function weightedIndex(weights: ArrayLike<number>, rng: RandomGenerator): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i]! > 0 ? weights[i]! : 0;
  if (total <= 0) return -1;
  let u = uniform(rng) * total;
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i]!;
    if (w <= 0) continue;
    last = i;
    if (u < w) return i;
    u -= w;
  }
  return last;
}
