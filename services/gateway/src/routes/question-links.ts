import {
  createQuestionLinkRequest,
  personAnswerProblem,
  productActions,
  type PublicQuestionLinkView,
  questionLinkMessages,
  questionLinkResponseRequest,
  type QuestionLinkResultsView,
  type QuestionLinkView,
} from '@chorus/contracts';
import { typedAnswerToMessage } from '@chorus/service-kit/wire';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import type { GatewayConfig } from '../config';
import { HttpError } from '../http-errors';
import {
  personAnswerToTyped,
  toPublicQuestionLinkView,
  toQuestionLinkResultsView,
  toQuestionLinkView,
} from '../question-link-views';
import type { RateLimits } from '../rate-limit';
import type { ApiRoutes } from '../routing';
import { productParams } from './products';
import { RESPONDENT_COOKIE, respondentOf, shareLimits } from './share-links';

/** The share links' limits, counted apart: people answering a survey do not use up a roadmap link's. */
const linkLimits = Object.fromEntries(
  Object.entries(shareLimits).map(([key, rule]) => [
    key,
    { ...rule, name: `question-${rule.name}` },
  ]),
) as typeof shareLimits;

const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });
const studyParams = productParams.extend({ studyId: z.string().min(1).max(100) });
const linkParams = productParams.extend({ linkId: z.string().min(1).max(100) });
// Any text is taken as a token: a malformed one answers like an unknown one.
const tokenParams = z.object({ token: z.string() });
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{32,64}$/;
const activeBody = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });
const RESPONDENT_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
const LINK_BODY_LIMIT = '32kb';
const COOKIE_PATH = '/api/public/question-links';

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

function unavailable(): never {
  throw new HttpError(404, questionLinkMessages.unavailable);
}

/**
 * Share links of typed questions and studies: the owner's routes make, list,
 * switch off and read a link's results (people beside personas); the public
 * routes (signed out, rate-limited per address and per link like every share
 * link) show the questions at /survey/{token} and take one answer set per
 * browser, a second replacing the first.
 */
export function questionLinkRoutes(
  routes: ApiRoutes,
  deps: { clients: ServiceClients; limits: RateLimits; config: GatewayConfig },
): void {
  const { catalog } = deps.clients;
  const { limits, config } = deps;
  const secureCookie = config.PUBLIC_URL.startsWith('https:');

  async function create(
    userId: string,
    productId: string,
    target: { questionId: string } | { studyId: string },
    expiresInDays: number,
  ): Promise<QuestionLinkView> {
    const token = randomBytes(32).toString('base64url');
    const { link } = await catalog.createQuestionLink({
      userId,
      productId,
      ...target,
      tokenHash: hash(token),
      expiresInDays,
    });
    return toQuestionLinkView(link!, `${config.PUBLIC_URL}/survey/${token}`);
  }

  routes.add({
    method: 'post',
    path: '/api/products/:id/questions/:questionId/share-links',
    summary:
      'Create a public link where people answer a typed question the personas answered (the link is shown once)',
    tag: 'share-links',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    status: 201,
    params: questionParams,
    body: createQuestionLinkRequest,
    handler: ({ access, params, body }) =>
      create(access.ownerId, params.id, { questionId: params.questionId }, body.expiresInDays),
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/studies/:studyId/share-links',
    summary: 'Create a public link where people answer every question of a study',
    tag: 'share-links',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    status: 201,
    params: studyParams,
    body: createQuestionLinkRequest,
    handler: ({ access, params, body }) =>
      create(access.ownerId, params.id, { studyId: params.studyId }, body.expiresInDays),
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/question-links',
    summary: "The product's links of typed questions and studies, newest first",
    tag: 'share-links',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }) {
      const { links } = await catalog.listQuestionLinks({
        userId: access.ownerId,
        productId: params.id,
      });
      return links.map((link) => toQuestionLinkView(link));
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/products/:id/question-links/:linkId',
    summary: 'Switch a link of typed questions off (or on again)',
    tag: 'share-links',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    params: linkParams,
    body: activeBody,
    async handler({ access, params, body }) {
      const { link } = await catalog.setQuestionLinkActive({
        userId: access.ownerId,
        productId: params.id,
        linkId: params.linkId,
        isActive: body.isActive,
      });
      return toQuestionLinkView(link!);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/question-links/:linkId/results',
    summary:
      "People's answers beside the personas' for each question of the link: both sides' figures with intervals and how far apart they are (Jensen-Shannon distance; Kolmogorov-Smirnov over ordered answers)",
    tag: 'share-links',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: linkParams,
    async handler({ access, params }): Promise<QuestionLinkResultsView> {
      return toQuestionLinkResultsView(
        await catalog.getQuestionLinkResults({
          userId: access.ownerId,
          productId: params.id,
          linkId: params.linkId,
        }),
      );
    },
  });

  routes.add({
    method: 'get',
    path: '/api/public/question-links/:token',
    summary:
      'Signed out: the questions a link asks and this browser’s last answers (the same 404 for unknown, expired or switched-off links)',
    tag: 'share-links',
    access: 'public',
    params: tokenParams,
    before: [limits.limiter(linkLimits.viewPerIp), limits.limiter(linkLimits.viewPerLink)],
    async handler({ req, params, res }): Promise<PublicQuestionLinkView> {
      if (!TOKEN_FORMAT.test(params.token)) unavailable();
      res.setHeader('Cache-Control', 'no-store');
      const respondent = respondentOf(req);
      return toPublicQuestionLinkView(
        await catalog.getPublicQuestionLink({
          tokenHash: hash(params.token),
          respondentHash: respondent ? hash(respondent) : '',
        }),
      );
    },
  });

  routes.add({
    method: 'post',
    path: '/api/public/question-links/:token/responses',
    summary:
      'Signed out: answer every question of a link; one answer set per browser, a second replaces the first',
    tag: 'share-links',
    access: 'public',
    params: tokenParams,
    body: questionLinkResponseRequest,
    bodyLimit: LINK_BODY_LIMIT,
    before: [limits.limiter(linkLimits.respondPerIp), limits.limiter(linkLimits.respondPerLink)],
    async handler({ req, res, params, body }): Promise<{ replaced: boolean }> {
      if (!TOKEN_FORMAT.test(params.token)) unavailable();
      const tokenHash = hash(params.token);
      // The page's questions, to read each answer in the page's words before anything is stored.
      const opened = toPublicQuestionLinkView(
        await catalog.getPublicQuestionLink({ tokenHash, respondentHash: '' }),
      );
      for (const question of opened.questions) {
        const given = body.answers.find((a) => a.questionId === question.id);
        if (!given) throw new HttpError(400, questionLinkMessages.answerEveryQuestion);
        const problem = personAnswerProblem(question.spec, given.answer);
        if (problem) throw new HttpError(400, problem);
      }
      const respondent = respondentOf(req) ?? randomBytes(16).toString('base64url');
      const { replaced } = await catalog.submitQuestionLinkResponse({
        tokenHash,
        respondentHash: hash(respondent),
        answers: body.answers.map((a) => ({
          questionId: a.questionId,
          answer: typedAnswerToMessage(personAnswerToTyped(a.answer)),
        })),
      });
      res.cookie(RESPONDENT_COOKIE, respondent, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
        path: COOKIE_PATH,
        maxAge: RESPONDENT_MAX_AGE_MS,
      });
      return { replaced };
    },
  });
}
