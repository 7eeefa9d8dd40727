import { batch20Rows } from './wording-corpus/batch-20';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch20,
  batch20HeldOutHalf,
  batch20TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 20',
  questions: batch20,
  rows: batch20Rows,
  heldOut: batch20HeldOutHalf,
  tuning: batch20TuningHalf,
  earlier: writtenBefore(20),
  earlierNamed: 'the earlier corpus or batches 3 to 19',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 300, 308],
  fingerprint: 'eb41543b',
});
