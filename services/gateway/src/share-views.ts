import {
  type CreatedShareLinkView,
  type OwnShareResponseView,
  type PersonaPredictionView,
  type PublicShareView,
  SHARE_RETENTION_DAYS,
  shareAnswer,
  type ShareFeedbackType,
  type ShareKind,
  shareLinkStatus,
  type ShareLinkView,
  sharePath,
  type ShareResponseView,
  type ShareResultsView,
} from '@chorus/contracts';
import { shareAnswerFromMessage, shareResultsFromMessage } from '@chorus/service-kit/wire';
import type {
  GetShareResultsResponse,
  OpenPublicLinkResponse,
  PeopleResponse,
  ShareLink,
} from '@chorus/proto/roadmap/v1/roadmap';

// How the roadmap service's share links look to the browser.

const iso = (date: Date | undefined) => (date ?? new Date(0)).toISOString();

export function toShareLinkView(link: ShareLink): ShareLinkView {
  const view = {
    id: link.id,
    kind: link.kind as ShareKind,
    feedbackType: link.feedbackType as ShareFeedbackType | 'ranking',
    allowComments: link.allowComments,
    isActive: link.isActive,
    expiresAt: iso(link.expiresAt),
    accessCount: link.accessCount,
    responseCount: link.responseCount,
    personaIds: link.personaIds,
    itemId: link.itemId || null,
    roadmapId: link.roadmapId,
    itemIds: link.itemIds,
    title: link.title,
    createdAt: iso(link.createdAt),
    path: link.token ? sharePath(link.kind as ShareKind, link.token) : null,
  };
  return { ...view, status: shareLinkStatus(view) };
}

export function toCreatedShareLinkView(link: ShareLink, token: string): CreatedShareLinkView {
  const view = toShareLinkView(link);
  return { ...view, token, path: sharePath(view.kind, token) };
}

export function toPublicShareView(link: OpenPublicLinkResponse): PublicShareView {
  return {
    kind: link.kind as ShareKind,
    feedbackType: link.feedbackType as ShareFeedbackType | 'ranking',
    allowComments: link.allowComments,
    productName: link.productName,
    title: link.title,
    description: link.description,
    items: link.items,
    expiresAt: iso(link.expiresAt),
    retentionDays: SHARE_RETENTION_DAYS,
    myResponse: toOwnResponse(link.ownResponse),
  };
}

/** The respondent's own last response; an answer no longer readable is left out. */
function toOwnResponse(response: PeopleResponse | undefined): OwnShareResponseView | null {
  if (!response) return null;
  const answer = shareAnswer.safeParse(shareAnswerFromMessage(response.answer));
  if (!answer.success) return null;
  return {
    answer: answer.data,
    comment: response.comment,
    name: response.respondentName,
    email: response.respondentEmail,
    updatedAt: iso(response.updatedAt),
  };
}

/**
 * The results page as the roadmap service computed it: the stored parts
 * mapped to their views, the figures and agreement read from its message.
 */
export function toShareResultsView(results: GetShareResultsResponse): ShareResultsView {
  const responses: ShareResponseView[] = results.responses.flatMap((r) => {
    const answer = shareAnswer.safeParse(shareAnswerFromMessage(r.answer));
    if (!answer.success) return [];
    return [
      {
        id: r.id,
        createdAt: iso(r.createdAt),
        name: r.respondentName,
        email: r.respondentEmail,
        answer: answer.data,
        comment: r.comment,
        sentiment: r.sentiment,
      },
    ];
  });
  const predictions: PersonaPredictionView[] = results.predictions.map((p) => ({
    personaId: p.personaId,
    personaName: p.personaName,
    rating: p.rating || null,
    order: p.order,
  }));
  const figures = shareResultsFromMessage(
    results.results ?? { responseCount: 0, overTime: [], comments: [] },
  );
  return {
    link: toShareLinkView(results.link!),
    items: results.items,
    responseCount: figures.responseCount,
    distribution: figures.distribution,
    agreement: figures.agreement,
    sentiment: figures.sentiment,
    overTime: figures.overTime,
    comments: figures.comments,
    predictions,
    responses,
  };
}
