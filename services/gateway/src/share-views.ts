import {
  type CreatedShareLinkView,
  type OwnShareResponseView,
  type PersonaPredictionView,
  type PublicShareView,
  SHARE_RETENTION_DAYS,
  type ShareAnswer,
  shareAnswer,
  type ShareFeedbackType,
  type ShareKind,
  type ShareLinkView,
  type ShareResponseView,
  type ShareResultsView,
  toCsv,
} from '@chorus/contracts';
import { shareAnswerFromMessage, shareResultsFromMessage } from '@chorus/service-kit/wire';
import type {
  GetShareResultsResponse,
  OpenPublicLinkResponse,
  PeopleResponse,
  ShareLink,
} from '@chorus/proto/roadmap/v1/sharing';

// How the roadmap service's share links look to the browser: their views,
// their public addresses, and the CSV export of their responses.

const iso = (date: Date | undefined) => (date ?? new Date(0)).toISOString();

/** The public page's address for a link. */
function sharePath(kind: ShareKind, token: string): string {
  return `/${kind === 'comparison' ? 'compare' : 'share'}/${token}`;
}

/** Whether a link is active, expired or deactivated now. */
function shareLinkStatus(link: { isActive: boolean; expiresAt: string }, now = new Date()) {
  if (!link.isActive) return 'deactivated' as const;
  return new Date(link.expiresAt).getTime() <= now.getTime()
    ? ('expired' as const)
    : ('active' as const);
}

/*
 * CSV export of every human response to a link.
 */

const shareCsvColumns = [
  'Submitted At',
  'Name',
  'E-mail',
  'Answer',
  'Comment',
  'Sentiment',
] as const;

interface ExportedShareResponse {
  createdAt: string;
  name: string;
  email: string;
  answer: ShareAnswer;
  comment: string;
  sentiment: string;
}

/** An answer as one cell: "4", "up", the text, or the ranking's titles best first. */
function answerText(answer: ShareAnswer, titles: ReadonlyMap<string, string> = new Map()): string {
  switch (answer.type) {
    case 'rating':
      return String(answer.rating);
    case 'thumbs':
      return answer.thumbs;
    case 'text':
      return answer.text;
    case 'ranking':
      return answer.ranking.map((id, i) => `${i + 1}. ${titles.get(id) ?? id}`).join('; ');
  }
}

export function shareResponsesCsv(
  responses: readonly ExportedShareResponse[],
  titles: ReadonlyMap<string, string> = new Map(),
): string {
  return toCsv([
    [...shareCsvColumns],
    ...responses.map((r) => [
      r.createdAt,
      r.name,
      r.email,
      answerText(r.answer, titles),
      r.comment,
      r.sentiment,
    ]),
  ]);
}

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
