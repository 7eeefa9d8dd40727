import {
  type AuditAction,
  auditActions,
  type AuditEntryView,
  type InvitationView,
  MAX_COLLABORATORS,
  type MemberRole,
  memberRoles,
  type MemberStatus,
  memberStatuses,
  type MemberView,
  type ProductRole,
  type RoadmapPermission,
  roadmapPermissions,
  seatChangeCost,
  type SharedRoadmapView,
  type TeamView,
} from '@chorus/contracts';
import type {
  AuditEntry,
  GetInvitationResponse,
  ListTeamResponse,
  SeatState,
  Member,
  SharedRoadmap,
} from '@chorus/proto/catalog/v1/teams';
import { promoViewOf } from './catalog-views';

// How the catalog's members, invitations and audit entries look to the browser.

const iso = (date: Date | undefined) => date?.toISOString() ?? null;

function oneOf<T extends string>(values: readonly T[], text: string, fallback: T): T {
  return values.find((value) => value === text) ?? fallback;
}

const permissionOf = (text: string): RoadmapPermission => oneOf(roadmapPermissions, text, 'view');

function roleOf(text: string): MemberRole | 'roadmap' {
  return text === 'roadmap' ? 'roadmap' : oneOf(memberRoles, text, 'viewer');
}

function roadmapOf(member: Member): MemberView['roadmap'] {
  if (member.role !== 'roadmap' || !member.roadmapId) return null;
  return {
    id: member.roadmapId,
    name: member.roadmapName,
    permission: permissionOf(member.roadmapPermission),
  };
}

export function toMemberView(member: Member): MemberView {
  return {
    id: member.id,
    email: member.email,
    name: member.name || null,
    userId: member.userId || null,
    role: roleOf(member.role),
    status: oneOf<MemberStatus>(memberStatuses, member.status, 'pending'),
    invitedAt: iso(member.invitedAt) ?? '',
    acceptedAt: iso(member.acceptedAt),
    expiresAt: iso(member.expiresAt) ?? '',
    invitedBy: member.invitedByName || null,
    isBillable: member.isBillable,
    roadmap: roadmapOf(member),
  };
}

export function toTeamView(
  team: ListTeamResponse,
  yourRole: ProductRole,
  owner: { name: string; email: string },
  yourUserId = '',
): TeamView {
  const product = team.product!;
  const billingCycle = product.billingCycle === 'annual' ? 'annual' : 'monthly';
  // What seats add to the monthly cost: the one quote's, a running promo
  // code included, as the billing page counts them.
  const terms = {
    billingCycle,
    isLegacyPricing: product.isLegacyPricing,
    personaCount: product.personaCount,
    promo: promoViewOf(product),
  } as const;
  const seatsCost = (seats: number) => seatChangeCost(terms, 0, seats).monthlyChangeCents;
  const seatCents = seatsCost(1);
  const members = team.members.map(toMemberView);
  const pendingSeats = members.filter(
    (member) => member.status === 'pending' && member.isBillable,
  ).length;
  const base = {
    productId: product.id,
    productName: product.name,
    yourRole,
    memberCount: team.memberCount,
    maxCollaborators: MAX_COLLABORATORS,
  };
  if (yourRole === 'viewer') {
    // A viewer sees who works on the product, by name: no e-mail addresses
    // (their own aside), no invitations and nothing of what the owner pays.
    return {
      ...base,
      owner: { name: owner.name, email: null },
      members: members
        .filter((member) => member.status === 'accepted')
        .map((member) => ({
          ...member,
          email: yourUserId && member.userId === yourUserId ? member.email : null,
          invitedBy: null,
        })),
      billableSeats: null,
      seatMonthlyCents: null,
      monthlyTeamCostCents: null,
      pendingSeats: null,
      pendingMonthlyCostCents: null,
    };
  }
  return {
    ...base,
    owner,
    members,
    billableSeats: product.billableSeats,
    seatMonthlyCents: seatCents,
    monthlyTeamCostCents: seatsCost(product.billableSeats),
    pendingSeats,
    pendingMonthlyCostCents:
      seatsCost(product.billableSeats + pendingSeats) - seatsCost(product.billableSeats),
  };
}

/** A seat's state in an audit entry (role, status, a roadmap's permission), or null when none. */
function seatStateView(state: SeatState | undefined): Record<string, unknown> | null {
  if (!state) return null;
  return {
    role: state.role,
    status: state.status,
    ...(state.permission === undefined ? {} : { permission: state.permission }),
  };
}

/**
 * Who made an audit entry: a signed-in user by name; someone signed out (an
 * invitee declining) by the invitation's e-mail, never an empty name.
 */
function actorOf(entry: AuditEntry): AuditEntryView['actor'] {
  if (entry.actionByUserId) {
    return { userId: entry.actionByUserId, name: entry.actionByName, email: null };
  }
  const email = entry.affectedEmail || null;
  return { userId: '', name: entry.actionByName || email || '', email };
}

export function toAuditEntryView(entry: AuditEntry): AuditEntryView {
  return {
    id: entry.id,
    actionType: oneOf<AuditAction>(auditActions, entry.actionType, 'invited'),
    actor: actorOf(entry),
    affectedEmail: entry.affectedEmail || null,
    previousState: seatStateView(entry.previousState),
    newState: seatStateView(entry.newState),
    billingImpact: entry.billingImpactCents / 100,
    effectiveDate: iso(entry.effectiveDate) ?? '',
  };
}

export function toInvitationView(invitation: GetInvitationResponse): InvitationView {
  const member = invitation.member!;
  return {
    productName: invitation.productName,
    inviterName: member.invitedByName,
    email: member.email,
    role: roleOf(member.role),
    roadmap: roadmapOf(member),
    expiresAt: iso(member.expiresAt) ?? '',
  };
}

export function toSharedRoadmapView(shared: SharedRoadmap): SharedRoadmapView {
  return {
    roadmapId: shared.roadmapId,
    roadmapName: shared.roadmapName,
    productId: shared.productId,
    productName: shared.productName,
    permission: permissionOf(shared.permission),
  };
}
