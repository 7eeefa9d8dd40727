import {
  askQuestionRequest,
  budgetMessages,
  budgetRequest,
  estimateQuestionRequest,
  followUpRequest,
  questionMessages,
  productActions,
} from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import type { QuestionStreams } from '../question-streams';
import { toQuestionView } from '../question-views';
import type { ApiRoutes } from '../routing';
import { streamFollowUps } from '../workflows/follow-ups';
import { askQuestion, estimateQuestion, rerunQuestion, toBudgetView } from '../workflows/questions';
import { productParams } from './products';

const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });

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
      return askQuestion(deps.clients, access.ownerId, params.id, body);
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
    handler: ({ access, params }) =>
      rerunQuestion(deps.clients, access.ownerId, params.id, params.questionId),
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
