// The wording check (packages/research/src/wording) on its labelled questions
// (packages/research/test/wording-corpus): the share of leading questions it
// flags, the share of neutral ones it flags wrongly, and precision and recall
// per kind of leading wording.
//
// Each new batch (batch-3.ts onwards) is committed before
// any rule or model sees it and measured once: that first-sight figure, the honest
// estimate on unseen questions, is kept below as recorded (the rules have
// changed since, so it cannot be recomputed). The rules are then tuned on its
// tuning half only, and its held-out half is read once, after the last
// change, and reported (overall, per kind and per hard case). Every earlier
// batch is tuning data once a later one exists, so the held-out figures of
// all but the newest are records too; the only held-out half read here is the
// newest batch's (the last in split.ts). The earlier corpus (questions.ts, added-questions.ts,
// added-questions-2.ts) is tuning data. Halves follow a fixed rule on each
// question's text (split.ts). Pure; needs no running system.
// Run: npm run bench -- wording
import { type LeadingKind, leadingKindLabels } from '@chorus/contracts';
import { checkWording } from '@chorus/research/wording';
import { type HardCase } from '../packages/research/test/wording-corpus/batch-3';
import { type CorpusScore, scoreCorpus } from '../packages/research/test/wording-corpus/score';
import { batchesByName } from '../packages/research/test/wording-corpus/split';
import { tuningData } from '../packages/research/test/wording-corpus/training-data';
import { storedWordingModel } from '../packages/research/src/wording/model/weights';
import type { BenchRow } from './lib/report';
import { RECORDED } from './lib/wording-records';

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const tenth = (share: number) => Math.round(share * 1000) / 10;

/** Leading flagged, neutral flagged, then precision and recall per kind. */
function scoreRows(set: string, score: CorpusScore): BenchRow[] {
  return [
    {
      area: 'wording',
      metric: `leading questions flagged, ${set} (${score.leading} leading of ${score.questions})`,
      value: tenth(score.recall),
      unit: '%',
      budget: '≥ 90%',
      withinBudget: score.recall >= 0.9,
      note: `${score.leadingFlagged}/${score.leading}`,
    },
    {
      area: 'wording',
      metric: `neutral questions flagged, ${set} (${score.neutral} neutral)`,
      value: tenth(score.falseAlarms),
      unit: '%',
      budget: '≤ 10%',
      withinBudget: score.falseAlarms <= 0.1,
      note: `${score.neutralFlagged}/${score.neutral}`,
    },
    ...score.kinds.map((kind) => ({
      area: 'wording',
      metric: `${kind.kind} (${leadingKindLabels[kind.kind]}), ${set}`,
      unit: '',
      note: `precision ${percent(kind.precision)} (${kind.found} of ${kind.found + kind.wrong} findings), recall ${percent(kind.recall)} (${kind.found} of ${kind.labelled} labelled); flagged at all ${percent(share(kind.flagged, kind.labelled))} (${kind.flagged})`,
    })),
  ];
}

const share = (n: number, d: number) => (d === 0 ? null : n / d);

function recordedRows(): BenchRow[] {
  return RECORDED.flatMap(
    ({ batch, what, measured, leading, leadingFlagged, neutral, neutralFlagged, kinds }) => [
      {
        area: 'wording',
        metric: `leading questions flagged, ${batch}, ${what}, ${measured})`,
        value: tenth(leadingFlagged / leading),
        unit: '%',
        budget: '≥ 90%',
        withinBudget: leadingFlagged / leading >= 0.9,
        note: `${leadingFlagged}/${leading}; recorded, not recomputed`,
      },
      {
        area: 'wording',
        metric: `neutral questions flagged, ${batch}, ${what}, ${measured})`,
        value: tenth(neutralFlagged / neutral),
        unit: '%',
        budget: '≤ 10%',
        withinBudget: neutralFlagged / neutral <= 0.1,
        note: `${neutralFlagged}/${neutral}; recorded, not recomputed`,
      },
      ...Object.entries(kinds ?? {}).map(([kind, [found, wrong, labelled]]) => ({
        area: 'wording',
        metric: `${kind} (${leadingKindLabels[kind as LeadingKind]}), ${batch}, ${what})`,
        unit: '',
        note: `precision ${percent(share(found, found + wrong))} (${found} of ${found + wrong} findings), recall ${percent(share(found, labelled))} (${found} of ${labelled} labelled); recorded`,
      })),
    ],
  );
}

const hardCases: HardCase[] = [
  'merit-why',
  'frightening-choice',
  'relief-hypothetical',
  'premise-then-negative',
  'presupposed-experience',
];

export async function measure(): Promise<BenchRow[]> {
  const loading = performance.now();
  checkWording('Is the model loaded?');
  const loadMs = performance.now() - loading;
  const started = performance.now();
  const tuning = scoreCorpus(tuningData, checkWording);
  const perQuestionMs = (performance.now() - started) / tuningData.length;
  // The newest batch, the last written: "batch29" is reported as "batch 29".
  const [name, newest] = Object.entries(batchesByName).at(-1)!;
  const batch = name.replace(/^batch/, 'batch ');
  const heldOutHalf = newest.filter((q) => q.half === 'held-out');
  const tuningHalf = newest.filter((q) => q.half === 'tuning');
  const whole = scoreCorpus(newest, checkWording);
  const held = scoreCorpus(heldOutHalf, checkWording);
  const tuned = scoreCorpus(tuningHalf, checkWording);
  const readyHeld = { flagged: 0, ready: 0 };
  for (const question of heldOutHalf) {
    const check = checkWording(question.text);
    if (question.kinds.length === 0 || !check.leading) continue;
    readyHeld.flagged += 1;
    if (check.rewording === 'ready') readyHeld.ready += 1;
  }
  const hardRows = hardCases.map((hard) => {
    const questions = heldOutHalf.filter((q) => q.hard === hard);
    let flagged = 0;
    let kindFound = 0;
    for (const question of questions) {
      const check = checkWording(question.text);
      if (check.leading) flagged += 1;
      if (check.findings.some((f) => question.kinds.includes(f.kind))) kindFound += 1;
    }
    return {
      area: 'wording',
      metric: `hard case ${hard}, ${batch}, held-out half`,
      value: tenth(flagged / questions.length),
      unit: '%',
      note: `${flagged}/${questions.length} flagged; a labelled kind found on ${kindFound}`,
      // Only the count is read: the held-out questions themselves are never printed.
    };
  });
  return Promise.resolve([
    ...recordedRows(),
    ...scoreRows(`${batch}, whole`, whole),
    ...scoreRows(`${batch}, held-out half`, held),
    ...scoreRows(`${batch}, tuning half`, tuned),
    ...hardRows,
    {
      area: 'wording',
      metric: `rewording offered for a flagged leading question, ${batch}, held-out half`,
      value: tenth(readyHeld.ready / readyHeld.flagged),
      unit: '%',
      note: `${readyHeld.ready}/${readyHeld.flagged}; the rest say which words to change`,
    },
    ...scoreRows(
      'all tuning data, which the wording model was trained on (a training figure, not an estimate)',
      tuning,
    ),
    {
      area: 'wording',
      metric: 'wording model',
      unit: '',
      note: `trained on ${storedWordingModel.trainedOn.questions} questions, ${storedWordingModel.features.length} features, 9 kinds`,
    },
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
