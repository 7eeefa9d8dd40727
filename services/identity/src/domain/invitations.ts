import { authMessages, formatDate, memberRoles, roadmapPermissions } from '@chorus/contracts';
import { z } from 'zod';
import type { MemberRole, RoadmapPermission } from '@chorus/contracts';

/** What an invitation e-mail says; catalog made the invitation, identity only sends it. */
export interface Invitation {
  to: string;
  link: string;
  productName: string;
  inviterName: string;
  role: MemberRole | 'roadmap';
  /** For a roadmap shared on its own. */
  roadmap?: { name: string; permission: RoadmapPermission };
  expiresAt: Date;
}

export const invitationMessages = {
  toRequired: 'An e-mail address to send the invitation to is required',
  linkRequired: 'The invitation link is required',
  linkNotUrl: 'The invitation link is not a URL',
  productRequired: 'The product name is required',
  inviterRequired: "The inviter's name is required",
  role: 'The role must be viewer, collaborator, admin or roadmap',
  roadmapRequired: 'A roadmap invitation needs the roadmap name and view or edit',
  expiryRequired: 'The invitation needs its expiry',
} as const;

/** The request as the RPC carries it: text everywhere, empty when absent. */
export interface InvitationRequest {
  to: string;
  link: string;
  productName: string;
  inviterName: string;
  role: string;
  roadmapName: string;
  roadmapPermission?: string | undefined;
  expiresAt?: Date | undefined;
}

/** Names go into a subject line: one line, no runs of spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The invitation, or the first thing wrong with the request. */
export function readInvitation(request: InvitationRequest): Invitation | { problem: string } {
  const to = request.to.trim();
  const link = request.link.trim();
  const productName = oneLine(request.productName);
  const inviterName = oneLine(request.inviterName);
  if (!to) return { problem: invitationMessages.toRequired };
  if (!z.email().safeParse(to).success) return { problem: authMessages.invalidEmail };
  if (!link) return { problem: invitationMessages.linkRequired };
  if (!URL.canParse(link)) return { problem: invitationMessages.linkNotUrl };
  if (!productName) return { problem: invitationMessages.productRequired };
  if (!inviterName) return { problem: invitationMessages.inviterRequired };
  const role = [...memberRoles, 'roadmap' as const].find((r) => r === request.role);
  if (!role) return { problem: invitationMessages.role };
  if (!request.expiresAt) return { problem: invitationMessages.expiryRequired };
  const invitation = { to, link, productName, inviterName, role, expiresAt: request.expiresAt };
  if (role !== 'roadmap') return invitation;
  const name = oneLine(request.roadmapName);
  const permission = roadmapPermissions.find((p) => p === request.roadmapPermission);
  if (!name || !permission) return { problem: invitationMessages.roadmapRequired };
  return { ...invitation, roadmap: { name, permission } };
}

const asRole: Record<MemberRole, string> = {
  viewer: 'a viewer',
  collaborator: 'a collaborator',
  admin: 'an admin',
};

/** The plain-text e-mail: who invited you to what, the link, its expiry. */
export function invitationEmail(invitation: Invitation): { subject: string; text: string } {
  const { inviterName, productName, roadmap } = invitation;
  const what =
    invitation.role === 'roadmap' && roadmap
      ? `the roadmap "${roadmap.name}" of ${productName} on Chorus (${roadmap.permission})`
      : `${productName} on Chorus as ${asRole[invitation.role as MemberRole]}`;
  // Some ICU versions put a narrow no-break space before AM/PM; plain text mail gets a plain one.
  const expires = oneLine(formatDate(invitation.expiresAt, 'dateTime', { timeZone: 'UTC' }));
  return {
    subject: `${inviterName} invited you to ${productName} on Chorus`,
    text: [
      `${inviterName} invited you to ${what}.`,
      '',
      'Open this link to accept or decline:',
      invitation.link,
      '',
      `The invitation expires on ${expires} UTC.`,
      '',
      'If you did not expect it, ignore this e-mail.',
    ].join('\n'),
  };
}
