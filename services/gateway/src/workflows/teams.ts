import {
  type AuditEntryView,
  type InvitationAccepted,
  type InvitationView,
  type MemberRole,
  type MemberView,
  type ProductRole,
  type RoadmapPermission,
  type SharedRoadmapView,
  teamMessages,
  type TeamView,
} from '@chorus/contracts';
import type { Member } from '@chorus/proto/catalog/v1/teams';
import { isServiceError, type Logger } from '@chorus/service-kit';
import { status } from '@grpc/grpc-js';
import type { ProductAccess } from '../access';
import type { Principal } from '../auth';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import {
  toAuditEntryView,
  toInvitationView,
  toMemberView,
  toSharedRoadmapView,
  toTeamView,
} from '../teams-views';
import { type AccountAnswer, openInvitedAccount } from './registration';

/** Invitation tokens are 256 random bits, base64url or hex: anything else is unknown at once. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * What an invitation that cannot be used answers, in one place: the catalog
 * says NOT_FOUND for an unknown or tampered token and FAILED_PRECONDITION
 * with the reason (teamMessages' words) for the others. Gone for good
 * (expired, withdrawn, declined) is 410; used already is a conflict, 409.
 */
export function invitationError(error: unknown): unknown {
  if (!isServiceError(error)) return error;
  if (error.code === status.NOT_FOUND) return new HttpError(404, teamMessages.invitationUnknown);
  if (error.code !== status.FAILED_PRECONDITION) return error;
  const gone: string[] = [
    teamMessages.invitationExpired,
    teamMessages.invitationRevoked,
    teamMessages.invitationDeclined,
  ];
  if (gone.includes(error.details)) return new HttpError(410, error.details);
  if (error.details === teamMessages.invitationUsed) return new HttpError(409, error.details);
  return error;
}

function checkToken(token: string): void {
  if (!TOKEN_FORMAT.test(token)) throw new HttpError(404, teamMessages.invitationUnknown);
}

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/** On a product's own routes the role is never a roadmap's: those people get 404 first. */
function productRole(access: ProductAccess): ProductRole {
  if (access.role === 'roadmap') throw new HttpError(404, teamMessages.memberNotFound);
  return access.role;
}

interface TeamDeps {
  clients: ServiceClients;
  logger: Logger;
  /** Where users reach the app (PUBLIC_URL): invitation links start here, as reset links do. */
  publicUrl: string;
  adminEmail: string | undefined;
}

/**
 * Teams across the services: the catalog owns members, invitations and the
 * audit log, and checks the acting user's role itself too; identity knows
 * names and e-mails, sends the invitation e-mail (or logs the link when no
 * SMTP is configured, as password reset does) and creates accounts for
 * invitees, who pay nothing and get no product of their own.
 */
export class TeamWorkflows {
  constructor(private readonly deps: TeamDeps) {}

  private get clients(): ServiceClients {
    return this.deps.clients;
  }

  /** The link an invitation e-mail carries: the app's invitation page. */
  invitationLink(token: string): string {
    return new URL(`/invitations/${encodeURIComponent(token)}`, this.deps.publicUrl).toString();
  }

  private async person(userId: string): Promise<{ name: string; email: string }> {
    const { user } = await this.clients.identity.getUser({ userId });
    return { name: user ? fullName(user) : '', email: user?.email ?? '' };
  }

  async team(access: ProductAccess, user: Principal): Promise<TeamView> {
    const [team, owner] = await Promise.all([
      this.clients.catalog.listTeam({ userId: user.id, productId: access.productId }),
      this.person(access.ownerId),
    ]);
    return toTeamView(team, productRole(access), owner, user.id);
  }

  async invite(
    access: ProductAccess,
    user: Principal,
    input: { email: string; role: MemberRole },
  ): Promise<MemberView> {
    const [inviter, owner] = await Promise.all([this.person(user.id), this.person(access.ownerId)]);
    const invited = await this.clients.catalog.inviteMember({
      userId: user.id,
      productId: access.productId,
      email: input.email,
      role: input.role,
      inviterName: inviter.name,
      inviterEmail: user.email,
      ownerEmail: owner.email,
    });
    await this.send(invited.member!, invited.token, invited.productName, inviter.name);
    return toMemberView(invited.member!);
  }

  async resend(access: ProductAccess, user: Principal, memberId: string): Promise<MemberView> {
    const actor = await this.person(user.id);
    const resent = await this.clients.catalog.resendInvitation({
      userId: user.id,
      productId: access.productId,
      memberId,
      actorName: actor.name,
    });
    await this.send(resent.member!, resent.token, resent.productName, actor.name);
    return toMemberView(resent.member!);
  }

  async revoke(access: ProductAccess, user: Principal, memberId: string): Promise<void> {
    const actor = await this.person(user.id);
    await this.clients.catalog.revokeInvitation({
      userId: user.id,
      productId: access.productId,
      memberId,
      actorName: actor.name,
    });
  }

  async changeRole(
    access: ProductAccess,
    user: Principal,
    memberId: string,
    role: MemberRole,
  ): Promise<MemberView> {
    const actor = await this.person(user.id);
    const { member } = await this.clients.catalog.changeMemberRole({
      userId: user.id,
      productId: access.productId,
      memberId,
      role,
      actorName: actor.name,
    });
    return toMemberView(member!);
  }

  async remove(access: ProductAccess, user: Principal, memberId: string): Promise<void> {
    const actor = await this.person(user.id);
    await this.clients.catalog.removeMember({
      userId: user.id,
      productId: access.productId,
      memberId,
      actorName: actor.name,
    });
  }

  async leave(access: ProductAccess, user: Principal): Promise<void> {
    if (access.role === 'owner') throw new HttpError(400, teamMessages.ownerCannotLeave);
    const actor = await this.person(user.id);
    await this.clients.catalog.leaveProduct({
      userId: user.id,
      productId: access.productId,
      actorName: actor.name,
    });
  }

  async auditLog(access: ProductAccess, user: Principal): Promise<AuditEntryView[]> {
    const { entries } = await this.clients.catalog.listTeamAudit({
      userId: user.id,
      productId: access.productId,
    });
    return entries.map(toAuditEntryView);
  }

  // --- A roadmap shared on its own -----------------------------------------

  async roadmapCollaborators(access: ProductAccess, user: Principal): Promise<MemberView[]> {
    const { members } = await this.clients.catalog.listRoadmapShares({
      userId: user.id,
      productId: access.productId,
      roadmapId: access.roadmapId ?? '',
    });
    return members.map(toMemberView);
  }

  async shareRoadmap(
    access: ProductAccess,
    user: Principal,
    input: { email: string; permission: RoadmapPermission },
  ): Promise<MemberView> {
    const [inviter, owner] = await Promise.all([this.person(user.id), this.person(access.ownerId)]);
    const shared = await this.clients.catalog.shareRoadmap({
      userId: user.id,
      productId: access.productId,
      roadmapId: access.roadmapId ?? '',
      roadmapName: access.roadmapName ?? '',
      email: input.email,
      permission: input.permission,
      inviterName: inviter.name,
      inviterEmail: user.email,
      ownerEmail: owner.email,
    });
    await this.send(shared.member!, shared.token, shared.productName, inviter.name);
    return toMemberView(shared.member!);
  }

  /** Only a share of this roadmap: another member's id answers 404, as an unknown one. */
  async unshareRoadmap(access: ProductAccess, user: Principal, memberId: string): Promise<void> {
    const shares = await this.roadmapCollaborators(access, user);
    if (!shares.some((share) => share.id === memberId)) {
      throw new HttpError(404, teamMessages.memberNotFound);
    }
    await this.remove(access, user, memberId);
  }

  async sharedRoadmaps(user: Principal): Promise<SharedRoadmapView[]> {
    const { roadmaps } = await this.clients.catalog.listSharedRoadmaps({ userId: user.id });
    return roadmaps.map(toSharedRoadmapView);
  }

  // --- The invitee ----------------------------------------------------------

  async invitation(token: string): Promise<InvitationView> {
    checkToken(token);
    const found = await this.clients.catalog.getInvitation({ token }).catch((error: unknown) => {
      throw invitationError(error);
    });
    return toInvitationView(found);
  }

  async accept(token: string, user: Principal): Promise<InvitationAccepted> {
    checkToken(token);
    const person = await this.person(user.id);
    const { member } = await this.clients.catalog
      .acceptInvitation({ token, userId: user.id, email: user.email, name: person.name })
      .catch((error: unknown) => {
        throw invitationError(error);
      });
    return { productId: member!.productId, roadmapId: member!.roadmapId || null };
  }

  async decline(token: string): Promise<void> {
    checkToken(token);
    await this.clients.catalog.declineInvitation({ token }).catch((error: unknown) => {
      throw invitationError(error);
    });
  }

  /**
   * An account made from an invitation: identity's account only (no
   * product, no card: a member pays nothing), then the invitation accepted
   * by it. The e-mail must be the invitation's, checked before anything is
   * created; a taken e-mail keeps registration's "already exists".
   */
  async register(
    token: string,
    input: { email: string; password: string; firstName: string; lastName: string },
  ): Promise<InvitationAccepted & AccountAnswer> {
    checkToken(token);
    const found = await this.clients.catalog.getInvitation({ token }).catch((error: unknown) => {
      throw invitationError(error);
    });
    if (found.member!.email.toLowerCase() !== input.email.toLowerCase()) {
      throw new HttpError(403, teamMessages.otherEmail);
    }
    const account = await openInvitedAccount(this.deps, input);
    const { member } = await this.clients.catalog
      .acceptInvitation({
        token,
        userId: account.user.id,
        email: account.user.email,
        name: fullName(account.user),
      })
      .catch((error: unknown) => {
        this.deps.logger.warn(
          { err: error, userId: account.user.id },
          'invitation: account created, invitation not accepted',
        );
        throw invitationError(error);
      });
    return {
      ...account,
      productId: member!.productId,
      roadmapId: member!.roadmapId || null,
    };
  }

  /** The invitation e-mail, or the logged link when identity has no SMTP. */
  private async send(
    member: Member,
    token: string,
    productName: string,
    inviterName: string,
  ): Promise<void> {
    const invitation = {
      to: member.email,
      link: this.invitationLink(token),
      productName,
      inviterName: member.invitedByName || inviterName,
      role: member.role,
      roadmapName: member.roadmapName,
      expiresAt: member.expiresAt,
      // identity's SendInvitationRequest.roadmap_permission (view or edit, for role roadmap).
      ...(member.roadmapPermission ? { roadmapPermission: member.roadmapPermission } : {}),
    };
    await this.clients.identity.sendInvitation(invitation);
  }
}
