// The wording model's training data: the tuning data, never a held-out half.
import { batch3, batch4, batch5, batch6, batch7TuningHalf, corpus, fnv1a } from './split';

/** The earlier corpus, batches 3 to 6 whole, and batch 7's tuning half. */
export const tuningData = [
  ...corpus,
  ...batch3,
  ...batch4,
  ...batch5,
  ...batch6,
  ...batch7TuningHalf,
];

/** FNV-1a of the training questions' texts and labels, in order. */
export function tuningFingerprint(): string {
  return fnv1a(tuningData.map((q) => `${q.kinds.join('+')}|${q.text}`).join('\n')).toString(16);
}
