import type {
  CreateRoadmapItemRequest,
  CreateRoadmapRequest,
  ItemPriority,
  ItemStatus,
  TimelineType,
  RoadmapItemFields,
  UpdateRoadmapItemRequest,
  UpdateRoadmapRequest,
} from '@chorus/contracts';
import type { Knex } from '@chorus/service-kit';

export interface RoadmapRow {
  id: string;
  product_id: string;
  user_id: string;
  name: string;
  description: string | null;
  timeline_type: TimelineType;
  /** YYYY-MM-DD */
  start_date: string | null;
  end_date: string | null;
  status: string;
  is_template: boolean;
  template_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Where a roadmap, an item or a share link lives, and whose it is. */
export interface RoadmapLocationRow {
  product_id: string;
  roadmap_id: string;
  roadmap_name: string;
  user_id: string;
}

export interface RoadmapSummaryRow extends RoadmapRow {
  item_count: number;
  in_progress_count: number;
  completed_count: number;
  planned_count: number;
}

export interface ItemRow {
  id: string;
  roadmap_id: string;
  title: string;
  description: string | null;
  priority: ItemPriority;
  status: ItemStatus;
  assigned_to: string | null;
  start_date: string | null;
  end_date: string | null;
  /** JSON lists as text. */
  tags: string;
  target_personas: string;
  dependencies: string;
  position: number;
  created_at: Date;
  updated_at: Date;
}

// Dates are read as text: a `date` parsed into a JavaScript Date lands on
// local midnight and can slip a day when written back out.
const roadmapColumns = [
  'r.id',
  'r.product_id',
  'r.user_id',
  'r.name',
  'r.description',
  'r.timeline_type',
  'r.status',
  'r.is_template',
  'r.template_name',
  'r.created_at',
  'r.updated_at',
];
const locationColumns = [
  'r.product_id',
  'r.id as roadmap_id',
  'r.name as roadmap_name',
  'r.user_id',
];
const roadmapDates = 'r.start_date::text as start_date, r.end_date::text as end_date';
const itemColumns = [
  'i.id',
  'i.roadmap_id',
  'i.title',
  'i.description',
  'i.priority',
  'i.status',
  'i.assigned_to',
  'i.tags',
  'i.target_personas',
  'i.dependencies',
  'i.position',
  'i.created_at',
  'i.updated_at',
];
const itemDates = 'i.start_date::text as start_date, i.end_date::text as end_date';

/** Rows inserted per statement when importing. */
const IMPORT_BATCH = 2_000;

type ItemValues = Omit<ItemRow, 'id' | 'roadmap_id' | 'position' | 'created_at' | 'updated_at'>;

function itemValues(fields: RoadmapItemFields): ItemValues {
  return {
    title: fields.title,
    description: fields.description,
    priority: fields.priority,
    status: fields.status,
    assigned_to: fields.assignedTo,
    start_date: fields.startDate,
    end_date: fields.endDate,
    tags: JSON.stringify(fields.tags),
    target_personas: JSON.stringify(fields.targetPersonas),
    dependencies: JSON.stringify(fields.dependencies),
  };
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Every query of the roadmap database. Ownership is part of each query: another user's rows are never found. */
export class RoadmapStore {
  constructor(readonly db: Knex) {}

  /** A product's roadmaps with their item counts, in one grouped query. */
  listSummaries(userId: string, productId: string): Promise<RoadmapSummaryRow[]> {
    const count = (status: string) =>
      this.db.raw(`count(i.id) filter (where i.status = ?)::int`, [status]);
    return this.db('roadmaps as r')
      .leftJoin('roadmap_items as i', 'i.roadmap_id', 'r.id')
      .where({ 'r.user_id': userId, 'r.product_id': productId })
      .groupBy('r.id')
      .orderBy([
        { column: 'r.updated_at', order: 'desc' },
        { column: 'r.id', order: 'asc' },
      ])
      .select(roadmapColumns)
      .select(this.db.raw(roadmapDates))
      .select({
        item_count: this.db.raw('count(i.id)::int'),
        in_progress_count: count('in_progress'),
        completed_count: count('completed'),
        planned_count: count('planned'),
      });
  }

  findRoadmap(userId: string, roadmapId: string, trx: Knex = this.db) {
    return trx('roadmaps as r')
      .where({ 'r.id': roadmapId, 'r.user_id': userId })
      .first<RoadmapRow | undefined>(...roadmapColumns, trx.raw(roadmapDates));
  }

  /**
   * Not scoped to a user: the caller checks access with catalog next. Each is
   * one query by primary key.
   */
  locateRoadmap(roadmapId: string): Promise<RoadmapLocationRow | undefined> {
    return this.db('roadmaps as r')
      .where('r.id', roadmapId)
      .first<RoadmapLocationRow | undefined>(...locationColumns);
  }

  locateItem(itemId: string): Promise<RoadmapLocationRow | undefined> {
    return this.db('roadmap_items as i')
      .join('roadmaps as r', 'r.id', 'i.roadmap_id')
      .where('i.id', itemId)
      .first<RoadmapLocationRow | undefined>(...locationColumns);
  }

  /** A people link of either kind: a feature share (one item) or a comparison. */
  locateShareLink(linkId: string): Promise<RoadmapLocationRow | undefined> {
    const shares = this.db('feature_shares as s')
      .join('roadmap_items as i', 'i.id', 's.roadmap_item_id')
      .join('roadmaps as r', 'r.id', 'i.roadmap_id')
      .where({ 's.id': linkId, 's.audience': 'people' })
      .select(...locationColumns);
    const comparisons = this.db('feature_comparisons as c')
      .join('roadmaps as r', 'r.id', 'c.roadmap_id')
      .where({ 'c.id': linkId, 'c.audience': 'people' })
      .select(...locationColumns);
    return this.db
      .from(shares.unionAll(comparisons, true).as('l'))
      .first<RoadmapLocationRow | undefined>('*');
  }

  /** Locks the roadmap row until the transaction ends, so concurrent imports take turns. */
  lockRoadmap(trx: Knex.Transaction, userId: string, roadmapId: string) {
    return trx('roadmaps')
      .where({ id: roadmapId, user_id: userId })
      .forUpdate()
      .first<{ id: string } | undefined>('id');
  }

  async insertRoadmap(userId: string, productId: string, fields: CreateRoadmapRequest) {
    const [row] = await this.db('roadmaps')
      .insert({
        product_id: productId,
        user_id: userId,
        name: fields.name,
        description: fields.description,
        timeline_type: fields.timelineType,
        start_date: fields.startDate,
        end_date: fields.endDate,
        status: fields.status,
        is_template: fields.isTemplate,
        template_name: fields.templateName,
      })
      .returning<{ id: string }[]>('id');
    return (await this.findRoadmap(userId, row!.id))!;
  }

  async updateRoadmap(userId: string, roadmapId: string, changes: UpdateRoadmapRequest) {
    const updated = await this.db('roadmaps')
      .where({ id: roadmapId, user_id: userId })
      .update({
        ...definedOnly({
          name: changes.name,
          description: changes.description,
          timeline_type: changes.timelineType,
          start_date: changes.startDate,
          end_date: changes.endDate,
          status: changes.status,
          is_template: changes.isTemplate,
          template_name: changes.templateName,
        }),
        updated_at: this.db.fn.now(),
      });
    return updated > 0 ? this.findRoadmap(userId, roadmapId) : undefined;
  }

  /** Items, shares, comparisons, feedback and collaborators go with it (ON DELETE CASCADE). */
  async deleteRoadmap(userId: string, roadmapId: string): Promise<boolean> {
    return (await this.db('roadmaps').where({ id: roadmapId, user_id: userId }).delete()) > 0;
  }

  async deleteProductRoadmaps(trx: Knex.Transaction, productId: string): Promise<number> {
    return trx('roadmaps').where({ product_id: productId }).delete();
  }

  /**
   * Mirrors a roadmap share accepted in catalog: one row per roadmap and
   * person, its permission and acceptance replaced by the latest. Nothing
   * when the roadmap is gone (or is not the product's): false then.
   */
  async upsertCollaborator(
    trx: Knex.Transaction,
    share: {
      productId: string;
      roadmapId: string;
      userId: string;
      permission: string;
      acceptedAt: Date;
      /** Empty when the event came from before catalog named the inviter. */
      invitedBy: string;
    },
  ): Promise<boolean> {
    const { rows } = await trx.raw<{ rows: { id: string }[] }>(
      `insert into roadmap_collaborators (roadmap_id, user_id, permission, invited_by, accepted_at)
       select r.id, ?, ?, nullif(?, ''), ? from roadmaps r where r.id = ? and r.product_id = ?
       on conflict (roadmap_id, user_id) do update
         set permission = excluded.permission, accepted_at = excluded.accepted_at,
             invited_by = coalesce(excluded.invited_by, roadmap_collaborators.invited_by)
       returning id`,
      [
        share.userId,
        share.permission,
        share.invitedBy,
        share.acceptedAt,
        share.roadmapId,
        share.productId,
      ],
    );
    return rows.length > 0;
  }

  async setCollaboratorPermission(
    trx: Knex.Transaction,
    roadmapId: string,
    userId: string,
    permission: string,
  ): Promise<void> {
    await trx('roadmap_collaborators')
      .where({ roadmap_id: roadmapId, user_id: userId })
      .update({ permission });
  }

  async deleteCollaborator(
    trx: Knex.Transaction,
    roadmapId: string,
    userId: string,
  ): Promise<number> {
    return trx('roadmap_collaborators').where({ roadmap_id: roadmapId, user_id: userId }).delete();
  }

  async touchRoadmap(trx: Knex, roadmapId: string): Promise<void> {
    await trx('roadmaps').where({ id: roadmapId }).update({ updated_at: trx.fn.now() });
  }

  listItems(roadmapId: string): Promise<ItemRow[]> {
    return this.db('roadmap_items as i')
      .where({ 'i.roadmap_id': roadmapId })
      .orderBy([
        { column: 'i.position', order: 'asc' },
        { column: 'i.created_at', order: 'asc' },
        { column: 'i.id', order: 'asc' },
      ])
      .select(itemColumns)
      .select(this.db.raw(itemDates));
  }

  /** The item, if it belongs to a roadmap of this user. */
  findItem(userId: string, itemId: string, trx: Knex = this.db) {
    return trx('roadmap_items as i')
      .join('roadmaps as r', 'r.id', 'i.roadmap_id')
      .where({ 'i.id': itemId, 'r.user_id': userId })
      .first<ItemRow | undefined>(...itemColumns, trx.raw(itemDates));
  }

  /** The position after the last item (0 for an empty roadmap). */
  private async nextPosition(trx: Knex, roadmapId: string): Promise<number> {
    const row = await trx('roadmap_items')
      .where({ roadmap_id: roadmapId })
      .first<{ next: number }>(trx.raw('coalesce(max(position) + 1, 0)::int as next'));
    return row.next;
  }

  async insertItem(
    trx: Knex.Transaction,
    userId: string,
    roadmapId: string,
    fields: CreateRoadmapItemRequest,
  ): Promise<ItemRow> {
    const position = fields.position ?? (await this.nextPosition(trx, roadmapId));
    const [row] = await trx('roadmap_items')
      .insert({ roadmap_id: roadmapId, position, ...itemValues(fields) })
      .returning<{ id: string }[]>('id');
    await this.touchRoadmap(trx, roadmapId);
    return (await this.findItem(userId, row!.id, trx))!;
  }

  /**
   * Appends items after the last one, a batch of rows per statement: each
   * batch travels as one JSON parameter and is unpacked by PostgreSQL, so
   * ten thousand items are a handful of round trips.
   */
  async insertItems(
    trx: Knex.Transaction,
    roadmapId: string,
    items: RoadmapItemFields[],
  ): Promise<number> {
    const first = await this.nextPosition(trx, roadmapId);
    for (let start = 0; start < items.length; start += IMPORT_BATCH) {
      const batch = items
        .slice(start, start + IMPORT_BATCH)
        .map((item, index) => ({ ...itemValues(item), position: first + start + index }));
      await trx.raw(
        `insert into roadmap_items
           (roadmap_id, title, description, priority, status, assigned_to,
            start_date, end_date, tags, target_personas, dependencies, position)
         select ?, title, description, priority, status, assigned_to,
                start_date, end_date, tags, target_personas, dependencies, position
         from json_to_recordset(?::json) as x(
           title text, description text, priority text, status text, assigned_to text,
           start_date date, end_date date, tags text, target_personas text,
           dependencies text, position int)`,
        [roadmapId, JSON.stringify(batch)],
      );
    }
    await this.touchRoadmap(trx, roadmapId);
    return items.length;
  }

  async updateItem(
    trx: Knex.Transaction,
    userId: string,
    item: ItemRow,
    changes: UpdateRoadmapItemRequest,
  ): Promise<ItemRow> {
    const list = (value: string[] | undefined) =>
      value === undefined ? undefined : JSON.stringify(value);
    await trx('roadmap_items')
      .where({ id: item.id })
      .update({
        ...definedOnly({
          title: changes.title,
          description: changes.description,
          priority: changes.priority,
          status: changes.status,
          assigned_to: changes.assignedTo,
          start_date: changes.startDate,
          end_date: changes.endDate,
          tags: list(changes.tags),
          target_personas: list(changes.targetPersonas),
          dependencies: list(changes.dependencies),
          position: changes.position,
        }),
        updated_at: trx.fn.now(),
      });
    await this.touchRoadmap(trx, item.roadmap_id);
    return (await this.findItem(userId, item.id, trx))!;
  }

  async deleteItem(trx: Knex.Transaction, item: ItemRow): Promise<void> {
    await trx('roadmap_items').where({ id: item.id }).delete();
    await this.touchRoadmap(trx, item.roadmap_id);
  }
}
