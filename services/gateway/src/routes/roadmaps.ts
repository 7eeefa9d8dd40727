import {
  createRoadmapItemRequest,
  createRoadmapRequest,
  DEFAULT_ITEM_PRIORITY,
  DEFAULT_ITEM_STATUS,
  DEFAULT_TIMELINE_TYPE,
  importRoadmapYamlRequest,
  ITEM_PRIORITIES,
  ITEM_STATUSES,
  type Roadmap,
  type RoadmapImportResult,
  type RoadmapItem,
  type RoadmapSummary,
  type RoadmapWithItems,
  screenRoadmapYaml,
  TIMELINE_TYPES,
  updateRoadmapItemRequest,
  updateRoadmapRequest,
} from '@chorus/contracts';
import type {
  Roadmap as RoadmapMessage,
  RoadmapItem as RoadmapItemMessage,
  RoadmapItemFields,
} from '@chorus/proto/roadmap/v1/roadmap';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import type { ApiRoutes } from '../routing';

const productParams = z.object({ productId: z.string().min(1).max(200) });
const idParams = z.object({ id: z.string().min(1).max(200) });

/** Empty text on the wire is "none" in the API. */
const orNull = (text: string) => text || null;
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

function toRoadmap(message: RoadmapMessage | undefined): Roadmap {
  const r = message!;
  return {
    id: r.id,
    productId: r.productId,
    name: r.name,
    description: orNull(r.description),
    timelineType: oneOf(TIMELINE_TYPES, r.timelineType, DEFAULT_TIMELINE_TYPE),
    startDate: orNull(r.startDate),
    endDate: orNull(r.endDate),
    status: r.status,
    isTemplate: r.isTemplate,
    templateName: orNull(r.templateName),
    createdAt: r.createdAt!.toISOString(),
    updatedAt: r.updatedAt!.toISOString(),
  };
}

function toItem(message: RoadmapItemMessage | undefined): RoadmapItem {
  const i = message!;
  return {
    id: i.id,
    roadmapId: i.roadmapId,
    title: i.title,
    description: orNull(i.description),
    priority: oneOf(ITEM_PRIORITIES, i.priority, DEFAULT_ITEM_PRIORITY),
    status: oneOf(ITEM_STATUSES, i.status, DEFAULT_ITEM_STATUS),
    startDate: orNull(i.startDate),
    endDate: orNull(i.endDate),
    assignedTo: orNull(i.assignedTo),
    tags: i.tags,
    targetPersonas: i.targetPersonas,
    dependencies: i.dependencies,
    position: i.position,
    createdAt: i.createdAt!.toISOString(),
    updatedAt: i.updatedAt!.toISOString(),
  };
}

/** null (cleared) travels as empty text; undefined (not sent) stays absent. */
const wireText = (value: string | null | undefined) => (value === null ? '' : value);
const wireList = (values: string[] | undefined) => (values ? { values } : undefined);

function itemFields(
  body: z.output<typeof createRoadmapItemRequest> | z.output<typeof updateRoadmapItemRequest>,
): RoadmapItemFields {
  return {
    title: body.title,
    description: wireText(body.description),
    priority: body.priority,
    status: body.status,
    startDate: wireText(body.startDate),
    endDate: wireText(body.endDate),
    assignedTo: wireText(body.assignedTo),
    tags: wireList(body.tags),
    targetPersonas: wireList(body.targetPersonas),
    dependencies: wireList(body.dependencies),
    position: body.position,
  };
}

function roadmapFields(
  body: z.output<typeof createRoadmapRequest> | z.output<typeof updateRoadmapRequest>,
) {
  return {
    ...body,
    description: wireText(body.description),
    startDate: wireText(body.startDate),
    endDate: wireText(body.endDate),
    templateName: wireText(body.templateName),
  };
}

/** Roadmaps and their items: /api/products/:productId/roadmaps, /api/roadmaps/*, /api/roadmap-items/*. */
export function roadmapRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog, roadmap: roadmaps } = deps.clients;

  /** Another user's product answers 404 from the catalog, before anything else happens. */
  const ownProduct = (userId: string, productId: string) =>
    catalog.getProduct({ userId, productId });

  routes.add({
    method: 'get',
    path: '/api/products/:productId/roadmaps',
    summary: 'Summaries of a product’s roadmaps with item counts, most recently updated first',
    tag: 'roadmaps',
    access: 'user',
    params: productParams,
    async handler({ user, params }): Promise<RoadmapSummary[]> {
      await ownProduct(user.id, params.productId);
      const { roadmaps: summaries } = await roadmaps.listRoadmaps({
        userId: user.id,
        productId: params.productId,
      });
      return summaries.map((s) => ({
        ...toRoadmap(s.roadmap),
        itemCount: s.itemCount,
        inProgressCount: s.inProgressCount,
        completedCount: s.completedCount,
        plannedCount: s.plannedCount,
      }));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:productId/roadmaps',
    summary: 'Create a roadmap for a product',
    tag: 'roadmaps',
    access: 'user',
    status: 201,
    params: productParams,
    body: createRoadmapRequest,
    async handler({ user, params, body }): Promise<Roadmap> {
      await ownProduct(user.id, params.productId);
      const { roadmap } = await roadmaps.createRoadmap({
        userId: user.id,
        productId: params.productId,
        fields: roadmapFields(body),
      });
      return toRoadmap(roadmap);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmaps/:id',
    summary: 'A roadmap with its items in order',
    tag: 'roadmaps',
    access: 'user',
    params: idParams,
    async handler({ user, params }): Promise<RoadmapWithItems> {
      const { roadmap, items } = await roadmaps.getRoadmap({
        userId: user.id,
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
    params: idParams,
    body: updateRoadmapRequest,
    async handler({ user, params, body }): Promise<Roadmap> {
      const { roadmap } = await roadmaps.updateRoadmap({
        userId: user.id,
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
    params: idParams,
    async handler({ user, params }) {
      await roadmaps.deleteRoadmap({ userId: user.id, roadmapId: params.id });
      return { message: 'Roadmap deleted successfully' };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/roadmaps/:id/items',
    summary: 'Add an item to a roadmap (last, unless a position is given)',
    tag: 'roadmaps',
    access: 'user',
    status: 201,
    params: idParams,
    body: createRoadmapItemRequest,
    async handler({ user, params, body }): Promise<RoadmapItem> {
      const { item } = await roadmaps.createItem({
        userId: user.id,
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
    params: idParams,
    body: updateRoadmapItemRequest,
    async handler({ user, params, body }): Promise<RoadmapItem> {
      const { item } = await roadmaps.updateItem({
        userId: user.id,
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
    params: idParams,
    async handler({ user, params }) {
      await roadmaps.deleteItem({ userId: user.id, itemId: params.id });
      return { message: 'Roadmap item deleted successfully' };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/roadmaps/:id/import-yaml',
    summary: 'Import every valid item of a YAML document (up to 5MB); the others are reported',
    tag: 'roadmaps',
    access: 'user',
    params: idParams,
    body: importRoadmapYamlRequest,
    // The 5MB limit applies to the YAML text; its JSON encoding is somewhat larger.
    bodyLimit: '8mb',
    async handler({ user, params, body }): Promise<RoadmapImportResult> {
      // Oversized and hostile documents are refused here, without sending megabytes on.
      const refusal = screenRoadmapYaml(body.yamlContent);
      if (refusal) throw new HttpError(400, refusal);
      return roadmaps.importYaml(
        { userId: user.id, roadmapId: params.id, yamlContent: body.yamlContent },
        { timeoutMs: 60_000 },
      );
    },
  });

  routes.add({
    method: 'get',
    path: '/api/roadmaps/:id/export',
    summary: 'Download the roadmap’s items as a YAML file that imports back to the same items',
    tag: 'roadmaps',
    access: 'user',
    params: idParams,
    async handler({ user, params, res }) {
      const { yamlContent, fileName } = await roadmaps.exportYaml({
        userId: user.id,
        roadmapId: params.id,
      });
      res.attachment(fileName).type('application/yaml; charset=utf-8').send(yamlContent);
      return undefined;
    },
  });
}
