import { batch14Rows } from './wording-corpus/batch-14';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch14,
  batch14HeldOutHalf,
  batch14TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 14',
  questions: batch14,
  rows: batch14Rows,
  heldOut: batch14HeldOutHalf,
  tuning: batch14TuningHalf,
  earlier: writtenBefore(14),
  earlierNamed: 'the earlier corpus or batches 3 to 13',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 308, 300],
  fingerprint: '174eaee9',
});
