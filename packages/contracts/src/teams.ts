import { z } from 'zod';
import { authMessages } from './auth';
import { type BillingCycle, planFor, promoOf, type PromoView, quote } from './pricing';

/*
 * Teams: the people a product's owner shares it with, their roles, their
 * invitations, the audit log of every change, and what seats cost. The
 * gateway, the catalog (which owns membership), billing and the pages all
 * read the rules from here.
 */

/** Roles a member can be given; the owner is not a member, the owner owns. */
export const memberRoles = ['viewer', 'collaborator', 'admin'] as const;
export type MemberRole = (typeof memberRoles)[number];
/** What a signed-in user is on a product they can open. */
export type ProductRole = 'owner' | MemberRole;
/** What a roadmap shared on its own allows. */
export const roadmapPermissions = ['view', 'edit'] as const;
export type RoadmapPermission = (typeof roadmapPermissions)[number];

/**
 * The role of an invitation sent without one: a viewer, who is free. A paid
 * seat is only ever added when someone chose it.
 */
export const DEFAULT_MEMBER_ROLE: MemberRole = 'viewer';
/** Stored default of products.maxCollaborators. */
export const MAX_COLLABORATORS = 50;
export const INVITATION_DAYS = 7;
/** Invitations one product may send (new and resent) per hour. */
export const INVITES_PER_PRODUCT_PER_HOUR = 20;

const rank: Record<ProductRole, number> = { viewer: 1, collaborator: 2, admin: 3, owner: 4 };

/** Whether `role` may do what `needed` may (owner ⊃ admin ⊃ collaborator ⊃ viewer). */
export function roleAllows(role: ProductRole | null | undefined, needed: ProductRole): boolean {
  return role ? rank[role] >= rank[needed] : false;
}

/**
 * What each role may do, by name, for the pages (hide or disable a control)
 * and for the gateway's route declarations (the lowest role a route needs).
 */
export const productActions = {
  /** Dashboard, profile, personas, questions and answers, roadmaps, the team list. */
  read: 'viewer',
  /** Edit the profile, ask and delete questions, edit roadmaps, import YAML, persona feedback. */
  edit: 'collaborator',
  /** Change personas while the bill stays the same. */
  choosePersonas: 'collaborator',
  /** Invite, resend, revoke, change roles, remove members, read the audit log, set the budget. */
  manageTeam: 'admin',
  /** Billing, a persona change that changes the bill, cancelling, deleting the product. */
  billing: 'owner',
} as const satisfies Record<string, ProductRole>;

/** Collaborators and admins are seats; viewers and view-only roadmap shares are free. */
export function isBillableRole(
  role: MemberRole | 'roadmap',
  permission?: RoadmapPermission,
): boolean {
  if (role === 'roadmap') return permission === 'edit';
  return role !== 'viewer';
}

export const memberStatuses = [
  'pending',
  'accepted',
  'expired',
  'revoked',
  'declined',
  'removed',
  'left',
] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const teamMessages = {
  invalidEmail: authMessages.invalidEmail,
  role: 'Choose a role: viewer, collaborator or admin',
  roadmapPermission: 'Choose view or edit',
  alreadyMember: 'This person is already a member of the product',
  alreadyInvited: 'An invitation is already pending for this e-mail address',
  inviteOwner: 'The owner already has every right on the product',
  inviteSelf:
    'This is your own e-mail address: you are already on this product. Invite someone else.',
  tooMany: `A product can have at most ${MAX_COLLABORATORS} members`,
  tooManyInvites: 'Too many invitations were sent for this product; try again in an hour',
  ownerCannotBeRemoved: 'The owner cannot be removed from their product',
  ownerCannotLeave: 'The owner cannot leave their product; delete it instead',
  notPending: 'Only a pending invitation can be revoked',
  notResendable: 'Only a pending or expired invitation can be sent again',
  memberNotFound: 'Member not found',
  invitationUnknown: 'This invitation link is not valid. Check that you copied all of it.',
  invitationExpired:
    'This invitation has expired. Ask the person who invited you to send a new one.',
  invitationRevoked: 'This invitation was withdrawn by the product team.',
  invitationUsed: 'This invitation has already been used.',
  invitationDeclined: 'This invitation was declined.',
  otherEmail:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  needsOwner: 'Only the product owner can do this',
  needsAdmin: 'Only the product owner or a team admin can do this',
  needsEditor: 'Viewers can read this product but not change it',
  billChange: 'Only the product owner can change the persona selection when it changes the bill',
} as const;

/** What a signed-in person holds on a product: a role, or a share of one roadmap. */
export type Standing = ProductRole | { roadmap: RoadmapPermission };

const withArticle: Record<ProductRole, string> = {
  owner: 'the owner',
  admin: 'an admin',
  collaborator: 'a collaborator',
  viewer: 'a viewer',
};

/** What each role lets its holder do, in the words of a refusal. */
const roleAllowsText: Record<ProductRole, string> = {
  owner: 'do everything on it',
  admin: 'work on it and manage its team',
  collaborator: 'work on it',
  viewer: 'read it',
};

/** Who may do what a route needs, in the words of a refusal. */
const whoMay: Record<ProductRole, string> = {
  owner: 'only its owner can do this',
  admin: 'only its owner or a team admin can do this',
  collaborator: 'it takes the collaborator role; ask its owner or a team admin',
  viewer: 'only members of its team can do this',
};

/**
 * The message for a route someone's role or share does not allow. With what
 * the person holds, it names it ("You are a viewer of this product: you can
 * read it but not change it"; "Your share of this roadmap lets you view and
 * edit it, ..."); without, the needed role's general sentence.
 */
export function roleRefusal(needed: ProductRole, held?: Standing): string {
  if (held === undefined) {
    if (needed === 'owner') return teamMessages.needsOwner;
    if (needed === 'admin') return teamMessages.needsAdmin;
    return teamMessages.needsEditor;
  }
  if (typeof held === 'object') {
    if (held.roadmap === 'view' && needed !== 'viewer' && needed !== 'owner') {
      return 'Your share of this roadmap lets you view it, not change it.';
    }
    const lets = held.roadmap === 'edit' ? 'view and edit it' : 'view it';
    return `Your share of this roadmap lets you ${lets}, nothing else of the product: ${whoMay[needed]}.`;
  }
  if (held === 'viewer' && needed === 'collaborator') {
    return 'You are a viewer of this product: you can read it but not change it.';
  }
  return `You are ${withArticle[held]} of this product: you can ${roleAllowsText[held]}, but ${whoMay[needed]}.`;
}

const email = z
  .string(teamMessages.invalidEmail)
  .trim()
  .max(254, teamMessages.invalidEmail)
  .pipe(z.email(teamMessages.invalidEmail))
  .transform((value) => value.toLowerCase());

/** POST /api/products/{id}/team/invitations */
export const inviteMemberRequest = z.object({
  email,
  role: z.enum(memberRoles, teamMessages.role).default(DEFAULT_MEMBER_ROLE),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;

/** PATCH /api/products/{id}/team/members/{memberId} */
export const changeRoleRequest = z.object({ role: z.enum(memberRoles, teamMessages.role) });

/** POST /api/roadmaps/{id}/collaborators */
export const shareRoadmapRequest = z.object({
  email,
  permission: z.enum(roadmapPermissions, teamMessages.roadmapPermission).default('view'),
});

/** A member or invitation as the team page shows it. */
export interface MemberView {
  id: string;
  /** Null on a viewer's team page for everyone but themselves: viewers see names only. */
  email: string | null;
  /** Known once accepted. */
  name: string | null;
  userId: string | null;
  /** 'roadmap' for a roadmap shared on its own (see `roadmap`). */
  role: MemberRole | 'roadmap';
  status: MemberStatus;
  invitedAt: string;
  acceptedAt: string | null;
  expiresAt: string;
  invitedBy: string | null;
  isBillable: boolean;
  roadmap: { id: string; name: string; permission: RoadmapPermission } | null;
}

/** GET /api/products/{id}/team */
export interface TeamView {
  productId: string;
  productName: string;
  yourRole: ProductRole;
  /** The owner's e-mail is null for a viewer, who sees names only. */
  owner: { name: string; email: string | null };
  /**
   * Pending, accepted, expired and revoked, newest first; removed and left
   * ones are in the audit log. A viewer gets the accepted members only, by name.
   */
  members: MemberView[];
  /** Accepted or pending, against `maxCollaborators`. */
  memberCount: number;
  maxCollaborators: number;
  /**
   * The team's cost below is what the owner pays: null for a viewer, who
   * sees the product's content, not its bill.
   */
  billableSeats: number | null;
  /** Per seat per month (annual products: a twelfth of the discounted year). */
  seatMonthlyCents: number | null;
  /** What the seats add per month. */
  monthlyTeamCostCents: number | null;
  /** Invitations that become paid seats once accepted (collaborators, admins, edit shares). */
  pendingSeats: number | null;
  /** What those pending seats will add per month once accepted. */
  pendingMonthlyCostCents: number | null;
}

export const auditActions = [
  'invited',
  'resent',
  'revoked',
  'accepted',
  'declined',
  'expired',
  'role_changed',
  'removed',
  'left',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** GET /api/products/{id}/team/audit-log, newest first. */
export interface AuditEntryView {
  id: string;
  actionType: AuditAction;
  /**
   * Who made the change. Someone signed out (an invitee declining from the
   * e-mail's link) has no user id: they are named by the invitation's e-mail.
   */
  actor: { userId: string; name: string; email: string | null };
  affectedEmail: string | null;
  previousState: Record<string, unknown> | null;
  newState: Record<string, unknown> | null;
  /** Dollars per month the change adds (+25.00), removes (-25.00) or 0. */
  billingImpact: number;
  effectiveDate: string;
}

/** GET /api/invitations/{token}: what the invitation page shows. */
export interface InvitationView {
  productName: string;
  inviterName: string;
  email: string;
  role: MemberRole | 'roadmap';
  roadmap: { id: string; name: string; permission: RoadmapPermission } | null;
  expiresAt: string;
}

/** POST /api/invitations/{token}/accept and .../register */
export interface InvitationAccepted {
  productId: string;
  roadmapId: string | null;
  /** Only from .../register: the new account's access token. */
  token?: string;
}

/** GET /api/shared-roadmaps: roadmaps shared with the user on their own. */
export interface SharedRoadmapView {
  roadmapId: string;
  roadmapName: string;
  productId: string;
  productName: string;
  permission: RoadmapPermission;
}

/** What one billable seat costs per month, for the invite confirmation. */
export function seatMonthlyCents(product: {
  billingCycle: BillingCycle;
  isLegacyPricing?: boolean;
}): number {
  const plan = planFor(product);
  return product.billingCycle === 'annual'
    ? Math.round(plan.seatAnnualCents / 12)
    : plan.seatMonthlyCents;
}

/**
 * What inviting (or changing a role to) `role` changes on the bill: nothing
 * for a viewer, one seat otherwise, prorated from today on the next invoice.
 */
export function seatChangeCost(
  product: {
    billingCycle: BillingCycle;
    isLegacyPricing?: boolean;
    personaCount: number;
    /** The product view's promo: while it runs, the seat is discounted like the rest. */
    promo?: PromoView | null;
  },
  seatsBefore: number,
  seatsAfter: number,
): { monthlyChangeCents: number; monthlyTotalCents: number } {
  const terms = { ...product, promo: promoOf(product.promo) };
  const before = quote({ ...terms, seats: seatsBefore });
  const after = quote({ ...terms, seats: seatsAfter });
  return {
    monthlyChangeCents: after.monthlyRateCents - before.monthlyRateCents,
    monthlyTotalCents: after.monthlyRateCents,
  };
}
