import { DEFAULT_MEMBER_ROLE, inviteMemberRequest, roleRefusal, teamMessages } from '../src/teams';

describe('an invitation without a role', () => {
  it('is a free viewer', () => {
    expect(DEFAULT_MEMBER_ROLE).toBe('viewer');
    expect(inviteMemberRequest.parse({ email: 'Ana@Example.com' })).toEqual({
      email: 'ana@example.com',
      role: 'viewer',
    });
  });
});

describe('who cannot be invited, in words', () => {
  it('says so in plain words', () => {
    expect(teamMessages.inviteSelf).toBe(
      'This is your own e-mail address: you are already on this product. Invite someone else.',
    );
  });
});

describe('a refusal names what the person holds', () => {
  it.each([
    [
      'collaborator',
      'viewer',
      'You are a viewer of this product: you can read it but not change it.',
    ],
    [
      'admin',
      'viewer',
      'You are a viewer of this product: you can read it, but only its owner or a team admin can do this.',
    ],
    [
      'admin',
      'collaborator',
      'You are a collaborator of this product: you can work on it, but only its owner or a team admin can do this.',
    ],
    [
      'owner',
      'admin',
      'You are an admin of this product: you can work on it and manage its team, but only its owner can do this.',
    ],
    [
      'collaborator',
      { roadmap: 'edit' },
      'Your share of this roadmap lets you view and edit it, nothing else of the product: it takes the collaborator role; ask its owner or a team admin.',
    ],
    [
      'collaborator',
      { roadmap: 'view' },
      'Your share of this roadmap lets you view it, not change it.',
    ],
  ] as const)('needing %s, holding %j', (needed, held, text) => {
    expect(roleRefusal(needed, held)).toBe(text);
    expect(roleRefusal(needed, held)).not.toBe(teamMessages.needsEditor);
  });

  it('keeps the general sentence when what the person holds is not known', () => {
    expect(roleRefusal('collaborator')).toBe(teamMessages.needsEditor);
  });
});
