import { batch24Rows } from './wording-corpus/batch-24';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch24,
  batch24HeldOutHalf,
  batch24TuningHalf,
  writtenBefore,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 24',
  questions: batch24,
  rows: batch24Rows,
  heldOut: batch24HeldOutHalf,
  tuning: batch24TuningHalf,
  earlier: writtenBefore(24),
  earlierNamed: 'the earlier corpus or batches 3 to 23',
  minQuestions: 600,
  domains: { exactly: 8 },
  minPerKind: 40,
  minPerHardCase: 16,
  frozen: 'committed',
  sizes: [608, 296, 312],
  fingerprint: '82bc8c83',
});
