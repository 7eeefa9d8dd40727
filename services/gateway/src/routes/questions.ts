import {
  askQuestionRequest,
  budgetMessages,
  budgetRequest,
  type BudgetView,
  estimateQuestionRequest,
  followUpRequest,
  type QuestionEstimate,
  questionMessages,
  productActions,
  type WordingCheck,
  wordingCheckSchema,
} from '@chorus/contracts';
import { checkWording } from '@chorus/research';
import type { QuestionBudget } from '@chorus/proto/catalog/v1/catalog';
import type { WordingCheck as WordingCheckMessage } from '@chorus/proto/inference/v1/inference';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import type { QuestionStreams } from '../question-streams';
import { toQuestionView } from '../question-views';
import type { ApiRoutes } from '../routing';
import { streamFollowUps } from '../workflows/follow-ups';
import { productParams } from './products';

const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });

function toBudgetView(budget: QuestionBudget | undefined): BudgetView {
  return {
    monthlyBudgetUsd: budget?.hasBudget ? budget.monthlyBudgetUsd : null,
    spentThisMonthUsd: budget?.spentThisMonthUsd ?? 0,
    questionsThisMonth: budget?.questionsThisMonth ?? 0,
  };
}

/**
 * Inference's wording check as the browser reads it. Inference checks the
 * wording with the same rules (and a model judge when a model is configured);
 * an inference that sends none is checked here by the rules alone, so the
 * answer always carries one.
 */
function toWordingCheck(
  message: WordingCheckMessage | undefined,
  questionText: string,
): WordingCheck {
  const parsed = wordingCheckSchema.safeParse(message);
  return parsed.success ? parsed.data : checkWording(questionText);
}

/** Inference's estimate of asking the product's personas, with the context it was given. */
async function inferenceEstimate(
  clients: ServiceClients,
  userId: string,
  productId: string,
  ask: { questionText: string; checkWording?: boolean | undefined; seed?: number },
) {
  const context = await clients.catalog.getPersonaContext({ userId, productId, personaIds: [] });
  const estimate = await clients.inference.estimate({
    questionText: ask.questionText,
    personas: context.personas,
    business: context.business,
    seed: ask.seed ?? 0,
    checkWording: ask.checkWording ?? false,
  });
  return { context, estimate };
}

/**
 * What asking the product's personas would take: the catalog's personas and
 * profile (the context questions get), estimated by inference, which owns the
 * prompt, the cache and the price table.
 */
async function estimateQuestion(
  clients: ServiceClients,
  userId: string,
  productId: string,
  ask: { questionText: string; checkWording?: boolean | undefined; seed?: number },
): Promise<QuestionEstimate> {
  const [{ context, estimate }, { budget }] = await Promise.all([
    inferenceEstimate(clients, userId, productId, ask),
    clients.catalog.getQuestionBudget({ userId, productId }),
  ]);
  return {
    engine: estimate.engine === 'openai' ? 'openai' : 'local',
    model: estimate.model,
    personas: context.personas.length,
    modelCalls: estimate.modelCalls,
    cachedAnswers: estimate.cachedAnswers,
    inputTokens: estimate.inputTokens,
    outputTokens: estimate.outputTokens,
    costUsd: estimate.hasPrice ? estimate.costUsd : null,
    budget: toBudgetView(budget),
    wording: toWordingCheck(estimate.wording, ask.questionText),
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
  ask: { questionText: string; checkWording?: boolean | undefined; seed?: number },
): Promise<number> {
  // The budget is read once here; the estimate alone is asked for, not the budget again.
  const { budget } = await clients.catalog.getQuestionBudget({ userId, productId });
  if (!budget?.hasBudget) return 0;
  const { estimate } = await inferenceEstimate(clients, userId, productId, ask);
  return estimate.hasPrice ? estimate.costUsd : 0;
}

/** Strategic questions of a product: ask, list, read, retry, delete, and the live stream. */
export function questionRoutes(
  routes: ApiRoutes,
  deps: { clients: ServiceClients; streams: QuestionStreams; logger: Logger },
): void {
  const { catalog } = deps.clients;

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions',
    summary: "The product's questions, newest first, each with its responses and results",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }) {
      const { questions } = await catalog.listQuestions({
        userId: access.ownerId,
        productId: params.id,
      });
      return questions.map(toQuestionView);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/questions',
    summary:
      'Ask every selected persona a question (10-500 characters); it is answered in the background',
    tag: 'questions',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    paidAction: 'askQuestions',
    status: 201,
    params: productParams,
    body: askQuestionRequest,
    async handler({ access, params, body }) {
      if (body.productId !== undefined && body.productId !== params.id) {
        throw new HttpError(400, questionMessages.productMismatch);
      }
      const estimatedCostUsd = await costForBudget(deps.clients, access.ownerId, params.id, body);
      const { question } = await catalog.askQuestion({
        userId: access.ownerId,
        productId: params.id,
        questionText: body.questionText,
        checkWording: body.checkWording ?? false,
        estimatedCostUsd,
      });
      return toQuestionView(question!);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/questions/estimate',
    summary:
      "What asking the product's personas this question would take before it is asked: model calls (cached answers need none), tokens, dollars at the model's price, the monthly budget, and the wording check (wording: leading, findings with kind, phrase and why, a neutral rewording, the reversed framing, and a model's verdict when a model is configured)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    params: productParams,
    body: estimateQuestionRequest,
    handler: ({ access, params, body }) =>
      estimateQuestion(deps.clients, access.ownerId, params.id, body),
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/question-budget',
    summary: "The product's monthly budget for questions (null: none) and this month's spend",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }) {
      const { budget } = await catalog.getQuestionBudget({
        userId: access.ownerId,
        productId: params.id,
      });
      return toBudgetView(budget);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/products/:id/question-budget',
    summary:
      'Sets the monthly budget for questions in dollars (null removes it); once this month’s questions reach it, new questions are refused (429)',
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.manageTeam },
    params: productParams,
    body: budgetRequest,
    async handler({ access, params, body }) {
      const { budget } = await catalog.setQuestionBudget({
        userId: access.ownerId,
        productId: params.id,
        hasBudget: body.monthlyBudgetUsd !== null,
        monthlyBudgetUsd: body.monthlyBudgetUsd ?? 0,
      });
      return {
        ...toBudgetView(budget),
        message: body.monthlyBudgetUsd === null ? budgetMessages.cleared : budgetMessages.saved,
      };
    },
  });

  // Declared before /:questionId, which would otherwise take "stream" for an id.
  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/stream',
    summary:
      "Server-sent events: each question of the product as soon as its new state is stored (event 'question'), deletions ('question-deleted'). EventSource cannot send headers, so the token may come as the access_token query parameter",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    tokenInQuery: true,
    params: productParams,
    query: z.object({ access_token: z.string().max(8_192).optional() }),
    async handler({ access, res, user, params }) {
      // Another user's product answered 404 in the access check, before the stream opens.
      deps.streams.open(res, {
        productId: params.id,
        userId: access.ownerId,
        viewerId: user.id,
        sessionId: user.sessionId,
        expiresAt: user.expiresAt,
      });
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/:questionId',
    summary: 'One question with its responses',
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: questionParams,
    async handler({ access, params }) {
      const { question } = await catalog.getQuestion({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
      });
      return toQuestionView(question!);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/questions/:questionId/retry',
    summary:
      'Ask a question in error again: the same text to the same personas, pending again and answered in the background (409 unless the question is in error)',
    tag: 'questions',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    paidAction: 'askQuestions',
    params: questionParams,
    async handler({ access, params }) {
      const { question } = await catalog.retryQuestion({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
      });
      return toQuestionView(question!);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/questions/:questionId/rerun',
    summary:
      'Run a complete question again with a new seed and the current model, profile and personas; the earlier run is kept beside it for comparison (409 unless the question is complete; 429 when the monthly budget refuses it)',
    tag: 'questions',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    paidAction: 'askQuestions',
    params: questionParams,
    async handler({ access, params }) {
      const { question: current } = await catalog.getQuestion({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
      });
      const estimatedCostUsd = await costForBudget(deps.clients, access.ownerId, params.id, {
        questionText: current!.questionText,
        checkWording: current!.checkWording ?? false,
        seed: (current!.seed ?? 1) + 1,
      });
      const { question } = await catalog.rerunQuestion({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
        estimatedCostUsd,
      });
      return toQuestionView(question!);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/questions/:questionId/follow-ups',
    summary:
      "Ask a follow-up of one persona of an answered question (personaId), or of every persona that answered it; each remembers its earlier answer and the conversation. Answers server-sent events as the replies are written: 'start' (the replies), 'delta' (a piece of a reply), 'done' (a reply stored: complete, or partial or failed with why), 'end'. retryOf asks a reply that was cut off again",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    paidAction: 'askQuestions',
    params: questionParams,
    body: followUpRequest,
    async handler({ access, res, params, body }) {
      await streamFollowUps(res, deps, {
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
        personaId: body.personaId,
        message: body.message,
        retryOf: body.retryOf,
      });
      return undefined;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id/questions/:questionId',
    summary: 'Delete a question with its responses',
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    params: questionParams,
    async handler({ access, params }) {
      await catalog.deleteQuestion({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
      });
      return { message: questionMessages.deleted };
    },
  });
}
