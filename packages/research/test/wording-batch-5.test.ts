import { batch5Rows } from './wording-corpus/batch-5';
import { describeBatch } from './wording-corpus/batch-checks';
import {
  batch3,
  batch4,
  batch5,
  batch5HeldOutHalf,
  batch5TuningHalf,
  corpus,
} from './wording-corpus/split';

describeBatch({
  name: 'wording batch 5',
  questions: batch5,
  rows: batch5Rows,
  heldOut: batch5HeldOutHalf,
  tuning: batch5TuningHalf,
  earlier: [...corpus, ...batch3, ...batch4],
  earlierNamed: 'the earlier corpus or batches 3 and 4',
  minQuestions: 400,
  domains: { exactly: 8 },
  minPerKind: 30,
  minPerHardCase: 12,
  frozen: 'committed',
  sizes: [514, 248, 266],
  fingerprint: 'e1ca1805',
});
