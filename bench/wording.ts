// The wording check (packages/research/src/wording) on the held-out half of
// its labelled corpus (packages/research/test/wording-corpus): the share of
// leading questions it flags, the share of neutral ones it flags wrongly, and
// precision and recall per kind of leading wording. The held-out half is
// chosen by a fixed rule on each question's text and was never tuned on.
// Pure; needs no running system. Run: npm run bench -- wording
import { leadingKindLabels } from '@chorus/contracts';
import { checkWording } from '@chorus/research';
import { scoreCorpus } from '../packages/research/test/wording-corpus/score';
import { heldOutHalf, tuningHalf } from '../packages/research/test/wording-corpus/split';
import type { BenchRow } from './lib/report';

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

export async function measure(): Promise<BenchRow[]> {
  const loading = performance.now();
  checkWording('Is the model loaded?');
  const loadMs = performance.now() - loading;
  const started = performance.now();
  const held = scoreCorpus(heldOutHalf, checkWording);
  const perQuestionMs = (performance.now() - started) / heldOutHalf.length;
  const tuning = scoreCorpus(tuningHalf, checkWording);
  const recall = Math.round(held.recall * 1000) / 10;
  const falseAlarms = Math.round(held.falseAlarms * 1000) / 10;
  return Promise.resolve([
    {
      area: 'wording',
      metric: `leading questions flagged, held-out half (${held.leading} leading of ${held.questions})`,
      value: recall,
      unit: '%',
      budget: '≥ 90%',
      withinBudget: held.recall >= 0.9,
      note: `${held.leadingFlagged}/${held.leading}; tuning half ${percent(tuning.recall)}`,
    },
    {
      area: 'wording',
      metric: `neutral questions flagged, held-out half (${held.neutral} neutral)`,
      value: falseAlarms,
      unit: '%',
      budget: '≤ 10%',
      withinBudget: held.falseAlarms <= 0.1,
      note: `${held.neutralFlagged}/${held.neutral}; tuning half ${percent(tuning.falseAlarms)}`,
    },
    ...held.kinds.map((kind) => ({
      area: 'wording',
      metric: `${kind.kind} (${leadingKindLabels[kind.kind]}), held-out half`,
      unit: '',
      note: `precision ${percent(kind.precision)} (${kind.found} of ${kind.found + kind.wrong} findings), recall ${percent(kind.recall)} (${kind.found} of ${kind.labelled} labelled)`,
    })),
    {
      area: 'wording',
      metric: 'check time per question (model loaded)',
      value: Math.round(perQuestionMs * 100) / 100,
      unit: 'ms',
      budget: '< 20 ms',
      withinBudget: perQuestionMs < 20,
    },
    {
      area: 'wording',
      metric: 'first check, loading the English model',
      value: Math.round(loadMs),
      unit: 'ms',
      note: 'wink-nlp with wink-eng-lite-web-model, loaded once on first use',
    },
  ]);
}
