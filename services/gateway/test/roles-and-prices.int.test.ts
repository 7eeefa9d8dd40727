import {
  type AuditEntryView,
  type MemberView,
  type ProductView,
  quote,
  teamMessages,
  type TeamView,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { invite, join, type Owner, shareRoadmap, signUp } from './teams-fixtures';

/*
 * A paying team's first week, as the API answers it: an invitation without
 * a role is a free viewer, nobody is offered a seat for themselves or a
 * member, refusals name the person's role or share, a viewer gets the
 * product's content without anyone's e-mail or the owner's bill, and a
 * signed-out decline names the invitee.
 */

let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => chorus.stop());

async function collaboratorRows(productId: string): Promise<number> {
  const db = knex({ client: 'pg', connection: chorus.databaseUrl('catalog') });
  try {
    const [row] = await db('collaborators').where({ product_id: productId }).count('* as count');
    return Number(row?.count ?? 0);
  } finally {
    await db.destroy();
  }
}

const inviting = (owner: Owner, body: Record<string, unknown>, token = owner.token) =>
  chorus.api<MemberView & { message?: string }>(
    `/api/products/${owner.productId}/team/invitations`,
    { method: 'POST', token, body },
  );

describe('an invitation sent without a role', () => {
  it('is a free viewer: no seat, nothing more on the bill', async () => {
    const owner = await signUp(chorus, 'Nora', { productName: 'Quiet default' });
    const email = `plain-${randomUUID()}@example.com`;
    const sent = await inviting(owner, { email });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ email, role: 'viewer', isBillable: false });

    const team = await chorus.api<TeamView>(`/api/products/${owner.productId}/team`, {
      token: owner.token,
    });
    expect(team.body).toMatchObject({
      billableSeats: 0,
      pendingSeats: 0,
      pendingMonthlyCostCents: 0,
      monthlyTeamCostCents: 0,
    });
  });

  it('with a paid role is a pending seat, with its price, until accepted', async () => {
    const owner = await signUp(chorus, 'Pia', { productName: 'Pending seats' });
    await invite(
      chorus,
      owner,
      owner.productId,
      `paid-${randomUUID()}@example.com`,
      'collaborator',
    );
    const team = await chorus.api<TeamView>(`/api/products/${owner.productId}/team`, {
      token: owner.token,
    });
    expect(team.body).toMatchObject({
      billableSeats: 0,
      pendingSeats: 1,
      pendingMonthlyCostCents: 2500,
      seatMonthlyCents: 2500,
    });
  });
});

describe('inviting someone already there', () => {
  it('refuses yourself, the owner, a member and an invitee in plain words, storing nothing', async () => {
    const owner = await signUp(chorus, 'Sela', { productName: 'No doubles' });
    const admin = await join(chorus, owner, 'admin');
    const pending = `waiting-${randomUUID()}@example.com`;
    await invite(chorus, owner, owner.productId, pending, 'collaborator');
    const before = await collaboratorRows(owner.productId);

    const cases: [string, Record<string, unknown>, string, number][] = [
      [
        owner.token,
        { email: owner.email.toUpperCase(), role: 'collaborator' },
        teamMessages.inviteSelf,
        400,
      ],
      [admin.token, { email: admin.email, role: 'viewer' }, teamMessages.inviteSelf, 400],
      [admin.token, { email: owner.email, role: 'collaborator' }, teamMessages.inviteOwner, 400],
      [owner.token, { email: admin.email, role: 'collaborator' }, teamMessages.alreadyMember, 409],
      [owner.token, { email: pending, role: 'admin' }, teamMessages.alreadyInvited, 409],
    ];
    for (const [token, body, message, status] of cases) {
      const answer = await inviting(owner, body, token);
      expect([body.email, answer.status, answer.body]).toEqual([body.email, status, { message }]);
      // Plain words, no price: nothing is said about money for a refused invitation.
      expect(message).not.toMatch(/\$|seat|bill/i);
    }
    expect(teamMessages.inviteSelf).toBe(
      'This is your own e-mail address: you are already on this product. Invite someone else.',
    );
    expect(await collaboratorRows(owner.productId)).toBe(before);
  });
});

describe('what a viewer sees', () => {
  it("gets the product's content and names, but no e-mail addresses of others and no billing", async () => {
    const owner = await signUp(chorus, 'Olive', { productName: 'Atlas' });
    const collaborator = await join(chorus, owner, 'collaborator');
    const viewer = await join(chorus, owner, 'viewer');
    const invitee = `invitee-${randomUUID()}@example.com`;
    await invite(chorus, owner, owner.productId, invitee, 'collaborator');

    const team = await chorus.api<TeamView>(`/api/products/${owner.productId}/team`, {
      token: viewer.token,
    });
    expect(team.status).toBe(200);
    expect(team.body.owner).toEqual({ name: 'Olive Team', email: null });
    expect(team.body.members.map((member) => [member.name, member.email]).sort()).toEqual([
      ['Collaborator Member', null],
      ['Viewer Member', viewer.email],
    ]);
    expect(team.body).toMatchObject({
      billableSeats: null,
      seatMonthlyCents: null,
      monthlyTeamCostCents: null,
      pendingSeats: null,
    });

    const product = await chorus.api<ProductView>(`/api/products/${owner.productId}`, {
      token: viewer.token,
    });
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({
      name: 'Atlas',
      role: 'viewer',
      seats: null,
      subscriptionStartDate: null,
      subscriptionEndDate: null,
      billing: { monthlyRate: null },
    });
    const listed = await chorus.api<ProductView[]>('/api/products', { token: viewer.token });
    expect(listed.body.find((p) => p.id === owner.productId)?.billing.monthlyRate).toBeNull();

    const everything = JSON.stringify([team.body, product.body, listed.body]);
    for (const email of [owner.email, collaborator.email, invitee]) {
      expect(everything).not.toContain(email);
    }

    // A collaborator still sees the product's monthly cost, from the one quote, seats included.
    const asCollaborator = await chorus.api<ProductView>(`/api/products/${owner.productId}`, {
      token: collaborator.token,
    });
    expect(asCollaborator.body.billing.monthlyRate).toBe(
      quote({
        personaCount: asCollaborator.body.billing.personaCount,
        billingCycle: 'monthly',
        seats: 1,
      }).monthlyRateCents / 100,
    );
  });
});

describe('refusals', () => {
  it('name the role or the share the person holds', async () => {
    const owner = await signUp(chorus, 'Rhea', { productName: 'Named refusals' });
    const viewer = await join(chorus, owner, 'viewer');
    const collaborator = await join(chorus, owner, 'collaborator');
    const roadmap = await chorus.api<{ id: string }>(`/api/products/${owner.productId}/roadmaps`, {
      method: 'POST',
      token: owner.token,
      body: { name: 'Shared plan' },
    });
    const editor = await shareRoadmap(chorus, owner, roadmap.body.id, 'edit');

    const profile = await chorus.api(`/api/products/${owner.productId}/business-profile`, {
      method: 'PUT',
      token: viewer.token,
      body: { targetMarket: 'Teams' },
    });
    expect(profile).toMatchObject({
      status: 403,
      body: { message: 'You are a viewer of this product: you can read it but not change it.' },
    });

    const audit = await chorus.api(`/api/products/${owner.productId}/team/audit-log`, {
      token: collaborator.token,
    });
    expect(audit).toMatchObject({
      status: 403,
      body: {
        message:
          'You are a collaborator of this product: you can work on it, but only its owner or a team admin can do this.',
      },
    });

    // Someone with an edit share of the roadmap reads its comparison links: not theirs, and said so.
    const links = await chorus.api(`/api/roadmaps/${roadmap.body.id}/comparison-links`, {
      token: editor.token,
    });
    expect(links.status).toBe(403);
    const message = (links.body as { message: string }).message;
    expect(message).toMatch(/^Your share of this roadmap lets you view and edit it/);
    expect(message).not.toBe(teamMessages.needsEditor);
    expect(message).not.toMatch(/viewer/i);
  });
});

describe('a signed-out decline', () => {
  it("is recorded with the invitation's e-mail as the actor", async () => {
    const owner = await signUp(chorus, 'Dana', { productName: 'Declined' });
    const email = `no-thanks-${randomUUID()}@example.com`;
    const { token } = await invite(chorus, owner, owner.productId, email, 'viewer');
    const declined = await chorus.api(`/api/invitations/${token}/decline`, { method: 'POST' });
    expect(declined.status).toBe(204);

    const log = await chorus.api<AuditEntryView[]>(
      `/api/products/${owner.productId}/team/audit-log`,
      { token: owner.token },
    );
    const entry = log.body.find((row) => row.actionType === 'declined');
    expect(entry).toMatchObject({ affectedEmail: email, actor: { name: email, email } });
  });
});
