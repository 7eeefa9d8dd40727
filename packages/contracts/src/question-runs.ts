import { z } from 'zod';
import { formatDollars } from './format';
import type { PanelEstimate } from './opinions';
import { type OptionFinding, questionSpecSchema, type TypedResult } from './typed-questions';
import { type WordingCheck, wordingCheckSchema } from './wording';

/**
 * A question's runs: what each run was (engine, model, temperature, seed, the
 * prompt template's hash, each persona's and the profile's version), what it
 * cost, and what a researcher reads from its answers: the panel's shares with
 * intervals, the echo-chamber and flattery alarms, and drift between runs.
 */

// ---------------------------------------------------------------------------
// Prices and cost.

/** US dollars per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/**
 * List prices of common chat models (USD per million tokens). Operators
 * override or extend them with INFERENCE_PRICES (JSON of the same shape);
 * the local engine costs nothing.
 */
export const defaultModelPrices: Record<string, ModelPrice> = {
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'o4-mini': { inputPerMillion: 1.1, outputPerMillion: 4.4 },
};

export const modelPricesSchema = z.record(
  z.string().min(1).max(200),
  z.object({
    inputPerMillion: z.number().min(0).max(10_000),
    outputPerMillion: z.number().min(0).max(10_000),
  }),
);

/** Tokens an answer is expected to take, for estimates before asking. */
export const EXPECTED_OUTPUT_TOKENS = 260;

/** Dollars for the tokens at the model's price; undefined when no price is known for the model. */
export function costOf(
  usage: { inputTokens: number; outputTokens: number },
  price: ModelPrice | undefined,
): number | undefined {
  if (!price) return undefined;
  const dollars =
    (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) /
    1_000_000;
  return Math.round(dollars * 1_000_000) / 1_000_000;
}

/** Dollars as a customer reads them: cents, or fractions of a cent below one. */
export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined) return 'price unknown';
  const rounded = Math.round(usd * 1_000_000) / 1_000_000;
  if (rounded === 0) return '$0.00';
  if (rounded < 0.005) return `$${rounded.toFixed(4)}`;
  return formatDollars(rounded);
}

const usageSchema = z.object({
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  /** Requests made to the model (retries included). */
  modelCalls: z.number().int().min(0),
  /** Persona answers served from the cache: no model call, no cost. */
  cachedAnswers: z.number().int().min(0),
});
export type Usage = z.output<typeof usageSchema>;

/** POST /api/products/{id}/questions/estimate: what a question would cost before it is asked. */
export const estimateQuestionRequest = z.object({
  questionText: z
    .string()
    .trim()
    .min(1, 'Question is empty')
    .max(500, 'Question must be less than 500 characters'),
  checkWording: z.boolean().optional(),
  /** A typed question's settings: its typed answers are priced too. */
  spec: questionSpecSchema.optional(),
  /** Asked of a ready market panel: priced for every persona of the panel. */
  panelId: z.string('panelId must be text').trim().min(1).max(100).optional(),
});

export interface QuestionEstimate {
  engine: 'local' | 'openai';
  model: string;
  personas: number;
  /** Model calls the question would make (the wording check's framings included); cached answers make none. */
  modelCalls: number;
  cachedAnswers: number;
  inputTokens: number;
  outputTokens: number;
  /** Null when no price is known for the model. */
  costUsd: number | null;
  budget: BudgetView;
  /** The wording check before anyone is asked: findings, a neutral rewording and the reversed framing. */
  wording: WordingCheck;
  /** A typed question's scale or options that lean one way (empty for the open question). */
  optionFindings: OptionFinding[];
}

// ---------------------------------------------------------------------------
// A product's monthly budget.

export interface BudgetView {
  /** Null: no budget set. */
  monthlyBudgetUsd: number | null;
  /** What the product's questions cost this calendar month (UTC). */
  spentThisMonthUsd: number;
  questionsThisMonth: number;
}

const MAX_MONTHLY_BUDGET = 100_000;

export const budgetRequest = z.object({
  monthlyBudgetUsd: z
    .number('Budget must be a number of dollars')
    .min(0, 'Budget cannot be negative')
    .max(MAX_MONTHLY_BUDGET, `Budget must be at most ${formatDollars(MAX_MONTHLY_BUDGET)}`)
    .nullable(),
});

export const budgetMessages = {
  saved: 'Budget saved',
  cleared: 'Budget removed',
  reached: (budget: number, spent: number) =>
    `This product has reached its monthly budget of ${formatCost(budget)} (${formatCost(spent)} used this month). Raise the budget on the dashboard or wait for next month.`,
  wouldExceed: (estimate: number, budget: number, spent: number) =>
    `This question would cost about ${formatCost(estimate)}, more than the ${formatCost(Math.max(budget - spent, 0))} left of this product's monthly budget of ${formatCost(budget)}. Raise the budget on the dashboard or ask fewer personas.`,
} as const;

/** Why a question may not be asked within the budget, or undefined when it may. */
export function budgetRefusal(budget: BudgetView, estimatedCostUsd: number): string | undefined {
  const limit = budget.monthlyBudgetUsd;
  if (limit === null) return undefined;
  if (budget.spentThisMonthUsd >= limit && (limit === 0 ? estimatedCostUsd > 0 : true)) {
    return budgetMessages.reached(limit, budget.spentThisMonthUsd);
  }
  if (budget.spentThisMonthUsd + estimatedCostUsd > limit) {
    return budgetMessages.wouldExceed(estimatedCostUsd, limit, budget.spentThisMonthUsd);
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Run details.

const coverageDimensionSchema = z.object({
  name: z.string().max(50),
  covered: z.array(z.string().max(100)).max(50),
  missing: z.array(z.string().max(100)).max(50),
});
export type CoverageDimension = z.output<typeof coverageDimensionSchema>;

const sharesSchema = z.object({
  positive: z.number().min(0).max(100),
  neutral: z.number().min(0).max(100),
  negative: z.number().min(0).max(100),
});

/** "Check wording sensitivity": the question also asked neutrally and reversed. */
const sensitivitySchema = z.object({
  neutralText: z.string().max(1_000),
  reversedText: z.string().max(1_000),
  /** Percent of every draw, per framing. */
  asked: sharesSchema,
  neutral: sharesSchema,
  reversed: sharesSchema,
});
export type Sensitivity = z.output<typeof sensitivitySchema>;

/**
 * Why a ticked wording-sensitivity check did not run: the wording check
 * could not make a fair reversed (or neutral) question, and a broken one is
 * never asked.
 */
const sensitivitySkipReasons = ['no-fair-reversed', 'no-fair-neutral'] as const;
export type SensitivitySkipReason = (typeof sensitivitySkipReasons)[number];

/**
 * How alike the panel's personas are, from their traits (age, income, place,
 * occupation, household, values), worked out when the question is answered
 * (`panelDiversity` in @chorus/research): the echo-chamber alarm reads it.
 */
const panelDiversitySchema = z.object({
  personas: z.number().int().min(0).max(10_000),
  /** How many distinct people the panel is like (1 for copies, the panel's size for strangers). */
  effective: z.number().min(0).max(10_000),
  /** Mean trait distance between two personas, 0 same to 1 nothing in common. */
  meanDistance: z.number().min(0).max(1),
  /** Personas in the largest group of near-copies (0 when there is none). */
  nearCopies: z.number().int().min(0).max(10_000),
  /** What the whole panel has in common, in plain words ("no one under 30"). */
  gaps: z.array(z.string().max(200)).max(20),
});
export type PanelDiversity = z.output<typeof panelDiversitySchema>;

export const runDetailsSchema = z.object({
  engine: z.enum(['local', 'openai']),
  model: z.string().max(200),
  temperature: z.number().min(0).max(2),
  seed: z.number().int().min(0),
  draws: z.number().int().min(1).max(1_000),
  /** SHA-256 of the prompt template (first 12 hex digits). */
  promptTemplateHash: z.string().max(64),
  /** Hash of the business profile the personas saw. */
  profileVersion: z.string().max(64),
  personaVersions: z
    .array(
      z.object({
        personaId: z.string().max(100),
        personaName: z.string().max(200),
        version: z.string().max(64),
      }),
    )
    .max(1_000),
  usage: usageSchema,
  /** Null when no price is known for the model. */
  costUsd: z.number().min(0).nullable(),
  coverage: z.array(coverageDimensionSchema).max(10),
  sensitivity: sensitivitySchema.nullable(),
  /** Set when the sensitivity check was asked for but could not run (`sensitivity` is then null). */
  sensitivitySkipped: z.enum(sensitivitySkipReasons).optional(),
  /** Absent on runs stored before the panel's diversity was kept. */
  panel: panelDiversitySchema.optional(),
  /**
   * The wording check of the question as asked (rules only), made where it
   * was answered; its leading alarm is read from it. Absent on runs stored
   * before it was kept.
   */
  wording: wordingCheckSchema.optional(),
});
export type RunDetails = z.output<typeof runDetailsSchema>;

/** An earlier run of a question, kept when it is run again. */
export interface PastRun {
  run: RunDetails;
  aggregatedResults: { positive: number; neutral: number; negative: number; keyInsight: string };
  estimate: PanelEstimate | null;
  completedAt: string;
  /** A typed question's figures in that run. */
  typedResult?: TypedResult | null;
}

// ---------------------------------------------------------------------------
// What a researcher reads from a run.

export interface Alarm {
  kind: 'leading' | 'echo-chamber' | 'wording-sensitive' | 'flattery';
  title: string;
  /** Plain words: what happened and what to do about it. */
  text: string;
  /** The measure behind it, by its technical name and value, shown one click away. */
  technical?: string | undefined;
  /** The leading alarm: the words that steer the answer. */
  words?: string[] | undefined;
  /** The leading alarm: a neutral rewording to ask instead. */
  rewording?: string | undefined;
}

/** An outcome worth reading that is not an alarm ("the answers did not move when the wording was reversed"). */
export interface AnalysisNote {
  kind: 'panel-agrees' | 'wording-stable' | 'sensitivity-skipped';
  title: string;
  text: string;
  technical?: string | undefined;
}

export interface QuestionAnalysis {
  estimate: PanelEstimate;
  entropy: number;
  alarms: Alarm[];
  notes?: AnalysisNote[] | undefined;
}
