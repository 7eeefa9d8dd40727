import type { CatalogServiceService } from '@chorus/proto/catalog/v1/catalog';
import type { AsyncServiceImplementation } from '@chorus/service-kit';
import type { ProductAccessRules } from './access';
import type { TeamAudit } from './audit';
import type { Invitations } from './invitations';
import type { Membership } from './membership';
import { toProduct } from './mappers/products';
import { toMember, toAuditEntry } from './mappers/teams';

/** The catalog RPCs that manage a product's team and its shared roadmaps. */
type TeamRpc =
  | 'getAccess'
  | 'listTeam'
  | 'inviteMember'
  | 'shareRoadmap'
  | 'listRoadmapShares'
  | 'endRoadmapShares'
  | 'resendInvitation'
  | 'revokeInvitation'
  | 'changeMemberRole'
  | 'removeMember'
  | 'leaveProduct'
  | 'getInvitation'
  | 'acceptInvitation'
  | 'declineInvitation'
  | 'listTeamAudit'
  | 'listSharedRoadmaps'
  | 'listSeatChanges';

/** The team's capabilities, one module each. */
export interface TeamModules {
  access: ProductAccessRules;
  invitations: Invitations;
  membership: Membership;
  audit: TeamAudit;
}

/** The team RPCs: message in, the capability's operation, message out. */
export function teamHandlers({
  access: rules,
  invitations,
  membership,
  audit,
}: TeamModules): Pick<AsyncServiceImplementation<typeof CatalogServiceService>, TeamRpc> {
  return {
    async getAccess(request) {
      const { product, access } = await rules.access(
        request.userId,
        request.productId,
        request.roadmapId,
      );
      return {
        role: access.role,
        roadmapPermission: access.permission ?? '',
        product: toProduct(product, access.role),
      };
    },
    async listTeam(request) {
      const team = await membership.team(request.userId, request.productId);
      return {
        product: toProduct(team.product, team.access.role),
        members: team.members.map(toMember),
        memberCount: team.memberCount,
      };
    },
    async inviteMember(request) {
      const { member, token, product } = await invitations.invite(request);
      return { member: toMember(member), token, productName: product.name };
    },
    async shareRoadmap(request) {
      const { member, token, product } = await invitations.shareRoadmap(request);
      return { member: toMember(member), token, productName: product.name };
    },
    async listRoadmapShares(request) {
      const rows = await membership.roadmapShares(
        request.userId,
        request.productId,
        request.roadmapId,
      );
      return { members: rows.map(toMember) };
    },
    async endRoadmapShares(request) {
      await membership.endRoadmapShares(request);
      return {};
    },
    async resendInvitation(request) {
      const { member, token, product } = await invitations.resend(request);
      return { member: toMember(member), token, productName: product.name };
    },
    async revokeInvitation(request) {
      await invitations.revoke(request);
      return {};
    },
    async changeMemberRole(request) {
      return { member: toMember(await membership.changeRole(request)) };
    },
    async removeMember(request) {
      await membership.remove(request);
      return {};
    },
    async leaveProduct(request) {
      await membership.leave(request);
      return {};
    },
    async getInvitation(request) {
      const { member, product } = await invitations.invitation(request.token);
      return { member: toMember(member), productName: product.name };
    },
    async acceptInvitation(request) {
      return { member: toMember(await invitations.accept(request)) };
    },
    async declineInvitation(request) {
      await invitations.decline(request.token);
      return {};
    },
    async listTeamAudit(request) {
      const rows = await membership.auditLog(request.userId, request.productId);
      return { entries: rows.map(toAuditEntry) };
    },
    async listSharedRoadmaps(request) {
      return { roadmaps: await rules.sharedRoadmaps(request.userId) };
    },
    async listSeatChanges(request) {
      const rows = await audit.seatChanges(request.limit);
      return {
        changes: rows.map((row) => ({ entry: toAuditEntry(row), productName: row.product_name })),
      };
    },
  };
}
