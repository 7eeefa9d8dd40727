import { batch29Rows } from './wording-corpus/batch-29';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch29,
  batch29HeldOutHalf,
  batch29TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 29',
  questions: batch29,
  rows: batch29Rows,
  heldOut: batch29HeldOutHalf,
  tuning: batch29TuningHalf,
  earlier: writtenBefore(29),
  earlierNamed: 'the earlier corpus or batches 3 to 28',
  minQuestions: 760,
  domains: { exactly: 8 },
  minPerKind: 56,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [768, 390, 378],
  fingerprint: 'd38e3cbf',
});
