import type { AdminAction, User } from '@chorus/proto/identity/v1/identity';
import { type IdentityServiceService } from '@chorus/proto/identity/v1/identity';
import { type AsyncServiceImplementation } from '@chorus/service-kit';
import type { Accounts, IssuedToken } from './accounts';
import type { Invitations } from './invitations';
import type { UserRow } from './store/accounts';
import type { AdminActionRow, AdminAuditLog } from './store/audit-log';

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    friendOfOurs: row.friend_of_ours,
    profileImageUrl: row.profile_image_url ?? '',
    promoCode: row.promo_code ?? '',
    discountPercent: row.discount_percent,
    promoExpiresAt: row.promo_expires_at ?? undefined,
    createdAt: row.created_at,
  };
}

function toAdminAction(row: AdminActionRow): AdminAction {
  return {
    id: row.id,
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    action: row.action,
    target: row.target,
    details: row.details,
    createdAt: row.created_at,
  };
}

function toAccessToken(token: IssuedToken) {
  return { token: token.token, sessionId: token.sessionId, expiresAt: token.expiresAt };
}

/** gRPC handlers: translate messages, call the use case, translate back. */
export function identityHandlers(
  accounts: Accounts,
  auditLog: AdminAuditLog,
  invitations: Invitations,
): AsyncServiceImplementation<typeof IdentityServiceService> {
  return {
    async sendInvitation(request) {
      await invitations.send(request);
      return {};
    },
    async register(request) {
      const { user, token } = await accounts.register(request);
      return { user: toUser(user), accessToken: toAccessToken(token) };
    },
    async login(request) {
      const { user, token } = await accounts.login(request.email, request.password);
      return { user: toUser(user), accessToken: toAccessToken(token) };
    },
    async getUser(request) {
      return { user: toUser(await accounts.getUser(request.userId)) };
    },
    async logout(request) {
      await accounts.logout(request.sessionId);
      return {};
    },
    async listRevokedSessions() {
      const sessions = await accounts.listRevokedSessions();
      return { sessions: sessions.map((s) => ({ sessionId: s.sid, expiresAt: s.expire })) };
    },
    async requestPasswordReset(request) {
      await accounts.requestPasswordReset(request.email, request.resetPageUrl);
      return {};
    },
    async validateResetToken(request) {
      return accounts.validateResetToken(request.token);
    },
    async resetPassword(request) {
      await accounts.resetPassword(request.token, request.password);
      return {};
    },
    async adminLogin(request) {
      const { admin, token } = await accounts.adminLogin(request.email, request.password);
      await auditLog.record({
        admin_id: admin.id,
        admin_email: admin.email,
        action: 'admin.login',
        target: admin.email,
        details: {},
      });
      return { accessToken: toAccessToken(token), email: admin.email, role: admin.role };
    },
    async getUserStats() {
      const stats = await accounts.userStats();
      return { totalUsers: stats.total, signupsByMonth: stats.byMonth };
    },
    async recordAdminAction(request) {
      const row = await auditLog.record({
        admin_id: request.adminId,
        admin_email: request.adminEmail,
        action: request.action,
        target: request.target,
        details: request.details ?? {},
      });
      return { action: toAdminAction(row) };
    },
    async listAdminActions(request) {
      const rows = await auditLog.list(request.limit, {
        actions: request.actions,
        excludeActions: request.excludeActions,
      });
      return { actions: rows.map(toAdminAction) };
    },
  };
}
