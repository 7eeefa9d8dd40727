import { batch25Rows } from './wording-corpus/batch-25';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch25,
  batch25HeldOutHalf,
  batch25TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 25',
  questions: batch25,
  rows: batch25Rows,
  heldOut: batch25HeldOutHalf,
  tuning: batch25TuningHalf,
  earlier: writtenBefore(25),
  earlierNamed: 'the earlier corpus or batches 3 to 24',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 288, 320],
  fingerprint: 'd5505b0f',
});
