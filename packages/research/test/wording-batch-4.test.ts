import { batch4Rows } from './wording-corpus/batch-4';
import { describeBatch } from './wording-corpus/batch-checks';
import { batch4, batch4HeldOutHalf, batch4TuningHalf, writtenBefore } from './wording-corpus/split';

describeBatch({
  name: 'wording batch 4',
  questions: batch4,
  rows: batch4Rows,
  heldOut: batch4HeldOutHalf,
  tuning: batch4TuningHalf,
  earlier: writtenBefore(4),
  earlierNamed: 'the earlier corpus or batch 3',
  minQuestions: 360,
  domains: { exactly: 8 },
  minPerKind: 26,
  minPerHardCase: 10,
  frozen: 'committed',
  sizes: [468, 239, 229],
  fingerprint: '3f042736',
});
