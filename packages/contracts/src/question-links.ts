import { z } from 'zod';
import type { QuestionSpec, TypedResult } from './typed-questions';

/**
 * Share links of typed questions and studies: real people answer the same
 * questions the personas answered, on a public page, and the team reads both
 * side by side. A person's answer is one draw of the type's answer.
 */

export const QUESTION_LINK_MAX_DAYS = 90;
export const QUESTION_LINK_DEFAULT_DAYS = 30;

export const questionLinkMessages = {
  expiry: `A link expires after 1 to ${QUESTION_LINK_MAX_DAYS} days`,
  notTyped: 'Only typed questions (scales, NPS, choices, numbers, rankings, prices) can be shared',
  notFound: 'Share link not found',
  unavailable: 'This link has expired or is no longer active.',
  answerEveryQuestion: 'Answer every question before sending',
  unknownQuestion: 'This link does not ask that question',
  scaleValue: (points: number) => `Choose a point from 1 to ${points}`,
  npsValue: 'Choose a score from 0 to 10',
  choice: 'Choose one of the options',
  choices: 'Choose at least one option, each once',
  number: (min: number, max: number, unit: string) =>
    `Give a number from ${min} to ${max} ${unit}`.trim(),
  ranking: 'Rank every item once',
  maxdiff: 'In each set pick one best and one different worst item',
  ladder: 'Say at which prices you would buy',
  priceOrder:
    'Give four prices in order: too cheap, then a bargain, then getting expensive, then too expensive, each higher than the one before',
  likelihood: 'Give a likelihood from 0 to 10',
  wrongType: 'This answer is for a different kind of question',
  tooMany: 'Too many responses from here. Try again in a minute.',
} as const;

export const createQuestionLinkRequest = z.object({
  expiresInDays: z
    .number({ error: questionLinkMessages.expiry })
    .int(questionLinkMessages.expiry)
    .min(1, questionLinkMessages.expiry)
    .max(QUESTION_LINK_MAX_DAYS, questionLinkMessages.expiry)
    .default(QUESTION_LINK_DEFAULT_DAYS),
});

const index = z.number().int().min(0).max(100);
const price = z.number().finite().min(0).max(1_000_000);

/** What one person answered to one typed question. */
const personAnswerSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('scale'), value: z.number().int() }),
    z.object({ type: z.literal('nps'), value: z.number().int() }),
    z.object({ type: z.literal('single_choice'), option: index }),
    z.object({ type: z.literal('multiple_choice'), options: z.array(index).max(11) }),
    z.object({ type: z.literal('number'), value: z.number().finite() }),
    z.object({ type: z.literal('ranking'), order: z.array(index).max(10) }),
    z.object({
      type: z.literal('maxdiff'),
      tasks: z.array(z.object({ shown: z.array(index).max(5), best: index, worst: index })).max(60),
    }),
    /** The ladder's prices the person would buy at, by index. */
    z.object({ type: z.literal('price_ladder'), wouldBuy: z.array(z.boolean()).max(10) }),
    z.object({
      type: z.literal('price_range'),
      tooCheap: price,
      bargain: price,
      expensive: price,
      tooExpensive: price,
      /** 0–10 when the link asks how likely they are to buy at their bargain and expensive prices. */
      buyAtBargain: z.number().min(0).max(10).optional(),
      buyAtExpensive: z.number().min(0).max(10).optional(),
    }),
  ],
  { error: () => questionLinkMessages.wrongType },
);
export type PersonAnswer = z.output<typeof personAnswerSchema>;

/** POST /api/public/question-links/{token}/responses: one answer per question of the link. */
export const questionLinkResponseRequest = z.object({
  answers: z
    .array(z.object({ questionId: z.string().min(1).max(100), answer: personAnswerSchema }))
    .min(1, questionLinkMessages.answerEveryQuestion)
    .max(10),
});
export type QuestionLinkResponseRequest = z.output<typeof questionLinkResponseRequest>;

/** A link as its owner sees it; the token only once, when it is made. */
export interface QuestionLinkView {
  id: string;
  productId: string;
  /** The study shared, or null when one question is. */
  studyId: string | null;
  questionIds: string[];
  title: string;
  isActive: boolean;
  createdAt: string;
  expiresAt: string;
  responseCount: number;
  /** Where people answer: /survey/{token}; only in the answer that created the link. */
  url: string | null;
}

/** A question as the public page asks it. */
export interface PublicLinkQuestion {
  id: string;
  questionText: string;
  spec: QuestionSpec;
  /** For a best–worst question: the sets this page shows, item indexes. */
  maxDiffSets: number[][];
}

/** GET /api/public/question-links/{token}: what the page asks, and this browser's last answers. */
export interface PublicQuestionLinkView {
  productName: string;
  title: string;
  questions: PublicLinkQuestion[];
  expiresAt: string;
  myAnswers: { questionId: string; answer: PersonAnswer }[] | null;
}

/** How close people and personas are on one question, in plain words with the measure named. */
export interface PeopleVsPersonas {
  /** Jensen–Shannon distance between the two answer distributions (0: the same, 1: nothing in common); null when either side has no answers. */
  distance: number | null;
  /** Two-sample Kolmogorov–Smirnov statistic over ordered answers (scales, NPS, numbers, prices); null elsewhere. */
  ks: number | null;
  /** Agreement level in words ("close", "some difference"…). */
  level: string;
  /** The plain sentence shown first. */
  text: string;
}

export interface QuestionLinkQuestionResults {
  questionId: string;
  questionText: string;
  type: QuestionSpec['type'];
  responses: number;
  people: TypedResult | null;
  personas: TypedResult | null;
  agreement: PeopleVsPersonas;
}

/** GET /api/products/{id}/question-links/{linkId}/results. */
export interface QuestionLinkResultsView {
  link: QuestionLinkView;
  questions: QuestionLinkQuestionResults[];
}

const distinctIndexes = (values: readonly number[], below: number) =>
  new Set(values).size === values.length && values.every((v) => v >= 0 && v < below);

/**
 * What is wrong with a person's answer to a question, in the words the page
 * shows, or null. The page checks before sending and the server again, so
 * an answer out of range or four prices out of order never reach the results.
 */
export function personAnswerProblem(spec: QuestionSpec, answer: PersonAnswer): string | null {
  if (spec.type !== answer.type) return questionLinkMessages.wrongType;
  switch (answer.type) {
    case 'scale': {
      const points = spec.type === 'scale' ? spec.points : 5;
      return answer.value >= 1 && answer.value <= points
        ? null
        : questionLinkMessages.scaleValue(points);
    }
    case 'nps':
      return answer.value >= 0 && answer.value <= 10 ? null : questionLinkMessages.npsValue;
    case 'single_choice': {
      const count =
        spec.type === 'single_choice' ? spec.options.length + (spec.noneOption ? 1 : 0) : 0;
      return answer.option < count ? null : questionLinkMessages.choice;
    }
    case 'multiple_choice': {
      if (spec.type !== 'multiple_choice') return questionLinkMessages.wrongType;
      const none = spec.options.length;
      const ok =
        answer.options.length > 0 &&
        distinctIndexes(answer.options, none + (spec.noneOption ? 1 : 0)) &&
        // "None of these" stands alone.
        (!answer.options.includes(none) || answer.options.length === 1);
      return ok ? null : questionLinkMessages.choices;
    }
    case 'number':
      if (spec.type !== 'number') return questionLinkMessages.wrongType;
      return answer.value >= spec.min && answer.value <= spec.max
        ? null
        : questionLinkMessages.number(spec.min, spec.max, spec.unit);
    case 'ranking': {
      const items = spec.type === 'ranking' ? spec.items.length : 0;
      return answer.order.length === items && distinctIndexes(answer.order, items)
        ? null
        : questionLinkMessages.ranking;
    }
    case 'maxdiff': {
      const items = spec.type === 'maxdiff' ? spec.items.length : 0;
      const ok =
        answer.tasks.length > 0 &&
        answer.tasks.every(
          (task) =>
            distinctIndexes(task.shown, items) &&
            task.shown.includes(task.best) &&
            task.shown.includes(task.worst) &&
            task.best !== task.worst,
        );
      return ok ? null : questionLinkMessages.maxdiff;
    }
    case 'price_ladder': {
      const prices = spec.type === 'price_ladder' ? spec.prices.length : 0;
      return answer.wouldBuy.length === prices ? null : questionLinkMessages.ladder;
    }
    case 'price_range': {
      const { tooCheap, bargain, expensive, tooExpensive } = answer;
      if (!(tooCheap < bargain && bargain < expensive && expensive < tooExpensive)) {
        return questionLinkMessages.priceOrder;
      }
      const likely = spec.type === 'price_range' && spec.likelihood;
      if (likely && (answer.buyAtBargain === undefined || answer.buyAtExpensive === undefined)) {
        return questionLinkMessages.likelihood;
      }
      return null;
    }
  }
}
