import { batch5Rows } from './wording-corpus/batch-5';
import { describeBatch } from './wording-corpus/batch-checks';
import { batch5, batch5HeldOutHalf, batch5TuningHalf, writtenBefore } from './wording-corpus/split';

describeBatch({
  name: 'wording batch 5',
  questions: batch5,
  rows: batch5Rows,
  heldOut: batch5HeldOutHalf,
  tuning: batch5TuningHalf,
  earlier: writtenBefore(5),
  earlierNamed: 'the earlier corpus or batches 3 and 4',
  minQuestions: 400,
  domains: { exactly: 8 },
  minPerKind: 30,
  minPerHardCase: 12,
  frozen: 'committed',
  sizes: [514, 248, 266],
  fingerprint: 'e1ca1805',
});
