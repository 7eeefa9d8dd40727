import { batch18Rows } from './wording-corpus/batch-18';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch18,
  batch18HeldOutHalf,
  batch18TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 18',
  questions: batch18,
  rows: batch18Rows,
  heldOut: batch18HeldOutHalf,
  tuning: batch18TuningHalf,
  earlier: writtenBefore(18),
  earlierNamed: 'the earlier corpus or batches 3 to 17',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 313, 295],
  fingerprint: 'c5d483ba',
});
