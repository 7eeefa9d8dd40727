import { batch22Rows } from './wording-corpus/batch-22';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch22,
  batch22HeldOutHalf,
  batch22TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 22',
  questions: batch22,
  rows: batch22Rows,
  heldOut: batch22HeldOutHalf,
  tuning: batch22TuningHalf,
  earlier: writtenBefore(22),
  earlierNamed: 'the earlier corpus or batches 3 to 21',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 326, 282],
  fingerprint: 'b52c2df7',
});
