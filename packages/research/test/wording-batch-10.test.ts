import { batch10Rows } from './wording-corpus/batch-10';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch10,
  batch10HeldOutHalf,
  batch10TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 10',
  questions: batch10,
  rows: batch10Rows,
  heldOut: batch10HeldOutHalf,
  tuning: batch10TuningHalf,
  earlier: writtenBefore(10),
  earlierNamed: 'the earlier corpus or batches 3 to 9',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 288, 320],
  fingerprint: 'd1eb8b05',
});
