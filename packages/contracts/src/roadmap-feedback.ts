/**
 * Persona feedback on roadmap items: what the API takes and answers, and the
 * rules that turn a persona's answer (opinion and confidence) into a 1-5
 * rating or a ranking score. Shared by the roadmap service, the gateway and
 * the roadmap page.
 */
import { z } from 'zod';

/** A feature share (and its comparison) stays open this long. */
export const FEATURE_SHARE_DAYS = 30;
/** Personas asked at once; each answer is a model call. */
export const MAX_FEEDBACK_PERSONAS = 20;
/** Items compared at once. */
export const MAX_COMPARISON_ITEMS = 10;

export const feedbackMessages = {
  personasRequired: 'Choose at least one persona',
  tooManyPersonas: `Choose at most ${MAX_FEEDBACK_PERSONAS} personas`,
  itemsRequired: 'Choose at least two items to compare',
  tooManyItems: `Choose at most ${MAX_COMPARISON_ITEMS} items to compare`,
  unknownPersona: 'Persona not found',
  unknownItem: 'Roadmap item not found',
  failed: 'Failed to get persona feedback',
} as const;

const ids = z.array(z.string().min(1).max(200));

/** POST /api/roadmap-items/:id/feedback */
export const requestFeedbackRequest = z.object({
  personaIds: ids
    .min(1, feedbackMessages.personasRequired)
    .max(MAX_FEEDBACK_PERSONAS, feedbackMessages.tooManyPersonas),
});

/** POST /api/roadmaps/:id/comparisons */
export const createComparisonRequest = z.object({
  title: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value || null),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => value || null),
  itemIds: ids
    .min(2, feedbackMessages.itemsRequired)
    .max(MAX_COMPARISON_ITEMS, feedbackMessages.tooManyItems),
  personaIds: ids
    .min(1, feedbackMessages.personasRequired)
    .max(MAX_FEEDBACK_PERSONAS, feedbackMessages.tooManyPersonas),
});

/**
 * A persona's rating of a feature, 1-5, from its answer: for it is 4, or 5
 * when sure (confidence 0.75 and up); undecided is 3; against is 2, or 1
 * when sure.
 */
export function feedbackRating(opinion: string, confidence: number): number {
  const sure = confidence >= 0.75;
  if (opinion === 'positive') return sure ? 5 : 4;
  if (opinion === 'negative') return sure ? 1 : 2;
  return 3;
}

/**
 * How much a persona wants a feature, 0 to 1: undecided is the middle, and
 * the more confident the answer, the further it leans its way.
 */
export function preferenceScore(opinion: string, confidence: number): number {
  const c = Math.min(1, Math.max(0, confidence));
  if (opinion === 'positive') return 0.5 + c / 2;
  if (opinion === 'negative') return 0.5 - c / 2;
  return 0.5;
}

/** Best first; equal scores keep their given order. */
export function rankByScore<T extends { score: number }>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.score - a.entry.score || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The question each persona answers about one item. */
export function feedbackQuestion(
  item: { title: string; description: string | null },
  productName: string,
): string {
  const about = item.description ? ` (${item.description})` : '';
  return (
    `${productName || 'This product'} plans a new feature: "${item.title}"${about}. ` +
    'How valuable would it be to you, and would it make you more likely to use or buy the product?'
  );
}

export interface FeedbackResponseView {
  id: string;
  personaId: string;
  personaName: string;
  rating: number;
  comment: string;
  sentiment: string;
  confidence: number;
  createdAt: string;
}

/** GET and POST /api/roadmap-items/:id/feedback */
export interface ItemFeedbackView {
  itemId: string;
  /** Of each persona's latest rating, one decimal; null before anyone was asked. */
  averageRating: number | null;
  /** Each persona's latest answer, best rated first. */
  responses: FeedbackResponseView[];
}

/** Each persona's newest answer (responses come newest first). */
export function latestPerPersona<T extends { personaId: string }>(responses: readonly T[]): T[] {
  const seen = new Set<string>();
  return responses.filter((response) => {
    if (seen.has(response.personaId)) return false;
    seen.add(response.personaId);
    return true;
  });
}

export function averageRating(responses: readonly { rating: number }[]): number | null {
  if (responses.length === 0) return null;
  const sum = responses.reduce((total, response) => total + response.rating, 0);
  return Math.round((sum / responses.length) * 10) / 10;
}

/** The item's feedback as the page shows it, from every stored answer (newest first). */
export function itemFeedbackView(
  itemId: string,
  responses: readonly FeedbackResponseView[],
): ItemFeedbackView {
  const latest = latestPerPersona(responses);
  return {
    itemId,
    averageRating: averageRating(latest),
    responses: [...latest].sort((a, b) => b.rating - a.rating),
  };
}

export interface RankedItemView {
  itemId: string;
  title: string;
  score: number;
  comment: string;
}

export interface ComparisonView {
  id: string;
  roadmapId: string;
  title: string;
  description: string | null;
  itemIds: string[];
  personaIds: string[];
  rankings: { personaId: string; personaName: string; items: RankedItemView[] }[];
  overall: RankedItemView[];
  createdAt: string;
}

/** Every persona's scores of each item averaged, best first. */
export function overallRanking(
  rankings: readonly { items: readonly RankedItemView[] }[],
  order: readonly { itemId: string; title: string }[],
): RankedItemView[] {
  return rankByScore(
    order.map(({ itemId, title }) => {
      const scores = rankings.flatMap((r) => r.items.filter((i) => i.itemId === itemId));
      const score =
        scores.length === 0 ? 0 : scores.reduce((sum, s) => sum + s.score, 0) / scores.length;
      return { itemId, title, score: Math.round(score * 100) / 100, comment: '' };
    }),
  );
}
