import {
  type Alarm,
  type AnalysisNote,
  type DriftReport,
  type LeadingKind,
  leadingKindLabels,
  type Opinion,
  type OpinionCounts,
  opinions,
  type PastRun,
  type QuestionAnalysis,
  type RunDetails,
  type Sensitivity,
  type SensitivitySkipReason,
  type WordingCheck,
} from '@chorus/contracts';
import { compareRuns } from './drift';
import { normalizedEntropy, panelAgrees, sameAnswerChance, timesInTen } from './echo';
import { estimatePanel } from './intervals';
import { isPanelOfCopies } from './panel';

/**
 * What a researcher reads from a run: the panel's shares with intervals; the
 * alarms (leading wording, a panel of near-copies, wording that moves the
 * answer, personas that follow the framing); notes on outcomes worth reading
 * (the panel agrees, the wording did not move the answer); drift between runs.
 */

/**
 * A framing moving some opinion's share by this many points or more is an
 * alarm. The same personas answer every framing, so only their draws vary:
 * with 10 personas × 20 draws the standard error of a difference of two
 * shares near 50% is about 5 points, and 15 points is three of them.
 */
const SENSITIVITY_SHIFT_POINTS = 15;
const FLATTERY_AGREEMENT_SHARE = 50;

interface AnsweredPersona {
  opinion: Opinion;
  draws?: OpinionCounts | undefined;
}

/** Each persona's draws, or its one opinion for answers stored before draws existed. */
function countsOf(responses: readonly AnsweredPersona[]): OpinionCounts[] {
  return responses.map((r) => r.draws ?? { positive: 0, neutral: 0, negative: 0, [r.opinion]: 1 });
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function kindLabel(kind: string): string {
  return leadingKindLabels[kind as LeadingKind] ?? kind;
}

/**
 * The leading alarm from the run's wording check (made where the question was
 * answered): the words that steer and a neutral wording to ask instead.
 */
function leadingAlarm(check: WordingCheck, questionText: string): Alarm | null {
  if (!check.leading) return null;
  const whys = [...new Set(check.findings.map((f) => f.why.trim()).filter(Boolean))];
  const reason = whys.length > 0 ? whys.join(' ') : (check.judge?.reason ?? '');
  const rewording = check.neutral.trim();
  const asksElse =
    check.rewording === 'ready' && rewording !== '' && rewording !== questionText.trim();
  // No safe rewording: the changes to make by hand, in plain words.
  const edits =
    !asksElse && check.edits.length > 0
      ? ` Edit it yourself: ${check.edits
          .map((e) =>
            e.change === 'replace' && e.suggestion
              ? `change “${e.phrase}” to “${e.suggestion}”`
              : `remove “${e.phrase}”`,
          )
          .join('; ')}.`
      : '';
  return {
    kind: 'leading',
    title: 'Leading question',
    text: `The question steers people towards an answer. ${reason}${asksElse ? ` Ask instead: “${rewording}”` : edits}`.trim(),
    technical: [
      ...check.findings.map((f) => `${kindLabel(f.kind)}: “${f.phrase}”`),
      ...(check.judge
        ? [
            `Model judge (${check.judge.model}): ${check.judge.kinds.map(kindLabel).join(', ') || 'leading'}`,
          ]
        : []),
    ].join('; '),
    words: check.findings.map((f) => f.phrase),
    rewording: asksElse ? rewording : undefined,
  };
}

/** The largest shift of any opinion's share between the question as asked and another framing. */
function shiftOf(asked: Sensitivity['asked'], other: Sensitivity['asked']) {
  return opinions
    .map((o) => ({ opinion: o, points: oneDecimal(Math.abs(asked[o] - other[o])) }))
    .sort((a, b) => b.points - a.points)[0]!;
}

/** Why a ticked sensitivity check did not run, in plain words. */
const skippedText: Record<SensitivitySkipReason, string> = {
  'no-fair-reversed':
    'The wording check could not make a fair reversed question, so the sensitivity check did not run for this question.',
  'no-fair-neutral':
    'The wording check could not make a fair neutral question, so the sensitivity check did not run for this question.',
};

/**
 * The outcome of the wording-sensitivity check: an alarm when the answers
 * moved, a note when they did not, and a note when it could not run.
 */
function sensitivityOutcome(
  s: Sensitivity | null,
  skipped?: SensitivitySkipReason,
): { alarms: Alarm[]; notes: AnalysisNote[] } {
  if (!s) {
    return {
      alarms: [],
      notes: skipped
        ? [
            {
              kind: 'sensitivity-skipped',
              title: 'Wording sensitivity not checked',
              text: `${skippedText[skipped]} Reword the question by hand to check it.`,
            },
          ]
        : [],
    };
  }
  const neutral = shiftOf(s.asked, s.neutral);
  const reversed = shiftOf(s.asked, s.reversed);
  const largest = neutral.points >= reversed.points ? neutral : reversed;
  const technical = `Largest change in any opinion's share: ${neutral.points} points asked neutrally (${neutral.opinion}), ${reversed.points} points reversed (${reversed.opinion}); alarm from ${SENSITIVITY_SHIFT_POINTS} points`;
  const alarms: Alarm[] = [];
  const notes: AnalysisNote[] = [];
  const moved = [
    ...(neutral.points >= SENSITIVITY_SHIFT_POINTS
      ? [
          `asked neutrally (“${s.neutralText}”), ${neutral.opinion} answers moved by ${neutral.points} points`,
        ]
      : []),
    ...(reversed.points >= SENSITIVITY_SHIFT_POINTS
      ? [
          `asked the other way round (“${s.reversedText}”), ${reversed.opinion} answers moved by ${reversed.points} points`,
        ]
      : []),
  ];
  if (moved.length > 0) {
    alarms.push({
      kind: 'wording-sensitive',
      title: 'Wording moves the answer',
      text: `The answers depend on how the question is put: ${joinWords(moved)}. Report the neutral wording's result, or all of them.`,
      technical,
    });
  } else {
    notes.push({
      kind: 'wording-stable',
      title: 'Wording does not move the answer',
      text: `The answers did not move when the wording was reversed or made neutral (largest shift ${largest.points} ${largest.points === 1 ? 'point' : 'points'}).`,
      technical,
    });
  }
  if (
    s.asked.positive >= FLATTERY_AGREEMENT_SHARE &&
    s.reversed.negative >= FLATTERY_AGREEMENT_SHARE
  ) {
    alarms.push({
      kind: 'flattery',
      title: 'Personas agree with the asker',
      text: `Both framings drew agreement: ${s.asked.positive.toFixed(0)}% positive as asked, and ${s.reversed.negative.toFixed(0)}% negative when reversed (“${s.reversedText}”). The personas follow the framing rather than holding a view; do not read this result as demand.`,
      technical: `Positive share as asked ${s.asked.positive.toFixed(1)}%, negative share reversed ${s.reversed.negative.toFixed(1)}%; alarm when both reach ${FLATTERY_AGREEMENT_SHARE}%`,
    });
  }
  return { alarms, notes };
}

/** The echo-chamber alarm: the personas are near-copies of one another, whatever they answered. */
function echoAlarm(run: RunDetails | null): Alarm | null {
  const panel = run?.panel;
  if (!panel || !isPanelOfCopies(panel)) return null;
  const like = panel.effective.toFixed(1);
  const copies =
    panel.nearCopies > 1
      ? ` ${panel.nearCopies === panel.personas ? `All ${panel.personas}` : `${panel.nearCopies} of the ${panel.personas}`} personas are near-copies of one another.`
      : '';
  const gaps = panel.gaps.length > 0 ? ` Today ${joinWords(panel.gaps)}.` : '';
  return {
    kind: 'echo-chamber',
    title: 'Echo chamber',
    text: `The personas are too alike to stand for different customers: the panel of ${panel.personas} is like ${like} different ${like === '1.0' ? 'person' : 'people'}, so their answers echo one another whatever they say.${copies}${gaps} Add personas who differ from them before trusting this result.`,
    technical: `Effective number of distinct personas ${panel.effective.toFixed(2)} of ${panel.personas} (Leinster–Cobbold diversity of order 2: inverse Simpson index over trait similarity, similarity 1 − distance/0.5); mean trait distance ${panel.meanDistance.toFixed(2)} over age, income, place, occupation, household and values; alarm at half the panel or less`,
  };
}

/**
 * The panel's shares with intervals, its alarms and notes, from the stored
 * answers and run; with the run's wording check, the leading alarm too.
 */
export function analyzeRun(
  responses: readonly AnsweredPersona[],
  run: RunDetails | null,
  questionText?: string | null,
): QuestionAnalysis | null {
  if (responses.length === 0) return null;
  const estimate = estimatePanel(countsOf(responses), run?.seed ?? 0);
  const entropy = normalizedEntropy(estimate.shares);
  const alarms: Alarm[] = [];
  const notes: AnalysisNote[] = [];
  const leading = run?.wording ? leadingAlarm(run.wording, questionText ?? '') : null;
  if (leading) alarms.push(leading);
  const echo = echoAlarm(run);
  if (echo) alarms.push(echo);
  if (
    panelAgrees(
      estimate,
      responses.map((r) => r.opinion),
    )
  ) {
    const chance = sameAnswerChance(estimate.shares);
    const varied =
      run?.panel && !echo
        ? ' The personas differ from one another, so this reads as a shared view, not an echo.'
        : '';
    notes.push({
      kind: 'panel-agrees',
      title: 'The panel agrees',
      text: `Two answers picked at random from the panel would give the same opinion ${timesInTen(chance)}.${varied}`,
      technical: `Normalised entropy of the shares ${entropy.toFixed(2)} (Shannon entropy, base 3; 1 is an even three-way split); Simpson index ${chance.toFixed(2)}`,
    });
  }
  if (run?.sensitivity || run?.sensitivitySkipped) {
    const outcome = sensitivityOutcome(run.sensitivity, run.sensitivitySkipped);
    alarms.push(...outcome.alarms);
    notes.push(...outcome.notes);
  }
  return { estimate, entropy, alarms, notes };
}

/** The latest run against the one before it, when the question has been run more than once. */
export function driftBetween(
  previous: PastRun | undefined,
  current: QuestionAnalysis | null,
): DriftReport | null {
  if (!previous?.estimate || !current) return null;
  return compareRuns(previous.estimate, current.estimate);
}
