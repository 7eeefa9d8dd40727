import type { PriceRangeDraw, QuestionSpec, SpecOf, TypedAnswer } from '@chorus/contracts';
import { amount, count, listWords, pricePer } from './words';

// One persona's typed answer in a sentence, from its draws: what it gave
// most often (or the middle of its numbers), so the list of answers reads
// without a chart.

/** The value given most often; a tie goes to the one given first. */
function mostOften(values: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  let best: number | undefined;
  for (const value of values) {
    const n = (counts.get(value) ?? 0) + 1;
    counts.set(value, n);
    if (best === undefined || n > (counts.get(best) ?? 0)) best = value;
  }
  return best;
}

/** The middle value (the lower of the two middles for an even count, an answer actually given). */
function middle(values: readonly number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const often = (draws: number) => (draws > 1 ? ' most often' : '');
const quoted = (text: string) => `“${text}”`;

function optionWords(spec: SpecOf<'single_choice'> | SpecOf<'multiple_choice'>, index: number) {
  return index >= spec.options.length ? 'none of these' : quoted(spec.options[index] ?? '');
}

function describe(answer: TypedAnswer, spec: QuestionSpec): string | null {
  switch (answer.type) {
    case 'scale': {
      if (spec.type !== 'scale') return null;
      const point = mostOften(answer.draws);
      return point === undefined
        ? null
        : `Rated ${point} of ${spec.points}${often(answer.draws.length)}`;
    }
    case 'nps': {
      const score = mostOften(answer.draws);
      if (score === undefined) return null;
      const group = score >= 9 ? 'a promoter' : score >= 7 ? 'passive' : 'a detractor';
      return `Scored ${score} of 10${often(answer.draws.length)} (${group})`;
    }
    case 'single_choice': {
      if (spec.type !== 'single_choice') return null;
      const pick = mostOften(answer.draws);
      return pick === undefined
        ? null
        : `Chose ${optionWords(spec, pick)}${often(answer.draws.length)}`;
    }
    case 'multiple_choice': {
      if (spec.type !== 'multiple_choice' || answer.draws.length === 0) return null;
      // What the persona picked in at least half of its answers.
      const picks = new Map<number, number>();
      for (const draw of answer.draws) for (const i of draw) picks.set(i, (picks.get(i) ?? 0) + 1);
      const usual = [...picks.entries()]
        .filter(([i, n]) => n * 2 >= answer.draws.length && i < spec.options.length)
        .sort(([a], [b]) => a - b)
        .map(([i]) => optionWords(spec, i));
      return usual.length === 0
        ? `Picked none of these${often(answer.draws.length)}`
        : `Picked ${listWords(usual)}${often(answer.draws.length)}`;
    }
    case 'number': {
      if (spec.type !== 'number') return null;
      const value = middle(answer.draws);
      if (value === undefined) return null;
      return answer.draws.length > 1
        ? `Said ${amount(value)} ${spec.unit} (the middle of its ${answer.draws.length} answers)`
        : `Said ${amount(value)} ${spec.unit}`;
    }
    case 'ranking': {
      if (spec.type !== 'ranking') return null;
      const first = mostOften(answer.draws.flatMap((order) => order.slice(0, 1)));
      return first === undefined
        ? null
        : `Put ${quoted(spec.items[first] ?? '')} first${often(answer.draws.length)}`;
    }
    case 'maxdiff': {
      if (spec.type !== 'maxdiff') return null;
      const tasks = answer.draws.flat();
      const best = mostOften(tasks.map((task) => task.best));
      const worst = mostOften(tasks.map((task) => task.worst));
      if (best === undefined || worst === undefined) return null;
      return `Picked ${quoted(spec.items[best] ?? '')} as best and ${quoted(spec.items[worst] ?? '')} as worst most often`;
    }
    case 'price_ladder': {
      if (spec.type !== 'price_ladder') return null;
      const k = middle(answer.draws);
      if (k === undefined) return null;
      const lowest = spec.prices[0];
      if (k === 0 || lowest === undefined) {
        return `Would not buy at any of the prices, not even ${pricePer(lowest ?? 0, spec.currency, spec.period)}`;
      }
      const highest = spec.prices[Math.min(k, spec.prices.length) - 1]!;
      return `Would buy up to ${pricePer(highest, spec.currency, spec.period)}`;
    }
    case 'price_range': {
      if (spec.type !== 'price_range' || answer.draws.length === 0) return null;
      const draws = answer.draws;
      const at = (pick: (d: PriceRangeDraw) => number) =>
        pricePer(middle(draws.map(pick)) ?? 0, spec.currency, spec.period);
      return `Too cheap at ${at((d) => d.tooCheap)}, a bargain at ${at((d) => d.bargain)}, getting expensive at ${at((d) => d.expensive)}, too expensive at ${at((d) => d.tooExpensive)}`;
    }
  }
}

/**
 * "Rated 4 of 5 most often", "Would buy up to $19 a month": the persona's
 * typed answer in words, with the answers that could not be used counted;
 * null when the answer does not belong to the question's settings.
 */
export function typedAnswerWords(answer: TypedAnswer, spec: QuestionSpec | null): string | null {
  if (!spec || spec.type !== answer.type) return null;
  const words = describe(answer, spec);
  const setAside =
    answer.type === 'price_range' && answer.outOfOrder > 0
      ? `${count(answer.outOfOrder, 'answer')} with the prices out of order set aside`
      : '';
  const unusable = answer.noAnswer > 0 ? `${count(answer.noAnswer, 'answer')} not usable` : '';
  const notes = [setAside, unusable].filter(Boolean).join('; ');
  if (!words) return notes ? `No usable answer (${notes})` : null;
  return notes ? `${words} (${notes})` : words;
}
