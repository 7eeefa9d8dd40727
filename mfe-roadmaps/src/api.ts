import type {
  ComparisonView,
  CreatedShareLinkView,
  ShareLinkView,
  ShareResultsView,
  ItemFeedbackView,
  MemberView,
  ProductPersonaView,
  RoadmapPermission,
  Roadmap,
  RoadmapImportResult,
  RoadmapItem,
  RoadmapSummary,
  RoadmapWithItems,
  SharedRoadmapView,
} from '@chorus/contracts';
import { apiRequest, dispositionFileName, download, queryClient } from '@chorus/platform';
import { useQuery } from '@tanstack/react-query';

// The roadmap pages' reads and writes. Each query key is the path the shared
// query function GETs (with the bearer token).

export const roadmapKeys = {
  roadmaps: (productId: string) => ['/api/products', productId, 'roadmaps'],
  roadmap: (roadmapId: string) => ['/api/roadmaps', roadmapId],
  personas: (productId: string) => ['/api/products', productId, 'personas'],
  feedback: (itemId: string) => ['/api/roadmap-items', itemId, 'feedback'],
  comparisons: (roadmapId: string) => ['/api/roadmaps', roadmapId, 'comparisons'],
  itemShareLinks: (itemId: string) => ['/api/roadmap-items', itemId, 'share-links'],
  comparisonLinks: (roadmapId: string) => ['/api/roadmaps', roadmapId, 'comparison-links'],
  shareResults: (linkId: string) => ['/api/share-links', linkId, 'results'],
  collaborators: (roadmapId: string) => ['/api/roadmaps', roadmapId, 'collaborators'],
  sharedRoadmaps: ['/api/shared-roadmaps'],
} as const;

const path = (id: string) => encodeURIComponent(id);

export function useRoadmaps(productId: string | undefined) {
  return useQuery<RoadmapSummary[]>({
    queryKey: roadmapKeys.roadmaps(productId ?? ''),
    enabled: Boolean(productId),
  });
}

export function useRoadmap(roadmapId: string | undefined) {
  return useQuery<RoadmapWithItems>({
    queryKey: roadmapKeys.roadmap(roadmapId ?? ''),
    enabled: Boolean(roadmapId),
  });
}

export function usePersonas(productId: string, enabled: boolean) {
  return useQuery<ProductPersonaView[]>({ queryKey: roadmapKeys.personas(productId), enabled });
}

/** Roadmaps shared with the user on their own (not their whole product). */
export function useSharedRoadmaps(enabled = true) {
  return useQuery<SharedRoadmapView[]>({ queryKey: roadmapKeys.sharedRoadmaps, enabled });
}

/** The people a roadmap is shared with on its own (the owner and admins ask). */
export function useRoadmapCollaborators(roadmapId: string, enabled: boolean) {
  return useQuery<MemberView[]>({ queryKey: roadmapKeys.collaborators(roadmapId), enabled });
}

export function useItemFeedback(itemId: string) {
  return useQuery<ItemFeedbackView>({ queryKey: roadmapKeys.feedback(itemId) });
}

/** An item's public links, or a roadmap's comparison links. */
export function useShareLinks(
  target: { kind: 'item'; itemId: string } | { kind: 'comparison'; roadmapId: string },
  enabled = true,
) {
  return useQuery<ShareLinkView[]>({
    queryKey:
      target.kind === 'item'
        ? roadmapKeys.itemShareLinks(target.itemId)
        : roadmapKeys.comparisonLinks(target.roadmapId),
    enabled,
  });
}

/** A link's results; read again every 10 s while open, as answers come in. */
export function useShareResults(linkId: string | undefined) {
  return useQuery<ShareResultsView>({
    queryKey: roadmapKeys.shareResults(linkId ?? ''),
    enabled: Boolean(linkId),
    refetchInterval: 10_000,
  });
}

export function useComparisons(roadmapId: string) {
  return useQuery<ComparisonView[]>({ queryKey: roadmapKeys.comparisons(roadmapId) });
}

/** What the roadmap and item forms send (the spec's fields; empty dates as null). */
export interface RoadmapInput {
  name: string;
  description: string | null;
  timelineType: string;
  startDate: string | null;
  endDate: string | null;
}

export interface ItemInput {
  title: string;
  description: string | null;
  priority: string;
  status: string;
  startDate: string | null;
  endDate: string | null;
  assignedTo: string | null;
  /** JSON-encoded lists, as the spec's forms send them. */
  tags: string;
  targetPersonas: string;
  dependencies: string;
}

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

export const roadmapApi = {
  // Creates take the action's Idempotency-Key (useActionMutation): sent twice, made once.
  createRoadmap: (productId: string, input: RoadmapInput, idempotencyKey?: string) =>
    json<Roadmap>(
      apiRequest('POST', `/api/products/${path(productId)}/roadmaps`, input, { idempotencyKey }),
    ),
  updateRoadmap: (roadmapId: string, input: RoadmapInput) =>
    json<Roadmap>(apiRequest('PUT', `/api/roadmaps/${path(roadmapId)}`, input)),
  deleteRoadmap: (roadmapId: string) => apiRequest('DELETE', `/api/roadmaps/${path(roadmapId)}`),
  createItem: (roadmapId: string, input: ItemInput, idempotencyKey?: string) =>
    json<RoadmapItem>(
      apiRequest('POST', `/api/roadmaps/${path(roadmapId)}/items`, input, { idempotencyKey }),
    ),
  updateItem: (itemId: string, input: Partial<ItemInput>) =>
    json<RoadmapItem>(apiRequest('PUT', `/api/roadmap-items/${path(itemId)}`, input)),
  deleteItem: (itemId: string) => apiRequest('DELETE', `/api/roadmap-items/${path(itemId)}`),
  importYaml: (roadmapId: string, yamlContent: string, idempotencyKey?: string) =>
    json<RoadmapImportResult>(
      apiRequest(
        'POST',
        `/api/roadmaps/${path(roadmapId)}/import-yaml`,
        { yamlContent },
        { idempotencyKey },
      ),
    ),
  requestFeedback: (itemId: string, personaIds: string[], idempotencyKey?: string) =>
    json<ItemFeedbackView>(
      apiRequest(
        'POST',
        `/api/roadmap-items/${path(itemId)}/feedback`,
        { personaIds },
        { idempotencyKey },
      ),
    ),
  compare: (roadmapId: string, itemIds: string[], personaIds: string[], idempotencyKey?: string) =>
    json<ComparisonView>(
      apiRequest(
        'POST',
        `/api/roadmaps/${path(roadmapId)}/comparisons`,
        { itemIds, personaIds },
        { idempotencyKey },
      ),
    ),
  createShareLink: (itemId: string, body: unknown, idempotencyKey?: string) =>
    json<CreatedShareLinkView>(
      apiRequest('POST', `/api/roadmap-items/${path(itemId)}/share-links`, body, {
        idempotencyKey,
      }),
    ),
  createComparisonLink: (roadmapId: string, body: unknown, idempotencyKey?: string) =>
    json<CreatedShareLinkView>(
      apiRequest('POST', `/api/roadmaps/${path(roadmapId)}/comparison-links`, body, {
        idempotencyKey,
      }),
    ),
  setShareLinkActive: (linkId: string, isActive: boolean) =>
    json<ShareLinkView>(apiRequest('PATCH', `/api/share-links/${path(linkId)}`, { isActive })),
  deleteShareLink: (linkId: string) => apiRequest('DELETE', `/api/share-links/${path(linkId)}`),
  shareResponsesCsv: async (linkId: string) => {
    const response = await apiRequest('GET', `/api/share-links/${path(linkId)}/responses/csv`);
    const fileName = dispositionFileName(
      response.headers.get('content-disposition'),
      'responses.csv',
    );
    return { fileName, blob: await response.blob() };
  },
  shareRoadmap: (
    roadmapId: string,
    body: { email: string; permission: RoadmapPermission },
    idempotencyKey?: string,
  ) =>
    json<MemberView>(
      apiRequest('POST', `/api/roadmaps/${path(roadmapId)}/collaborators`, body, {
        idempotencyKey,
      }),
    ),
  unshareRoadmap: (roadmapId: string, memberId: string) =>
    apiRequest('DELETE', `/api/roadmaps/${path(roadmapId)}/collaborators/${path(memberId)}`),
  exportYaml: async (roadmapId: string) => {
    const response = await apiRequest('GET', `/api/roadmaps/${path(roadmapId)}/export`);
    const fileName = dispositionFileName(
      response.headers.get('content-disposition'),
      'roadmap.yaml',
    );
    return { fileName, blob: await response.blob() };
  },
};

/** After a change, the roadmap and the product's list (item counts, order) are read again. */
export function refreshRoadmap(productId: string, roadmapId?: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: roadmapKeys.roadmaps(productId) }),
    roadmapId
      ? queryClient.invalidateQueries({ queryKey: roadmapKeys.roadmap(roadmapId) })
      : undefined,
  ]).then(() => undefined);
}

/** Saves a blob under a file name (the browser's download). */
export { download as saveFile };
