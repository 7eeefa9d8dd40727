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
const MAX_COMPARISON_ITEMS = 10;

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
