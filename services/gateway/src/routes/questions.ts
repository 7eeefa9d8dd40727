import { askQuestionRequest, questionMessages } from '@chorus/contracts';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { requirePaidProduct } from '../entitlements';
import { HttpError } from '../http-errors';
import type { QuestionStreams } from '../question-streams';
import { toQuestionView } from '../question-views';
import type { ApiRoutes } from '../routing';
import { productParams } from './products';

const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });

/** Strategic questions of a product: ask, list, read, retry, delete, and the live stream. */
export function questionRoutes(
  routes: ApiRoutes,
  deps: { clients: ServiceClients; streams: QuestionStreams },
): void {
  const { catalog } = deps.clients;

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions',
    summary: "The product's questions, newest first, each with its responses and results",
    tag: 'questions',
    access: 'user',
    params: productParams,
    async handler({ user, params }) {
      const { questions } = await catalog.listQuestions({ userId: user.id, productId: params.id });
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
    paidAction: 'askQuestions',
    status: 201,
    params: productParams,
    body: askQuestionRequest,
    async handler({ user, params, body }) {
      if (body.productId !== undefined && body.productId !== params.id) {
        throw new HttpError(400, questionMessages.productMismatch);
      }
      await requirePaidProduct(deps.clients, user.id, params.id, 'askQuestions');
      const { question } = await catalog.askQuestion({
        userId: user.id,
        productId: params.id,
        questionText: body.questionText,
      });
      return toQuestionView(question!);
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
    tokenInQuery: true,
    params: productParams,
    query: z.object({ access_token: z.string().max(8_192).optional() }),
    async handler({ res, user, params }) {
      // Another user's product answers 404 here, before the stream opens.
      await catalog.getProduct({ userId: user.id, productId: params.id });
      deps.streams.open(res, {
        productId: params.id,
        userId: user.id,
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
    params: questionParams,
    async handler({ user, params }) {
      const { question } = await catalog.getQuestion({
        userId: user.id,
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
    paidAction: 'askQuestions',
    params: questionParams,
    async handler({ user, params }) {
      await requirePaidProduct(deps.clients, user.id, params.id, 'askQuestions');
      const { question } = await catalog.retryQuestion({
        userId: user.id,
        productId: params.id,
        questionId: params.questionId,
      });
      return toQuestionView(question!);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id/questions/:questionId',
    summary: 'Delete a question with its responses',
    tag: 'questions',
    access: 'user',
    params: questionParams,
    async handler({ user, params }) {
      await catalog.deleteQuestion({
        userId: user.id,
        productId: params.id,
        questionId: params.questionId,
      });
      return { message: questionMessages.deleted };
    },
  });
}
