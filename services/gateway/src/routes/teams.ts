import {
  authMessages,
  changeRoleRequest,
  type InvitationAccepted,
  type InvitationView,
  inviteMemberRequest,
  MIN_PASSWORD_LENGTH,
  productActions,
  requiredString,
  shareRoadmapRequest,
  teamMessages,
} from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import type { GatewayConfig } from '../config';
import { authLimits, type LimitRule, type RateLimits } from '../rate-limit';
import type { ApiRoutes } from '../routing';
import { TeamWorkflows } from '../workflows/teams';

const productParams = z.object({ id: z.string().min(1).max(100) });
const memberParams = productParams.extend({ memberId: z.string().min(1).max(100) });
const roadmapParams = z.object({ id: z.string().min(1).max(200) });
const roadmapMemberParams = roadmapParams.extend({ memberId: z.string().min(1).max(100) });
// Any text is taken as a token: a malformed one answers like an unknown one.
const tokenParams = z.object({ token: z.string() });

const requiredText = requiredString(authMessages.missingInformation);

/** The account an invitee creates: e-mail, password, first and last name only. */
const invitationRegisterRequest = z.object({
  email: z
    .string(teamMessages.invalidEmail)
    .trim()
    .max(254, teamMessages.invalidEmail)
    .pipe(z.email(teamMessages.invalidEmail))
    .transform((value) => value.toLowerCase()),
  password: z
    .string(authMessages.missingInformation)
    .min(1, authMessages.missingInformation)
    .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
    .max(1000),
  firstName: requiredText.max(100),
  lastName: requiredText.max(100),
});

const MINUTE = 60 * 1000;

/** The public invitation routes, per client IP, shared by the replicas through Redis. */
const invitationLimits = {
  viewPerIp: { name: 'invitation-view-ip', windowMs: MINUTE, limit: 60 },
  actPerIp: { name: 'invitation-act-ip', windowMs: MINUTE, limit: 10 },
} satisfies Record<string, LimitRule>;

/**
 * Teams: a product's members and invitations (/api/products/{id}/team/*),
 * the invitee's side (/api/invitations/{token}/*), and roadmaps shared on
 * their own (/api/roadmaps/{id}/collaborators, /api/shared-roadmaps).
 */
export function teamRoutes(
  routes: ApiRoutes,
  deps: {
    clients: ServiceClients;
    config: GatewayConfig;
    limits: RateLimits;
    logger: Logger;
  },
): void {
  const { limits, config } = deps;
  const teams = new TeamWorkflows({
    clients: deps.clients,
    logger: deps.logger,
    publicUrl: config.PUBLIC_URL,
    adminEmail: config.ADMIN_EMAIL,
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/team',
    summary: "The product's owner, members and invitations, seats and what they cost per month",
    tag: 'teams',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    handler: ({ access, user }) => teams.team(access, user),
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/team/invitations',
    summary:
      'Invite someone by e-mail as viewer (free), collaborator or admin (a seat each); the link is e-mailed and expires in 7 days',
    tag: 'teams',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.manageTeam },
    status: 201,
    params: productParams,
    body: inviteMemberRequest,
    handler: ({ access, user, body }) => teams.invite(access, user, body),
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/team/invitations/:memberId/resend',
    summary: 'Send a pending or expired invitation again, with a new link and expiry',
    tag: 'teams',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.manageTeam },
    params: memberParams,
    handler: ({ access, user, params }) => teams.resend(access, user, params.memberId),
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id/team/invitations/:memberId',
    summary: 'Withdraw a pending invitation (its link stops working)',
    tag: 'teams',
    access: 'user',
    product: { from: 'id', role: productActions.manageTeam },
    status: 204,
    params: memberParams,
    async handler({ access, user, params }): Promise<undefined> {
      await teams.revoke(access, user, params.memberId);
      return undefined;
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/products/:id/team/members/:memberId',
    summary: "Change a member's role (viewer, collaborator or admin)",
    tag: 'teams',
    access: 'user',
    product: { from: 'id', role: productActions.manageTeam },
    params: memberParams,
    body: changeRoleRequest,
    handler: ({ access, user, params, body }) =>
      teams.changeRole(access, user, params.memberId, body.role),
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id/team/members/:memberId',
    summary: 'Remove a member: their access ends at once',
    tag: 'teams',
    access: 'user',
    product: { from: 'id', role: productActions.manageTeam },
    status: 204,
    params: memberParams,
    async handler({ access, user, params }): Promise<undefined> {
      await teams.remove(access, user, params.memberId);
      return undefined;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/team/leave',
    summary: 'Leave a product shared with you (the owner cannot leave their own)',
    tag: 'teams',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    status: 204,
    params: productParams,
    async handler({ access, user }): Promise<undefined> {
      await teams.leave(access, user);
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/team/audit-log',
    summary:
      'Every invitation, resend, revoke, accept, decline, expiry, role change, removal and leave, newest first',
    tag: 'teams',
    access: 'user',
    product: { from: 'id', role: productActions.manageTeam },
    params: productParams,
    handler: ({ access, user }) => teams.auditLog(access, user),
  });

  // --- The invitee ----------------------------------------------------------

  routes.add({
    method: 'get',
    path: '/api/invitations/:token',
    summary:
      "Signed out: the invitation's product, who invited and the role (404 unknown, 410 expired, withdrawn or declined, 409 used)",
    tag: 'teams',
    access: 'public',
    params: tokenParams,
    before: [limits.limiter(invitationLimits.viewPerIp)],
    async handler({ params, res }): Promise<InvitationView> {
      res.setHeader('Cache-Control', 'no-store');
      return teams.invitation(params.token);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/invitations/:token/accept',
    summary:
      'Accept an invitation sent to your e-mail address; the product is then shared with you',
    tag: 'teams',
    access: 'user',
    params: tokenParams,
    before: [limits.limiter(invitationLimits.actPerIp)],
    handler: ({ params, user }): Promise<InvitationAccepted> => teams.accept(params.token, user),
  });

  routes.add({
    method: 'post',
    path: '/api/invitations/:token/decline',
    summary: 'Signed out: decline an invitation',
    tag: 'teams',
    access: 'public',
    status: 204,
    params: tokenParams,
    before: [limits.limiter(invitationLimits.actPerIp)],
    async handler({ params }): Promise<undefined> {
      await teams.decline(params.token);
      return undefined;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/invitations/:token/register',
    summary:
      "Signed out: create an account with the invitation's e-mail (no product, no card) and accept the invitation",
    tag: 'teams',
    access: 'public',
    status: 201,
    params: tokenParams,
    body: invitationRegisterRequest,
    before: [limits.limiter(invitationLimits.actPerIp), limits.limiter(authLimits.register)],
    handler: ({ params, body }) => teams.register(params.token, body),
  });

  // --- A roadmap shared on its own ------------------------------------------

  routes.add({
    method: 'get',
    path: '/api/roadmaps/:id/collaborators',
    summary: 'The people this roadmap is shared with on its own, with view or edit',
    tag: 'teams',
    access: 'user',
    product: { from: 'roadmap', role: productActions.edit },
    params: roadmapParams,
    handler: ({ access, user }) => teams.roadmapCollaborators(access, user),
  });

  routes.add({
    method: 'post',
    path: '/api/roadmaps/:id/collaborators',
    summary:
      'Share this roadmap only (and the product name) with someone by e-mail: view (free) or edit (a seat)',
    tag: 'teams',
    access: 'user',
    idempotent: true,
    product: { from: 'roadmap', role: productActions.manageTeam },
    status: 201,
    params: roadmapParams,
    body: shareRoadmapRequest,
    handler: ({ access, user, body }) => teams.shareRoadmap(access, user, body),
  });

  routes.add({
    method: 'delete',
    path: '/api/roadmaps/:id/collaborators/:memberId',
    summary: 'Stop sharing this roadmap with someone',
    tag: 'teams',
    access: 'user',
    product: { from: 'roadmap', role: productActions.manageTeam },
    status: 204,
    params: roadmapMemberParams,
    async handler({ access, user, params }): Promise<undefined> {
      await teams.unshareRoadmap(access, user, params.memberId);
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/shared-roadmaps',
    summary: 'Roadmaps shared with you on their own, with their product and your permission',
    tag: 'teams',
    access: 'user',
    handler: ({ user }) => teams.sharedRoadmaps(user),
  });
}
