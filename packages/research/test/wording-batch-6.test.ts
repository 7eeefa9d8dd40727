import { batch6Rows } from './wording-corpus/batch-6';
import { describeBatch } from './wording-corpus/batch-checks';
import { batch6, batch6HeldOutHalf, batch6TuningHalf, writtenBefore } from './wording-corpus/split';

describeBatch({
  name: 'wording batch 6',
  questions: batch6,
  rows: batch6Rows,
  heldOut: batch6HeldOutHalf,
  tuning: batch6TuningHalf,
  earlier: writtenBefore(6),
  earlierNamed: 'the earlier corpus or batches 3 to 5',
  minQuestions: 500,
  domains: { exactly: 8 },
  minPerKind: 32,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [528, 275, 253],
  fingerprint: 'f83e745e',
});
