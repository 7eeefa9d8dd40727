import { batch19Rows } from './wording-corpus/batch-19';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch19,
  batch19HeldOutHalf,
  batch19TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 19',
  questions: batch19,
  rows: batch19Rows,
  heldOut: batch19HeldOutHalf,
  tuning: batch19TuningHalf,
  earlier: writtenBefore(19),
  earlierNamed: 'the earlier corpus or batches 3 to 18',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 293, 315],
  fingerprint: 'fb4ca495',
});
