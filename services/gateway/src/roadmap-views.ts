import {
  type ComparisonView,
  type createRoadmapItemRequest,
  type createRoadmapRequest,
  DEFAULT_ITEM_PRIORITY,
  DEFAULT_ITEM_STATUS,
  DEFAULT_TIMELINE_TYPE,
  type FeedbackResponseView,
  type ItemFeedbackView,
  ITEM_PRIORITIES,
  ITEM_STATUSES,
  type Roadmap,
  type RoadmapItem,
  type RoadmapSummary,
  TIMELINE_TYPES,
  type updateRoadmapItemRequest,
  type updateRoadmapRequest,
} from '@chorus/contracts';
import type {
  FeatureComparison,
  FeedbackResponse,
  RankedItem,
  Roadmap as RoadmapMessage,
  RoadmapFields,
  RoadmapItem as RoadmapItemMessage,
  RoadmapItemFields,
  RoadmapSummary as RoadmapSummaryMessage,
} from '@chorus/proto/roadmap/v1/items';
import type { z } from 'zod';

// How the roadmap service's messages look to the browser, and the browser's
// bodies as the service's fields.

/** Empty text on the wire is "none" in the API. */
const orNull = (text: string) => text || null;
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

export function toRoadmap(message: RoadmapMessage | undefined): Roadmap {
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

export function toItem(message: RoadmapItemMessage | undefined): RoadmapItem {
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

export function toRoadmapSummary(summary: RoadmapSummaryMessage): RoadmapSummary {
  return {
    ...toRoadmap(summary.roadmap),
    itemCount: summary.itemCount,
    inProgressCount: summary.inProgressCount,
    completedCount: summary.completedCount,
    plannedCount: summary.plannedCount,
  };
}

/** null (cleared) travels as empty text; undefined (not sent) stays absent. */
const wireText = (value: string | null | undefined) => (value === null ? '' : value);
const wireList = (values: string[] | undefined) => (values ? { values } : undefined);

export function itemFields(
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

export function roadmapFields(
  body: z.output<typeof createRoadmapRequest> | z.output<typeof updateRoadmapRequest>,
): RoadmapFields {
  return {
    ...body,
    description: wireText(body.description),
    startDate: wireText(body.startDate),
    endDate: wireText(body.endDate),
    templateName: wireText(body.templateName),
  };
}

export function toResponseView(response: FeedbackResponse): FeedbackResponseView {
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

/** Each persona's newest answer (responses come newest first). */
function latestPerPersona<T extends { personaId: string }>(responses: readonly T[]): T[] {
  const seen = new Set<string>();
  return responses.filter((response) => {
    if (seen.has(response.personaId)) return false;
    seen.add(response.personaId);
    return true;
  });
}

/** Of the ratings, one decimal; null without any. */
function averageRating(responses: readonly { rating: number }[]): number | null {
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

const toRanked = (item: RankedItem) => ({ ...item });

export function toComparisonView(comparison: FeatureComparison | undefined): ComparisonView {
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
