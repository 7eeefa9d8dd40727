import {
  inviteMemberRequest,
  isBillableRole,
  type MemberStatus,
  type ProductRole,
  productMessages,
  type RoadmapPermission,
  seatMonthlyCents,
  shareRoadmapRequest,
  teamMessages,
} from '@chorus/contracts';
import {
  AlreadyExists,
  DomainError,
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  type Logger,
  NotFound,
  type OutboxRelay,
  PermissionDenied,
} from '@chorus/service-kit';
import { status as grpcStatus } from '@grpc/grpc-js';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type Access,
  accessOf,
  accessRefusal,
  auditState,
  billingImpactCents,
  effectiveStatus,
  expiresAt,
  type Grant,
  invitationRefusal,
  inviteRefusal,
  isManageable,
  leaveRefusal,
  parseRole,
  type Refusal,
  removalRefusal,
  resendRefusal,
  revokeRefusal,
  type SeatState,
  type ShareRole,
} from './domain/teams';
import { collaboratorJoined, collaboratorLeft, collaboratorRoleChanged } from './events/published';
import type {
  AuditRow,
  CollaboratorRow,
  CollaboratorStore,
  MembershipRow,
  RoadmapGrant,
  SeatChangeRow,
} from './store/collaborators';
import type { ProductRow, ProductStore } from './store/products';

/** Too many members or invitations (RESOURCE_EXHAUSTED, 429). */
export class TeamLimitReached extends DomainError {
  constructor(message: string) {
    super(grpcStatus.RESOURCE_EXHAUSTED, message);
  }
}

function fail(refusal: Refusal): never {
  switch (refusal.kind) {
    case 'not_found':
      throw new NotFound(refusal.message);
    case 'permission_denied':
      throw new PermissionDenied(refusal.message);
    case 'invalid_argument':
      throw new InvalidArgument(refusal.message);
    case 'already_exists':
      throw new AlreadyExists(refusal.message);
    case 'resource_exhausted':
      throw new TeamLimitReached(refusal.message);
    case 'failed_precondition':
      throw new FailedPrecondition(refusal.message);
  }
}

function check(refusal: Refusal | null): void {
  if (refusal) fail(refusal);
}

/** 256 bits, URL-safe: what the invitation link carries. */
function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

const grantOf = (row: Pick<MembershipRow, 'role' | 'permissions'>): Grant => ({
  role: row.role,
  roadmapId: row.permissions?.roadmapId ?? null,
  permission: row.permissions?.permission ?? null,
});

const seatState = (row: CollaboratorRow): SeatState => ({
  role: row.role,
  status: row.invitation_status,
  permission: row.permissions?.permission ?? null,
  isActive: row.is_active,
});

/** A product the user may open, with what they are on it. */
export interface ProductAccess {
  product: ProductRow;
  access: Access;
}

export interface SharedRoadmapRow {
  roadmapId: string;
  roadmapName: string;
  productId: string;
  productName: string;
  permission: RoadmapPermission;
}

interface Actor {
  userId: string;
  name: string;
}

/**
 * Teams: who may do what on a product (GetAccess, the one authority the
 * gateway asks), invitations by e-mail with hashed single-use tokens, role
 * changes, removals, roadmaps shared on their own, and the audit log of
 * every change. Membership changes keep products.collaborator_count and
 * billable_seats and publish CollaboratorJoined/RoleChanged/Left in the
 * change's transaction.
 */
export class Teams {
  constructor(
    private readonly deps: {
      store: CollaboratorStore;
      products: ProductStore;
      relay: OutboxRelay;
      logger: Logger;
    },
  ) {}

  // --- access ---------------------------------------------------------------

  /**
   * The user's access to the product, from memory on the hot path (the
   * owner's products and the user's memberships are both cached and
   * invalidated on every replica). No access: NOT_FOUND "Product not found".
   */
  async access(userId: string, productId: string, roadmapId?: string): Promise<ProductAccess> {
    const found = await this.find(userId, productId, roadmapId);
    if (!found) throw new NotFound(productMessages.notFound);
    return found;
  }

  /** The product if the user may do what `needed` may; else NOT_FOUND or PERMISSION_DENIED. */
  async authorize(userId: string, productId: string, needed: ProductRole): Promise<ProductAccess> {
    const found = await this.find(userId, productId);
    check(accessRefusal(found?.access ?? null, needed));
    return found!;
  }

  private async find(
    userId: string,
    productId: string,
    roadmapId?: string,
  ): Promise<ProductAccess | undefined> {
    if (!userId || !productId) return undefined;
    const { products, store } = this.deps;
    const owned = await products.findOwned(userId, productId);
    if (owned) return { product: owned, access: { role: 'owner', permission: null } };
    const grants = (await store.memberships(userId)).filter((row) => row.product_id === productId);
    if (grants.length === 0) return undefined;
    const product = await products.findOwned(grants[0]!.owner_id, productId);
    if (!product) return undefined;
    const access = accessOf({
      userId,
      ownerId: product.user_id,
      grants: grants.map(grantOf),
      roadmapId: roadmapId || null,
    });
    return access ? { product, access } : undefined;
  }

  /** The user's own products, then the products shared with them (roadmap-only shares are not). */
  async products(userId: string): Promise<ProductAccess[]> {
    const { products, store } = this.deps;
    const owned = await products.listOwned(userId);
    const answer: ProductAccess[] = owned.map((product) => ({
      product,
      access: { role: 'owner', permission: null },
    }));
    const byProduct = new Map<string, MembershipRow[]>();
    for (const row of await store.memberships(userId)) {
      if (row.role === 'roadmap') continue;
      byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
    }
    for (const [productId, grants] of byProduct) {
      const product = await products.findOwned(grants[0]!.owner_id, productId);
      if (!product || product.user_id === userId) continue;
      const access = accessOf({ userId, ownerId: product.user_id, grants: grants.map(grantOf) });
      if (access) answer.push({ product, access });
    }
    return answer;
  }

  /** Roadmaps shared with the user on their own, oldest share first. */
  async sharedRoadmaps(userId: string): Promise<SharedRoadmapRow[]> {
    if (!userId) return [];
    const { products, store } = this.deps;
    const answer: SharedRoadmapRow[] = [];
    for (const row of await store.memberships(userId)) {
      if (row.role !== 'roadmap' || !row.permissions) continue;
      const product = await products.findOwned(row.owner_id, row.product_id);
      if (!product) continue;
      answer.push({
        roadmapId: row.permissions.roadmapId,
        roadmapName: row.permissions.roadmapName,
        productId: product.id,
        productName: product.name,
        permission: row.permissions.permission,
      });
    }
    return answer;
  }

  // --- reading the team -----------------------------------------------------

  /** Product members and invitations the team page shows, and the live count. */
  async team(
    userId: string,
    productId: string,
  ): Promise<ProductAccess & { members: CollaboratorRow[]; memberCount: number }> {
    const found = await this.authorize(userId, productId, 'viewer');
    await this.expireDue(productId);
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
    await this.authorize(userId, productId, 'viewer');
    await this.expireDue(productId);
    const rows = await this.deps.store.ofRoadmap(productId, roadmapId);
    return rows.filter((row) => ['pending', 'accepted'].includes(row.invitation_status));
  }

  async auditLog(userId: string, productId: string): Promise<AuditRow[]> {
    await this.authorize(userId, productId, 'admin');
    await this.expireDue(productId);
    return this.deps.store.auditOf(productId);
  }

  /** The admin area's list of seat changes on every product (the caller is an operator). */
  seatChanges(limit: number): Promise<SeatChangeRow[]> {
    // Expiring an invitation changes no bill: nothing to sweep first.
    return this.deps.store.seatChanges(limit);
  }

  // --- invitations ----------------------------------------------------------

  invite(request: {
    userId: string;
    productId: string;
    email: string;
    role: string;
    inviterName: string;
    inviterEmail: string;
    ownerEmail: string;
  }): Promise<{ member: CollaboratorRow; token: string; product: ProductRow }> {
    const parsed = inviteMemberRequest.safeParse({
      email: request.email,
      role: request.role.trim() ? request.role.trim().toLowerCase() : undefined,
    });
    if (!parsed.success) {
      throw new InvalidArgument(parsed.error.issues[0]?.message ?? teamMessages.invalidEmail);
    }
    return this.send({ ...request, email: parsed.data.email, role: parsed.data.role, grant: null });
  }

  shareRoadmap(request: {
    userId: string;
    productId: string;
    roadmapId: string;
    roadmapName: string;
    email: string;
    permission: string;
    inviterName: string;
    inviterEmail: string;
    ownerEmail: string;
  }): Promise<{ member: CollaboratorRow; token: string; product: ProductRow }> {
    const parsed = shareRoadmapRequest.safeParse({
      email: request.email,
      permission: request.permission.trim() ? request.permission.trim().toLowerCase() : undefined,
    });
    if (!parsed.success) {
      throw new InvalidArgument(parsed.error.issues[0]?.message ?? teamMessages.invalidEmail);
    }
    if (!request.roadmapId.trim()) throw new InvalidArgument('roadmapId is required');
    return this.send({
      ...request,
      email: parsed.data.email,
      role: 'roadmap',
      grant: {
        roadmapId: request.roadmapId.trim(),
        roadmapName: request.roadmapName.trim(),
        permission: parsed.data.permission,
      },
    });
  }

  private async send(request: {
    userId: string;
    productId: string;
    email: string;
    role: ShareRole;
    grant: RoadmapGrant | null;
    inviterName: string;
    inviterEmail: string;
    ownerEmail: string;
  }): Promise<{ member: CollaboratorRow; token: string; product: ProductRow }> {
    await this.authorize(request.userId, request.productId, 'admin');
    const { store, products } = this.deps;
    const { token, hash } = newToken();
    const sameScope = (row: CollaboratorRow) =>
      request.grant
        ? row.role === 'roadmap' && row.permissions?.roadmapId === request.grant.roadmapId
        : row.role !== 'roadmap';
    try {
      return await store.db.transaction(async (trx) => {
        // One invitation of a product at a time: the counts below stay true.
        const product = await products.lock(trx, request.productId);
        if (!product) throw new NotFound(productMessages.notFound);
        await this.expireWithin(trx, product.id);
        const rows = await store.ofEmail(trx, product.id, request.email);
        const accepted = rows.filter(
          (row) => row.invitation_status === 'accepted' && row.is_active,
        );
        check(
          inviteRefusal({
            email: request.email,
            inviterEmail: request.inviterEmail,
            ownerEmail: request.ownerEmail,
            alreadyMember: accepted.some((row) => row.role !== 'roadmap' || sameScope(row)),
            alreadyInvited: rows.some(
              (row) => row.invitation_status === 'pending' && sameScope(row),
            ),
            liveCount: await store.liveCount(trx, product.id),
            maxCollaborators: product.max_collaborators,
            sentLastHour: await store.sentLastHour(trx, product.id),
          }),
        );
        const now = new Date();
        const fields = {
          inviter_user_id: request.userId,
          inviter_name: request.inviterName.trim(),
          email: request.email,
          invitation_token: hash,
          invited_at: now,
          expires_at: expiresAt(now),
          role: request.role,
          permissions: request.grant ? JSON.stringify(request.grant) : null,
          is_billable: isBillable(request.role, request.grant),
        };
        // An expired, revoked or declined invitation of the same person is replaced.
        const earlier = rows.find(
          (row) =>
            sameScope(row) && ['expired', 'revoked', 'declined'].includes(row.invitation_status),
        );
        const member = earlier
          ? await store.update(trx, earlier, {
              ...fields,
              invitation_status: 'pending',
              accepted_at: null,
              collaborator_user_id: null,
              member_name: null,
              is_active: true,
            })
          : await store.insert(trx, { ...fields, product_id: product.id });
        await this.log(trx, product, member, {
          action: 'invited',
          actor: { userId: request.userId, name: request.inviterName },
          before: earlier ? seatState(earlier) : null,
        });
        return { member, token, product };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AlreadyExists(teamMessages.alreadyInvited);
      throw error;
    }
  }

  /** A new token and expiry for a pending or expired invitation. */
  async resend(request: {
    userId: string;
    productId: string;
    memberId: string;
    actorName: string;
  }): Promise<{ member: CollaboratorRow; token: string; product: ProductRow }> {
    await this.authorize(request.userId, request.productId, 'admin');
    const { store, products } = this.deps;
    const { token, hash } = newToken();
    return store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      await this.expireWithin(trx, product.id);
      const row = await this.memberOf(trx, product.id, request.memberId);
      check(
        resendRefusal({
          status: row.invitation_status,
          liveCount: await store.liveCount(trx, product.id),
          maxCollaborators: product.max_collaborators,
          sentLastHour: await store.sentLastHour(trx, product.id),
        }),
      );
      const member = await store.update(trx, row, {
        invitation_token: hash,
        invitation_status: 'pending',
        expires_at: expiresAt(new Date()),
        is_active: true,
      });
      await this.log(trx, product, member, {
        action: 'resent',
        actor: { userId: request.userId, name: request.actorName },
        before: seatState(row),
      });
      return { member, token, product };
    });
  }

  async revoke(request: {
    userId: string;
    productId: string;
    memberId: string;
    actorName: string;
  }): Promise<void> {
    await this.authorize(request.userId, request.productId, 'admin');
    const { store, products } = this.deps;
    await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      await this.expireWithin(trx, product.id);
      const row = await this.memberOf(trx, product.id, request.memberId);
      check(revokeRefusal(row.invitation_status));
      const member = await store.update(trx, row, {
        invitation_status: 'revoked',
        is_active: false,
      });
      await this.log(trx, product, member, {
        action: 'revoked',
        actor: { userId: request.userId, name: request.actorName },
        before: seatState(row),
      });
    });
  }

  /** The pending invitation behind a raw token, with its product. */
  async invitation(token: string): Promise<{ member: CollaboratorRow; product: ProductRow }> {
    const row = await this.byToken(token);
    check(invitationRefusal(row.invitation_status));
    const product = await this.deps.products.findById(row.product_id);
    if (!product) throw new NotFound(teamMessages.invitationUnknown);
    return { member: row, product };
  }

  async accept(request: {
    token: string;
    userId: string;
    email: string;
    name: string;
  }): Promise<CollaboratorRow> {
    if (!request.userId) throw new InvalidArgument('userId is required');
    const found = await this.byToken(request.token);
    const { store, products } = this.deps;
    const accepted = await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, found.product_id);
      const row = await store.lock(trx, found.product_id, found.id);
      if (!product || !row || row.invitation_token !== found.invitation_token) {
        throw new NotFound(teamMessages.invitationUnknown);
      }
      check(invitationRefusal(effectiveStatus(statusOf(row), new Date())));
      if (row.email.toLowerCase() !== request.email.trim().toLowerCase()) {
        throw new PermissionDenied(teamMessages.otherEmail);
      }
      if (product.user_id === request.userId) {
        throw new FailedPrecondition(teamMessages.inviteOwner);
      }
      const held = await store.acceptedOf(trx, request.userId, product.id);
      if (
        held.some(
          (other) =>
            other.role !== 'roadmap' ||
            (row.role === 'roadmap' && other.permissions?.roadmapId === row.permissions?.roadmapId),
        )
      ) {
        throw new FailedPrecondition(teamMessages.alreadyMember);
      }
      const now = new Date();
      const member = await store.update(trx, row, {
        invitation_status: 'accepted',
        collaborator_user_id: request.userId,
        member_name: request.name.trim() || null,
        accepted_at: now,
        billing_start_date: row.is_billable ? now : null,
        is_active: true,
      });
      const seats = await this.recount(trx, product.id);
      await this.log(trx, product, member, {
        action: 'accepted',
        actor: { userId: request.userId, name: request.name },
        before: seatState(row),
      });
      await collaboratorJoined(trx, { product, member, billableSeats: seats, at: now });
      return member;
    });
    await this.settled();
    this.deps.relay.nudge();
    return accepted;
  }

  async decline(token: string): Promise<void> {
    const found = await this.byToken(token);
    const { store, products } = this.deps;
    await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, found.product_id);
      const row = await store.lock(trx, found.product_id, found.id);
      if (!product || !row || row.invitation_token !== found.invitation_token) {
        throw new NotFound(teamMessages.invitationUnknown);
      }
      check(invitationRefusal(effectiveStatus(statusOf(row), new Date())));
      const member = await store.update(trx, row, {
        invitation_status: 'declined',
        is_active: false,
      });
      // Declining needs no account: the invitee is named by their address.
      await this.log(trx, product, member, {
        action: 'declined',
        actor: { userId: '', name: row.email },
        before: seatState(row),
      });
    });
  }

  /**
   * The row behind a raw token: looked up by its hash, then compared in
   * constant time. An invitation found past its expiry is expired first (and
   * logged), so the answer says so.
   */
  private async byToken(token: string): Promise<CollaboratorRow> {
    const raw = token.trim();
    if (!TOKEN_SHAPE.test(raw)) throw new NotFound(teamMessages.invitationUnknown);
    const hash = hashToken(raw);
    let row = await this.deps.store.byTokenHash(hash);
    if (
      !row ||
      !timingSafeEqual(Buffer.from(row.invitation_token, 'hex'), Buffer.from(hash, 'hex'))
    ) {
      throw new NotFound(teamMessages.invitationUnknown);
    }
    if (effectiveStatus(statusOf(row), new Date()) !== row.invitation_status) {
      await this.expireDue(row.product_id);
      row = (await this.deps.store.byTokenHash(hash)) ?? row;
    }
    return row;
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
    await this.authorize(request.userId, request.productId, 'admin');
    const { store, products } = this.deps;
    const changed = await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      const row = await this.memberOf(trx, product.id, request.memberId);
      // A roadmap shared on its own is not a product member: its permission
      // is changed by sharing again.
      if (row.role === 'roadmap' || !['pending', 'accepted'].includes(row.invitation_status)) {
        throw new NotFound(teamMessages.memberNotFound);
      }
      if (row.role === role) return { member: row, changed: false };
      const member = await store.update(trx, row, { role, is_billable: isBillable(role, null) });
      const accepted = member.invitation_status === 'accepted';
      const seats = accepted ? await this.recount(trx, product.id) : product.billable_seats;
      await this.log(trx, product, member, {
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
    const { product: seen } = await this.authorize(request.userId, request.productId, 'admin');
    check(removalRefusal(request.memberId, seen.user_id));
    const { store, products } = this.deps;
    await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      const row = await this.memberOf(trx, product.id, request.memberId);
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
    await this.authorize(request.userId, request.productId, 'collaborator');
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
    const seats = wasMember ? await this.recount(trx, product.id) : product.billable_seats;
    await this.log(trx, product, member, { action: status, actor, before: seatState(row) });
    if (wasMember) {
      await collaboratorLeft(trx, { product, member: row, billableSeats: seats, at: now });
    }
  }

  // --- expiry ---------------------------------------------------------------

  /** Expires the product's invitations past their date (each logged once, by its inviter). */
  async expireDue(productId?: string): Promise<number> {
    return this.deps.store.db.transaction((trx) => this.expireWithin(trx, productId));
  }

  /** The same, inside a transaction (the periodic sweep passes its own). */
  async expireWithin(trx: Knex.Transaction, productId?: string): Promise<number> {
    const expired = await this.deps.store.expireDue(trx, productId);
    const productsById = new Map<string, ProductRow | undefined>();
    for (const row of expired) {
      if (!productsById.has(row.product_id)) {
        productsById.set(row.product_id, await this.deps.products.findById(row.product_id, trx));
      }
      const product = productsById.get(row.product_id);
      if (!product) continue;
      await this.log(trx, product, row, {
        action: 'expired',
        actor: { userId: row.inviter_user_id, name: row.inviter_name },
        before: { ...seatState(row), status: 'pending' },
      });
    }
    return expired.length;
  }

  // --- helpers --------------------------------------------------------------

  /**
   * Waits until this replica heard its own notifications of the memberships
   * and products it changed: the other replicas have theirs by then, so the
   * caller's next request anywhere sees the change.
   */
  private async settled(): Promise<void> {
    await Promise.all([this.deps.store.settled(), this.deps.products.settled()]);
  }

  private async memberOf(
    trx: Knex.Transaction,
    productId: string,
    memberId: string,
  ): Promise<CollaboratorRow> {
    const row = memberId ? await this.deps.store.lock(trx, productId, memberId) : undefined;
    if (!row) throw new NotFound(teamMessages.memberNotFound);
    return row;
  }

  /** Keeps the product's member and seat counts; answers the seats. */
  private async recount(trx: Knex.Transaction, productId: string): Promise<number> {
    const counts = await this.deps.store.counts(trx, productId);
    await this.deps.products.update(trx, productId, counts);
    return counts.billable_seats;
  }

  private async log(
    trx: Knex.Transaction,
    product: ProductRow,
    after: CollaboratorRow,
    change: { action: string; actor: Actor; before: SeatState | null },
  ): Promise<void> {
    const seatCents = seatMonthlyCents({
      billingCycle: product.billing_cycle === 'annual' ? 'annual' : 'monthly',
      isLegacyPricing: product.is_legacy_pricing,
    });
    const impact = billingImpactCents(change.before, seatState(after), seatCents);
    await this.deps.store.audit(trx, {
      product_id: product.id,
      collaborator_id: after.id,
      action_type: change.action,
      action_by_user_id: change.actor.userId,
      action_by_name: change.actor.name.trim(),
      affected_email: after.email,
      previous_state: change.before ? JSON.stringify(auditState(change.before)) : null,
      new_state: JSON.stringify(auditState(seatState(after))),
      billing_impact: (impact / 100).toFixed(2),
    });
  }
}

function isBillable(role: ShareRole, grant: RoadmapGrant | null): boolean {
  return isBillableRole(role, grant?.permission);
}

function statusOf(row: CollaboratorRow): { status: MemberStatus; expiresAt: Date } {
  return { status: row.invitation_status, expiresAt: row.expires_at };
}
