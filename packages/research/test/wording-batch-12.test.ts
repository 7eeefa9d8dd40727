import { batch12Rows } from './wording-corpus/batch-12';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch12,
  batch12HeldOutHalf,
  batch12TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 12',
  questions: batch12,
  rows: batch12Rows,
  heldOut: batch12HeldOutHalf,
  tuning: batch12TuningHalf,
  earlier: writtenBefore(12),
  earlierNamed: 'the earlier corpus or batches 3 to 11',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 299, 309],
  fingerprint: '5b077891',
});
