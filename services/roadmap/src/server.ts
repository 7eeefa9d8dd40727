import type { Roadmap, RoadmapItem, RoadmapItemFields } from '@chorus/proto/roadmap/v1/items';
import type { RoadmapServiceService } from '@chorus/proto/roadmap/v1/roadmap';
import type { AsyncServiceImplementation } from '@chorus/service-kit';
import type { Feedback } from './feedback';
import type { ShareLinks } from './share-links';
import { itemFields, type Roadmaps } from './roadmaps';
import type { ItemRow, RoadmapRow } from './store/roadmaps';

function toRoadmap(row: RoadmapRow): Roadmap {
  return {
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    name: row.name,
    description: row.description ?? '',
    timelineType: row.timeline_type,
    startDate: row.start_date ?? '',
    endDate: row.end_date ?? '',
    status: row.status,
    isTemplate: row.is_template,
    templateName: row.template_name ?? '',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toItem(row: ItemRow): RoadmapItem {
  const fields = itemFields(row);
  return {
    id: row.id,
    roadmapId: row.roadmap_id,
    ...fields,
    description: fields.description ?? '',
    startDate: fields.startDate ?? '',
    endDate: fields.endDate ?? '',
    assignedTo: fields.assignedTo ?? '',
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Message fields already carry the API's names; absent stays absent (an
 * update leaves it alone) and an empty text or date clears it.
 */
function itemInput(fields: RoadmapItemFields | undefined) {
  const { tags, targetPersonas, dependencies, ...rest } = fields ?? {};
  return {
    ...rest,
    tags: tags?.values,
    targetPersonas: targetPersonas?.values,
    dependencies: dependencies?.values,
  };
}

/** gRPC handlers: translate messages, call the use case, translate back. */
export function roadmapHandlers(
  roadmaps: Roadmaps,
  feedback: Feedback,
  shareLinks: ShareLinks,
): AsyncServiceImplementation<typeof RoadmapServiceService> {
  return {
    async locateRoadmap(request) {
      const found = await roadmaps.locate(request);
      return {
        productId: found.product_id,
        roadmapId: found.roadmap_id,
        roadmapName: found.roadmap_name,
        ownerUserId: found.user_id,
      };
    },
    async listRoadmaps({ userId, productId }) {
      const rows = await roadmaps.list(userId, productId);
      return {
        roadmaps: rows.map((row) => ({
          roadmap: toRoadmap(row),
          itemCount: row.item_count,
          inProgressCount: row.in_progress_count,
          completedCount: row.completed_count,
          plannedCount: row.planned_count,
        })),
      };
    },
    async createRoadmap({ userId, productId, fields }) {
      return { roadmap: toRoadmap(await roadmaps.create(userId, productId, { ...fields })) };
    },
    async getRoadmap({ userId, roadmapId }) {
      const { roadmap, items } = await roadmaps.get(userId, roadmapId);
      return { roadmap: toRoadmap(roadmap), items: items.map(toItem) };
    },
    async updateRoadmap({ userId, roadmapId, fields }) {
      return {
        roadmap: toRoadmap(await roadmaps.update(userId, roadmapId, { ...fields })),
      };
    },
    async deleteRoadmap({ userId, roadmapId }) {
      await roadmaps.delete(userId, roadmapId);
      return {};
    },
    async createItem({ userId, roadmapId, fields }) {
      return { item: toItem(await roadmaps.createItem(userId, roadmapId, itemInput(fields))) };
    },
    async getItem({ userId, itemId }) {
      const { item, productId } = await roadmaps.getItem(userId, itemId);
      return { item: toItem(item), productId };
    },
    async updateItem({ userId, itemId, fields }) {
      return { item: toItem(await roadmaps.updateItem(userId, itemId, itemInput(fields))) };
    },
    async deleteItem({ userId, itemId }) {
      await roadmaps.deleteItem(userId, itemId);
      return {};
    },
    async importYaml({ userId, roadmapId, yamlContent }) {
      return roadmaps.importYaml(userId, roadmapId, yamlContent);
    },
    async exportYaml({ userId, roadmapId }) {
      return roadmaps.exportYaml(userId, roadmapId);
    },
    async requestFeedback({ userId, itemId, personas, business }) {
      const { shareId, responses } = await feedback.request(userId, itemId, personas, business);
      return { featureShareId: shareId, responses };
    },
    async listFeedback({ userId, itemId }) {
      return { responses: await feedback.list(userId, itemId) };
    },
    async createComparison({ userId, roadmapId, title, description, itemIds, personas, business }) {
      return {
        comparison: await feedback.compare(
          userId,
          roadmapId,
          { title, description, itemIds },
          personas,
          business,
        ),
      };
    },
    async listComparisons({ userId, roadmapId }) {
      return { comparisons: await feedback.comparisons(userId, roadmapId) };
    },
    async createShareLink(request) {
      return shareLinks.createItemLink(request);
    },
    async createComparisonLink(request) {
      return shareLinks.createComparisonLink(request);
    },
    async listShareLinks({ userId, itemId, roadmapId }) {
      return { links: await shareLinks.list(userId, { itemId, roadmapId }) };
    },
    async setShareLinkActive({ userId, linkId, isActive }) {
      return { link: await shareLinks.setActive(userId, linkId, isActive) };
    },
    async deleteShareLink({ userId, linkId }) {
      await shareLinks.delete(userId, linkId);
      return {};
    },
    async getShareResults({ userId, linkId }) {
      return shareLinks.results(userId, linkId);
    },
    async openPublicLink({ token, respondentKey }) {
      return shareLinks.open(token, respondentKey ?? '');
    },
    async submitShareResponse(request) {
      return shareLinks.submit(request);
    },
  };
}
