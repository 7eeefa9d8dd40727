// The wording check (packages/contracts/src/wording-check.ts) over its
// hand-labelled set of survey questions: the share of leading questions it
// flags and of neutral ones it flags wrongly. Pure; needs no running system.
// The set was written alongside the rules, so this is an in-sample figure.
// Run: npm run bench -- wording
import { scoreWordingSet, wordingSet } from '../packages/contracts/test/fixtures/wording-set';
import type { BenchRow } from './lib/report';

export async function measure(): Promise<BenchRow[]> {
  const score = scoreWordingSet();
  const leading = Math.round((score.leadingFlagged / score.leadingTotal) * 100);
  const neutral = Math.round((score.neutralFlagged / score.neutralTotal) * 100);
  return [
    {
      area: 'wording',
      metric: `leading-question check on the labelled set (${wordingSet.length} questions)`,
      value: leading,
      unit: `% of leading flagged, ${neutral}% of neutral`,
      budget: '≥ 90% / ≤ 10%',
      withinBudget: leading >= 90 && neutral <= 10,
      note: `${score.leadingFlagged}/${score.leadingTotal} leading, ${score.neutralFlagged}/${score.neutralTotal} neutral flagged`,
    },
  ];
}
