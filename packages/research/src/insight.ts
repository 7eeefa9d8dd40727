import {
  type AggregatedResults,
  type Opinion,
  opinions,
  type PanelEstimate,
  personaAttributeLabel,
  type PersonaAttributeName,
  personaAttributes,
  type PersonaResponse,
} from '@chorus/contracts';
import { intervalSentence, supportedLead } from './intervals';

/**
 * Whole percentages that add up to exactly 100, by the largest-remainder
 * rule: each share is rounded down, and the points still missing go to the
 * largest remainders. Equal remainders are served neutral first, then
 * positive, then negative, so a tie never overstates a side.
 */
export function opinionPercentages(counts: Record<Opinion, number>): Record<Opinion, number> {
  const total = counts.positive + counts.neutral + counts.negative;
  if (total === 0) return { positive: 0, neutral: 0, negative: 0 };
  const order: Opinion[] = ['neutral', 'positive', 'negative'];
  const shares = order.map((opinion) => {
    const exact = (counts[opinion] * 100) / total;
    return { opinion, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let missing = 100 - shares.reduce((sum, s) => sum + s.floor, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder);
  for (const share of byRemainder) {
    if (missing === 0) break;
    if (share.remainder > 0) {
      share.floor += 1;
      missing -= 1;
    }
  }
  const result = { positive: 0, neutral: 0, negative: 0 };
  for (const share of shares) result[share.opinion] = share.floor;
  return result;
}

type AnswerForInsight = Pick<PersonaResponse, 'personaName' | 'opinion' | 'confidence'> & {
  grounding: Pick<PersonaResponse['grounding'], 'personaAttributes'>;
};

/**
 * The attribute most of these answers name, as a label ("income"), or
 * undefined. Answers list their grounds most important first, so between
 * attributes named equally often, the one named earlier wins.
 */
function commonDriver(answers: readonly AnswerForInsight[]): string | undefined {
  const tally = new Map<PersonaAttributeName, { count: number; positions: number }>();
  for (const answer of answers) {
    [...new Set(answer.grounding.personaAttributes)].forEach((name, position) => {
      const entry = tally.get(name) ?? { count: 0, positions: 0 };
      tally.set(name, { count: entry.count + 1, positions: entry.positions + position });
    });
  }
  let best: [PersonaAttributeName, { count: number; positions: number }] | undefined;
  // Still equal: the attribute listed first in personaAttributes, for a stable text.
  for (const { name } of personaAttributes) {
    const entry = tally.get(name);
    if (!entry) continue;
    if (
      !best ||
      entry.count > best[1].count ||
      (entry.count === best[1].count && entry.positions < best[1].positions)
    ) {
      best = [name, entry];
    }
  }
  return best && personaAttributeLabel(best[0]).toLowerCase();
}

function personas(count: number): string {
  return count === 1 ? '1 persona' : `${count} personas`;
}

function mostConfident(answers: readonly AnswerForInsight[]): AnswerForInsight | undefined {
  return answers.reduce<AnswerForInsight | undefined>(
    (best, a) => (!best || a.confidence > best.confidence ? a : best),
    undefined,
  );
}

/**
 * The key insight: where the personas stand and what drove them, from the
 * answers alone (the same answers always give the same text).
 */
export function keyInsight(answers: readonly AnswerForInsight[]): string {
  const total = answers.length;
  if (total === 0) return 'No persona answered this question.';
  const by = (opinion: Opinion) => answers.filter((a) => a.opinion === opinion);
  const groups = opinions
    .map((opinion) => ({ opinion, answers: by(opinion) }))
    .sort((a, b) => b.answers.length - a.answers.length);
  const [lead, second] = groups as [(typeof groups)[0], (typeof groups)[0]];
  const percentages = opinionPercentages({
    positive: by('positive').length,
    neutral: by('neutral').length,
    negative: by('negative').length,
  });

  const sentences: string[] = [];
  if (lead.answers.length === second.answers.length) {
    sentences.push(
      `Opinion is split: ${percentages.positive}% positive, ${percentages.neutral}% neutral, ${percentages.negative}% negative.`,
    );
    for (const side of ['positive', 'negative'] as const) {
      const driver = commonDriver(by(side));
      if (driver) sentences.push(`${capitalize(side)} answers turn on ${driver}.`);
    }
  } else {
    const share = percentages[lead.opinion];
    const strength =
      lead.answers.length === total ? 'Unanimous' : share >= 70 ? 'Strong' : 'Mostly';
    const driver = commonDriver(lead.answers);
    sentences.push(
      `${strength} ${lead.opinion}: ${lead.answers.length} of ${personas(total)} (${share}%) lean ${lead.opinion}${driver ? `, mostly because of ${driver}` : ''}.`,
    );
    const dissent = answers.filter(
      (a) => a.opinion !== lead.opinion && a.opinion !== 'neutral' && lead.opinion !== 'neutral',
    );
    const dissentDriver = commonDriver(dissent);
    if (dissent.length > 0) {
      sentences.push(
        `${personas(dissent.length)} disagree${dissent.length === 1 ? 's' : ''}${dissentDriver ? `, citing ${dissentDriver}` : ''}.`,
      );
    }
  }
  const confident = mostConfident(answers);
  if (confident && total > 1) {
    sentences.push(
      `${confident.personaName} is the most certain (${Math.round(confident.confidence * 100)}% confident, ${confident.opinion}).`,
    );
  }
  return sentences.join(' ');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The key insight held to the intervals: a lead the intervals support keeps
 * the insight and adds its interval; a lead within the noise is not named,
 * only what drove each side.
 */
export function keyInsightWithIntervals(
  answers: readonly AnswerForInsight[],
  estimate: PanelEstimate,
): string {
  if (answers.length === 0) return keyInsight(answers);
  if (supportedLead(estimate)) return `${keyInsight(answers)} ${intervalSentence(estimate)}`;
  const sentences = [intervalSentence(estimate)];
  for (const side of ['positive', 'negative'] as const) {
    const driver = commonDriver(answers.filter((a) => a.opinion === side));
    if (driver) sentences.push(`${capitalize(side)} answers turn on ${driver}.`);
  }
  return sentences.join(' ');
}

/**
 * The aggregated results of a question's answers: percentages of the
 * personas' opinions summing to 100 and a key insight (held to the intervals
 * when the panel's estimate is given).
 */
export function aggregateResponses(
  answers: readonly AnswerForInsight[],
  estimate?: PanelEstimate,
): AggregatedResults {
  const count = (opinion: Opinion) => answers.filter((a) => a.opinion === opinion).length;
  return {
    ...opinionPercentages({
      positive: count('positive'),
      neutral: count('neutral'),
      negative: count('negative'),
    }),
    keyInsight: estimate ? keyInsightWithIntervals(answers, estimate) : keyInsight(answers),
  };
}
