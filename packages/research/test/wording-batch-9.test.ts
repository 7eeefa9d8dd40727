import { batch9Rows } from './wording-corpus/batch-9';
import { describeBatch } from './wording-corpus/batch-checks';
import { batch9, batch9HeldOutHalf, batch9TuningHalf, writtenBefore } from './wording-corpus/split';

describeBatch({
  name: 'wording batch 9',
  questions: batch9,
  rows: batch9Rows,
  heldOut: batch9HeldOutHalf,
  tuning: batch9TuningHalf,
  earlier: writtenBefore(9),
  earlierNamed: 'the earlier corpus or batches 3 to 8',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 301, 307],
  fingerprint: 'd1548b4a',
});
