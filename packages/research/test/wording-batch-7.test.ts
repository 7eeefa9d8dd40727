import { batch7Rows } from './wording-corpus/batch-7';
import { describeBatch } from './wording-corpus/batch-checks';
import { batch7, batch7HeldOutHalf, batch7TuningHalf, writtenBefore } from './wording-corpus/split';

describeBatch({
  name: 'wording batch 7',
  questions: batch7,
  rows: batch7Rows,
  heldOut: batch7HeldOutHalf,
  tuning: batch7TuningHalf,
  earlier: writtenBefore(7),
  earlierNamed: 'the earlier corpus or batches 3 to 6',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [607, 284, 323],
  fingerprint: 'd39f857',
});
