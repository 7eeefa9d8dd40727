import { type MemberView, teamMessages } from '@chorus/contracts';

/**
 * Why inviting `email` makes no sense, known before any price is shown: the
 * inviter's own address, the owner's, a member's or a pending invitee's
 * (the server refuses them too, in the same words). Undefined when it may go.
 */
export function inviteeRefusal(
  email: string,
  team: {
    yourEmail: string | null | undefined;
    ownerEmail: string | null | undefined;
    members: readonly Pick<MemberView, 'email' | 'status' | 'role'>[];
  },
): string | undefined {
  const same = (other: string | null | undefined) =>
    !!other && other.trim().toLowerCase() === email.trim().toLowerCase();
  if (same(team.yourEmail)) return teamMessages.inviteSelf;
  if (same(team.ownerEmail)) return teamMessages.inviteOwner;
  const product = team.members.filter((member) => member.role !== 'roadmap' && same(member.email));
  if (product.some((member) => member.status === 'accepted')) return teamMessages.alreadyMember;
  if (product.some((member) => member.status === 'pending')) return teamMessages.alreadyInvited;
  return undefined;
}
