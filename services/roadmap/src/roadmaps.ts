import {
  createRoadmapItemRequest,
  createRoadmapRequest,
  datesInOrder,
  exportRoadmapYaml,
  parseRoadmapYaml,
  type RoadmapImportResult,
  type RoadmapItemFields,
  roadmapMessages,
  roadmapPermissions,
  shareMessages,
  updateRoadmapItemRequest,
  updateRoadmapRequest,
} from '@chorus/contracts';
import {
  type EventOf,
  InvalidArgument,
  type Knex,
  type Logger,
  NotFound,
} from '@chorus/service-kit';
import type { z } from 'zod';
import { exportFileName, importRefusal } from './domain/yaml-files';
import type {
  ItemRow,
  RoadmapLocationRow,
  RoadmapRow,
  RoadmapStore,
  RoadmapSummaryRow,
} from './store/roadmaps';

type CollaboratorJoined = EventOf<'collaboratorJoined'>;
type CollaboratorRoleChanged = EventOf<'collaboratorRoleChanged'>;
type CollaboratorLeft = EventOf<'collaboratorLeft'>;

/** The same rules the gateway applies: the first problem, in the words the schema gives it. */
function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new InvalidArgument(result.error.issues[0]?.message ?? 'Invalid request');
  }
  return result.data;
}

/** The dates after a change (stored ones where the change leaves them out) must be in order. */
function refuseDatesOutOfOrder(
  stored: { start_date: string | null; end_date: string | null },
  changes: { startDate?: string | null; endDate?: string | null },
): void {
  const start = changes.startDate === undefined ? stored.start_date : changes.startDate;
  const end = changes.endDate === undefined ? stored.end_date : changes.endDate;
  if (!datesInOrder(start, end)) throw new InvalidArgument(roadmapMessages.endBeforeStart);
}

function requireId(value: string, what: string): string {
  if (!value) throw new InvalidArgument(`${what} is required`);
  return value;
}

/** What the API calls an item's fields, read from a stored row. */
export function itemFields(row: ItemRow): RoadmapItemFields {
  const list = (text: string) => JSON.parse(text) as string[];
  return {
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    assignedTo: row.assigned_to,
    tags: list(row.tags),
    targetPersonas: list(row.target_personas),
    dependencies: list(row.dependencies),
  };
}

/** The roadmap use cases; the gRPC server only translates to and from these. */
export class Roadmaps {
  constructor(private readonly deps: { store: RoadmapStore; logger: Logger }) {}

  private get store() {
    return this.deps.store;
  }

  /**
   * The product, roadmap and owner of exactly one of a roadmap, an item or a
   * people share link, for whoever asks: the gateway checks the asker's
   * access with catalog right after. Missing ones answer what the owner's
   * calls answer.
   */
  async locate(ids: {
    roadmapId?: string;
    itemId?: string;
    shareLinkId?: string;
  }): Promise<RoadmapLocationRow> {
    const given = [ids.roadmapId, ids.itemId, ids.shareLinkId].filter(Boolean);
    if (given.length !== 1) {
      throw new InvalidArgument('Exactly one of roadmap_id, item_id or share_link_id is required');
    }
    if (ids.roadmapId) {
      const found = await this.store.locateRoadmap(ids.roadmapId);
      if (!found) throw new NotFound(roadmapMessages.roadmapNotFound);
      return found;
    }
    if (ids.itemId) {
      const found = await this.store.locateItem(ids.itemId);
      if (!found) throw new NotFound(roadmapMessages.itemNotFound);
      return found;
    }
    const found = await this.store.locateShareLink(ids.shareLinkId!);
    if (!found) throw new NotFound(shareMessages.linkNotFound);
    return found;
  }

  list(userId: string, productId: string): Promise<RoadmapSummaryRow[]> {
    return this.store.listSummaries(
      requireId(userId, 'user_id'),
      requireId(productId, 'product_id'),
    );
  }

  create(userId: string, productId: string, fields: unknown): Promise<RoadmapRow> {
    const values = validate(createRoadmapRequest, fields);
    return this.store.insertRoadmap(
      requireId(userId, 'user_id'),
      requireId(productId, 'product_id'),
      values,
    );
  }

  async get(userId: string, roadmapId: string): Promise<{ roadmap: RoadmapRow; items: ItemRow[] }> {
    const roadmap = await this.store.findRoadmap(userId, roadmapId);
    if (!roadmap) throw new NotFound(roadmapMessages.roadmapNotFound);
    return { roadmap, items: await this.store.listItems(roadmap.id) };
  }

  async update(userId: string, roadmapId: string, fields: unknown): Promise<RoadmapRow> {
    const changes = validate(updateRoadmapRequest, fields);
    if (changes.startDate !== undefined || changes.endDate !== undefined) {
      // One date changed alone must still sit on the right side of the stored other.
      const current = await this.store.findRoadmap(userId, roadmapId);
      if (!current) throw new NotFound(roadmapMessages.roadmapNotFound);
      refuseDatesOutOfOrder(current, changes);
    }
    const roadmap = await this.store.updateRoadmap(userId, roadmapId, changes);
    if (!roadmap) throw new NotFound(roadmapMessages.roadmapNotFound);
    return roadmap;
  }

  async delete(userId: string, roadmapId: string): Promise<void> {
    if (!(await this.store.deleteRoadmap(userId, roadmapId))) {
      throw new NotFound(roadmapMessages.roadmapNotFound);
    }
  }

  async createItem(userId: string, roadmapId: string, fields: unknown): Promise<ItemRow> {
    const values = validate(createRoadmapItemRequest, fields);
    return this.store.db.transaction(async (trx) => {
      if (!(await this.store.lockRoadmap(trx, userId, roadmapId))) {
        throw new NotFound(roadmapMessages.roadmapNotFound);
      }
      return this.store.insertItem(trx, userId, roadmapId, values);
    });
  }

  async getItem(userId: string, itemId: string): Promise<{ item: ItemRow; productId: string }> {
    const item = await this.store.findItem(userId, itemId);
    if (!item) throw new NotFound(roadmapMessages.itemNotFound);
    const roadmap = await this.store.findRoadmap(userId, item.roadmap_id);
    if (!roadmap) throw new NotFound(roadmapMessages.itemNotFound);
    return { item, productId: roadmap.product_id };
  }

  async updateItem(userId: string, itemId: string, fields: unknown): Promise<ItemRow> {
    const changes = validate(updateRoadmapItemRequest, fields);
    return this.store.db.transaction(async (trx) => {
      const item = await this.store.findItem(userId, itemId, trx);
      if (!item) throw new NotFound(roadmapMessages.itemNotFound);
      refuseDatesOutOfOrder(item, changes);
      return this.store.updateItem(trx, userId, item, changes);
    });
  }

  async deleteItem(userId: string, itemId: string): Promise<void> {
    await this.store.db.transaction(async (trx) => {
      const item = await this.store.findItem(userId, itemId, trx);
      if (!item) throw new NotFound(roadmapMessages.itemNotFound);
      await this.store.deleteItem(trx, item);
    });
  }

  /**
   * Imports every valid item of the document after the roadmap's last item,
   * all in one transaction: either all of them are there or none is. The
   * refused items are reported, not fatal; a document with nothing to import
   * is refused as a whole.
   */
  async importYaml(
    userId: string,
    roadmapId: string,
    yamlContent: string,
  ): Promise<RoadmapImportResult> {
    if (!(await this.store.findRoadmap(userId, roadmapId))) {
      throw new NotFound(roadmapMessages.roadmapNotFound);
    }
    const parsed = parseRoadmapYaml(yamlContent);
    if (parsed.items.length === 0) throw new InvalidArgument(importRefusal(parsed));
    const created = await this.store.db.transaction(async (trx) => {
      // Locked, so two imports into one roadmap do not take the same positions.
      if (!(await this.store.lockRoadmap(trx, userId, roadmapId))) {
        throw new NotFound(roadmapMessages.roadmapNotFound);
      }
      return this.store.insertItems(trx, roadmapId, parsed.items);
    });
    this.deps.logger.info(
      { roadmapId, created, total: parsed.total, refused: parsed.errors.length },
      'roadmap items imported',
    );
    return { created, total: parsed.total, errors: parsed.errors };
  }

  async exportYaml(
    userId: string,
    roadmapId: string,
  ): Promise<{ yamlContent: string; fileName: string }> {
    const { roadmap, items } = await this.get(userId, roadmapId);
    return {
      yamlContent: exportRoadmapYaml(items.map(itemFields)),
      fileName: exportFileName(roadmap.name),
    };
  }

  /**
   * catalog.v1 CollaboratorJoined for a roadmap shared on its own: the person
   * is mirrored as the roadmap's collaborator. A share of a roadmap deleted
   * since is ignored.
   */
  async collaboratorJoined(trx: Knex.Transaction, event: CollaboratorJoined): Promise<void> {
    if (!event.roadmapId) return;
    const permission = roadmapPermissions.find((p) => p === event.roadmapPermission) ?? 'view';
    const mirrored = await this.store.upsertCollaborator(trx, {
      productId: event.productId,
      roadmapId: event.roadmapId,
      userId: event.memberUserId,
      permission,
      acceptedAt: event.effectiveAt ?? new Date(),
      invitedBy: event.invitedByUserId,
    });
    if (!mirrored) {
      this.deps.logger.info(
        { productId: event.productId, roadmapId: event.roadmapId },
        'roadmap share of a roadmap that no longer exists ignored',
      );
    }
  }

  /** catalog.v1 CollaboratorRoleChanged for a roadmap share: view became edit, or back. */
  async collaboratorRoleChanged(
    trx: Knex.Transaction,
    event: CollaboratorRoleChanged,
  ): Promise<void> {
    const permission = roadmapPermissions.find((p) => p === event.roadmapPermission);
    if (!event.roadmapId || !permission) return;
    await this.store.setCollaboratorPermission(
      trx,
      event.roadmapId,
      event.memberUserId,
      permission,
    );
  }

  /** catalog.v1 CollaboratorLeft for a roadmap share: the mirrored row goes. */
  async collaboratorLeft(trx: Knex.Transaction, event: CollaboratorLeft): Promise<void> {
    if (!event.roadmapId) return;
    await this.store.deleteCollaborator(trx, event.roadmapId, event.memberUserId);
  }

  /** catalog.v1 ProductDeleted: the product's roadmaps go, with everything under them. */
  async productDeleted(trx: Knex.Transaction, productId: string): Promise<void> {
    const deleted = await this.store.deleteProductRoadmaps(trx, productId);
    if (deleted > 0) {
      this.deps.logger.info({ productId, deleted }, 'roadmaps of a deleted product removed');
    }
  }
}
