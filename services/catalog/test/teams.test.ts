import { INVITES_PER_PRODUCT_PER_HOUR, productMessages, teamMessages } from '@chorus/contracts';
import {
  accessOf,
  accessRefusal,
  auditState,
  billingImpactCents,
  effectiveStatus,
  expiresAt,
  type Grant,
  type InviteFacts,
  invitationRefusal,
  inviteRefusal,
  leaveRefusal,
  parseRole,
  removalRefusal,
  resendRefusal,
  revokeRefusal,
  type SeatState,
} from '../src/domain/teams';

const member = (role: Grant['role'], roadmapId: string | null = null): Grant => ({
  role,
  roadmapId,
  permission: role === 'roadmap' ? 'edit' : null,
});

describe('accessOf', () => {
  it.each<[string, Parameters<typeof accessOf>[0], ReturnType<typeof accessOf>]>([
    ['the owner', { userId: 'u1', ownerId: 'u1', grants: [] }, { role: 'owner', permission: null }],
    ['a stranger', { userId: 'u2', ownerId: 'u1', grants: [] }, null],
    ['no user at all', { userId: '', ownerId: '', grants: [] }, null],
    [
      'a viewer',
      { userId: 'u2', ownerId: 'u1', grants: [member('viewer')] },
      { role: 'viewer', permission: null },
    ],
    [
      'the higher of two roles',
      { userId: 'u2', ownerId: 'u1', grants: [member('viewer'), member('admin')] },
      { role: 'admin', permission: null },
    ],
    [
      'a member asked about a roadmap keeps their role',
      { userId: 'u2', ownerId: 'u1', grants: [member('collaborator')], roadmapId: 'r1' },
      { role: 'collaborator', permission: null },
    ],
    [
      'a roadmap share, asked about that roadmap',
      { userId: 'u2', ownerId: 'u1', grants: [member('roadmap', 'r1')], roadmapId: 'r1' },
      { role: 'roadmap', permission: 'edit' },
    ],
    [
      'a roadmap share, asked about another roadmap',
      { userId: 'u2', ownerId: 'u1', grants: [member('roadmap', 'r1')], roadmapId: 'r2' },
      null,
    ],
    [
      'a roadmap share, asked about the product',
      { userId: 'u2', ownerId: 'u1', grants: [member('roadmap', 'r1')] },
      null,
    ],
  ])('%s', (_, input, expected) => {
    expect(accessOf(input)).toEqual(expected);
  });
});

describe('accessRefusal', () => {
  const notFound = { kind: 'not_found', message: productMessages.notFound };
  it.each([
    [null, 'viewer', notFound],
    [{ role: 'roadmap', permission: 'edit' }, 'viewer', notFound],
    [{ role: 'viewer', permission: null }, 'viewer', null],
    [
      { role: 'viewer', permission: null },
      'collaborator',
      {
        kind: 'permission_denied',
        message: 'You are a viewer of this product: you can read it but not change it.',
      },
    ],
    [
      { role: 'collaborator', permission: null },
      'admin',
      {
        kind: 'permission_denied',
        message:
          'You are a collaborator of this product: you can work on it, but only its owner or a team admin can do this.',
      },
    ],
    [{ role: 'admin', permission: null }, 'admin', null],
    [
      { role: 'admin', permission: null },
      'owner',
      {
        kind: 'permission_denied',
        message:
          'You are an admin of this product: you can work on it and manage its team, but only its owner can do this.',
      },
    ],
    [{ role: 'owner', permission: null }, 'owner', null],
  ] as const)('%j needing %s', (access, needed, expected) => {
    expect(accessRefusal(access, needed)).toEqual(expected);
  });
});

describe('invitations', () => {
  const now = new Date('2026-05-01T12:00:00Z');

  it('expire seven days after they are sent', () => {
    expect(expiresAt(now).toISOString()).toBe('2026-05-08T12:00:00.000Z');
  });

  it.each([
    ['pending', '2026-05-02T00:00:00Z', 'pending'],
    ['pending', '2026-05-01T12:00:00Z', 'expired'],
    ['pending', '2026-04-30T00:00:00Z', 'expired'],
    ['accepted', '2026-04-30T00:00:00Z', 'accepted'],
    ['revoked', '2026-04-30T00:00:00Z', 'revoked'],
  ] as const)('%s until %s reads %s', (status, until, expected) => {
    expect(effectiveStatus({ status, expiresAt: new Date(until) }, now)).toBe(expected);
  });

  it.each([
    ['pending', null],
    ['expired', teamMessages.invitationExpired],
    ['revoked', teamMessages.invitationRevoked],
    ['accepted', teamMessages.invitationUsed],
    ['removed', teamMessages.invitationUsed],
    ['left', teamMessages.invitationUsed],
    ['declined', teamMessages.invitationDeclined],
  ] as const)('a %s invitation: %s', (status, message) => {
    expect(invitationRefusal(status)).toEqual(
      message ? { kind: 'failed_precondition', message } : null,
    );
  });
});

describe('inviteRefusal', () => {
  const facts: InviteFacts = {
    email: 'ana@example.com',
    inviterEmail: 'admin@example.com',
    ownerEmail: 'owner@example.com',
    alreadyMember: false,
    alreadyInvited: false,
    liveCount: 3,
    maxCollaborators: 50,
    sentLastHour: 0,
  };
  it.each<[string, Partial<InviteFacts>, unknown]>([
    ['a new person', {}, null],
    [
      "the owner's address, in another case",
      { email: 'Owner@Example.com' },
      { kind: 'invalid_argument', message: teamMessages.inviteOwner },
    ],
    [
      "the inviter's own address",
      { email: 'admin@example.com' },
      { kind: 'invalid_argument', message: teamMessages.inviteSelf },
    ],
    [
      'a member',
      { alreadyMember: true },
      { kind: 'already_exists', message: teamMessages.alreadyMember },
    ],
    [
      'a pending invitee',
      { alreadyInvited: true },
      { kind: 'already_exists', message: teamMessages.alreadyInvited },
    ],
    ['the 50th member', { liveCount: 49 }, null],
    [
      'the 51st member',
      { liveCount: 50 },
      { kind: 'resource_exhausted', message: teamMessages.tooMany },
    ],
    [
      'a fourth member where three are allowed',
      { liveCount: 3, maxCollaborators: 3 },
      { kind: 'resource_exhausted', message: 'A product can have at most 3 members' },
    ],
    ['the last invitation of the hour', { sentLastHour: INVITES_PER_PRODUCT_PER_HOUR - 1 }, null],
    [
      'one more in the hour',
      { sentLastHour: INVITES_PER_PRODUCT_PER_HOUR },
      { kind: 'resource_exhausted', message: teamMessages.tooManyInvites },
    ],
  ])('%s', (_, change, expected) => {
    expect(inviteRefusal({ ...facts, ...change })).toEqual(expected);
  });
});

describe('resend and revoke', () => {
  const base = { liveCount: 1, maxCollaborators: 50, sentLastHour: 0 };
  it.each([
    ['pending', base, null],
    ['expired', base, null],
    [
      'expired',
      { ...base, liveCount: 50 },
      { kind: 'resource_exhausted', message: teamMessages.tooMany },
    ],
    ['pending', { ...base, liveCount: 50 }, null],
    [
      'pending',
      { ...base, sentLastHour: 20 },
      { kind: 'resource_exhausted', message: teamMessages.tooManyInvites },
    ],
    ['accepted', base, { kind: 'failed_precondition', message: teamMessages.notResendable }],
    ['revoked', base, { kind: 'failed_precondition', message: teamMessages.notResendable }],
  ] as const)('resending a %s invitation (%j)', (status, counts, expected) => {
    expect(resendRefusal({ status, ...counts })).toEqual(expected);
  });

  it.each([
    ['pending', null],
    ['accepted', { kind: 'failed_precondition', message: teamMessages.notPending }],
    ['expired', { kind: 'failed_precondition', message: teamMessages.notPending }],
  ] as const)('revoking a %s invitation', (status, expected) => {
    expect(revokeRefusal(status)).toEqual(expected);
  });
});

describe('the owner stays', () => {
  it.each([
    [
      'owner-id',
      'owner-id',
      { kind: 'failed_precondition', message: teamMessages.ownerCannotBeRemoved },
    ],
    ['member-row-id', 'owner-id', null],
  ] as const)('removing %s of %s', (memberId, ownerId, expected) => {
    expect(removalRefusal(memberId, ownerId)).toEqual(expected);
  });

  it.each([
    [
      { isOwner: true, grants: 0 },
      { kind: 'failed_precondition', message: teamMessages.ownerCannotLeave },
    ],
    [
      { isOwner: false, grants: 0 },
      { kind: 'not_found', message: productMessages.notFound },
    ],
    [{ isOwner: false, grants: 1 }, null],
  ] as const)('leaving as %j', (input, expected) => {
    expect(leaveRefusal(input)).toEqual(expected);
  });
});

describe('billingImpactCents', () => {
  const state = (
    role: SeatState['role'],
    status: SeatState['status'],
    permission: SeatState['permission'] = null,
  ): SeatState => ({
    role,
    status,
    permission,
    isActive: !['removed', 'left', 'revoked'].includes(status),
  });
  it.each<[string, SeatState | null, SeatState | null, number]>([
    ['invited (nothing billed yet)', null, state('collaborator', 'pending'), 0],
    [
      'a collaborator accepts',
      state('collaborator', 'pending'),
      state('collaborator', 'accepted'),
      2500,
    ],
    ['an admin accepts', state('admin', 'pending'), state('admin', 'accepted'), 2500],
    ['a viewer accepts', state('viewer', 'pending'), state('viewer', 'accepted'), 0],
    [
      'viewer to collaborator',
      state('viewer', 'accepted'),
      state('collaborator', 'accepted'),
      2500,
    ],
    [
      'collaborator to viewer',
      state('collaborator', 'accepted'),
      state('viewer', 'accepted'),
      -2500,
    ],
    ['collaborator to admin', state('collaborator', 'accepted'), state('admin', 'accepted'), 0],
    ['a pending role change', state('viewer', 'pending'), state('admin', 'pending'), 0],
    [
      'a collaborator removed',
      state('collaborator', 'accepted'),
      state('collaborator', 'removed'),
      -2500,
    ],
    ['a viewer leaves', state('viewer', 'accepted'), state('viewer', 'left'), 0],
    ['an invitation revoked', state('admin', 'pending'), state('admin', 'revoked'), 0],
    [
      'an edit share accepted',
      state('roadmap', 'pending', 'edit'),
      state('roadmap', 'accepted', 'edit'),
      2500,
    ],
    [
      'a view share accepted',
      state('roadmap', 'pending', 'view'),
      state('roadmap', 'accepted', 'view'),
      0,
    ],
    [
      'an edit share ended',
      state('roadmap', 'accepted', 'edit'),
      state('roadmap', 'removed', 'edit'),
      -2500,
    ],
  ])('%s', (_, before, after, cents) => {
    expect(billingImpactCents(before, after, 2500)).toBe(cents);
  });

  it('bills an annual seat at its monthly share', () => {
    expect(billingImpactCents(state('admin', 'pending'), state('admin', 'accepted'), 2250)).toBe(
      2250,
    );
  });
});

describe('auditState and parseRole', () => {
  it('keeps role, status and a roadmap permission', () => {
    expect(
      auditState({ role: 'roadmap', status: 'accepted', permission: 'view', isActive: true }),
    ).toEqual({ role: 'roadmap', status: 'accepted', permission: 'view' });
    expect(
      auditState({ role: 'viewer', status: 'pending', permission: null, isActive: true }),
    ).toEqual({ role: 'viewer', status: 'pending' });
  });

  it.each([
    ['viewer', 'viewer'],
    [' Admin ', 'admin'],
    ['owner', null],
    ['roadmap', null],
    ['', null],
  ])('%j is %j', (word, role) => {
    expect(parseRole(word)).toBe(role);
  });
});
