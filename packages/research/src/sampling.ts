import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';
import type { Opinion, OpinionCounts, OpinionDistribution } from '@chorus/contracts';
import { DEFAULT_DRAWS } from '@chorus/contracts';

/**
 * Seeded sampling: each persona's answer is a probability distribution over
 * the three opinions, and Chorus draws from it in code with a seeded
 * generator (models describe a distribution better than they sample from
 * one). The same seed, persona and distribution always give the same draws.
 */

/** Scaled to add up to exactly 1 (a model's 0.33/0.33/0.33 becomes thirds), rounded to 4 places. */
export function normalizeDistribution(d: OpinionDistribution): OpinionDistribution {
  const total = d.positive + d.neutral + d.negative;
  if (total <= 0) return { positive: 0, neutral: 1, negative: 0 };
  const round = (value: number) => Math.round((value / total) * 10_000) / 10_000;
  const positive = round(d.positive);
  const negative = round(d.negative);
  return { positive, neutral: Math.round((1 - positive - negative) * 10_000) / 10_000, negative };
}

/**
 * A persona's confidence is the probability of its shown opinion, the most
 * likely one (so the peak of its distribution), not a separate self-report.
 */
export function confidenceOfDistribution(d: OpinionDistribution): number {
  return Math.round(Math.max(d.positive, d.neutral, d.negative) * 100) / 100;
}

/** The most likely opinion; ties go neutral first, then positive, so a tie never overstates a side. */
export function modeOf(d: OpinionDistribution): Opinion {
  const order: Opinion[] = ['neutral', 'positive', 'negative'];
  return order.reduce((best, o) => (d[o] > d[best] ? o : best), order[0]!);
}

/** FNV-1a, 32 bits: a stable number from text, the same in Node and the browser. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A generator of its own for each persona of a run: its draws do not depend on the others'. */
export function personaGenerator(seed: number, personaId: string): RandomGenerator {
  return xoroshiro128plus(hash32(`${seed}:${personaId}`) ^ Math.imul(seed, 0x9e3779b1));
}

const RESOLUTION = 1_000_000;

function uniform(rng: RandomGenerator): number {
  return unsafeUniformIntDistribution(0, RESOLUTION - 1, rng) / RESOLUTION;
}

/** One opinion drawn from the distribution by its cumulative probabilities (positive, neutral, negative). */
export function drawOpinion(d: OpinionDistribution, rng: RandomGenerator): Opinion {
  const u = uniform(rng);
  if (u < d.positive) return 'positive';
  if (u < d.positive + d.neutral) return 'neutral';
  return 'negative';
}

/**
 * `draws` opinions drawn for one persona of a run, counted; they feed the
 * panel's shares and intervals. The persona's opinion, the one it shows and
 * argues, is the most likely opinion of its distribution, not any one draw.
 * The same seed, persona and distribution always give the same draws.
 */
export function drawsFor(
  d: OpinionDistribution,
  seed: number,
  personaId: string,
  draws: number = DEFAULT_DRAWS,
): { opinion: Opinion; counts: OpinionCounts } {
  const rng = personaGenerator(seed, personaId);
  const counts: OpinionCounts = { positive: 0, neutral: 0, negative: 0 };
  for (let i = 0; i < Math.max(1, draws); i++) counts[drawOpinion(d, rng)] += 1;
  return { opinion: modeOf(d), counts };
}

/**
 * A persona's answer on a 1–5 rating scale, so it can be set against people's
 * ratings: its leaning, 3 + 2 × (P(positive) − P(negative)), rounded. A
 * persona certain to say yes rates 5, certain to say no 1, and one whose
 * positive and negative chances balance rates 3.
 */
export function ratingOfDistribution(d: OpinionDistribution): number {
  const leaning = d.positive - d.negative;
  return Math.min(5, Math.max(1, Math.round(3 + 2 * leaning)));
}
