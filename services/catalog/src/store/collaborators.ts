import type { MemberStatus, RoadmapPermission } from '@chorus/contracts';
import type { Knex } from '@chorus/service-kit';
import type { ShareRole } from '../domain/teams';
import type { ProductCache } from './product-cache';

/** permissions of a roadmap shared on its own. */
export interface RoadmapGrant {
  roadmapId: string;
  roadmapName: string;
  permission: RoadmapPermission;
}

export interface CollaboratorRow {
  id: string;
  product_id: string;
  inviter_user_id: string;
  inviter_name: string;
  collaborator_user_id: string | null;
  member_name: string | null;
  email: string;
  /** SHA-256 hex of the token. */
  invitation_token: string;
  invitation_status: MemberStatus;
  invited_at: Date;
  accepted_at: Date | null;
  expires_at: Date;
  role: ShareRole;
  permissions: RoadmapGrant | null;
  is_active: boolean;
  is_billable: boolean;
  stripe_subscription_item_id: string | null;
  billing_start_date: Date | null;
  billing_end_date: Date | null;
  updated_at: Date;
}

type NewCollaborator = Pick<
  CollaboratorRow,
  | 'product_id'
  | 'inviter_user_id'
  | 'inviter_name'
  | 'email'
  | 'invitation_token'
  | 'invited_at'
  | 'expires_at'
  | 'role'
  | 'is_billable'
> & { permissions: string | null };

type CollaboratorChanges = Partial<
  Omit<CollaboratorRow, 'id' | 'product_id' | 'permissions' | 'updated_at'>
> & { permissions?: string | null };

/** One accepted, active grant of a user, with the product's owner (to find the product in its cache). */
export interface MembershipRow {
  id: string;
  product_id: string;
  owner_id: string;
  role: ShareRole;
  permissions: RoadmapGrant | null;
  accepted_at: Date;
}

export interface AuditRow {
  id: string;
  product_id: string;
  collaborator_id: string | null;
  action_type: string;
  action_by_user_id: string;
  action_by_name: string;
  action_details: Record<string, unknown> | null;
  affected_email: string | null;
  previous_state: Record<string, unknown> | null;
  new_state: Record<string, unknown> | null;
  /** decimal(10,2) as pg returns it: "-25.00" */
  billing_impact: string;
  effective_date: Date;
}

type NewAuditRow = Pick<
  AuditRow,
  'product_id' | 'collaborator_id' | 'action_type' | 'action_by_user_id' | 'action_by_name'
> & {
  affected_email: string | null;
  previous_state: string | null;
  new_state: string | null;
  billing_impact: string;
  action_details?: string | null;
};

/** An audit entry that changed a bill, with its product's name (the admin area's list). */
export type SeatChangeRow = AuditRow & { product_name: string };

const SEAT_CHANGES_DEFAULT = 100;
const SEAT_CHANGES_MAX = 500;

const LIVE: MemberStatus[] = ['pending', 'accepted'];

/**
 * Queries of collaborators and collaboration_audit_log. Each user's accepted
 * memberships are read through a cache that every change of a member's row
 * invalidates on every catalog process (pg_notify on the memberships
 * channel, delivered at commit).
 */
export class CollaboratorStore {
  constructor(
    readonly db: Knex,
    private readonly cache: ProductCache<MembershipRow>,
  ) {}

  /** The user's accepted, active grants on any product (from memory when it can be trusted). */
  memberships(userId: string): Promise<MembershipRow[]> {
    const load = () =>
      this.db('collaborators as c')
        .join('products as p', 'p.id', 'c.product_id')
        .where({ 'c.collaborator_user_id': userId, 'c.invitation_status': 'accepted' })
        .andWhere('c.is_active', true)
        .orderBy([{ column: 'c.accepted_at' }, { column: 'c.id' }])
        .select<MembershipRow[]>(
          'c.id',
          'c.product_id',
          'p.user_id as owner_id',
          'c.role',
          'c.permissions',
          'c.accepted_at',
        );
    return this.cache.read(userId, load);
  }

  async insert(trx: Knex.Transaction, row: NewCollaborator): Promise<CollaboratorRow> {
    const [inserted] = await trx<CollaboratorRow>('collaborators')
      .insert(row as unknown as CollaboratorRow)
      .returning('*');
    return inserted!;
  }

  /** Changes a row; its member (old and new user id) is forgotten on every replica at commit. */
  async update(
    trx: Knex.Transaction,
    before: CollaboratorRow,
    changes: CollaboratorChanges,
  ): Promise<CollaboratorRow> {
    const [row] = await trx<CollaboratorRow>('collaborators')
      .where({ id: before.id })
      .update({
        ...(changes as Partial<CollaboratorRow>),
        updated_at: trx.fn.now() as unknown as Date,
      })
      .returning('*');
    const users = new Set([before.collaborator_user_id, row!.collaborator_user_id]);
    for (const userId of users) if (userId) await this.changed(trx, userId);
    return row!;
  }

  /** Before a product is deleted (its rows cascade): its members forget it everywhere. */
  async productDeleting(trx: Knex.Transaction, productId: string): Promise<void> {
    const rows: { collaborator_user_id: string }[] = await trx('collaborators')
      .where({ product_id: productId })
      .whereNotNull('collaborator_user_id')
      .distinct('collaborator_user_id');
    for (const { collaborator_user_id } of rows) await this.changed(trx, collaborator_user_id);
  }

  /** Resolves once every replica has been told of the membership changes committed here. */
  settled(): Promise<void> {
    return this.cache.settled();
  }

  byTokenHash(hash: string, trx: Knex = this.db): Promise<CollaboratorRow | undefined> {
    const query = trx<CollaboratorRow>('collaborators').where({ invitation_token: hash }).first();
    return trx === this.db ? query : query.forUpdate();
  }

  /** A row of the product, locked for the rest of the transaction. */
  lock(trx: Knex.Transaction, productId: string, id: string): Promise<CollaboratorRow | undefined> {
    return trx<CollaboratorRow>('collaborators')
      .where({ product_id: productId, id })
      .forUpdate()
      .first();
  }

  /** Every row of the product, newest first. */
  ofProduct(productId: string, trx: Knex = this.db): Promise<CollaboratorRow[]> {
    return trx<CollaboratorRow>('collaborators')
      .where({ product_id: productId })
      .orderBy([
        { column: 'invited_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }

  /** The product's rows for one e-mail address. */
  ofEmail(trx: Knex.Transaction, productId: string, email: string): Promise<CollaboratorRow[]> {
    return trx<CollaboratorRow>('collaborators')
      .where({ product_id: productId })
      .andWhereRaw('lower(email) = ?', [email.toLowerCase()])
      .orderBy('invited_at', 'desc');
  }

  /** The user's accepted, active rows on the product, locked. */
  acceptedOf(trx: Knex.Transaction, userId: string, productId: string): Promise<CollaboratorRow[]> {
    return trx<CollaboratorRow>('collaborators')
      .where({
        product_id: productId,
        collaborator_user_id: userId,
        invitation_status: 'accepted',
        is_active: true,
      })
      .forUpdate();
  }

  /** Shares of one roadmap, newest first. */
  ofRoadmap(productId: string, roadmapId: string, trx: Knex = this.db): Promise<CollaboratorRow[]> {
    return trx<CollaboratorRow>('collaborators')
      .where({ product_id: productId, role: 'roadmap' })
      .andWhereRaw(`permissions->>'roadmapId' = ?`, [roadmapId])
      .orderBy([
        { column: 'invited_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }

  /** Accepted and pending rows of the product, roadmap shares included. */
  async liveCount(trx: Knex, productId: string): Promise<number> {
    const [row] = await trx('collaborators')
      .where({ product_id: productId })
      .whereIn('invitation_status', LIVE)
      .count<{ count: string }[]>('* as count');
    return Number(row?.count ?? 0);
  }

  /** Invitations and resends of the product in the last hour (the rate limit). */
  async sentLastHour(trx: Knex, productId: string): Promise<number> {
    const [row] = await trx('collaboration_audit_log')
      .where({ product_id: productId })
      .whereIn('action_type', ['invited', 'resent'])
      .andWhere('effective_date', '>', trx.raw(`now() - interval '1 hour'`))
      .count<{ count: string }[]>('* as count');
    return Number(row?.count ?? 0);
  }

  /** The product's members and billed seats now (accepted, active rows). */
  async counts(
    trx: Knex.Transaction,
    productId: string,
  ): Promise<{ collaborator_count: number; billable_seats: number }> {
    const [row] = await trx('collaborators')
      .where({ product_id: productId, invitation_status: 'accepted', is_active: true })
      .select<{ members: string; seats: string }[]>(
        trx.raw('count(*) as members'),
        trx.raw('count(*) filter (where is_billable) as seats'),
      );
    return {
      collaborator_count: Number(row?.members ?? 0),
      billable_seats: Number(row?.seats ?? 0),
    };
  }

  /**
   * Sets pending invitations past their expiry (of one product, or all) to
   * expired and answers them. Only rows still pending change, so each is
   * expired (and logged) once however many readers find it.
   */
  expireDue(trx: Knex.Transaction, productId?: string): Promise<CollaboratorRow[]> {
    const query = trx<CollaboratorRow>('collaborators')
      .where({ invitation_status: 'pending' })
      .andWhere('expires_at', '<=', trx.fn.now());
    if (productId) void query.andWhere({ product_id: productId });
    return query
      .update({ invitation_status: 'expired', updated_at: trx.fn.now() as unknown as Date })
      .returning('*');
  }

  async audit(trx: Knex.Transaction, row: NewAuditRow): Promise<void> {
    // The moment of the change itself, not of the transaction: several rows
    // written in one transaction keep their order.
    await trx('collaboration_audit_log').insert({
      ...row,
      effective_date: trx.raw('clock_timestamp()'),
    });
  }

  auditOf(productId: string): Promise<AuditRow[]> {
    return this.db<AuditRow>('collaboration_audit_log')
      .where({ product_id: productId })
      .orderBy([
        { column: 'effective_date', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }

  /** Entries that changed a bill, on any product, newest first, with the product's name. */
  seatChanges(limit: number): Promise<SeatChangeRow[]> {
    const take = limit > 0 ? Math.min(limit, SEAT_CHANGES_MAX) : SEAT_CHANGES_DEFAULT;
    return this.db('collaboration_audit_log as a')
      .join('products as p', 'p.id', 'a.product_id')
      .whereNot('a.billing_impact', 0)
      .orderBy([
        { column: 'a.effective_date', order: 'desc' },
        { column: 'a.id', order: 'desc' },
      ])
      .limit(take)
      .select<SeatChangeRow[]>('a.*', 'p.name as product_name');
  }

  private async changed(trx: Knex.Transaction, userId: string): Promise<void> {
    await this.cache.announce(trx, userId);
  }
}
