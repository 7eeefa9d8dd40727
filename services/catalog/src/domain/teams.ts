import {
  INVITATION_DAYS,
  INVITES_PER_PRODUCT_PER_HOUR,
  isBillableRole,
  type MemberRole,
  type MemberStatus,
  memberRoles,
  type ProductRole,
  productMessages,
  type RoadmapPermission,
  roleAllows,
  roleRefusal,
  teamMessages,
} from '@chorus/contracts';

/*
 * Who may do what on a product, and which team changes are refused: pure
 * rules, so the operations (src/teams.ts) only load, decide and write.
 */

/** What a collaborators row grants: a product role, or one roadmap. */
export type ShareRole = MemberRole | 'roadmap';
/** What GetAccess answers. */
type AccessRole = ProductRole | 'roadmap';

/** A refusal in the words the user reads; the operations turn its kind into a gRPC status. */
export interface Refusal {
  kind:
    | 'not_found'
    | 'permission_denied'
    | 'invalid_argument'
    | 'already_exists'
    | 'resource_exhausted'
    | 'failed_precondition';
  message: string;
}

const refuse = (kind: Refusal['kind'], message: string): Refusal => ({ kind, message });
const productNotFound = refuse('not_found', productMessages.notFound);

/** One accepted, active grant of a user on a product. */
export interface Grant {
  role: ShareRole;
  roadmapId: string | null;
  permission: RoadmapPermission | null;
}

export interface Access {
  role: AccessRole;
  /** For role 'roadmap'. */
  permission: RoadmapPermission | null;
}

/**
 * The user's access to a product: owner; else a member's role (a member
 * sees every roadmap); else, asked about one roadmap, a share of that
 * roadmap; else none (null: the product is "not found" to them).
 */
export function accessOf(input: {
  userId: string;
  ownerId: string;
  grants: readonly Grant[];
  roadmapId?: string | null;
}): Access | null {
  if (input.userId && input.userId === input.ownerId) return { role: 'owner', permission: null };
  let best: MemberRole | null = null;
  for (const grant of input.grants) {
    if (grant.role === 'roadmap') continue;
    if (!best || roleAllows(grant.role, best)) best = grant.role;
  }
  if (best) return { role: best, permission: null };
  if (!input.roadmapId) return null;
  const share = input.grants.find(
    (grant) => grant.role === 'roadmap' && grant.roadmapId === input.roadmapId,
  );
  return share ? { role: 'roadmap', permission: share.permission ?? 'view' } : null;
}

/**
 * Whether someone with `access` may do what `needed` may: none or a roadmap
 * share only (for product-wide acts) is "Product not found"; a member
 * below the need is told what their role lets them do and what it takes.
 */
export function accessRefusal(access: Access | null, needed: ProductRole): Refusal | null {
  if (!access || access.role === 'roadmap') return productNotFound;
  if (!roleAllows(access.role, needed))
    return refuse('permission_denied', roleRefusal(needed, access.role));
  return null;
}

/** A pending invitation past its expiry is expired, whether or not that was written yet. */
export function effectiveStatus(
  row: { status: MemberStatus; expiresAt: Date },
  now: Date,
): MemberStatus {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()
    ? 'expired'
    : row.status;
}

export function expiresAt(from: Date): Date {
  return new Date(from.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
}

/** Why an invitation in this state cannot be shown, accepted or declined (null: pending). */
export function invitationRefusal(status: MemberStatus): Refusal | null {
  switch (status) {
    case 'pending':
      return null;
    case 'expired':
      return refuse('failed_precondition', teamMessages.invitationExpired);
    case 'revoked':
      return refuse('failed_precondition', teamMessages.invitationRevoked);
    case 'declined':
      return refuse('failed_precondition', teamMessages.invitationDeclined);
    case 'accepted':
    case 'removed':
    case 'left':
      return refuse('failed_precondition', teamMessages.invitationUsed);
  }
}

/** What is known, when inviting, about the e-mail and the product. */
export interface InviteFacts {
  email: string;
  inviterEmail: string;
  ownerEmail: string;
  /** The e-mail is an accepted member of the product (or of this roadmap, for a share). */
  alreadyMember: boolean;
  /** The e-mail has a pending invitation of the same scope. */
  alreadyInvited: boolean;
  /** Accepted and pending rows of the product, roadmap shares included. */
  liveCount: number;
  maxCollaborators: number;
  /** Invitations and resends of the product in the last hour. */
  sentLastHour: number;
}

const sameEmail = (a: string, b: string) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why this invitation may not be sent (null: it may). */
export function inviteRefusal(facts: InviteFacts): Refusal | null {
  if (sameEmail(facts.email, facts.inviterEmail)) {
    return refuse('invalid_argument', teamMessages.inviteSelf);
  }
  if (sameEmail(facts.email, facts.ownerEmail)) {
    return refuse('invalid_argument', teamMessages.inviteOwner);
  }
  if (facts.alreadyMember) return refuse('already_exists', teamMessages.alreadyMember);
  if (facts.alreadyInvited) return refuse('already_exists', teamMessages.alreadyInvited);
  if (facts.liveCount >= facts.maxCollaborators) {
    return refuse('resource_exhausted', tooManyMessage(facts.maxCollaborators));
  }
  return sendingRefusal(facts.sentLastHour);
}

/** The rate limit on sending (new invitations and resends). */
function sendingRefusal(sentLastHour: number): Refusal | null {
  return sentLastHour >= INVITES_PER_PRODUCT_PER_HOUR
    ? refuse('resource_exhausted', teamMessages.tooManyInvites)
    : null;
}

/** The stored maximum may differ from the default the message names. */
function tooManyMessage(max: number): string {
  return teamMessages.tooMany.replace(/\d+/, String(max));
}

/** A resend of an expired invitation counts against the maximum again. */
export function resendRefusal(input: {
  status: MemberStatus;
  liveCount: number;
  maxCollaborators: number;
  sentLastHour: number;
}): Refusal | null {
  if (input.status !== 'pending' && input.status !== 'expired') {
    return refuse('failed_precondition', teamMessages.notResendable);
  }
  if (input.status === 'expired' && input.liveCount >= input.maxCollaborators) {
    return refuse('resource_exhausted', tooManyMessage(input.maxCollaborators));
  }
  return sendingRefusal(input.sentLastHour);
}

export function revokeRefusal(status: MemberStatus): Refusal | null {
  return status === 'pending' ? null : refuse('failed_precondition', teamMessages.notPending);
}

/** Whether the team page and its changes can still see this row as a member or invitation. */
export function isManageable(status: MemberStatus): boolean {
  return (
    status === 'pending' || status === 'accepted' || status === 'expired' || status === 'revoked'
  );
}

/** A member role named in any case; null when the word is none of them. */
export function parseRole(role: string): MemberRole | null {
  const word = role.trim().toLowerCase();
  return memberRoles.find((known) => known === word) ?? null;
}

/** A row as the audit log keeps it before and after a change. */
export interface SeatState {
  role: ShareRole;
  status: MemberStatus;
  permission: RoadmapPermission | null;
  isActive: boolean;
}

/** Whether the row holds a billed seat: accepted, active and of a billable role. */
function holdsSeat(state: SeatState | null): boolean {
  return (
    !!state &&
    state.status === 'accepted' &&
    state.isActive &&
    isBillableRole(state.role, state.permission ?? undefined)
  );
}

/** What a change does to the bill per month: one seat more, one less, or nothing. */
export function billingImpactCents(
  before: SeatState | null,
  after: SeatState | null,
  seatCents: number,
): number {
  return (Number(holdsSeat(after)) - Number(holdsSeat(before))) * seatCents;
}

/** The state object the audit log stores. */
export function auditState(state: SeatState): Record<string, string> {
  return {
    role: state.role,
    status: state.status,
    ...(state.permission ? { permission: state.permission } : {}),
  };
}

/** The owner is not a member: removing them, or the owner leaving, is refused. */
export function removalRefusal(memberId: string, ownerId: string): Refusal | null {
  return memberId && memberId === ownerId
    ? refuse('failed_precondition', teamMessages.ownerCannotBeRemoved)
    : null;
}

/** Leaving: the owner cannot; someone with no grant on the product does not see it. */
export function leaveRefusal(input: { isOwner: boolean; grants: number }): Refusal | null {
  if (input.isOwner) return refuse('failed_precondition', teamMessages.ownerCannotLeave);
  if (input.grants === 0) return productNotFound;
  return null;
}
