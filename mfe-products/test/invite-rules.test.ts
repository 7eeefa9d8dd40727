import { type MemberView, teamMessages } from '@chorus/contracts';
import { inviteeRefusal } from '../src/invite-rules';

describe('who cannot be invited, known before any price', () => {
  const member = (email: string, status: MemberView['status'], role: MemberView['role']) => ({
    email,
    status,
    role,
  });
  const team = {
    yourEmail: 'adam@example.com',
    ownerEmail: 'olive@example.com',
    members: [
      member('casey@example.com', 'accepted', 'collaborator'),
      member('pat@example.com', 'pending', 'viewer'),
      member('rita@example.com', 'accepted', 'roadmap'),
      member('old@example.com', 'revoked', 'viewer'),
    ],
  };

  it.each([
    ['ADAM@example.com ', teamMessages.inviteSelf],
    ['olive@example.com', teamMessages.inviteOwner],
    ['Casey@example.com', teamMessages.alreadyMember],
    ['pat@example.com', teamMessages.alreadyInvited],
    // A roadmap share is not a place on the product's team; a revoked invitation may be sent again.
    ['rita@example.com', undefined],
    ['old@example.com', undefined],
    ['new@example.com', undefined],
  ])('%s', (email, expected) => {
    expect(inviteeRefusal(email, team)).toBe(expected);
  });
});
