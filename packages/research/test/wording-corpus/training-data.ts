// The wording model's training data: the tuning data, never a held-out half.
import {
  batch3,
  batch4,
  batch5,
  batch6,
  batch7,
  batch8,
  batch9,
  batch10,
  batch11,
  batch12,
  batch13,
  batch14,
  batch15,
  batch16,
  batch17,
  batch18,
  batch19HeldOutHalf,
  batch19TuningHalf,
  type BatchQuestion,
  corpus,
  type CorpusQuestion,
  fnv1a,
} from './split';

/** The tuning data by part (cross-validation leaves each out in turn): the earlier corpus, batches 3 to 18 whole, and batch 19's tuning half. */
export const tuningParts: Record<string, readonly BatchQuestion[]> = {
  earlier: corpus,
  batch3,
  batch4,
  batch5,
  batch6,
  batch7,
  batch8,
  batch9,
  batch10,
  batch11,
  batch12,
  batch13,
  batch14,
  batch15,
  batch16,
  batch17,
  batch18,
  'batch19-tuning': batch19TuningHalf,
};

/** The newest batch's held-out half, which no training sees until a later batch is committed and measured. */
export const unreadHeldOut: readonly CorpusQuestion[] = batch19HeldOutHalf;

/** Every part, in order. */
export const tuningData = Object.values(tuningParts).flat();

/** FNV-1a of the training questions' texts and labels, in order. */
export function tuningFingerprint(): string {
  return fnv1a(tuningData.map((q) => `${q.kinds.join('+')}|${q.text}`).join('\n')).toString(16);
}
