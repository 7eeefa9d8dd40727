import {
  type ComparisonView,
  createComparisonRequest,
  feedbackMessages,
  type FeedbackResponseView,
  itemFeedbackView,
  type ItemFeedbackView,
  requestFeedbackRequest,
} from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/inference';
import type {
  FeatureComparison,
  FeedbackResponse,
  RankedItem,
} from '@chorus/proto/roadmap/v1/roadmap';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import type { ApiRoutes } from '../routing';

const idParams = z.object({ id: z.string().min(1).max(200) });

// Asking personas is a model call per persona (or per item and persona): the
// service waits for every answer.
const FEEDBACK_TIMEOUT_MS = 150_000;

function toResponseView(response: FeedbackResponse): FeedbackResponseView {
  return {
    id: response.id,
    personaId: response.personaId,
    personaName: response.personaName,
    rating: response.rating,
    comment: response.comment,
    sentiment: response.sentiment,
    confidence: response.confidence,
    createdAt: response.createdAt!.toISOString(),
  };
}

const toRanked = (item: RankedItem) => ({ ...item });

function toComparisonView(comparison: FeatureComparison | undefined): ComparisonView {
  const c = comparison!;
  return {
    id: c.id,
    roadmapId: c.roadmapId,
    title: c.title,
    description: c.description || null,
    itemIds: c.itemIds,
    personaIds: c.personaIds,
    rankings: c.rankings.map((r) => ({
      personaId: r.personaId,
      personaName: r.personaName,
      items: r.items.map(toRanked),
    })),
    overall: c.overall.map(toRanked),
    createdAt: c.createdAt!.toISOString(),
  };
}

/**
 * Persona feedback on roadmap items: POST/GET /api/roadmap-items/:id/feedback
 * and POST/GET /api/roadmaps/:id/comparisons. The personas are the product's
 * own (read from the catalog with their attributes); an id that is not one of
 * them answers 404, as does another user's item or roadmap.
 */
export function roadmapFeedbackRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog, roadmap: roadmaps } = deps.clients;

  async function personasOf(
    userId: string,
    productId: string,
    personaIds: string[],
  ): Promise<{ personas: PersonaProfile[]; business: BusinessContext }> {
    const [{ product }, { personas }] = await Promise.all([
      catalog.getProduct({ userId, productId }),
      catalog.listProductPersonas({ userId, productId }),
    ]);
    const byId = new Map(personas.map((p) => [p.id, p]));
    const chosen = [...new Set(personaIds)].map((id) => {
      const persona = byId.get(id);
      if (!persona?.template) throw new HttpError(404, feedbackMessages.unknownPersona);
      const t = persona.template;
      return {
        personaId: persona.id,
        name: t.name,
        age: t.age,
        gender: t.gender ?? '',
        occupation: t.occupation,
        location: t.location,
        income: t.income,
        lifestyle: t.lifestyle,
        motivations: t.motivations,
        personality: t.personality,
        safetyScores: t.safetyScores,
      };
    });
    return {
      personas: chosen,
      business: {
        productName: product?.name ?? '',
        productDescription: product?.description ?? '',
        industry: product?.industry ?? '',
        facts: [],
      },
    };
  }

  routes.add({
    method: 'post',
    path: '/api/roadmap-items/:id/feedback',
    summary: 'Ask chosen personas of the product to rate an item 1-5 and comment on it',
    tag: 'roadmaps',
    access: 'user',
    status: 201,
    params: idParams,
    body: requestFeedbackRequest,
    async handler({ user, params, body }): Promise<ItemFeedbackView> {
      const { productId } = await roadmaps.getItem({ userId: user.id, itemId: params.id });
      const { personas, business } = await personasOf(user.id, productId, body.personaIds);
      await roadmaps.requestFeedback(
        { userId: user.id, itemId: params.id, personas, business },
        { timeoutMs: FEEDBACK_TIMEOUT_MS },
      );
      const { responses } = await roadmaps.listFeedback({ userId: user.id, itemId: params.id });
      return itemFeedbackView(params.id, responses.map(toResponseView));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmap-items/:id/feedback',
    summary: "Each persona's latest rating and comment on an item, with the average rating",
    tag: 'roadmaps',
    access: 'user',
    params: idParams,
    async handler({ user, params }): Promise<ItemFeedbackView> {
      const { responses } = await roadmaps.listFeedback({ userId: user.id, itemId: params.id });
      return itemFeedbackView(params.id, responses.map(toResponseView));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/roadmaps/:id/comparisons',
    summary: 'Ask chosen personas to rank two or more items of a roadmap',
    tag: 'roadmaps',
    access: 'user',
    status: 201,
    params: idParams,
    body: createComparisonRequest,
    async handler({ user, params, body }): Promise<ComparisonView> {
      const { roadmap } = await roadmaps.getRoadmap({ userId: user.id, roadmapId: params.id });
      const { personas, business } = await personasOf(user.id, roadmap!.productId, body.personaIds);
      const { comparison } = await roadmaps.createComparison(
        {
          userId: user.id,
          roadmapId: params.id,
          title: body.title ?? '',
          description: body.description ?? '',
          itemIds: body.itemIds,
          personas,
          business,
        },
        { timeoutMs: FEEDBACK_TIMEOUT_MS },
      );
      return toComparisonView(comparison);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmaps/:id/comparisons',
    summary: "A roadmap's comparisons, newest first, with each persona's ranking",
    tag: 'roadmaps',
    access: 'user',
    params: idParams,
    async handler({ user, params }): Promise<ComparisonView[]> {
      const { comparisons } = await roadmaps.listComparisons({
        userId: user.id,
        roadmapId: params.id,
      });
      return comparisons.map(toComparisonView);
    },
  });
}
