import { batch15Rows } from './wording-corpus/batch-15';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch15,
  batch15HeldOutHalf,
  batch15TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 15',
  questions: batch15,
  rows: batch15Rows,
  heldOut: batch15HeldOutHalf,
  tuning: batch15TuningHalf,
  earlier: writtenBefore(15),
  earlierNamed: 'the earlier corpus or batches 3 to 14',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 316, 292],
  fingerprint: '7515b903',
});
