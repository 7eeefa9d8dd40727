import { type Opinion, type OpinionDistribution, type SafetyInfluence } from '@chorus/contracts';
import { modeOf, normalizeDistribution } from '@chorus/research';
import { defined, type Reason } from './reason';

/** Where neutral sits on the score's scale: a score must pass about this far to lean. */
const LEAN_THRESHOLD = 0.5;
/** The reasons named in an answer: the strongest for its side, and the strongest against. */
const SUPPORTING_NAMED = 3;

/** Where the reasons land, and the ones an answer names. */
export interface Weighing {
  /** The most likely opinion of the distribution: the one shown and argued. */
  opinion: Opinion;
  score: number;
  distribution: OpinionDistribution;
  /** Every reason weighed, strongest first. */
  reasons: Reason[];
  /** The strongest reasons on the side the persona leans to, strongest first. */
  supporting: Reason[];
  /** The strongest reason pulling the other way, when one is strong enough to mention. */
  counter: Reason | undefined;
  /** A reason that only informs (weight zero), such as knowing the industry. */
  informing: Reason | undefined;
  /** Every reason the answer names: the grounds it cites. */
  named: Reason[];
}

export function weigh(reasons: readonly Reason[]): Weighing {
  // Rounded, so weights that add up to exactly the threshold are not lost to floating point.
  const score = Math.round(reasons.reduce((sum, r) => sum + r.weight, 0) * 1000) / 1000;
  const distribution = distributionOf(score);
  // The answer argues the opinion the persona most likely holds, nothing else.
  const opinion = modeOf(distribution);
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
  return {
    opinion,
    score,
    distribution,
    reasons: byStrength,
    supporting,
    counter,
    informing,
    named,
  };
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

/** The confidence of the answer: the probability of the opinion it shows. */
export function confidenceOf({ opinion, distribution }: Weighing): number {
  return Math.round(distribution[opinion] * 100) / 100;
}

/** How sharply the distribution follows the score: at ±1.5 a side is about 70 % likely. */
const SHARPNESS = 2;
/** Scores are softened past this size, so strong reasons never make a persona certain. */
const SOFTENING = 3;

/**
 * The probabilities of each opinion from the score: a softmax over positive
 * (score), neutral (the lean threshold) and negative (-score), so the most
 * likely opinion is the one the score leans to, and a score near a threshold
 * is nearly a coin toss between the two sides of it. The score is softened
 * (s / (1 + |s| / 3)) first: however strong the reasons, the other opinions
 * keep a small, still measurable chance, and a stronger reason still moves it.
 */
function distributionOf(score: number): OpinionDistribution {
  const soft = score / (1 + Math.abs(score) / SOFTENING);
  const logits = {
    positive: SHARPNESS * soft,
    neutral: SHARPNESS * LEAN_THRESHOLD,
    negative: -SHARPNESS * soft,
  };
  const top = Math.max(logits.positive, logits.neutral, logits.negative);
  const weights = {
    positive: Math.exp(logits.positive - top),
    neutral: Math.exp(logits.neutral - top),
    negative: Math.exp(logits.negative - top),
  };
  return normalizeDistribution(weights);
}
