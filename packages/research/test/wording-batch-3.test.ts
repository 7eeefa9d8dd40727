import { batch3Rows } from './wording-corpus/batch-3';
import { describeBatch } from './wording-corpus/batch-checks';
import { batch3, batch3HeldOutHalf, batch3TuningHalf, writtenBefore } from './wording-corpus/split';

describeBatch({
  name: 'wording batch 3',
  questions: batch3,
  rows: batch3Rows,
  heldOut: batch3HeldOutHalf,
  tuning: batch3TuningHalf,
  earlier: writtenBefore(3),
  earlierNamed: 'the earlier corpus',
  minQuestions: 300,
  domains: { atLeast: 6 },
  minPerKind: 20,
  frozen: 'measured',
  sizes: [438, 223, 215],
  fingerprint: 'c6892bbd',
});
