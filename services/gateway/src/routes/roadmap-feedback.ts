import {
  type ComparisonView,
  createComparisonRequest,
  type ItemFeedbackView,
  requestFeedbackRequest,
  productActions,
} from '@chorus/contracts';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { toComparisonView, toResponseView, itemFeedbackView } from '../roadmap-views';
import type { ApiRoutes } from '../routing';
import { RoadmapWorkflows } from '../workflows/roadmaps';

const idParams = z.object({ id: z.string().min(1).max(200) });

/**
 * Persona feedback on roadmap items: POST/GET /api/roadmap-items/:id/feedback
 * and POST/GET /api/roadmaps/:id/comparisons. Another user's item or roadmap
 * answers 404, as does a persona that is not the product's.
 */
export function roadmapFeedbackRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { roadmap: roadmaps } = deps.clients;
  const workflows = new RoadmapWorkflows(deps.clients);

  routes.add({
    method: 'post',
    path: '/api/roadmap-items/:id/feedback',
    summary: 'Ask chosen personas of the product to rate an item 1-5 and comment on it',
    tag: 'roadmaps',
    access: 'user',
    idempotent: true,
    product: { from: 'item', role: productActions.edit, roadmap: 'edit' },
    paidAction: 'requestPersonaFeedback',
    status: 201,
    params: idParams,
    body: requestFeedbackRequest,
    async handler({ access, params, body }): Promise<ItemFeedbackView> {
      const responses = await workflows.requestFeedback(access.ownerId, params.id, body.personaIds);
      return itemFeedbackView(params.id, responses.map(toResponseView));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmap-items/:id/feedback',
    summary: "Each persona's latest rating and comment on an item, with the average rating",
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'item', role: productActions.read, roadmap: 'view' },
    params: idParams,
    async handler({ access, params }): Promise<ItemFeedbackView> {
      const { responses } = await roadmaps.listFeedback({
        userId: access.ownerId,
        itemId: params.id,
      });
      return itemFeedbackView(params.id, responses.map(toResponseView));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/roadmaps/:id/comparisons',
    summary: 'Ask chosen personas to rank two or more items of a roadmap',
    tag: 'roadmaps',
    access: 'user',
    idempotent: true,
    product: { from: 'roadmap', role: productActions.edit, roadmap: 'edit' },
    paidAction: 'requestPersonaFeedback',
    status: 201,
    params: idParams,
    body: createComparisonRequest,
    async handler({ access, params, body }): Promise<ComparisonView> {
      const comparison = await workflows.compare(access.ownerId, params.id, {
        title: body.title ?? '',
        description: body.description ?? '',
        itemIds: body.itemIds,
        personaIds: body.personaIds,
      });
      return toComparisonView(comparison);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmaps/:id/comparisons',
    summary: "A roadmap's comparisons, newest first, with each persona's ranking",
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'roadmap', role: productActions.read, roadmap: 'view' },
    params: idParams,
    async handler({ access, params }): Promise<ComparisonView[]> {
      const { comparisons } = await roadmaps.listComparisons({
        userId: access.ownerId,
        roadmapId: params.id,
      });
      return comparisons.map(toComparisonView);
    },
  });
}
