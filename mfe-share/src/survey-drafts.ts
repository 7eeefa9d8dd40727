import {
  formatWholeDollars,
  personAnswerProblem,
  type PersonAnswer,
  type PricePeriod,
  type PublicLinkQuestion,
  type TypedQuestionSpec,
  typedQuestionMessages,
} from '@chorus/contracts';

/** A question the page can ask: a share link holds only typed questions. */
export type SurveyQuestion = PublicLinkQuestion & { spec: TypedQuestionSpec };

export const isAskable = (question: PublicLinkQuestion): question is SurveyQuestion =>
  question.spec.type !== 'opinion';

/** One best–worst set's picks, item indexes. */
interface MaxDiffPick {
  best: number | null;
  worst: number | null;
}

/** The four Van Westendorp prices, as typed. */
export const priceRangeFields = ['tooCheap', 'bargain', 'expensive', 'tooExpensive'] as const;
type PriceRangeField = (typeof priceRangeFields)[number];

/**
 * What a person has filled in so far for one question. Unlike an answer it
 * may be half done (a price not typed yet, a set without its worst item), so
 * the page can tell "not answered" from "answered wrongly".
 */
export type Draft =
  | { type: 'scale'; value: number | null }
  | { type: 'nps'; value: number | null }
  | { type: 'single_choice'; option: number | null }
  | { type: 'multiple_choice'; options: number[] }
  | { type: 'number'; text: string }
  | { type: 'ranking'; order: number[] }
  | { type: 'maxdiff'; picks: MaxDiffPick[] }
  | { type: 'price_ladder'; wouldBuy: (boolean | null)[] }
  | ({ type: 'price_range'; buyAtBargain: number | null; buyAtExpensive: number | null } & Record<
      PriceRangeField,
      string
    >);

export type DraftOf<T extends Draft['type']> = Extract<Draft, { type: T }>;

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

const isPermutation = (order: readonly number[], count: number) =>
  order.length === count &&
  new Set(order).size === count &&
  order.every((i) => i >= 0 && i < count);

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((i) => b.includes(i));

const within = (value: number | undefined, low: number, high: number): number | null =>
  value !== undefined && Number.isInteger(value) && value >= low && value <= high ? value : null;

/**
 * The question's controls, filled in with this browser's earlier answer
 * where it still fits the question (a link's sets or prices may not have
 * changed, but a stale answer must never be sent back unseen).
 */
export function draftOf(question: SurveyQuestion, earlier?: PersonAnswer): Draft {
  const { spec } = question;
  const before = earlier?.type === spec.type ? earlier : undefined;
  switch (spec.type) {
    case 'scale':
      return {
        type: 'scale',
        value: before?.type === 'scale' ? within(before.value, 1, spec.points) : null,
      };
    case 'nps':
      return { type: 'nps', value: before?.type === 'nps' ? within(before.value, 0, 10) : null };
    case 'single_choice': {
      const count = spec.options.length + (spec.noneOption ? 1 : 0);
      return {
        type: 'single_choice',
        option: before?.type === 'single_choice' ? within(before.option, 0, count - 1) : null,
      };
    }
    case 'multiple_choice': {
      const count = spec.options.length + (spec.noneOption ? 1 : 0);
      const options =
        before?.type === 'multiple_choice' ? before.options.filter((i) => i >= 0 && i < count) : [];
      return { type: 'multiple_choice', options: [...new Set(options)] };
    }
    case 'number':
      return { type: 'number', text: before?.type === 'number' ? String(before.value) : '' };
    case 'ranking': {
      const count = spec.items.length;
      const order =
        before?.type === 'ranking' && isPermutation(before.order, count)
          ? [...before.order]
          : range(count);
      return { type: 'ranking', order };
    }
    case 'maxdiff':
      return {
        type: 'maxdiff',
        picks: question.maxDiffSets.map((shown) => {
          const task =
            before?.type === 'maxdiff'
              ? before.tasks.find((t) => sameSet(t.shown, shown))
              : undefined;
          return {
            best: task && shown.includes(task.best) ? task.best : null,
            worst: task && shown.includes(task.worst) ? task.worst : null,
          };
        }),
      };
    case 'price_ladder':
      return {
        type: 'price_ladder',
        wouldBuy:
          before?.type === 'price_ladder' && before.wouldBuy.length === spec.prices.length
            ? [...before.wouldBuy]
            : spec.prices.map(() => null),
      };
    case 'price_range': {
      const had = before?.type === 'price_range' ? before : undefined;
      return {
        type: 'price_range',
        tooCheap: had ? String(had.tooCheap) : '',
        bargain: had ? String(had.bargain) : '',
        expensive: had ? String(had.expensive) : '',
        tooExpensive: had ? String(had.tooExpensive) : '',
        buyAtBargain: within(had?.buyAtBargain, 0, 10),
        buyAtExpensive: within(had?.buyAtExpensive, 0, 10),
      };
    }
  }
}

/** A typed number, or null while the field is empty or not a number. */
export function numberOf(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * The answer the draft makes, or null while the person has not answered
 * every part of the question. Whether the answer is acceptable is the
 * contract's personAnswerProblem to say.
 */
export function answerOf(question: SurveyQuestion, draft: Draft): PersonAnswer | null {
  const { spec } = question;
  switch (draft.type) {
    case 'scale':
    case 'nps':
      return draft.value === null ? null : { type: draft.type, value: draft.value };
    case 'single_choice':
      return draft.option === null ? null : { type: 'single_choice', option: draft.option };
    case 'multiple_choice':
      return draft.options.length === 0
        ? null
        : { type: 'multiple_choice', options: [...draft.options].sort((a, b) => a - b) };
    case 'number': {
      const value = numberOf(draft.text);
      return value === null ? null : { type: 'number', value };
    }
    case 'ranking':
      return { type: 'ranking', order: [...draft.order] };
    case 'maxdiff': {
      const tasks = question.maxDiffSets.map((shown, i) => {
        const pick = draft.picks[i];
        return pick && pick.best !== null && pick.worst !== null
          ? { shown: [...shown], best: pick.best, worst: pick.worst }
          : null;
      });
      return tasks.length > 0 && tasks.every((t) => t !== null) ? { type: 'maxdiff', tasks } : null;
    }
    case 'price_ladder': {
      const { wouldBuy } = draft;
      return wouldBuy.every((w) => w !== null) ? { type: 'price_ladder', wouldBuy } : null;
    }
    case 'price_range': {
      const tooCheap = numberOf(draft.tooCheap);
      const bargain = numberOf(draft.bargain);
      const expensive = numberOf(draft.expensive);
      const tooExpensive = numberOf(draft.tooExpensive);
      if (tooCheap === null || bargain === null || expensive === null || tooExpensive === null) {
        return null;
      }
      const prices = { type: 'price_range', tooCheap, bargain, expensive, tooExpensive } as const;
      if (spec.type !== 'price_range' || !spec.likelihood) return prices;
      const { buyAtBargain, buyAtExpensive } = draft;
      return buyAtBargain === null || buyAtExpensive === null
        ? null
        : { ...prices, buyAtBargain, buyAtExpensive };
    }
  }
}

/**
 * What is wrong with an answer, in the words shown under its question: the
 * contract's check, which the server repeats, then what its schema refuses
 * that the check leaves to it (a price below zero).
 */
export function answerProblem(question: SurveyQuestion, answer: PersonAnswer): string | null {
  const problem = personAnswerProblem(question.spec, answer);
  if (problem) return problem;
  if (answer.type === 'price_range' && answer.tooCheap < 0) {
    return typedQuestionMessages.pricePositive;
  }
  return null;
}

const periodWords: Record<PricePeriod, string> = {
  'one-off': '',
  week: ' a week',
  month: ' a month',
  year: ' a year',
};

/** How a price's period reads after it: "" for one-off, " a month" … */
export const periodWord = (period: PricePeriod): string => periodWords[period];

/** "$19 a month", "€7.50", as the personas read the same prices. */
export function priceText(amount: number, currency: string, period: PricePeriod): string {
  return formatWholeDollars(Math.round(amount * 100), currency) + periodWords[period];
}

/** The four Van Westendorp questions, in their standard wording. */
export function priceRangeQuestion(field: PriceRangeField, offer: string): string {
  switch (field) {
    case 'tooCheap':
      return `At what price would you consider ${offer} so cheap that you would doubt its quality?`;
    case 'bargain':
      return `At what price would you consider ${offer} a bargain — a great buy for the money?`;
    case 'expensive':
      return `At what price would you consider ${offer} starting to get expensive, but still worth considering?`;
    case 'tooExpensive':
      return `At what price would you consider ${offer} so expensive that you would not consider buying it?`;
  }
}
