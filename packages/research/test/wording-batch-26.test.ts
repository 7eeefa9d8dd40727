import { batch26Rows } from './wording-corpus/batch-26';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch26,
  batch26HeldOutHalf,
  batch26TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 26',
  questions: batch26,
  rows: batch26Rows,
  heldOut: batch26HeldOutHalf,
  tuning: batch26TuningHalf,
  earlier: writtenBefore(26),
  earlierNamed: 'the earlier corpus or batches 3 to 25',
  minQuestions: 760,
  domains: { exactly: 8 },
  minPerKind: 56,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [768, 391, 377],
  fingerprint: '6a17b4aa',
});
