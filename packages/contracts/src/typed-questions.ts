import { z } from 'zod';

/**
 * Typed questions: the settings of each question type beside the open
 * opinion question, what one persona (or person) answers to each, and the
 * figures a result shows. A question without a type is the open opinion
 * question, with every documented shape unchanged.
 */

export const questionTypes = [
  'opinion',
  'scale',
  'nps',
  'single_choice',
  'multiple_choice',
  'number',
  'ranking',
  'maxdiff',
  'price_ladder',
  'price_range',
] as const;
export type QuestionType = (typeof questionTypes)[number];

/** What each type is called on the page. */
export const questionTypeLabels: Record<QuestionType, string> = {
  opinion: 'Open opinion',
  scale: 'Rating scale',
  nps: 'Net Promoter Score',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  number: 'Number',
  ranking: 'Ranking',
  maxdiff: 'Best–worst (MaxDiff)',
  price_ladder: 'Price ladder (Gabor–Granger)',
  price_range: 'Price range (Van Westendorp)',
};

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
const MIN_RANKING_ITEMS = 2;
export const MAX_RANKING_ITEMS = 10;
const MIN_MAXDIFF_ITEMS = 4;
export const MAX_MAXDIFF_ITEMS = 30;
const MIN_LADDER_PRICES = 4;
const MAX_LADDER_PRICES = 10;
const MAX_OPTION_LENGTH = 120;
/** Below this many personas (or people) in a segment, a cut says "too few to say". */
export const MIN_SEGMENT_SIZE = 5;

/** How a model gives a rating on a scale. */
const ratingMethods = ['direct', 'semantic-similarity'] as const;

/** The periods a price is paid over, as the page and the persona read them. */
export const pricePeriods = ['one-off', 'week', 'month', 'year'] as const;
export type PricePeriod = (typeof pricePeriods)[number];

export const typedQuestionMessages = {
  scalePoints: 'A scale has 5 or 7 points',
  scaleLabels: 'Give a label for each end of the scale',
  scalePointLabels: 'Label every point of the scale, or none',
  optionsCount: `Give between ${MIN_OPTIONS} and ${MAX_OPTIONS} options`,
  optionEmpty: 'An option is empty: write it out or remove it',
  optionTooLong: `An option must be at most ${MAX_OPTION_LENGTH} characters`,
  optionsRepeated: 'Each option must be different: two options say the same',
  rankingCount: `Give between ${MIN_RANKING_ITEMS} and ${MAX_RANKING_ITEMS} items to rank`,
  maxdiffCount: `Give between ${MIN_MAXDIFF_ITEMS} and ${MAX_MAXDIFF_ITEMS} items for best–worst`,
  maxdiffDesign:
    'This best–worst design cannot show every item: show each set 4 or 5 items, fewer than there are items, with enough sets for every item to appear at least twice',
  numberUnit: 'Say what the number counts, e.g. "dollars a month" or "times a week"',
  numberRange: 'The minimum must be less than the maximum',
  ladderCount: `A price ladder has between ${MIN_LADDER_PRICES} and ${MAX_LADDER_PRICES} prices`,
  ladderOrder: 'List the prices from lowest to highest, each higher than the one before',
  pricePositive: 'Prices must be more than zero',
  currency: 'Give the currency as a three-letter code, e.g. USD, GBP or EUR',
  mixedCurrencies: 'Every price in a study must be in one currency',
  offer: 'Describe the offer the prices are for, e.g. "Chorus Pro, a planner for small teams"',
  studyQuestions: 'A study has between 1 and 5 questions',
  studyName: 'Give the study a name',
  notANumber: 'The answer must be a number',
} as const;

const option = z
  .string(typedQuestionMessages.optionEmpty)
  .trim()
  .min(1, typedQuestionMessages.optionEmpty)
  .max(MAX_OPTION_LENGTH, typedQuestionMessages.optionTooLong);

const distinct = (values: readonly string[]) =>
  new Set(values.map((v) => v.trim().toLowerCase())).size === values.length;

const optionList = (min: number, max: number, countMessage: string) =>
  z
    .array(option, countMessage)
    .min(min, countMessage)
    .max(max, countMessage)
    .refine(distinct, typedQuestionMessages.optionsRepeated);

const currency = z
  .string(typedQuestionMessages.currency)
  .trim()
  .regex(/^[A-Za-z]{3}$/, typedQuestionMessages.currency)
  .transform((c) => c.toUpperCase());

const offer = z
  .string(typedQuestionMessages.offer)
  .trim()
  .min(3, typedQuestionMessages.offer)
  .max(300, typedQuestionMessages.offer);

const price = z
  .number(typedQuestionMessages.notANumber)
  .finite(typedQuestionMessages.notANumber)
  .positive(typedQuestionMessages.pricePositive)
  .max(1_000_000, 'Prices must be at most 1,000,000');

const period = z.enum(pricePeriods, 'The period must be one-off, week, month or year');

/** Sets of a best–worst design when none is given: every item shown about three times. */
export function defaultMaxDiffSets(items: number, perSet: number): number {
  return Math.max(2, Math.ceil((3 * items) / perSet));
}

/** Whether a best–worst design can show every item at least twice in sets of distinct items. */
function maxDiffDesignFits(items: number, perSet: number, sets: number): boolean {
  return perSet >= 4 && perSet <= 5 && perSet < items && sets * perSet >= 2 * items;
}

export const questionSpecSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('opinion') }),
    z
      .object({
        type: z.literal('scale'),
        points: z.union([z.literal(5), z.literal(7)], typedQuestionMessages.scalePoints),
        lowLabel: z
          .string(typedQuestionMessages.scaleLabels)
          .trim()
          .min(1, typedQuestionMessages.scaleLabels)
          .max(MAX_OPTION_LENGTH, typedQuestionMessages.optionTooLong),
        highLabel: z
          .string(typedQuestionMessages.scaleLabels)
          .trim()
          .min(1, typedQuestionMessages.scaleLabels)
          .max(MAX_OPTION_LENGTH, typedQuestionMessages.optionTooLong),
        /** A label for every point, lowest first, or none. */
        pointLabels: z.array(option).max(7).default([]),
        /**
         * How a model rates (the local engine always rates directly): a number
         * on the scale, or its own words mapped onto the scale by their
         * similarity to a sentence for each point (Maier et al. 2025).
         */
        ratingMethod: z
          .enum(ratingMethods, 'ratingMethod must be direct or semantic-similarity')
          .default('direct'),
      })
      .refine((s) => s.pointLabels.length === 0 || s.pointLabels.length === s.points, {
        message: typedQuestionMessages.scalePointLabels,
        path: ['pointLabels'],
      }),
    z.object({ type: z.literal('nps') }),
    z.object({
      type: z.literal('single_choice'),
      options: optionList(MIN_OPTIONS, MAX_OPTIONS, typedQuestionMessages.optionsCount),
      noneOption: z.boolean('noneOption must be true or false').default(false),
    }),
    z.object({
      type: z.literal('multiple_choice'),
      options: optionList(MIN_OPTIONS, MAX_OPTIONS, typedQuestionMessages.optionsCount),
      noneOption: z.boolean('noneOption must be true or false').default(false),
    }),
    z
      .object({
        type: z.literal('number'),
        unit: z
          .string(typedQuestionMessages.numberUnit)
          .trim()
          .min(1, typedQuestionMessages.numberUnit)
          .max(60, typedQuestionMessages.numberUnit),
        min: z.number(typedQuestionMessages.notANumber).finite().min(-1e9).max(1e9),
        max: z.number(typedQuestionMessages.notANumber).finite().min(-1e9).max(1e9),
      })
      .refine((s) => s.min < s.max, { message: typedQuestionMessages.numberRange, path: ['max'] }),
    z.object({
      type: z.literal('ranking'),
      items: optionList(MIN_RANKING_ITEMS, MAX_RANKING_ITEMS, typedQuestionMessages.rankingCount),
    }),
    z
      .object({
        type: z.literal('maxdiff'),
        items: optionList(MIN_MAXDIFF_ITEMS, MAX_MAXDIFF_ITEMS, typedQuestionMessages.maxdiffCount),
        perSet: z.number().int().min(2).max(10).default(4),
        /** 0: enough sets for every item to be seen about three times. */
        sets: z.number().int().min(0).max(60).default(0),
      })
      .transform((s) => ({
        ...s,
        sets: s.sets || defaultMaxDiffSets(s.items.length, s.perSet),
      }))
      .refine((s) => maxDiffDesignFits(s.items.length, s.perSet, s.sets), {
        message: typedQuestionMessages.maxdiffDesign,
        path: ['perSet'],
      }),
    z
      .object({
        type: z.literal('price_ladder'),
        offer,
        currency,
        period,
        prices: z
          .array(price, typedQuestionMessages.ladderCount)
          .min(MIN_LADDER_PRICES, typedQuestionMessages.ladderCount)
          .max(MAX_LADDER_PRICES, typedQuestionMessages.ladderCount),
      })
      .refine((s) => s.prices.every((p, i) => i === 0 || p > s.prices[i - 1]!), {
        message: typedQuestionMessages.ladderOrder,
        path: ['prices'],
      }),
    z.object({
      type: z.literal('price_range'),
      offer,
      currency,
      period,
      /** Also ask how likely the persona is to buy at its own bargain and expensive prices (Newton–Miller–Smith). */
      likelihood: z.boolean('likelihood must be true or false').default(false),
    }),
  ],
  { error: () => `type must be one of ${questionTypes.join(', ')}` },
);
export type QuestionSpec = z.output<typeof questionSpecSchema>;
export type TypedQuestionSpec = Exclude<QuestionSpec, { type: 'opinion' }>;
export type SpecOf<T extends QuestionType> = Extract<QuestionSpec, { type: T }>;

// ---------------------------------------------------------------------------
// Answers: one persona's (or person's) seeded draws of one typed question.

/** One shown set of a best–worst task and the picks: indexes into the items. */
export interface MaxDiffTask {
  shown: number[];
  best: number;
  worst: number;
}

/** Four ascending prices of the Van Westendorp questions, with the optional likelihoods (0–1). */
export interface PriceRangeDraw {
  tooCheap: number;
  bargain: number;
  expensive: number;
  tooExpensive: number;
  /** Newton–Miller–Smith: likelihood to buy at the bargain price and at the expensive price; 0 when not asked. */
  buyAtBargain: number;
  buyAtExpensive: number;
}

/**
 * What one persona answered, every draw kept so every figure can be
 * recomputed. `noAnswer` counts draws without a usable answer (a model reply
 * that broke the type's schema after a retry); they are never stored as values.
 */
export type TypedAnswer =
  | { type: 'scale'; draws: number[]; noAnswer: number }
  | { type: 'nps'; draws: number[]; noAnswer: number }
  | { type: 'single_choice'; draws: number[]; noAnswer: number }
  | { type: 'multiple_choice'; draws: number[][]; noAnswer: number }
  | { type: 'number'; draws: number[]; noAnswer: number }
  | { type: 'ranking'; draws: number[][]; noAnswer: number }
  | { type: 'maxdiff'; draws: MaxDiffTask[][]; noAnswer: number }
  | {
      type: 'price_ladder';
      /** The persona's probability of buying at each ladder price, never rising with the price. */
      buyProbability: number[];
      /** Per draw: how many of the ladder's prices, from the lowest, the persona would buy at (0…prices). */
      draws: number[];
      noAnswer: number;
    }
  | {
      type: 'price_range';
      draws: PriceRangeDraw[];
      /** Draws whose four prices were out of order: set aside and counted, as in practice. */
      outOfOrder: number;
      noAnswer: number;
    };

/**
 * Scale points are 1…points; NPS 0…10; a single choice is an option index,
 * or options.length for "None of these"; a multiple choice is the list of
 * option indexes (empty, or [options.length], for none); a ranking lists item
 * indexes best first; a number lies within the question's range.
 */

// ---------------------------------------------------------------------------
// Results: the figures of each type, each with its 95 % interval.

export interface Estimate {
  value: number;
  low: number;
  high: number;
}

export type TypedResult =
  | {
      type: 'scale';
      respondents: number;
      noAnswer: number;
      points: { point: number; label: string; share: Estimate }[];
      mean: Estimate;
      topTwoBox: Estimate;
    }
  | {
      type: 'nps';
      respondents: number;
      noAnswer: number;
      promoters: Estimate;
      passives: Estimate;
      detractors: Estimate;
      /** −100 to 100. */
      score: Estimate;
      /** Share of draws at each score 0…10. */
      scores: { score: number; share: number }[];
    }
  | {
      type: 'single_choice' | 'multiple_choice';
      respondents: number;
      noAnswer: number;
      /** Shares of people (not of ticks), "None of these" last when offered. */
      options: { label: string; share: Estimate }[];
    }
  | {
      type: 'number';
      respondents: number;
      noAnswer: number;
      unit: string;
      median: Estimate;
      lowerQuartile: Estimate;
      upperQuartile: Estimate;
      histogram: { from: number; to: number; share: number }[];
    }
  | {
      type: 'ranking';
      respondents: number;
      noAnswer: number;
      items: { label: string; meanRank: Estimate; firstShare: Estimate }[];
    }
  | {
      type: 'maxdiff';
      respondents: number;
      noAnswer: number;
      /** Best minus worst counts over times shown (−1 to 1), highest first. */
      items: { label: string; score: Estimate; bestShare: number; worstShare: number }[];
    }
  | {
      type: 'price_ladder';
      respondents: number;
      noAnswer: number;
      currency: string;
      period: PricePeriod;
      points: { price: number; demand: Estimate; revenue: Estimate }[];
      /** The revenue-maximising ladder price, its interval over bootstrap resamples. */
      bestPrice: Estimate;
      bestDemand: Estimate;
      summary: string;
    }
  | {
      type: 'price_range';
      respondents: number;
      noAnswer: number;
      outOfOrder: number;
      currency: string;
      period: PricePeriod;
      /** The four cumulative curves at each price of the grid (shares 0–1). */
      curves: {
        price: number;
        tooCheap: number;
        bargain: number;
        expensive: number;
        tooExpensive: number;
      }[];
      /** Marginal cheapness (too cheap × not a bargain) … marginal expensiveness (too expensive × not expensive). */
      marginalCheapness: Estimate | null;
      marginalExpensiveness: Estimate | null;
      optimalPrice: Estimate | null;
      indifferencePrice: Estimate | null;
      /** Newton–Miller–Smith: share expected to buy at each grid price, and the revenue-maximising one. */
      likelihood: {
        points: { price: number; trial: number; revenue: number }[];
        bestPrice: number;
      } | null;
      summary: string;
    };

// ---------------------------------------------------------------------------
// Studies: a small set of linked questions about one offer.

export const MAX_STUDY_QUESTIONS = 5;

export const studyMessages = {
  notFound: 'Study not found',
} as const;

const studyQuestionText = z
  .string('Question must be at least 10 characters')
  .trim()
  .min(10, 'Question must be at least 10 characters')
  .max(500, 'Question must be less than 500 characters');

/** POST /api/products/{id}/studies: every question's settings are read by the question types' own rules. */
export const createStudyRequest = z
  .object({
    name: z
      .string(typedQuestionMessages.studyName)
      .trim()
      .min(1, typedQuestionMessages.studyName)
      .max(200, 'A study name must be at most 200 characters'),
    offer: z.string().trim().max(300, 'The offer must be at most 300 characters').default(''),
    questions: z
      .array(
        z.object({ questionText: studyQuestionText, spec: questionSpecSchema }),
        typedQuestionMessages.studyQuestions,
      )
      .min(1, typedQuestionMessages.studyQuestions)
      .max(MAX_STUDY_QUESTIONS, typedQuestionMessages.studyQuestions),
    /** Asked of a ready market panel instead of the product's chosen personas. */
    panelId: z.string('panelId must be text').trim().min(1).max(100).optional(),
  })
  .refine(
    (study) =>
      new Set(
        study.questions.flatMap(({ spec }) =>
          spec.type === 'price_ladder' || spec.type === 'price_range' ? [spec.currency] : [],
        ),
      ).size <= 1,
    { message: typedQuestionMessages.mixedCurrencies, path: ['questions'] },
  );
export type CreateStudyRequest = z.output<typeof createStudyRequest>;

// ---------------------------------------------------------------------------
// Segment cuts: a result split by a persona trait.

export const segmentTraits = [
  'age',
  'gender',
  'income',
  'occupation',
  'household',
  'place',
] as const;
/** A trait of the business's own (a column of its customer CSV: a plan, a region) is cut as `custom:<column>`. */
export const CUSTOM_TRAIT_PREFIX = 'custom:';
export type SegmentTrait = (typeof segmentTraits)[number] | `custom:${string}`;

const segmentTraitLabels: Record<(typeof segmentTraits)[number], string> = {
  age: 'Age band',
  gender: 'Gender',
  income: 'Income band',
  occupation: 'Occupation group',
  household: 'Household',
  place: 'Place',
};

/** How a trait is named on the page: its label, or a custom trait's own column name. */
export function segmentTraitLabel(trait: SegmentTrait): string {
  return trait.startsWith(CUSTOM_TRAIT_PREFIX)
    ? trait.slice(CUSTOM_TRAIT_PREFIX.length)
    : segmentTraitLabels[trait as (typeof segmentTraits)[number]];
}

/** One segment of a cut: its figures, or "too few to say" below MIN_SEGMENT_SIZE. */
interface SegmentView {
  label: string;
  respondents: number;
  tooFew: boolean;
  result: TypedResult | null;
}

/** Two segments whose headline figure differs beyond chance, in plain words with the test named. */
export interface SegmentNote {
  figure: string;
  segments: [string, string];
  difference: Estimate;
  test: string;
  note: string;
}

/** A result cut by one trait. */
export interface SegmentCutView {
  trait: SegmentTrait;
  segments: SegmentView[];
  notes: SegmentNote[];
}

/** A scale or option that leans one way: the wording check of a typed question's answers. */
export interface OptionFinding {
  /** scale, option or item */
  where: string;
  /** The labels or the option as written. */
  phrase: string;
  /** Why it steers, and what to do, in plain words. */
  why: string;
}

/** A typed question's headline figure in the latest run against the run before. */
export interface TypedDrift {
  figure: string;
  previous: Estimate;
  current: Estimate;
  /** The two 95 % intervals no longer overlap. */
  drifted: boolean;
  text: string;
}
