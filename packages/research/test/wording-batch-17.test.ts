import { batch17Rows } from './wording-corpus/batch-17';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch17,
  batch17HeldOutHalf,
  batch17TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 17',
  questions: batch17,
  rows: batch17Rows,
  heldOut: batch17HeldOutHalf,
  tuning: batch17TuningHalf,
  earlier: writtenBefore(17),
  earlierNamed: 'the earlier corpus or batches 3 to 16',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 292, 316],
  fingerprint: '90e37bdb',
});
