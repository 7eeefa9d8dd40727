import { batch27Rows } from './wording-corpus/batch-27';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch27,
  batch27HeldOutHalf,
  batch27TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 27',
  questions: batch27,
  rows: batch27Rows,
  heldOut: batch27HeldOutHalf,
  tuning: batch27TuningHalf,
  earlier: writtenBefore(27),
  earlierNamed: 'the earlier corpus or batches 3 to 26',
  minQuestions: 760,
  domains: { exactly: 8 },
  minPerKind: 56,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [768, 389, 379],
  fingerprint: '13cc282d',
});
