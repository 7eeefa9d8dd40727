import { type Opinion, type OpinionDistribution, type SafetyInfluence } from '@chorus/contracts';
import { normalizeDistribution } from '@chorus/research';
import { defined, type Reason } from './reason';

/** A score this far from zero is needed to lean; otherwise the persona stays neutral. */
const LEAN_THRESHOLD = 0.5;
/** The reasons named in an answer: the strongest for its side, and the strongest against. */
const SUPPORTING_NAMED = 3;

/** Where the reasons land, and the ones an answer names. */
export interface Weighing {
  opinion: Opinion;
  score: number;
  /** The strongest reasons on the side the persona leans to, strongest first. */
  supporting: Reason[];
  /** The strongest reason pulling the other way, when one is strong enough to mention. */
  counter: Reason | undefined;
  /** A reason that only informs (weight zero), such as knowing the industry. */
  informing: Reason | undefined;
  /** Every reason the answer names: the grounds it cites. */
  named: Reason[];
}

function opinionOf(score: number): Opinion {
  if (score >= LEAN_THRESHOLD) return 'positive';
  if (score <= -LEAN_THRESHOLD) return 'negative';
  return 'neutral';
}

export function weigh(reasons: readonly Reason[]): Weighing {
  // Rounded, so weights that add up to exactly the threshold are not lost to floating point.
  const score = Math.round(reasons.reduce((sum, r) => sum + r.weight, 0) * 100) / 100;
  const opinion = opinionOf(score);
  const byStrength = [...reasons].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  // A neutral persona still leans a little: its strongest reasons on that side,
  // then the strongest against.
  const side =
    opinion === 'positive'
      ? 1
      : opinion === 'negative'
        ? -1
        : Math.sign(score) || Math.sign(byStrength[0]?.weight ?? 0);
  const supporting = byStrength
    .filter((r) => Math.sign(r.weight) === side && side !== 0)
    .slice(0, opinion === 'neutral' ? 2 : SUPPORTING_NAMED);
  const counter = byStrength.find(
    (r) => side !== 0 && Math.sign(r.weight) === -side && Math.abs(r.weight) >= 0.2,
  );
  const informing = byStrength.find((r) => r.weight === 0);
  const named = defined([...supporting, counter, informing]);
  return { opinion, score, supporting, counter, informing, named };
}

export function safetyInfluenceOf(named: readonly Reason[]): SafetyInfluence {
  const total = named.reduce((sum, r) => sum + Math.abs(r.weight), 0);
  if (total === 0) return 'low';
  const share =
    named.filter((r) => r.safety).reduce((sum, r) => sum + Math.abs(r.weight), 0) / total;
  if (share >= 0.45) return 'high';
  if (share >= 0.2) return 'medium';
  return 'low';
}

export function confidenceOf({ opinion, score, named }: Weighing): number {
  const informed = named.some((r) => r.weight === 0) ? 0.05 : 0;
  const value =
    opinion === 'neutral'
      ? 0.35 + 0.05 * Math.min(named.length, 3) + informed
      : 0.5 + 0.2 * Math.min(Math.abs(score), 2) + 0.03 * Math.min(named.length, 3) + informed;
  return Math.round(Math.min(0.95, value) * 100) / 100;
}

/** How sharply the distribution follows the score: at ±1.5 a side is about 95 % likely. */
const SHARPNESS = 3;

/**
 * The probabilities of each opinion from the score: a softmax over positive
 * (score), neutral (the lean threshold) and negative (-score), so the most
 * likely opinion is the one the score leans to, and a score near a threshold
 * is nearly a coin toss between the two sides of it.
 */
export function distributionOf(score: number): OpinionDistribution {
  const logits = {
    positive: SHARPNESS * score,
    neutral: SHARPNESS * LEAN_THRESHOLD,
    negative: -SHARPNESS * score,
  };
  const top = Math.max(logits.positive, logits.neutral, logits.negative);
  const weights = {
    positive: Math.exp(logits.positive - top),
    neutral: Math.exp(logits.neutral - top),
    negative: Math.exp(logits.negative - top),
  };
  return normalizeDistribution(weights);
}
