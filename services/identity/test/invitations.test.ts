import { authMessages } from '@chorus/contracts';
import {
  type InvitationRequest,
  invitationEmail,
  invitationMessages,
  readInvitation,
} from '../src/domain/invitations';

const expiresAt = new Date('2027-03-10T09:05:00Z');
const request: InvitationRequest = {
  to: 'grace@example.com',
  link: 'http://localhost:8080/invitations/abc_-1',
  productName: 'Lantern',
  inviterName: 'Ada Lovelace',
  role: 'collaborator',
  roadmapName: '',
  expiresAt,
};

describe('an invitation e-mail', () => {
  it.each([
    ['viewer', 'Ada Lovelace invited you to Lantern on Chorus as a viewer.'],
    ['collaborator', 'Ada Lovelace invited you to Lantern on Chorus as a collaborator.'],
    ['admin', 'Ada Lovelace invited you to Lantern on Chorus as an admin.'],
  ])('names the product and the role (%s)', (role, opening) => {
    const invitation = readInvitation({ ...request, role });
    if ('problem' in invitation) throw new Error(invitation.problem);
    expect(invitationEmail(invitation)).toEqual({
      subject: 'Ada Lovelace invited you to Lantern on Chorus',
      text: [
        opening,
        '',
        'Open this link to accept or decline:',
        'http://localhost:8080/invitations/abc_-1',
        '',
        'The invitation expires on Mar 10, 2027, 9:05 AM UTC.',
        '',
        'If you did not expect it, ignore this e-mail.',
      ].join('\n'),
    });
  });

  it.each(['view', 'edit'])('names the roadmap and what the person may do with it (%s)', (p) => {
    const invitation = readInvitation({
      ...request,
      role: 'roadmap',
      roadmapName: 'Mobile 2026',
      roadmapPermission: p,
    });
    if ('problem' in invitation) throw new Error(invitation.problem);
    expect(invitationEmail(invitation).text.split('\n')[0]).toBe(
      `Ada Lovelace invited you to the roadmap "Mobile 2026" of Lantern on Chorus (${p}).`,
    );
  });

  it('keeps names on one line, so nothing can be slipped into the subject', () => {
    const invitation = readInvitation({
      ...request,
      inviterName: 'Ada\r\nBcc: everyone@example.com',
      productName: '  Lantern\n  Pro ',
    });
    if ('problem' in invitation) throw new Error(invitation.problem);
    expect(invitationEmail(invitation).subject).toBe(
      'Ada Bcc: everyone@example.com invited you to Lantern Pro on Chorus',
    );
  });
});

describe('an invitation request', () => {
  it.each<[string, Partial<InvitationRequest>, string]>([
    ['no address', { to: '  ' }, invitationMessages.toRequired],
    ['a broken address', { to: 'grace@' }, authMessages.invalidEmail],
    ['no link', { link: '' }, invitationMessages.linkRequired],
    ['a link that is no URL', { link: 'invitations/abc' }, invitationMessages.linkNotUrl],
    ['no product', { productName: ' ' }, invitationMessages.productRequired],
    ['no inviter', { inviterName: '' }, invitationMessages.inviterRequired],
    ['an unknown role', { role: 'owner' }, invitationMessages.role],
    ['no expiry', { expiresAt: undefined }, invitationMessages.expiryRequired],
    [
      'a roadmap without a name',
      { role: 'roadmap', roadmapPermission: 'view' },
      invitationMessages.roadmapRequired,
    ],
    [
      'a roadmap without view or edit',
      { role: 'roadmap', roadmapName: 'Mobile 2026', roadmapPermission: 'admin' },
      invitationMessages.roadmapRequired,
    ],
  ])('is refused with %s', (_, change, problem) => {
    expect(readInvitation({ ...request, ...change })).toEqual({ problem });
  });

  it('is read with the roadmap for a roadmap share only', () => {
    expect(
      readInvitation({ ...request, roadmapName: 'Ignored', roadmapPermission: 'edit' }),
    ).toEqual({
      to: 'grace@example.com',
      link: 'http://localhost:8080/invitations/abc_-1',
      productName: 'Lantern',
      inviterName: 'Ada Lovelace',
      role: 'collaborator',
      expiresAt,
    });
  });
});
