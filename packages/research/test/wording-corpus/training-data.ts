// The wording model's training data: the tuning data, never a held-out half.
import {
  batch29HeldOutHalf,
  batch29TuningHalf,
  batchesByName,
  type BatchQuestion,
  corpus,
  type CorpusQuestion,
  fnv1a,
} from './split';

/**
 * The tuning data by part (cross-validation leaves each out in turn): the
 * earlier corpus, every batch but the newest whole (batches 3 to 28), and
 * the newest batch's tuning half, named here once its first sight is recorded
 * and rules are tuned on it.
 */
export const tuningParts: Record<string, readonly BatchQuestion[]> = {
  earlier: corpus,
  ...Object.fromEntries(Object.entries(batchesByName).slice(0, -1)),
  'batch29-tuning': batch29TuningHalf,
};

/** The newest batch's held-out half, which no training sees until a later batch is committed and measured. */
export const unreadHeldOut: readonly CorpusQuestion[] = batch29HeldOutHalf;

/** Every part, in order. */
export const tuningData = Object.values(tuningParts).flat();

/** FNV-1a of the training questions' texts and labels, in order. */
export function tuningFingerprint(): string {
  return fnv1a(tuningData.map((q) => `${q.kinds.join('+')}|${q.text}`).join('\n')).toString(16);
}
