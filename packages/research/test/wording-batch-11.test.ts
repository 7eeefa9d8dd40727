import { batch11Rows } from './wording-corpus/batch-11';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch11,
  batch11HeldOutHalf,
  batch11TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 11',
  questions: batch11,
  rows: batch11Rows,
  heldOut: batch11HeldOutHalf,
  tuning: batch11TuningHalf,
  earlier: writtenBefore(11),
  earlierNamed: 'the earlier corpus or batches 3 to 10',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 283, 325],
  fingerprint: '7a38007',
});
