import { type Opinion, opinions, type PanelEstimate } from '@chorus/contracts';

/**
 * How spread a panel's answers are. Low spread alone is no alarm: a varied
 * panel may simply agree. The echo-chamber alarm compares the personas
 * themselves (panel.ts); this describes the answers for the "panel agrees" note.
 */

/** Below this normalised entropy (0 = everyone alike, 1 = an even three-way split) the panel mostly agrees. */
const AGREEMENT_ENTROPY_BELOW = 0.5;
/** One or two personas agreeing says nothing about spread. */
const AGREEMENT_MIN_PERSONAS = 3;

/** Shannon entropy of the shares, base 3, so 1 is an even split over the three opinions. */
export function normalizedEntropy(shares: Record<Opinion, number>): number {
  const total = shares.positive + shares.neutral + shares.negative;
  if (total <= 0) return 0;
  let h = 0;
  for (const o of opinions) {
    const p = shares[o] / total;
    if (p > 0) h -= p * Math.log(p);
  }
  return Math.round((h / Math.log(3)) * 1000) / 1000;
}

/**
 * The chance that two answers picked at random give the same opinion (the
 * Simpson index of the shares): 1 when everyone agrees, 1/3 for an even split.
 */
export function sameAnswerChance(shares: Record<Opinion, number>): number {
  const total = shares.positive + shares.neutral + shares.negative;
  if (total <= 0) return 0;
  return opinions.reduce((sum, o) => sum + (shares[o] / total) ** 2, 0);
}

/** "9 times in 10" */
export function timesInTen(chance: number): string {
  return `${Math.round(chance * 10)} times in 10`;
}

/**
 * True when the panel's answers show little spread: every persona gave the
 * same opinion, or the normalised entropy of the shares is below 0.5.
 */
export function panelAgrees(estimate: PanelEstimate, personaOpinions: readonly Opinion[]): boolean {
  if (personaOpinions.length < AGREEMENT_MIN_PERSONAS) return false;
  const allSame = personaOpinions.every((o) => o === personaOpinions[0]);
  return allSame || normalizedEntropy(estimate.shares) < AGREEMENT_ENTROPY_BELOW;
}
