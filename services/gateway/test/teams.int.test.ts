import {
  type AuditEntryView,
  type InvitationView,
  MAX_COLLABORATORS,
  type MemberView,
  type ProductView,
  type SeatChangeView,
  type SeatStats,
  teamMessages,
} from '@chorus/contracts';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import {
  invite,
  join,
  loggedInvitationToken,
  registerFromInvitation,
  signUp,
} from './teams-fixtures';
import { chorus, team, ADMIN } from './teams-chorus';

describe('an invitation, from e-mail to member', () => {
  it('is shown, accepted by a new account without a product or a card, and recorded', async () => {
    const owner = await signUp(chorus, 'Olive', { productName: 'Lighthouse' });
    const email = `casey-${randomUUID()}@example.com`;
    const { member, token } = await invite(chorus, owner, owner.productId, email, 'collaborator');
    expect(member).toMatchObject({
      email,
      role: 'collaborator',
      status: 'pending',
      isBillable: true,
      userId: null,
      invitedBy: 'Olive Team',
    });

    // The link the e-mail carries opens the app's invitation page.
    const link = chorus.logs.find((l) => typeof l.link === 'string' && l.to === email)!;
    expect(String(link.link)).toBe(`http://localhost:8080/invitations/${token}`);

    const shown = await chorus.api<InvitationView>(`/api/invitations/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      productName: 'Lighthouse',
      inviterName: 'Olive Team',
      email,
      role: 'collaborator',
      roadmap: null,
    });

    const casey = await registerFromInvitation(chorus, token, email, 'Casey');
    expect(casey.accepted).toMatchObject({ productId: owner.productId, roadmapId: null });

    // Only the shared product, with the member's role and the badge: none of their own.
    const products = await chorus.api<ProductView[]>('/api/products', { token: casey.token });
    expect(products.body).toHaveLength(1);
    expect(products.body[0]).toMatchObject({
      id: owner.productId,
      name: 'Lighthouse',
      role: 'collaborator',
      sharedWithYou: true,
    });
    // No card and no subscription: the billing page lists nothing of theirs.
    const subscriptions = await chorus.api('/api/billing/subscription-details', {
      token: casey.token,
    });
    expect(subscriptions.status).toBe(200);
    expect(subscriptions.body).toEqual({});
    const invoices = await chorus.api<unknown[]>('/api/billing/history', { token: casey.token });
    expect(invoices.body).toEqual([]);

    // The owner's billing still lists the product; the member's view of it works per role.
    const ownerSubscriptions = await chorus.api('/api/billing/subscription-details', {
      token: owner.token,
    });
    expect(Object.keys(ownerSubscriptions.body)).toEqual([owner.productId]);
    const opened = await chorus.api<ProductView>(`/api/products/${owner.productId}`, {
      token: casey.token,
    });
    expect(opened.body).toMatchObject({ role: 'collaborator', sharedWithYou: true, seats: 1 });

    const after = await team(owner);
    expect(after).toMatchObject({
      yourRole: 'owner',
      owner: { name: 'Olive Team', email: owner.email },
      billableSeats: 1,
      seatMonthlyCents: 2500,
      monthlyTeamCostCents: 2500,
      maxCollaborators: MAX_COLLABORATORS,
      memberCount: 1,
    });
    expect(after.members[0]).toMatchObject({
      email,
      status: 'accepted',
      name: 'Casey Member',
      userId: casey.userId,
    });

    const log = await chorus.api<AuditEntryView[]>(
      `/api/products/${owner.productId}/team/audit-log`,
      { token: owner.token },
    );
    expect(log.body.map((entry) => entry.actionType)).toEqual(['accepted', 'invited']);
    expect(log.body[1]).toMatchObject({
      affectedEmail: email,
      actor: { userId: owner.userId, name: 'Olive Team' },
    });
    // One seat from now on: +25.00 a month, recorded once.
    expect(log.body.reduce((sum, entry) => sum + entry.billingImpact, 0)).toBe(25);
  });

  it('is accepted by a signed-in account with that e-mail, and a viewer costs nothing', async () => {
    const owner = await signUp(chorus, 'Otto');
    const other = await signUp(chorus, 'Vera');
    const { token } = await invite(chorus, owner, owner.productId, other.email, 'viewer');
    const accepted = await chorus.api(`/api/invitations/${token}/accept`, {
      method: 'POST',
      token: other.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ productId: owner.productId, roadmapId: null });
    const products = await chorus.api<ProductView[]>('/api/products', { token: other.token });
    expect(
      products.body.map((p) => [p.id === owner.productId ? 'shared' : 'own', p.role]).sort(),
    ).toEqual([
      ['own', 'owner'],
      ['shared', 'viewer'],
    ]);
    expect(await team(owner)).toMatchObject({ billableSeats: 0, monthlyTeamCostCents: 0 });
    // Billing lists only the products the user owns: Vera's own, not Otto's.
    const billed = await chorus.api('/api/billing/subscription-details', { token: other.token });
    expect(Object.keys(billed.body)).toEqual([other.productId]);
  });

  it('is declined, resent with a new link, and revoked', async () => {
    const owner = await signUp(chorus, 'Oscar');
    const first = await invite(
      chorus,
      owner,
      owner.productId,
      `dee-${randomUUID()}@example.com`,
      'viewer',
    );
    const declined = await chorus.api(`/api/invitations/${first.token}/decline`, {
      method: 'POST',
    });
    expect(declined.status).toBe(204);
    const again = await chorus.api(`/api/invitations/${first.token}`);
    expect(again).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationDeclined },
    });

    const email = `ray-${randomUUID()}@example.com`;
    const second = await invite(chorus, owner, owner.productId, email, 'collaborator');
    const since = chorus.logs.length;
    const resent = await chorus.api<MemberView>(
      `/api/products/${owner.productId}/team/invitations/${second.member.id}/resend`,
      { method: 'POST', token: owner.token },
    );
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('pending');
    const newToken = await loggedInvitationToken(chorus, email, since);
    expect(newToken).not.toBe(second.token);
    expect((await chorus.api(`/api/invitations/${newToken}`)).status).toBe(200);

    const revoked = await chorus.api(
      `/api/products/${owner.productId}/team/invitations/${second.member.id}`,
      { method: 'DELETE', token: owner.token },
    );
    expect(revoked.status).toBe(204);
    const gone = await chorus.api(`/api/invitations/${newToken}`);
    expect(gone).toMatchObject({ status: 410, body: { message: teamMessages.invitationRevoked } });
    const registering = await chorus.api(`/api/invitations/${newToken}/register`, {
      method: 'POST',
      body: { email, password: 'secret-pass', firstName: 'Ray', lastName: 'Member' },
    });
    expect(registering).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationRevoked },
    });
    // Nothing was created for Ray: the e-mail is still free.
    const login = await chorus.api('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'secret-pass' },
    });
    expect(login.status).toBe(401);

    const log = await chorus.api<AuditEntryView[]>(
      `/api/products/${owner.productId}/team/audit-log`,
      { token: owner.token },
    );
    expect(log.body.map((entry) => entry.actionType)).toEqual([
      'revoked',
      'resent',
      'invited',
      'declined',
      'invited',
    ]);
  });

  it('changes a role, removes a member who then gets 404, and lets a member leave', async () => {
    const owner = await signUp(chorus, 'Orla', { productName: 'Private Orla Product' });
    const admin = await join(chorus, owner, 'admin');
    const viewer = await join(chorus, owner, 'viewer');
    const changed = await chorus.api<MemberView>(
      `/api/products/${owner.productId}/team/members/${viewer.memberId}`,
      { method: 'PATCH', token: admin.token, body: { role: 'collaborator' } },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ role: 'collaborator', isBillable: true });
    const opened = await chorus.api<ProductView>(`/api/products/${owner.productId}`, {
      token: viewer.token,
    });
    expect(opened.body.role).toBe('collaborator');

    const removed = await chorus.api(
      `/api/products/${owner.productId}/team/members/${viewer.memberId}`,
      { method: 'DELETE', token: owner.token },
    );
    expect(removed.status).toBe(204);
    // The very next request: gone, in the words of any product nobody shared.
    const after = await chorus.api(`/api/products/${owner.productId}`, { token: viewer.token });
    expect(after).toEqual(
      expect.objectContaining({ status: 404, body: { message: 'Product not found' } }),
    );
    expect(JSON.stringify(after.body)).not.toContain('Private Orla Product');
    const listed = await chorus.api<ProductView[]>('/api/products', { token: viewer.token });
    expect(listed.body).toEqual([]);

    const left = await chorus.api(`/api/products/${owner.productId}/team/leave`, {
      method: 'POST',
      token: admin.token,
    });
    expect(left.status).toBe(204);
    expect(
      (await chorus.api(`/api/products/${owner.productId}/team`, { token: admin.token })).status,
    ).toBe(404);
    const log = await chorus.api<AuditEntryView[]>(
      `/api/products/${owner.productId}/team/audit-log`,
      { token: owner.token },
    );
    expect(log.body.slice(0, 3).map((entry) => entry.actionType)).toEqual([
      'left',
      'removed',
      'role_changed',
    ]);
    expect(log.body[1]!.billingImpact).toBe(-25);
    expect(await team(owner)).toMatchObject({ billableSeats: 0, memberCount: 0 });
  });
});

describe('persona selection and the bill', () => {
  it('is a collaborator’s while the bill stays the same, and the owner’s when it changes', async () => {
    const owner = await signUp(chorus, 'Pia');
    const collaborator = await join(chorus, owner, 'collaborator');
    const templates = await chorus.api<{ id: string }[]>('/api/persona-templates', {
      token: owner.token,
    });
    const add = (token: string, templateId: string) =>
      chorus.api<{ id: string }>(`/api/products/${owner.productId}/personas`, {
        method: 'POST',
        token,
        body: { templateId },
      });
    // Ten personas are included in the plan: the collaborator may choose them.
    for (const template of templates.body.slice(0, 10)) {
      expect((await add(collaborator.token, template.id)).status).toBe(201);
    }
    const eleventh = templates.body[10]!;
    expect(await add(collaborator.token, eleventh.id)).toMatchObject({
      status: 403,
      body: { message: teamMessages.billChange },
    });
    const personas = await chorus.api<unknown[]>(`/api/products/${owner.productId}/personas`, {
      token: owner.token,
    });
    expect(personas.body).toHaveLength(10);
    expect((await add(owner.token, eleventh.id)).status).toBe(201);
  });
});

describe('the admin area', () => {
  const adminToken = async () =>
    (await chorus.api<{ token: string }>('/api/admin/login', { method: 'POST', body: ADMIN })).body
      .token;
  const seatStats = async (token: string) =>
    (await chorus.api<SeatStats>('/api/admin/subscription-stats', { token })).body;

  it('lists every seat added or removed, with its product, and counts seats and their revenue', async () => {
    const token = await adminToken();
    const before = await seatStats(token);
    const owner = await signUp(chorus, 'Opal', { productName: 'Seat Ledger' });
    const first = await join(chorus, owner, 'collaborator');
    const viewer = await join(chorus, owner, 'viewer');
    await chorus.api(`/api/products/${owner.productId}/team/members/${viewer.memberId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { role: 'admin' },
    });
    await chorus.api(`/api/products/${owner.productId}/team/members/${first.memberId}`, {
      method: 'DELETE',
      token: owner.token,
    });

    const listed = await chorus.api<SeatChangeView[]>('/api/admin/seat-changes', { token });
    expect(listed.status).toBe(200);
    const ours = listed.body.filter((change) => change.productId === owner.productId);
    // The viewer's acceptance cost nothing, so it is not a seat change.
    expect(
      ours.map((change) => [change.actionType, change.affectedEmail, change.billingImpact]),
    ).toEqual([
      ['removed', first.email, -25],
      ['role_changed', viewer.email, 25],
      ['accepted', first.email, 25],
    ]);
    expect(ours[0]).toMatchObject({
      productName: 'Seat Ledger',
      actor: { userId: owner.userId, name: 'Opal Team' },
      previousState: expect.objectContaining({ role: 'collaborator' }),
    });
    expect(ours[1]!.newState).toMatchObject({ role: 'admin' });

    // One seat stays (the former viewer, now an admin): billing counts it once the events arrive.
    const after = await eventually(
      async () => {
        const stats = await seatStats(token);
        return stats.totalSeats === before.totalSeats + 1 && stats;
      },
      { what: 'the seat in the admin figures' },
    );
    expect(after.seatRevenue).toBeCloseTo(before.seatRevenue + 25, 2);

    const limited = await chorus.api<SeatChangeView[]>('/api/admin/seat-changes?limit=1', {
      token,
    });
    expect(limited.body).toHaveLength(1);
    expect((await chorus.api('/api/admin/seat-changes?limit=0', { token })).status).toBe(400);
  });
});
