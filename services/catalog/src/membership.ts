import {
  isBillableRole,
  type MemberStatus,
  productMessages,
  teamMessages,
} from '@chorus/contracts';
import { InvalidArgument, type Knex, NotFound, type OutboxRelay } from '@chorus/service-kit';
import { check, type ProductAccess, type ProductAccessRules } from './access';
import { type Actor, seatState, type TeamAudit } from './audit';
import { isManageable, leaveRefusal, parseRole, removalRefusal } from './domain/teams';
import { collaboratorLeft, collaboratorRoleChanged } from './events/published';
import { type Invitations, lockMember } from './invitations';
import type { AuditRow, CollaboratorRow, CollaboratorStore } from './store/collaborators';
import type { ProductRow, ProductStore } from './store/products';

/**
 * The product's team once in it: the team page's members and invitations,
 * a roadmap's own shares, the audit log, role changes, removals and leaving.
 * Each change keeps products.collaborator_count and billable_seats and
 * publishes CollaboratorRoleChanged or CollaboratorLeft in its transaction.
 */
export class Membership {
  constructor(
    private readonly deps: {
      store: CollaboratorStore;
      products: ProductStore;
      access: ProductAccessRules;
      invitations: Invitations;
      audit: TeamAudit;
      relay: OutboxRelay;
    },
  ) {}

  /** Product members and invitations the team page shows, and the live count. */
  async team(
    userId: string,
    productId: string,
  ): Promise<ProductAccess & { members: CollaboratorRow[]; memberCount: number }> {
    const found = await this.deps.access.authorize(userId, productId, 'viewer');
    await this.deps.invitations.expireDue(productId);
    const rows = await this.deps.store.ofProduct(productId);
    const shown: MemberStatus[] = ['pending', 'accepted', 'expired', 'revoked'];
    return {
      ...found,
      members: rows.filter(
        (row) => row.role !== 'roadmap' && shown.includes(row.invitation_status),
      ),
      memberCount: rows.filter((row) => ['pending', 'accepted'].includes(row.invitation_status))
        .length,
    };
  }

  async roadmapShares(
    userId: string,
    productId: string,
    roadmapId: string,
  ): Promise<CollaboratorRow[]> {
    await this.deps.access.authorize(userId, productId, 'viewer');
    await this.deps.invitations.expireDue(productId);
    const rows = await this.deps.store.ofRoadmap(productId, roadmapId);
    return rows.filter((row) => ['pending', 'accepted'].includes(row.invitation_status));
  }

  async auditLog(userId: string, productId: string): Promise<AuditRow[]> {
    await this.deps.access.authorize(userId, productId, 'admin');
    await this.deps.invitations.expireDue(productId);
    return this.deps.audit.of(productId);
  }

  // --- changing the team ----------------------------------------------------

  async changeRole(request: {
    userId: string;
    productId: string;
    memberId: string;
    role: string;
    actorName: string;
  }): Promise<CollaboratorRow> {
    const role = parseRole(request.role);
    if (!role) throw new InvalidArgument(teamMessages.role);
    await this.deps.access.authorize(request.userId, request.productId, 'admin');
    const { store, products } = this.deps;
    const changed = await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      const row = await lockMember(this.deps.store, trx, product.id, request.memberId);
      // A roadmap shared on its own is not a product member: its permission
      // is changed by sharing again.
      if (row.role === 'roadmap' || !['pending', 'accepted'].includes(row.invitation_status)) {
        throw new NotFound(teamMessages.memberNotFound);
      }
      if (row.role === role) return { member: row, changed: false };
      const member = await store.update(trx, row, { role, is_billable: isBillableRole(role) });
      const accepted = member.invitation_status === 'accepted';
      const seats = accepted
        ? await this.deps.audit.recount(trx, product.id)
        : product.billable_seats;
      await this.deps.audit.record(trx, product, member, {
        action: 'role_changed',
        actor: { userId: request.userId, name: request.actorName },
        before: seatState(row),
      });
      if (accepted) {
        await collaboratorRoleChanged(trx, {
          product,
          member,
          previousRole: row.role,
          billableSeats: seats,
          at: new Date(),
        });
      }
      return { member, changed: accepted };
    });
    await this.settled();
    if (changed.changed) this.deps.relay.nudge();
    return changed.member;
  }

  /** Removes a member or withdraws an invitation; the owner cannot be removed. */
  async remove(request: {
    userId: string;
    productId: string;
    memberId: string;
    actorName: string;
  }): Promise<void> {
    const { product: seen } = await this.deps.access.authorize(
      request.userId,
      request.productId,
      'admin',
    );
    check(removalRefusal(request.memberId, seen.user_id));
    const { store, products } = this.deps;
    await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      const row = await lockMember(this.deps.store, trx, product.id, request.memberId);
      if (!isManageable(row.invitation_status)) throw new NotFound(teamMessages.memberNotFound);
      await this.end(trx, product, row, 'removed', {
        userId: request.userId,
        name: request.actorName,
      });
    });
    await this.settled();
    this.deps.relay.nudge();
  }

  /** A member leaves: every grant they hold on the product ends. */
  async leave(request: { userId: string; productId: string; actorName: string }): Promise<void> {
    if (!request.userId || !request.productId) throw new NotFound(productMessages.notFound);
    const { store, products } = this.deps;
    await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      const grants = await store.acceptedOf(trx, request.userId, product.id);
      check(leaveRefusal({ isOwner: product.user_id === request.userId, grants: grants.length }));
      for (const row of grants) {
        await this.end(trx, product, row, 'left', {
          userId: request.userId,
          name: request.actorName || row.member_name || row.email,
        });
      }
    });
    await this.settled();
    this.deps.relay.nudge();
  }

  /** Every share of a roadmap about to be deleted ends (its people lose it). */
  async endRoadmapShares(request: {
    userId: string;
    productId: string;
    roadmapId: string;
  }): Promise<void> {
    await this.deps.access.authorize(request.userId, request.productId, 'collaborator');
    if (!request.roadmapId) return;
    const { store, products } = this.deps;
    await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      const rows = await store.ofRoadmap(product.id, request.roadmapId, trx);
      for (const row of rows) {
        if (!['pending', 'accepted'].includes(row.invitation_status)) continue;
        await this.end(trx, product, row, 'removed', { userId: request.userId, name: '' });
      }
    });
    await this.settled();
    this.deps.relay.nudge();
  }

  /**
   * Ends a row (removed or left): no longer active, its seat ends today, the
   * product's counts follow, the audit log and, for an accepted member,
   * CollaboratorLeft say so.
   */
  private async end(
    trx: Knex.Transaction,
    product: ProductRow,
    row: CollaboratorRow,
    status: 'removed' | 'left',
    actor: Actor,
  ): Promise<void> {
    const wasMember = row.invitation_status === 'accepted';
    const now = new Date();
    const member = await this.deps.store.update(trx, row, {
      invitation_status: status,
      is_active: false,
      billing_end_date: wasMember && row.is_billable ? now : row.billing_end_date,
    });
    const seats = wasMember
      ? await this.deps.audit.recount(trx, product.id)
      : product.billable_seats;
    await this.deps.audit.record(trx, product, member, {
      action: status,
      actor,
      before: seatState(row),
    });
    if (wasMember) {
      await collaboratorLeft(trx, { product, member: row, billableSeats: seats, at: now });
    }
  }

  /** Waits until every replica forgets the access this change ended or altered. */
  private async settled(): Promise<void> {
    await Promise.all([this.deps.store.settled(), this.deps.products.settled()]);
  }
}
