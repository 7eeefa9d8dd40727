import {
  createPanelRequest,
  type PanelAnswersView,
  panelAnswersQuery,
  productActions,
} from '@chorus/contracts';
import { marketPanelFromMessage, typedAnswerFromMessage } from '@chorus/service-kit/wire';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import type { ApiRoutes } from '../routing';
import { createPanel, estimatePanelBuild, frameViews, redrawPanel } from '../workflows/panels';
import { productParams } from './products';

const panelParams = productParams.extend({ panelId: z.string().min(1).max(100) });
const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });

/**
 * Market panels: samples of 50 to 5,000 personas drawn to a population's
 * shares, weighted to it, asked like the product's personas.
 */
export function panelRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog } = deps.clients;

  routes.add({
    method: 'get',
    path: '/api/panel-frames',
    summary:
      'The populations a market panel can be drawn to (the United States, the United Kingdom, Germany, India): each trait with its shares and the national statistics they come from',
    tag: 'panels',
    access: 'user',
    handler: () => Promise.resolve({ frames: frameViews() }),
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/panels',
    summary: "The product's market panels, newest first, with their build progress and make-up",
    tag: 'panels',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }) {
      const { panels } = await catalog.listPanels({ userId: access.ownerId, productId: params.id });
      return { panels: panels.map(marketPanelFromMessage) };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/panels/estimate',
    summary:
      'What building a market panel would take before it is built: the population after filters, model calls and dollars (nothing on the local engine), and the monthly budget',
    tag: 'panels',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    params: productParams,
    body: createPanelRequest,
    handler: ({ access, params, body }) =>
      estimatePanelBuild(deps.clients, access.ownerId, params.id, body),
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/panels',
    summary:
      'Draw a market panel: a quota sample of 50-5,000 personas matching a population (filters, your own shares or customer list optional), built in the background; not billed as extra personas',
    tag: 'panels',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    paidAction: 'askQuestions',
    status: 201,
    params: productParams,
    body: createPanelRequest,
    async handler({ access, params, body }) {
      return marketPanelFromMessage(
        await createPanel(deps.clients, access.ownerId, params.id, body),
      );
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/panels/:panelId',
    summary:
      "A market panel: its population, filters, seed and version, build progress, and once ready its make-up against the population and its weights' design effect",
    tag: 'panels',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: panelParams,
    async handler({ access, params }) {
      const { panel } = await catalog.getPanel({
        userId: access.ownerId,
        productId: params.id,
        panelId: params.panelId,
      });
      return marketPanelFromMessage(panel!);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/panels/:panelId/redraw',
    summary:
      'Draw the panel again with a new seed (its next version); questions asked of the earlier version keep their answers',
    tag: 'panels',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    paidAction: 'askQuestions',
    params: panelParams,
    async handler({ access, params }) {
      return marketPanelFromMessage(
        await redrawPanel(deps.clients, access.ownerId, params.id, params.panelId),
      );
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id/panels/:panelId',
    summary:
      'Delete a market panel and its personas (a build under way stops); its questions keep their answers',
    tag: 'panels',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    status: 204,
    params: panelParams,
    async handler({ access, params }) {
      await catalog.deletePanel({
        userId: access.ownerId,
        productId: params.id,
        panelId: params.panelId,
      });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/:questionId/panel-answers',
    summary:
      "A market panel question's persona answers, a page at a time (pageSize up to 100), searched by words and filtered by opinion, each with the persona's traits and weight",
    tag: 'panels',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: questionParams,
    query: panelAnswersQuery,
    async handler({ access, params, query }): Promise<PanelAnswersView> {
      const page = await catalog.listPanelAnswers({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
        page: query.page,
        pageSize: query.pageSize,
        search: query.search,
        opinion: query.opinion ?? '',
      });
      return {
        answers: page.answers.map((answer) => ({
          index: answer.index,
          personaName: answer.response?.personaName ?? '',
          age: answer.age,
          occupation: answer.occupation,
          location: answer.location,
          traits: { ...answer.traits },
          weight: answer.weight,
          opinion: (answer.response?.opinion ??
            'neutral') as PanelAnswersView['answers'][number]['opinion'],
          confidence: answer.response?.confidence ?? 0,
          draws: {
            positive: answer.response?.draws?.positive ?? 0,
            neutral: answer.response?.draws?.neutral ?? 0,
            negative: answer.response?.draws?.negative ?? 0,
          },
          typed: typedAnswerFromMessage(answer.response?.typed) ?? null,
          response: answer.response?.response ?? '',
          reasoning: answer.response?.reasoning ?? '',
        })),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
      };
    },
  });
}
