import type { PriceRangeDraw, QuestionSpec, SpecOf, TypedAnswer } from '@chorus/contracts';
import { NONE_OF_THESE } from '@chorus/research';
import { amount, count, listWords, pricePer } from './words';

// One persona's typed answer in a sentence, from its draws: what it gave most
// often (or the middle of its numbers), with how often, so the per-persona
// part of a report reads without a chart.

/** The value given most often and how many times; a tie goes to the one given first. */
function mostOften(values: readonly number[]): { value: number; times: number } | undefined {
  const counts = new Map<number, number>();
  let best: number | undefined;
  for (const value of values) {
    const n = (counts.get(value) ?? 0) + 1;
    counts.set(value, n);
    if (best === undefined || n > (counts.get(best) ?? 0)) best = value;
  }
  return best === undefined ? undefined : { value: best, times: counts.get(best) ?? 0 };
}

/** The middle value (the lower of the two middles for an even count, an answer actually given). */
function middle(values: readonly number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** "in every draw", "in most draws (12 of 20)", "most often (8 of 20 draws)", or nothing for one draw. */
function howOften(times: number, draws: number): string {
  if (draws <= 1) return '';
  if (times === draws) return ' in every draw';
  if (times * 2 > draws) return ` in most draws (${times} of ${draws})`;
  return ` most often (${times} of ${draws} draws)`;
}

const quoted = (text: string) => `“${text}”`;

function optionWords(spec: SpecOf<'single_choice'> | SpecOf<'multiple_choice'>, index: number) {
  return index >= spec.options.length
    ? NONE_OF_THESE.toLowerCase()
    : quoted(spec.options[index] ?? '');
}

function describe(answer: TypedAnswer, spec: QuestionSpec): string | null {
  const n = answer.draws.length;
  switch (answer.type) {
    case 'scale': {
      if (spec.type !== 'scale') return null;
      const top = mostOften(answer.draws);
      return top ? `Rated ${top.value} of ${spec.points}${howOften(top.times, n)}` : null;
    }
    case 'nps': {
      const top = mostOften(answer.draws);
      if (!top) return null;
      const group = top.value >= 9 ? 'a promoter' : top.value >= 7 ? 'passive' : 'a detractor';
      return `Scored ${top.value} of 10${howOften(top.times, n)} (${group})`;
    }
    case 'single_choice': {
      if (spec.type !== 'single_choice') return null;
      const top = mostOften(answer.draws);
      return top ? `Chose ${optionWords(spec, top.value)}${howOften(top.times, n)}` : null;
    }
    case 'multiple_choice': {
      if (spec.type !== 'multiple_choice' || n === 0) return null;
      // What the persona picked in at least half of its answers.
      const picks = new Map<number, number>();
      for (const draw of answer.draws) for (const i of draw) picks.set(i, (picks.get(i) ?? 0) + 1);
      const usual = [...picks.entries()]
        .filter(([i, times]) => times * 2 >= n && i < spec.options.length)
        .sort(([a], [b]) => a - b)
        .map(([i]) => optionWords(spec, i));
      const often = n > 1 ? ' in at least half of its draws' : '';
      return usual.length === 0
        ? `Picked none of these${often}`
        : `Picked ${listWords(usual)}${often}`;
    }
    case 'number': {
      if (spec.type !== 'number') return null;
      const value = middle(answer.draws);
      if (value === undefined) return null;
      return n > 1
        ? `Said ${amount(value)} ${spec.unit} (the middle of its ${n} draws)`
        : `Said ${amount(value)} ${spec.unit}`;
    }
    case 'ranking': {
      if (spec.type !== 'ranking') return null;
      const top = mostOften(answer.draws.flatMap((order) => order.slice(0, 1)));
      return top
        ? `Put ${quoted(spec.items[top.value] ?? '')} first${howOften(top.times, n)}`
        : null;
    }
    case 'maxdiff': {
      if (spec.type !== 'maxdiff') return null;
      const tasks = answer.draws.flat();
      const best = mostOften(tasks.map((task) => task.best));
      const worst = mostOften(tasks.map((task) => task.worst));
      if (!best || !worst) return null;
      return `Picked ${quoted(spec.items[best.value] ?? '')} as best and ${quoted(spec.items[worst.value] ?? '')} as worst most often`;
    }
    case 'price_ladder': {
      if (spec.type !== 'price_ladder') return null;
      const k = middle(answer.draws);
      if (k === undefined) return null;
      const lowest = spec.prices[0] ?? 0;
      if (k === 0) {
        return `Would not buy at any of the prices, not even ${pricePer(lowest, spec.currency, spec.period)}`;
      }
      const highest = spec.prices[Math.min(k, spec.prices.length) - 1] ?? lowest;
      return `Would buy up to ${pricePer(highest, spec.currency, spec.period)}${n > 1 ? ` (the middle of its ${n} draws)` : ''}`;
    }
    case 'price_range': {
      if (spec.type !== 'price_range' || n === 0) return null;
      const at = (pick: (d: PriceRangeDraw) => number) =>
        pricePer(middle(answer.draws.map(pick)) ?? 0, spec.currency, spec.period);
      return `Too cheap at ${at((d) => d.tooCheap)}, a bargain at ${at((d) => d.bargain)}, getting expensive at ${at((d) => d.expensive)}, too expensive at ${at((d) => d.tooExpensive)}`;
    }
  }
}

/**
 * "Rated 4 of 5 in most draws (14 of 20)", "Would buy up to $19 a month": a
 * persona's typed answer in words, with the draws that could not be used
 * counted; null when the answer does not belong to the question's settings.
 */
export function typedAnswerWords(answer: TypedAnswer, spec: QuestionSpec | null): string | null {
  if (!spec || spec.type !== answer.type) return null;
  const words = describe(answer, spec);
  const setAside =
    answer.type === 'price_range' && answer.outOfOrder > 0
      ? `${count(answer.outOfOrder, 'draw')} with the prices out of order set aside`
      : '';
  const unusable = answer.noAnswer > 0 ? `${count(answer.noAnswer, 'draw')} without an answer` : '';
  const notes = [setAside, unusable].filter(Boolean).join('; ');
  if (!words) return notes ? `No usable answer (${notes})` : null;
  return notes ? `${words} (${notes})` : words;
}
