import { batch13Rows } from './wording-corpus/batch-13';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch13,
  batch13HeldOutHalf,
  batch13TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 13',
  questions: batch13,
  rows: batch13Rows,
  heldOut: batch13HeldOutHalf,
  tuning: batch13TuningHalf,
  earlier: writtenBefore(13),
  earlierNamed: 'the earlier corpus or batches 3 to 12',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 313, 295],
  fingerprint: '1dce0c04',
});
