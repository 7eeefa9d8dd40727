import { batch21Rows } from './wording-corpus/batch-21';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch21,
  batch21HeldOutHalf,
  batch21TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 21',
  questions: batch21,
  rows: batch21Rows,
  heldOut: batch21HeldOutHalf,
  tuning: batch21TuningHalf,
  earlier: writtenBefore(21),
  earlierNamed: 'the earlier corpus or batches 3 to 20',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 326, 282],
  fingerprint: '6fe5e74d',
});
