import {
  type BudgetView,
  questionMessages,
  type QuestionEstimate,
  type QuestionSpec,
  type QuestionView,
  type WordingCheck,
  wordingCheckSchema,
} from '@chorus/contracts';
import type { QuestionBudget } from '@chorus/proto/catalog/v1/follow_ups';
import type { WordingCheck as WordingCheckMessage } from '@chorus/proto/inference/v1/wording';
import { specToMessage } from '@chorus/service-kit/wire';
import { detectAll } from 'tinyld';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import { toQuestionView } from '../question-views';

// Asking across the services: what asking costs before it is asked (the
// catalog's personas and profile, estimated by inference, held to the
// product's monthly budget), and the asks and reruns the catalog then stores.

/** What a question (or each question of a study) asks of inference. */
interface QuestionAsk {
  questionText: string;
  checkWording?: boolean | undefined;
  seed?: number;
  spec?: QuestionSpec | undefined;
  /** Asked of a market panel: its personas, not the product's chosen ones. */
  panelId?: string | undefined;
}

export function toBudgetView(budget: QuestionBudget | undefined): BudgetView {
  return {
    monthlyBudgetUsd: budget?.hasBudget ? budget.monthlyBudgetUsd : null,
    spentThisMonthUsd: budget?.spentThisMonthUsd ?? 0,
    questionsThisMonth: budget?.questionsThisMonth ?? 0,
  };
}

/**
 * Inference's wording check as the browser reads it. Inference is the one
 * place the wording is checked (the rules, and a model judge when a model is
 * configured); an estimate without a valid check is inference's fault, told
 * as such rather than made up here.
 */
function toWordingCheck(message: WordingCheckMessage | undefined): WordingCheck {
  const parsed = wordingCheckSchema.safeParse(message);
  if (message && parsed.success) return parsed.data;
  throw new HttpError(
    503,
    'The wording check is not available right now. Please try again in a moment.',
  );
}

/** Capitalised words after the first: names, which say nothing of the language a question is in. */
const NAMES = /(?<=\S\s+)\p{Lu}[\p{L}\p{M}'’.-]*/gu;

/**
 * Whether a question is written in another language than English, by the
 * tinyld language detector over its words without names. Only a clear verdict
 * refuses: another language scoring at least 0.1 with English under half of
 * it; a text too short or too odd to tell is let through.
 */
function notEnglish(text: string): boolean {
  const found = detectAll(text.replace(NAMES, ' '));
  const top = found[0];
  if (!top || top.lang === 'en') return false;
  const english = found.find((f) => f.lang === 'en')?.accuracy ?? 0;
  return top.accuracy >= 0.1 && english < top.accuracy / 2;
}

/** Personas answer questions in English: a question in another language is refused in plain words. */
function refuseOtherLanguages(questionText: string): void {
  if (notEnglish(questionText)) throw new HttpError(400, questionMessages.notEnglish);
}

/** Inference's estimate of asking the product's personas, with the context it was given. */
async function inferenceEstimate(
  clients: ServiceClients,
  userId: string,
  productId: string,
  ask: QuestionAsk,
) {
  // A market panel answers with a sample of its personas; the estimate is scaled to its size.
  const context = await clients.catalog.getPersonaContext({
    userId,
    productId,
    personaIds: [],
    ...(ask.panelId ? { panelId: ask.panelId } : {}),
  });
  const estimate = await clients.inference.estimate({
    questionText: ask.questionText,
    personas: context.personas,
    business: context.business,
    seed: ask.seed ?? 0,
    checkWording: ask.checkWording ?? false,
    spec: specToMessage(ask.spec),
    ...(context.panelSize ? { scaleTo: context.panelSize } : {}),
  });
  return { context, estimate };
}

/**
 * What asking the product's personas would take: the catalog's personas and
 * profile (the context questions get), estimated by inference, which owns the
 * prompt, the cache and the price table.
 */
export async function estimateQuestion(
  clients: ServiceClients,
  userId: string,
  productId: string,
  ask: QuestionAsk,
): Promise<QuestionEstimate> {
  refuseOtherLanguages(ask.questionText);
  const [{ context, estimate }, { budget }] = await Promise.all([
    inferenceEstimate(clients, userId, productId, ask),
    clients.catalog.getQuestionBudget({ userId, productId }),
  ]);
  return {
    engine: estimate.engine === 'openai' ? 'openai' : 'local',
    model: estimate.model,
    personas: context.panelSize || context.personas.length,
    modelCalls: estimate.modelCalls,
    cachedAnswers: estimate.cachedAnswers,
    inputTokens: estimate.inputTokens,
    outputTokens: estimate.outputTokens,
    costUsd: estimate.hasPrice ? estimate.costUsd : null,
    budget: toBudgetView(budget),
    wording: toWordingCheck(estimate.wording),
    optionFindings: estimate.optionFindings.map(({ where, phrase, why }) => ({
      where,
      phrase,
      why,
    })),
  };
}

/**
 * The estimate the catalog holds a question to when the product has a
 * monthly budget; without one there is nothing to hold it to, so no estimate
 * is made.
 */
async function costForBudget(
  clients: ServiceClients,
  userId: string,
  productId: string,
  ask: QuestionAsk,
): Promise<number> {
  // The budget is read once here; the estimate alone is asked for, not the budget again.
  const { budget } = await clients.catalog.getQuestionBudget({ userId, productId });
  if (!budget?.hasBudget) return 0;
  const { estimate } = await inferenceEstimate(clients, userId, productId, ask);
  return estimate.hasPrice ? estimate.costUsd : 0;
}

/** The estimate a study is held to: the sum of its questions' estimates (0 without a budget). */
export async function studyCostForBudget(
  clients: ServiceClients,
  userId: string,
  productId: string,
  asks: readonly QuestionAsk[],
  panelId?: string,
): Promise<number> {
  const { budget } = await clients.catalog.getQuestionBudget({ userId, productId });
  if (!budget?.hasBudget) return 0;
  let total = 0;
  for (const ask of asks) {
    const { estimate } = await inferenceEstimate(clients, userId, productId, { ...ask, panelId });
    total += estimate.hasPrice ? estimate.costUsd : 0;
  }
  return total;
}

/** A new question as the route hands it over: its text and settings, and the personas it asks. */
interface NewQuestion extends QuestionAsk {
  /** The chosen personas' answers weighted to a population (not with a market panel). */
  weightTo?: string | undefined;
}

/**
 * Asks a question: the estimate the product's monthly budget holds it to
 * (none without a budget), then the catalog stores it and hands it to
 * inference; the question as the browser reads it.
 */
export async function askQuestion(
  clients: ServiceClients,
  userId: string,
  productId: string,
  ask: NewQuestion,
): Promise<QuestionView> {
  refuseOtherLanguages(ask.questionText);
  const estimatedCostUsd = await costForBudget(clients, userId, productId, ask);
  const { question } = await clients.catalog.askQuestion({
    userId,
    productId,
    questionText: ask.questionText,
    checkWording: ask.checkWording ?? false,
    estimatedCostUsd,
    spec: specToMessage(ask.spec),
    ...(ask.panelId ? { panelId: ask.panelId } : {}),
    ...(ask.weightTo ? { weightTo: ask.weightTo } : {}),
  });
  return toQuestionView(question!);
}

/**
 * Runs a complete question again with the next seed: the catalog's question,
 * the estimate of the new run for the budget, then the catalog's rerun.
 */
export async function rerunQuestion(
  clients: ServiceClients,
  userId: string,
  productId: string,
  questionId: string,
): Promise<QuestionView> {
  const { question: current } = await clients.catalog.getQuestion({
    userId,
    productId,
    questionId,
  });
  const estimatedCostUsd = await costForBudget(clients, userId, productId, {
    questionText: current!.questionText,
    checkWording: current!.checkWording ?? false,
    seed: (current!.seed ?? 1) + 1,
  });
  const { question } = await clients.catalog.rerunQuestion({
    userId,
    productId,
    questionId,
    estimatedCostUsd,
  });
  return toQuestionView(question!);
}
