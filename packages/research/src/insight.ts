import {
  type AggregatedResults,
  type Opinion,
  type OpinionCounts,
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
  /** The persona's seeded draws; when every answer has them, shares are shares of all draws. */
  draws?: PersonaResponse['draws'];
};

/**
 * Every answer's draws added up, or undefined when an answer has none (an
 * answer stored before draws were kept): then each persona counts once.
 */
export function drawTotals(answers: readonly AnswerForInsight[]): OpinionCounts | undefined {
  if (answers.length === 0 || answers.some((a) => !a.draws)) return undefined;
  const totals: OpinionCounts = { positive: 0, neutral: 0, negative: 0 };
  for (const answer of answers) for (const o of opinions) totals[o] += answer.draws![o];
  return totals.positive + totals.neutral + totals.negative > 0 ? totals : undefined;
}

/** What the shares are counted from: every persona's draws when known, else one opinion each. */
function panelCounts(answers: readonly AnswerForInsight[]): OpinionCounts {
  return (
    drawTotals(answers) ?? {
      positive: answers.filter((a) => a.opinion === 'positive').length,
      neutral: answers.filter((a) => a.opinion === 'neutral').length,
      negative: answers.filter((a) => a.opinion === 'negative').length,
    }
  );
}

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
 * The key insight: where the panel stands and what drove it (the same answers
 * always give the same text). Its percentages are the headline shares: of
 * every persona's draws when the answers carry them, as the estimate and its
 * intervals are, otherwise of the personas' opinions. Each persona counts
 * for its most likely view when the text names personas.
 */
export function keyInsight(answers: readonly AnswerForInsight[]): string {
  const total = answers.length;
  if (total === 0) return 'No persona answered this question.';
  const byDraws = drawTotals(answers) !== undefined;
  const counts = panelCounts(answers);
  const percentages = opinionPercentages(counts);
  const by = (opinion: Opinion) => answers.filter((a) => a.opinion === opinion);
  const ranked = [...opinions].sort((a, b) => counts[b] - counts[a]);
  const [lead, second] = ranked as [Opinion, Opinion];

  const sentences: string[] = [];
  if (counts[lead] === counts[second]) {
    sentences.push(
      `Opinion is split: ${percentages.positive}% positive, ${percentages.neutral}% neutral, ${percentages.negative}% negative.`,
    );
    for (const side of ['positive', 'negative'] as const) {
      const driver = commonDriver(by(side));
      if (driver) sentences.push(`${capitalize(side)} answers turn on ${driver}.`);
    }
  } else {
    const share = percentages[lead];
    const strength = share === 100 ? 'Unanimous' : share >= 70 ? 'Strong' : 'Mostly';
    const leaning = by(lead);
    const driver = commonDriver(leaning);
    const because = driver ? `, mostly because of ${driver}` : '';
    sentences.push(
      byDraws
        ? `${strength} ${lead}: ${share}% of the panel's answers are ${lead}, ${
            leaning.length === 0
              ? 'though no persona holds it as its most likely view'
              : `the most likely view of ${leaning.length} of ${personas(total)}${because}`
          }.`
        : `${strength} ${lead}: ${leaning.length} of ${personas(total)} (${share}%) lean ${lead}${because}.`,
    );
    const dissent = answers.filter(
      (a) => a.opinion !== lead && a.opinion !== 'neutral' && lead !== 'neutral',
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
      `${confident.personaName} holds the clearest view (${Math.round(confident.confidence * 100)}% likely ${confident.opinion}).`,
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
 * The aggregated results of a question's answers: whole percentages summing
 * to 100 and a key insight (held to the intervals when the panel's estimate
 * is given). The percentages are the estimate's shares, of every persona's
 * draws, rounded by the largest remainder, so the headline and the chart
 * agree with the interval printed beside them; answers without draws count
 * one opinion each.
 */
export function aggregateResponses(
  answers: readonly AnswerForInsight[],
  estimate?: PanelEstimate,
): AggregatedResults {
  return {
    ...opinionPercentages(panelCounts(answers)),
    keyInsight: estimate ? keyInsightWithIntervals(answers, estimate) : keyInsight(answers),
  };
}
