import {
  createRoadmapItemRequest,
  createRoadmapRequest,
  importRoadmapYamlRequest,
  type Roadmap,
  type RoadmapImportResult,
  type RoadmapItem,
  type RoadmapSummary,
  type RoadmapWithItems,
  updateRoadmapItemRequest,
  updateRoadmapRequest,
  productActions,
} from '@chorus/contracts';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { itemFields, roadmapFields, toItem, toRoadmap, toRoadmapSummary } from '../roadmap-views';
import type { ApiRoutes } from '../routing';
import { RoadmapWorkflows } from '../workflows/roadmaps';

const productParams = z.object({ productId: z.string().min(1).max(200) });
const idParams = z.object({ id: z.string().min(1).max(200) });

/** Roadmaps and their items: /api/products/:productId/roadmaps, /api/roadmaps/*, /api/roadmap-items/*. */
export function roadmapRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { roadmap: roadmaps } = deps.clients;
  const workflows = new RoadmapWorkflows(deps.clients);

  routes.add({
    method: 'get',
    path: '/api/products/:productId/roadmaps',
    summary: 'Summaries of a product’s roadmaps with item counts, most recently updated first',
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'productId', role: productActions.read },
    params: productParams,
    async handler({ access, params }): Promise<RoadmapSummary[]> {
      const summaries = await workflows.listRoadmaps(access.ownerId, params.productId);
      return summaries.map(toRoadmapSummary);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:productId/roadmaps',
    summary: 'Create a roadmap for a product',
    tag: 'roadmaps',
    access: 'user',
    idempotent: true,
    product: { from: 'productId', role: productActions.edit },
    status: 201,
    params: productParams,
    body: createRoadmapRequest,
    async handler({ access, params, body }): Promise<Roadmap> {
      return toRoadmap(
        await workflows.createRoadmap(access.ownerId, params.productId, roadmapFields(body)),
      );
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmaps/:id',
    summary: 'A roadmap with its items in order',
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'roadmap', role: productActions.read, roadmap: 'view' },
    params: idParams,
    async handler({ access, params }): Promise<RoadmapWithItems> {
      const { roadmap, items } = await roadmaps.getRoadmap({
        userId: access.ownerId,
        roadmapId: params.id,
      });
      return { ...toRoadmap(roadmap), items: items.map(toItem) };
    },
  });

  routes.add({
    method: 'put',
    path: '/api/roadmaps/:id',
    summary: 'Change a roadmap (fields left out stay as they are)',
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'roadmap', role: productActions.edit, roadmap: 'edit' },
    params: idParams,
    body: updateRoadmapRequest,
    async handler({ access, params, body }): Promise<Roadmap> {
      const { roadmap } = await roadmaps.updateRoadmap({
        userId: access.ownerId,
        roadmapId: params.id,
        fields: roadmapFields(body),
      });
      return toRoadmap(roadmap);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/roadmaps/:id',
    summary: 'Delete a roadmap with its items, shared links, feedback and collaborators',
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'roadmap', role: productActions.edit },
    params: idParams,
    async handler({ access, params }) {
      // The people it was shared with lose it first (and stop being billed),
      // so no share outlives its roadmap.
      await deps.clients.catalog.endRoadmapShares({
        userId: access.ownerId,
        productId: access.productId,
        roadmapId: params.id,
      });
      await roadmaps.deleteRoadmap({ userId: access.ownerId, roadmapId: params.id });
      return { message: 'Roadmap deleted successfully' };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/roadmaps/:id/items',
    summary: 'Add an item to a roadmap (last, unless a position is given)',
    tag: 'roadmaps',
    access: 'user',
    idempotent: true,
    product: { from: 'roadmap', role: productActions.edit, roadmap: 'edit' },
    status: 201,
    params: idParams,
    body: createRoadmapItemRequest,
    async handler({ access, params, body }): Promise<RoadmapItem> {
      const { item } = await roadmaps.createItem({
        userId: access.ownerId,
        roadmapId: params.id,
        fields: itemFields(body),
      });
      return toItem(item);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/roadmap-items/:id',
    summary: 'Change an item: any field, e.g. only status and position to move it on the board',
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'item', role: productActions.edit, roadmap: 'edit' },
    params: idParams,
    body: updateRoadmapItemRequest,
    async handler({ access, params, body }): Promise<RoadmapItem> {
      const { item } = await roadmaps.updateItem({
        userId: access.ownerId,
        itemId: params.id,
        fields: itemFields(body),
      });
      return toItem(item);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/roadmap-items/:id',
    summary: 'Delete a roadmap item',
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'item', role: productActions.edit, roadmap: 'edit' },
    params: idParams,
    async handler({ access, params }) {
      await roadmaps.deleteItem({ userId: access.ownerId, itemId: params.id });
      return { message: 'Roadmap item deleted successfully' };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/roadmaps/:id/import-yaml',
    summary: 'Import every valid item of a YAML document (up to 5MB); the others are reported',
    tag: 'roadmaps',
    access: 'user',
    idempotent: true,
    product: { from: 'roadmap', role: productActions.edit, roadmap: 'edit' },
    paidAction: 'importRoadmaps',
    params: idParams,
    body: importRoadmapYamlRequest,
    // The 5MB limit applies to the YAML text; its JSON encoding is somewhat larger.
    bodyLimit: '8mb',
    async handler({ access, params, body }): Promise<RoadmapImportResult> {
      return workflows.importYaml(access.ownerId, params.id, body.yamlContent);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmaps/:id/export',
    summary: 'Download the roadmap’s items as a YAML file that imports back to the same items',
    tag: 'roadmaps',
    access: 'user',
    product: { from: 'roadmap', role: productActions.read, roadmap: 'view' },
    params: idParams,
    async handler({ access, params, res }) {
      const { yamlContent, fileName } = await roadmaps.exportYaml({
        userId: access.ownerId,
        roadmapId: params.id,
      });
      res.attachment(fileName).type('application/yaml; charset=utf-8').send(yamlContent);
      return undefined;
    },
  });
}
