import { batch28Rows } from './wording-corpus/batch-28';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch28,
  batch28HeldOutHalf,
  batch28TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 28',
  questions: batch28,
  rows: batch28Rows,
  heldOut: batch28HeldOutHalf,
  tuning: batch28TuningHalf,
  earlier: writtenBefore(28),
  earlierNamed: 'the earlier corpus or batches 3 to 27',
  minQuestions: 760,
  domains: { exactly: 8 },
  minPerKind: 56,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [768, 391, 377],
  fingerprint: 'bec2a39e',
});
