import { batch16Rows } from './wording-corpus/batch-16';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch16,
  batch16HeldOutHalf,
  batch16TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 16',
  questions: batch16,
  rows: batch16Rows,
  heldOut: batch16HeldOutHalf,
  tuning: batch16TuningHalf,
  earlier: writtenBefore(16),
  earlierNamed: 'the earlier corpus or batches 3 to 15',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 313, 295],
  fingerprint: 'e22c9954',
});
