import { batch8Rows } from './wording-corpus/batch-8';
import { describeBatch } from './wording-corpus/batch-checks';
import { batch8, batch8HeldOutHalf, batch8TuningHalf, writtenBefore } from './wording-corpus/split';

describeBatch({
  name: 'wording batch 8',
  questions: batch8,
  rows: batch8Rows,
  heldOut: batch8HeldOutHalf,
  tuning: batch8TuningHalf,
  earlier: writtenBefore(8),
  earlierNamed: 'the earlier corpus or batches 3 to 7',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [605, 297, 308],
  fingerprint: 'a8a14939',
});
