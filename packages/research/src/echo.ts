import { type Opinion, opinions, type PanelEstimate } from '@chorus/contracts';

/** Below this normalised entropy (0 = everyone alike, 1 = an even three-way split) the panel is flagged. */
export const ECHO_ENTROPY_THRESHOLD = 0.5;
/** The alarm needs a panel: one or two personas agreeing says nothing about spread. */
export const ECHO_MIN_PERSONAS = 3;

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
 * True when the panel answers with too little spread: every persona drew the
 * same opinion, or the entropy of the shares is below the threshold.
 */
export function isEchoChamber(
  estimate: PanelEstimate,
  personaOpinions: readonly Opinion[],
): boolean {
  if (personaOpinions.length < ECHO_MIN_PERSONAS) return false;
  const allSame = personaOpinions.every((o) => o === personaOpinions[0]);
  return allSame || normalizedEntropy(estimate.shares) < ECHO_ENTROPY_THRESHOLD;
}
