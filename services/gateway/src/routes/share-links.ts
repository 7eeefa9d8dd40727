import {
  type CreatedShareLinkView,
  createComparisonLinkRequest,
  createShareLinkRequest,
  type PublicShareView,
  shareMessages,
  shareResponseRequest,
  type ShareLinkView,
  type ShareResultsView,
  productActions,
} from '@chorus/contracts';
import { shareAnswerToMessage } from '@chorus/service-kit/wire';
import type { Request } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import type { GatewayConfig } from '../config';
import { HttpError } from '../http-errors';
import type { LimitRule, RateLimits } from '../rate-limit';
import type { ApiRoutes } from '../routing';
import {
  toCreatedShareLinkView,
  toPublicShareView,
  toShareLinkView,
  toShareResultsView,
  shareResponsesCsv,
} from '../share-views';
import { ShareLinkWorkflows } from '../workflows/share-links';

const idParams = z.object({ id: z.string().min(1).max(200) });
// Any text is taken as a token: a malformed one answers like an unknown one.
const tokenParams = z.object({ token: z.string() });
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{32,64}$/;
const activeBody = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

/** The respondent's browser: a random id in an HttpOnly cookie, one per browser. */
export const RESPONDENT_COOKIE = 'chorus_respondent';
const RESPONDENT_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
/** Share links' responses are small: an answer, a comment of 2,000 characters, a name. */
const SHARE_BODY_LIMIT = '16kb';

const MINUTE = 60 * 1000;
// Counted per link under the token's hash: the token itself never reaches Redis.
const tokenOf = (req: Request) =>
  createHash('sha256')
    .update(String(req.params.token ?? '').slice(0, 100))
    .digest('base64url');

/** Per client IP and per link, shared by the replicas through Redis when configured. */
export const shareLimits = {
  viewPerIp: { name: 'share-view-ip', windowMs: MINUTE, limit: 60, message: shareMessages.tooMany },
  viewPerLink: {
    name: 'share-view-link',
    windowMs: MINUTE,
    limit: 3000,
    key: tokenOf,
    message: shareMessages.tooMany,
  },
  respondPerIp: {
    name: 'share-respond-ip',
    windowMs: MINUTE,
    limit: 10,
    message: shareMessages.tooMany,
  },
  respondPerLink: {
    name: 'share-respond-link',
    windowMs: MINUTE,
    limit: 1000,
    key: tokenOf,
    message: shareMessages.tooMany,
  },
} satisfies Record<string, LimitRule>;

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The respondent cookie's value when it is one this gateway could have set. */
export function respondentOf(req: Request): string | undefined {
  const respondent = cookieValue(req, RESPONDENT_COOKIE);
  return respondent && /^[A-Za-z0-9_-]{22,64}$/.test(respondent) ? respondent : undefined;
}

function unavailable(): never {
  throw new HttpError(404, shareMessages.unavailable);
}

/**
 * Share links. The owner's routes (signed in) create, list, switch off and
 * delete links and read their results; another user's link, item or roadmap
 * answers 404. The public routes (signed out) open a link by its token and
 * take a response: an unknown, expired or deactivated token answers the same
 * 404, and both are rate-limited per IP and per link.
 */
export function shareLinkRoutes(
  routes: ApiRoutes,
  deps: { clients: ServiceClients; limits: RateLimits; config: GatewayConfig },
): void {
  const { roadmap } = deps.clients;
  const workflows = new ShareLinkWorkflows(deps.clients);
  const { limits, config } = deps;
  const secureCookie = config.PUBLIC_URL.startsWith('https:');
  const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

  routes.add({
    method: 'post',
    path: '/api/roadmap-items/:id/share-links',
    summary: 'Create a public link where people rate an item (rating, thumbs or text)',
    tag: 'share-links',
    access: 'user',
    idempotent: true,
    product: { from: 'item', role: productActions.edit },
    status: 201,
    params: idParams,
    body: createShareLinkRequest,
    async handler({ access, params, body }): Promise<CreatedShareLinkView> {
      const { link, token } = await workflows.createItemLink({
        userId: access.ownerId,
        itemId: params.id,
        ...body,
      });
      return toCreatedShareLinkView(link!, token);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmap-items/:id/share-links',
    summary: "An item's share links with views, responses, expiry and status, newest first",
    tag: 'share-links',
    access: 'user',
    product: { from: 'item', role: productActions.read },
    params: idParams,
    async handler({ access, params }): Promise<ShareLinkView[]> {
      const { links } = await roadmap.listShareLinks({
        userId: access.ownerId,
        itemId: params.id,
        roadmapId: '',
      });
      return links.map(toShareLinkView);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/roadmaps/:id/comparison-links',
    summary: 'Create a public link where people rank 2-10 items of a roadmap',
    tag: 'share-links',
    access: 'user',
    idempotent: true,
    product: { from: 'roadmap', role: productActions.edit },
    status: 201,
    params: idParams,
    body: createComparisonLinkRequest,
    async handler({ access, params, body }): Promise<CreatedShareLinkView> {
      const { link, token } = await workflows.createComparisonLink({
        userId: access.ownerId,
        roadmapId: params.id,
        itemIds: body.itemIds,
        title: body.title ?? '',
        description: body.description ?? '',
        allowComments: body.allowComments,
        expiresInDays: body.expiresInDays,
        personaIds: body.personaIds,
      });
      return toCreatedShareLinkView(link!, token);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmaps/:id/comparison-links',
    summary: "A roadmap's comparison links, newest first",
    tag: 'share-links',
    access: 'user',
    product: { from: 'roadmap', role: productActions.read },
    params: idParams,
    async handler({ access, params }): Promise<ShareLinkView[]> {
      const { links } = await roadmap.listShareLinks({
        userId: access.ownerId,
        itemId: '',
        roadmapId: params.id,
      });
      return links.map(toShareLinkView);
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/share-links/:id',
    summary: 'Deactivate (or reactivate) a share link',
    tag: 'share-links',
    access: 'user',
    product: { from: 'shareLink', role: productActions.edit },
    params: idParams,
    body: activeBody,
    async handler({ access, params, body }): Promise<ShareLinkView> {
      const { link } = await roadmap.setShareLinkActive({
        userId: access.ownerId,
        linkId: params.id,
        isActive: body.isActive,
      });
      return toShareLinkView(link!);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/share-links/:id',
    summary: 'Delete a share link with its responses',
    tag: 'share-links',
    access: 'user',
    product: { from: 'shareLink', role: productActions.edit },
    status: 204,
    params: idParams,
    async handler({ access, params }): Promise<undefined> {
      await roadmap.deleteShareLink({ userId: access.ownerId, linkId: params.id });
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/share-links/:id/results',
    summary: "People's responses to a link beside the personas' predictions, with the agreement",
    tag: 'share-links',
    access: 'user',
    product: { from: 'shareLink', role: productActions.read },
    params: idParams,
    async handler({ access, params }): Promise<ShareResultsView> {
      return toShareResultsView(
        await roadmap.getShareResults({ userId: access.ownerId, linkId: params.id }),
      );
    },
  });

  routes.add({
    method: 'get',
    path: '/api/share-links/:id/responses/csv',
    summary: 'Every response to a link as CSV (formulas kept as text)',
    tag: 'share-links',
    access: 'user',
    product: { from: 'shareLink', role: productActions.read },
    params: idParams,
    async handler({ access, params, res }): Promise<undefined> {
      const results = toShareResultsView(
        await roadmap.getShareResults({ userId: access.ownerId, linkId: params.id }),
      );
      const titles = new Map(results.items.map((item) => [item.id, item.title]));
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .attachment(`share-link-${params.id.slice(0, 8)}-responses.csv`)
        .send(shareResponsesCsv(results.responses, titles));
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/public/share-links/:token',
    summary:
      'Signed out: the item or items a share link asks about (the same 404 for unknown, expired or deactivated)',
    tag: 'share-links',
    access: 'public',
    params: tokenParams,
    before: [limits.limiter(shareLimits.viewPerIp), limits.limiter(shareLimits.viewPerLink)],
    async handler({ req, params, res }): Promise<PublicShareView> {
      if (!TOKEN_FORMAT.test(params.token)) unavailable();
      res.setHeader('Cache-Control', 'no-store');
      // The browser's own last answer comes back with the link, so the page shows it filled in.
      const respondent = respondentOf(req);
      try {
        return toPublicShareView(
          await roadmap.openPublicLink({
            token: params.token,
            ...(respondent ? { respondentKey: hash(respondent) } : {}),
          }),
        );
      } catch (error) {
        if ((error as { code?: number }).code === 5) unavailable();
        throw error;
      }
    },
  });

  routes.add({
    method: 'post',
    path: '/api/public/share-links/:token/responses',
    summary:
      'Signed out: answer a share link; one response per browser, a second replaces the first',
    tag: 'share-links',
    access: 'public',
    status: 201,
    params: tokenParams,
    body: shareResponseRequest,
    bodyLimit: SHARE_BODY_LIMIT,
    before: [limits.limiter(shareLimits.respondPerIp), limits.limiter(shareLimits.respondPerLink)],
    async handler({ req, res, params, body }): Promise<{ replaced: boolean }> {
      if (!TOKEN_FORMAT.test(params.token)) unavailable();
      const respondent = respondentOf(req) ?? randomBytes(16).toString('base64url');
      try {
        const { replaced } = await roadmap.submitShareResponse({
          token: params.token,
          respondentKey: hash(respondent),
          ipHash: hash(`${config.SHARE_IP_SALT}:${req.ip ?? ''}`),
          userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
          answer: shareAnswerToMessage(body.answer),
          comment: body.comment ?? '',
          respondentName: body.name ?? '',
          respondentEmail: body.email ?? '',
        });
        res.cookie(RESPONDENT_COOKIE, respondent, {
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie,
          path: '/api/public/share-links',
          maxAge: RESPONDENT_MAX_AGE_MS,
        });
        return { replaced };
      } catch (error) {
        if ((error as { code?: number }).code === 5) unavailable();
        throw error;
      }
    },
  });
}
