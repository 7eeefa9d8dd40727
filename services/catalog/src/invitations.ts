import {
  inviteMemberRequest,
  isBillableRole,
  type MemberStatus,
  productMessages,
  shareRoadmapRequest,
  teamMessages,
} from '@chorus/contracts';
import {
  AlreadyExists,
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  NotFound,
  type OutboxRelay,
  PermissionDenied,
} from '@chorus/service-kit';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { check, type ProductAccessRules } from './access';
import { seatState, type TeamAudit } from './audit';
import {
  effectiveStatus,
  expiresAt,
  invitationRefusal,
  inviteRefusal,
  resendRefusal,
  revokeRefusal,
  type ShareRole,
} from './domain/teams';
import { collaboratorJoined } from './events/published';
import type { CollaboratorRow, CollaboratorStore, RoadmapGrant } from './store/collaborators';
import type { ProductRow, ProductStore } from './store/products';

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

function statusOf(row: CollaboratorRow): { status: MemberStatus; expiresAt: Date } {
  return { status: row.invitation_status, expiresAt: row.expires_at };
}

/** The product's member or invitation, locked for a change; NOT_FOUND when it is not the product's. */
export async function lockMember(
  store: CollaboratorStore,
  trx: Knex.Transaction,
  productId: string,
  memberId: string,
): Promise<CollaboratorRow> {
  const row = memberId ? await store.lock(trx, productId, memberId) : undefined;
  if (!row) throw new NotFound(teamMessages.memberNotFound);
  return row;
}

/**
 * Invitations by e-mail with hashed single-use tokens: sending one to join
 * the product or to share one roadmap, resending, revoking, reading one by
 * its link, accepting, declining, and expiring those past their date. An
 * accepted invitation keeps products.collaborator_count and billable_seats
 * and publishes CollaboratorJoined in its transaction.
 */
export class Invitations {
  constructor(
    private readonly deps: {
      store: CollaboratorStore;
      products: ProductStore;
      access: ProductAccessRules;
      audit: TeamAudit;
      relay: OutboxRelay;
    },
  ) {}

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
    await this.deps.access.authorize(request.userId, request.productId, 'admin');
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
          is_billable: isBillableRole(request.role, request.grant?.permission),
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
        await this.deps.audit.record(trx, product, member, {
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
    await this.deps.access.authorize(request.userId, request.productId, 'admin');
    const { store, products } = this.deps;
    const { token, hash } = newToken();
    return store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      await this.expireWithin(trx, product.id);
      const row = await lockMember(this.deps.store, trx, product.id, request.memberId);
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
      await this.deps.audit.record(trx, product, member, {
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
    await this.deps.access.authorize(request.userId, request.productId, 'admin');
    const { store, products } = this.deps;
    await store.db.transaction(async (trx) => {
      const product = await products.lock(trx, request.productId);
      if (!product) throw new NotFound(productMessages.notFound);
      await this.expireWithin(trx, product.id);
      const row = await lockMember(this.deps.store, trx, product.id, request.memberId);
      check(revokeRefusal(row.invitation_status));
      const member = await store.update(trx, row, {
        invitation_status: 'revoked',
        is_active: false,
      });
      await this.deps.audit.record(trx, product, member, {
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
      const seats = await this.deps.audit.recount(trx, product.id);
      await this.deps.audit.record(trx, product, member, {
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
      await this.deps.audit.record(trx, product, member, {
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
      await this.deps.audit.record(trx, product, row, {
        action: 'expired',
        actor: { userId: row.inviter_user_id, name: row.inviter_name },
        before: { ...seatState(row), status: 'pending' },
      });
    }
    return expired.length;
  }

  /**
   * Waits until this replica heard its own notifications of the memberships
   * and products it changed: the other replicas have theirs by then, so the
   * caller's next request anywhere sees the change.
   */
  private async settled(): Promise<void> {
    await Promise.all([this.deps.store.settled(), this.deps.products.settled()]);
  }
}
