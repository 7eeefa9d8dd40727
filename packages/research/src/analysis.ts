import {
  type Alarm,
  type DriftReport,
  type Opinion,
  type OpinionCounts,
  opinions,
  type PastRun,
  type QuestionAnalysis,
  type RunDetails,
} from '@chorus/contracts';
import { compareRuns } from './drift';
import { ECHO_ENTROPY_THRESHOLD, isEchoChamber, normalizedEntropy } from './echo';
import { estimatePanel } from './intervals';

/**
 * What a researcher reads from a run: the panel's shares with intervals, the
 * echo-chamber and flattery alarms, and drift between runs.
 */

export const SENSITIVITY_SHIFT_POINTS = 15;
export const FLATTERY_AGREEMENT_SHARE = 50;

interface AnsweredPersona {
  opinion: Opinion;
  draws?: OpinionCounts | undefined;
}

/** Each persona's draws, or its one opinion for answers stored before draws existed. */
function countsOf(responses: readonly AnsweredPersona[]): OpinionCounts[] {
  return responses.map((r) => r.draws ?? { positive: 0, neutral: 0, negative: 0, [r.opinion]: 1 });
}

function list(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.join(', ');
}

/** The panel's shares with intervals and its alarms, from the stored answers and run. */
export function analyzeRun(
  responses: readonly AnsweredPersona[],
  run: RunDetails | null,
): QuestionAnalysis | null {
  if (responses.length === 0) return null;
  const estimate = estimatePanel(countsOf(responses), run?.seed ?? 0);
  const entropy = normalizedEntropy(estimate.shares);
  const alarms: Alarm[] = [];
  if (
    isEchoChamber(
      estimate,
      responses.map((r) => r.opinion),
    )
  ) {
    const coverage = run?.coverage ?? [];
    const covers = coverage.map((d) => `${d.name}: ${list(d.covered)}`).join('; ');
    const lacks = coverage
      .filter((d) => d.missing.length > 0)
      .map((d) => `${d.name}: ${list(d.missing)}`)
      .join('; ');
    alarms.push({
      kind: 'echo-chamber',
      title: 'Echo chamber',
      text: `The panel answered with too little spread (entropy ${entropy.toFixed(2)}, below ${ECHO_ENTROPY_THRESHOLD}${responses.every((r) => r.opinion === responses[0]!.opinion) ? '; every persona answered alike' : ''}).${covers ? ` It covers ${covers}.` : ''}${lacks ? ` It lacks ${lacks}.` : ''} Add personas from the missing segments, or reword the question, before trusting this result.`,
    });
  }
  const s = run?.sensitivity;
  if (s) {
    const shift = Math.max(...opinions.map((o) => Math.abs(s.asked[o] - s.neutral[o])));
    if (shift >= SENSITIVITY_SHIFT_POINTS) {
      alarms.push({
        kind: 'wording-sensitive',
        title: 'Wording moves the answer',
        text: `Asked neutrally ("${s.neutralText}"), the answer moved by up to ${shift.toFixed(1)} points. Report the neutral wording's result, or both.`,
      });
    }
    if (
      s.asked.positive >= FLATTERY_AGREEMENT_SHARE &&
      s.reversed.negative >= FLATTERY_AGREEMENT_SHARE
    ) {
      alarms.push({
        kind: 'flattery',
        title: 'Personas agree with the asker',
        text: `Both framings drew agreement: ${s.asked.positive.toFixed(0)}% positive as asked, and ${s.reversed.negative.toFixed(0)}% negative when reversed ("${s.reversedText}"). The personas follow the framing rather than holding a view; do not read this result as demand.`,
      });
    }
  }
  return { estimate, entropy, alarms };
}

/** The latest run against the one before it, when the question has been run more than once. */
export function driftBetween(
  previous: PastRun | undefined,
  current: QuestionAnalysis | null,
): DriftReport | null {
  if (!previous?.estimate || !current) return null;
  return compareRuns(previous.estimate, current.estimate);
}
