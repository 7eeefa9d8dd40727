import {
  createComparisonLinkRequest,
  createShareLinkRequest,
  roadmapMessages,
  type ShareAnswer,
  shareAnswer,
  type ShareFeedbackType,
  shareMessages,
  type ShareResponseView,
} from '@chorus/contracts';
import { shareResultsFigures } from '@chorus/research';
import type {
  CreateComparisonLinkRequest,
  CreateShareLinkRequest,
  GetShareResultsResponse,
  OpenPublicLinkResponse,
  PeopleResponse,
  ShareAnswer as ShareAnswerMessage,
  PersonaPrediction,
  ShareLink,
  SubmitShareResponseRequest,
} from '@chorus/proto/roadmap/v1/sharing';
import { InvalidArgument, NotFound } from '@chorus/service-kit';
import {
  shareAnswerFromMessage,
  shareAnswerToMessage,
  shareResultsToMessage,
} from '@chorus/service-kit/wire';
import { createHash, randomBytes } from 'node:crypto';
import type { LinkRow, PeopleResponseRow, ShareLinkStore } from './store/share-links';
import type { RoadmapStore } from './store/roadmaps';
import { answerSentiment, shareAnswerProblem } from './domain/share-answers';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 32 random bytes (256 bits), url-safe. */
function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored and looked up instead of the token. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function invalid(error: { issues: { message: string }[] }): never {
  throw new InvalidArgument(error.issues[0]?.message ?? 'Invalid request');
}

function toShareLink(row: LinkRow): ShareLink {
  return {
    id: row.id,
    kind: row.kind,
    feedbackType: row.feedback_type,
    allowComments: row.allow_comments,
    isActive: row.is_active,
    expiresAt: row.expires_at,
    accessCount: row.access_count,
    responseCount: row.response_count,
    personaIds: row.persona_ids,
    itemId: row.item_id ?? '',
    roadmapId: row.roadmap_id,
    itemIds: row.item_ids,
    title: row.title,
    createdAt: row.created_at,
    token: row.owner_token ?? '',
  };
}

/** A stored answer as its message; none when the row holds no answer read today. */
function storedAnswer(data: unknown): ShareAnswerMessage | undefined {
  const parsed = shareAnswer.safeParse(data);
  return parsed.success ? shareAnswerToMessage(parsed.data) : undefined;
}

/** A stored response as the service's messages carry it. */
function toPeopleResponse(r: PeopleResponseRow): PeopleResponse {
  return {
    id: r.id,
    answer: storedAnswer(r.response_data),
    comment: r.comment ?? '',
    respondentName: r.respondent_name ?? '',
    respondentEmail: r.respondent_email ?? '',
    sentiment: r.sentiment ?? '',
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** A readable response as the results' figures take it. */
function toResponseView(message: PeopleResponse, answer: ShareAnswer): ShareResponseView {
  return {
    id: message.id,
    createdAt: (message.createdAt ?? new Date(0)).toISOString(),
    name: message.respondentName,
    email: message.respondentEmail,
    answer,
    comment: message.comment,
    sentiment: message.sentiment,
  };
}

/**
 * Public links that people answer: created, listed, switched off and deleted
 * by the roadmap's owner; opened and answered by anyone holding the token.
 */
export class ShareLinks {
  constructor(private readonly deps: { store: RoadmapStore; links: ShareLinkStore }) {}

  async createItemLink(
    request: CreateShareLinkRequest,
  ): Promise<{ link: ShareLink; token: string }> {
    const parsed = createShareLinkRequest.safeParse({
      feedbackType: request.feedbackType || undefined,
      allowComments: request.allowComments,
      expiresInDays: request.expiresInDays || undefined,
      personaIds: request.personaIds,
    });
    if (!parsed.success) invalid(parsed.error);
    const item = await this.deps.store.findItem(request.userId, request.itemId);
    if (!item) throw new NotFound(roadmapMessages.itemNotFound);
    const token = newShareToken();
    const id = await this.deps.links.insertItemLink({
      itemId: item.id,
      userId: request.userId,
      token,
      tokenHash: tokenHash(token),
      feedbackType: parsed.data.feedbackType,
      allowComments: parsed.data.allowComments,
      expiresAt: new Date(Date.now() + parsed.data.expiresInDays * DAY_MS),
      personaIds: [...new Set(parsed.data.personaIds)],
      productName: request.productName.slice(0, 200),
    });
    return { link: toShareLink((await this.deps.links.findOwned(request.userId, id))!), token };
  }

  async createComparisonLink(
    request: CreateComparisonLinkRequest,
  ): Promise<{ link: ShareLink; token: string }> {
    const parsed = createComparisonLinkRequest.safeParse({
      itemIds: request.itemIds,
      title: request.title || undefined,
      description: request.description || undefined,
      allowComments: request.allowComments,
      expiresInDays: request.expiresInDays || undefined,
      personaIds: request.personaIds,
    });
    if (!parsed.success) invalid(parsed.error);
    const roadmap = await this.deps.store.findRoadmap(request.userId, request.roadmapId);
    if (!roadmap) throw new NotFound(roadmapMessages.roadmapNotFound);
    const items = new Map(
      (await this.deps.store.listItems(roadmap.id)).map((item) => [item.id, item]),
    );
    const chosen = parsed.data.itemIds.map((id) => items.get(id));
    if (chosen.some((item) => !item)) throw new NotFound(roadmapMessages.itemNotFound);
    const token = newShareToken();
    const title =
      parsed.data.title ?? `Which matters most to you? ${chosen.map((i) => i!.title).join(', ')}`;
    const id = await this.deps.links.insertComparisonLink({
      roadmapId: roadmap.id,
      userId: request.userId,
      token,
      tokenHash: tokenHash(token),
      title: title.slice(0, 200),
      description: parsed.data.description ?? null,
      itemIds: parsed.data.itemIds,
      allowComments: parsed.data.allowComments,
      expiresAt: new Date(Date.now() + parsed.data.expiresInDays * DAY_MS),
      personaIds: [...new Set(parsed.data.personaIds)],
      productName: request.productName.slice(0, 200),
    });
    return { link: toShareLink((await this.deps.links.findOwned(request.userId, id))!), token };
  }

  async list(userId: string, target: { itemId: string; roadmapId: string }): Promise<ShareLink[]> {
    if (target.itemId) {
      const item = await this.deps.store.findItem(userId, target.itemId);
      if (!item) throw new NotFound(roadmapMessages.itemNotFound);
      return (await this.deps.links.itemLinks(item.id)).map(toShareLink);
    }
    const roadmap = await this.deps.store.findRoadmap(userId, target.roadmapId);
    if (!roadmap) throw new NotFound(roadmapMessages.roadmapNotFound);
    return (await this.deps.links.comparisonLinks(roadmap.id)).map(toShareLink);
  }

  private async owned(userId: string, linkId: string): Promise<LinkRow> {
    const link = await this.deps.links.findOwned(userId, linkId);
    if (!link) throw new NotFound(shareMessages.linkNotFound);
    return link;
  }

  async setActive(userId: string, linkId: string, isActive: boolean): Promise<ShareLink> {
    const link = await this.owned(userId, linkId);
    await this.deps.links.setActive(link, isActive);
    return toShareLink((await this.deps.links.findOwned(userId, linkId))!);
  }

  async delete(userId: string, linkId: string): Promise<void> {
    await this.deps.links.delete(await this.owned(userId, linkId));
  }

  async results(userId: string, linkId: string): Promise<GetShareResultsResponse> {
    const link = await this.owned(userId, linkId);
    const [items, responses] = await Promise.all([
      this.deps.links.items(link.item_ids),
      this.deps.links.responses(link),
    ]);
    const byId = new Map(items.map((item) => [item.id, item]));
    const shared = link.item_ids.flatMap((id) => {
      const item = byId.get(id);
      return item ? [{ id, title: item.title, description: item.description ?? '' }] : [];
    });
    const predictions = await this.predictions(link);
    // Only responses whose answer reads today count and are sent.
    const read = responses.flatMap((row) => {
      const message = toPeopleResponse(row);
      const answer = shareAnswer.safeParse(shareAnswerFromMessage(message.answer));
      return answer.success ? [{ message, view: toResponseView(message, answer.data) }] : [];
    });
    const figures = shareResultsFigures({
      link: {
        feedbackType: link.feedback_type as ShareFeedbackType | 'ranking',
        itemIds: link.item_ids,
      },
      items: shared,
      responses: read.map((r) => r.view),
      predictions: predictions.map((p) => ({
        personaId: p.personaId,
        personaName: p.personaName,
        rating: p.rating || null,
        order: p.order,
      })),
    });
    return {
      link: toShareLink(link),
      items: shared,
      responses: read.map((r) => r.message),
      predictions,
      results: shareResultsToMessage(figures),
    };
  }

  /**
   * The personas' predictions already stored: each persona's latest rating of
   * the item, or, for a comparison, each persona's latest ranking of a
   * persona comparison holding every compared item (else the order of its
   * ratings, when it rated every item). Only the link's personas when it
   * names some.
   */
  private async predictions(link: LinkRow): Promise<PersonaPrediction[]> {
    const wanted = (personaId: string) =>
      link.persona_ids.length === 0 || link.persona_ids.includes(personaId);
    const ratings = (await this.deps.links.personaRatings(link.item_ids)).filter((r) =>
      wanted(r.persona_id),
    );
    if (link.kind === 'item') {
      return ratings
        .filter((r) => r.rating !== null)
        .map((r) => ({
          personaId: r.persona_id,
          personaName: r.persona_name,
          rating: r.rating!,
          order: [],
        }));
    }
    const predictions = new Map<string, PersonaPrediction>();
    for (const row of await this.deps.links.personaRankings(link.roadmap_id)) {
      if (!wanted(row.persona_id) || predictions.has(row.persona_id)) continue;
      const order = row.ranking.map((r) => r.itemId).filter((id) => link.item_ids.includes(id));
      if (order.length !== link.item_ids.length) continue;
      predictions.set(row.persona_id, {
        personaId: row.persona_id,
        personaName: row.persona_name,
        rating: 0,
        order,
      });
    }
    const rated = new Map<string, { name: string; ratings: Map<string, number> }>();
    for (const row of ratings) {
      if (row.rating === null) continue;
      const entry = rated.get(row.persona_id) ?? { name: row.persona_name, ratings: new Map() };
      entry.ratings.set(row.item_id, row.rating);
      rated.set(row.persona_id, entry);
    }
    for (const [personaId, entry] of rated) {
      if (predictions.has(personaId) || entry.ratings.size !== link.item_ids.length) continue;
      const order = link.item_ids
        .map((id, index) => ({ id, index, rating: entry.ratings.get(id)! }))
        .sort((a, b) => b.rating - a.rating || a.index - b.index)
        .map((x) => x.id);
      predictions.set(personaId, { personaId, personaName: entry.name, rating: 0, order });
    }
    return [...predictions.values()];
  }

  /** A live link by its token, with the respondent's own last response when a key is given. */
  async open(token: string, respondentKey = ''): Promise<OpenPublicLinkResponse> {
    const link = await this.deps.links.open(tokenHash(token));
    if (!link) throw new NotFound(shareMessages.unavailable);
    const [items, own] = await Promise.all([
      this.deps.links.items(link.item_ids),
      respondentKey ? this.deps.links.ownResponse(link, respondentKey) : undefined,
    ]);
    const byId = new Map(items.map((item) => [item.id, item]));
    return {
      kind: link.kind,
      feedbackType: link.feedback_type,
      allowComments: link.allow_comments,
      productName: link.product_name ?? '',
      title: link.title,
      description: link.description ?? '',
      items: link.item_ids.flatMap((id) => {
        const item = byId.get(id);
        return item ? [{ id, title: item.title, description: item.description ?? '' }] : [];
      }),
      expiresAt: link.expires_at,
      ownResponse: own ? toPeopleResponse(own) : undefined,
    };
  }

  async submit(
    request: SubmitShareResponseRequest,
  ): Promise<{ replaced: boolean; responseCount: number }> {
    const link = await this.deps.links.live(tokenHash(request.token));
    if (!link) throw new NotFound(shareMessages.unavailable);
    if (!request.respondentKey) throw new InvalidArgument('A respondent key is required');
    const answer = shareAnswerFromMessage(request.answer);
    if (!answer) throw new InvalidArgument(shareMessages.wrongAnswer);
    const parsed = shareAnswer.safeParse(answer);
    if (!parsed.success) invalid(parsed.error);
    const problem = shareAnswerProblem(
      {
        kind: link.kind,
        feedbackType: link.feedback_type as ShareFeedbackType,
        itemIds: link.item_ids,
        allowComments: link.allow_comments,
      },
      { answer: parsed.data, comment: request.comment || undefined },
    );
    if (problem) throw new InvalidArgument(problem);
    return this.deps.links.upsertResponse(link, {
      respondentKey: request.respondentKey,
      ipHash: request.ipHash,
      userAgent: request.userAgent,
      answer: parsed.data,
      comment: request.comment || null,
      name: request.respondentName || null,
      email: request.respondentEmail || null,
      sentiment: answerSentiment(parsed.data),
    });
  }
}
