import { batch23Rows } from './wording-corpus/batch-23';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch23,
  batch23HeldOutHalf,
  batch23TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 23',
  questions: batch23,
  rows: batch23Rows,
  heldOut: batch23HeldOutHalf,
  tuning: batch23TuningHalf,
  earlier: writtenBefore(23),
  earlierNamed: 'the earlier corpus or batches 3 to 22',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 296, 312],
  fingerprint: '5fce5cba',
});
