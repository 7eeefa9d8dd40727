import { MAX_COLLABORATORS, teamMessages } from '@chorus/contracts';
import { knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { invite, join, type Owner, registerFromInvitation, signUp } from './teams-fixtures';
import { chorus, collaboratorRows } from './teams-chorus';

describe('bad input, each a 4xx in plain words with nothing stored', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await signUp(chorus, 'Ophelia');
  });

  const inviting = (body: unknown, token = owner.token) =>
    chorus.api(`/api/products/${owner.productId}/team/invitations`, {
      method: 'POST',
      token,
      body,
    });

  it('refuses an invalid e-mail and an unknown role', async () => {
    const before = await collaboratorRows(owner.productId);
    expect(await inviting({ email: 'not-an-email', role: 'viewer' })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address' },
    });
    expect(
      await inviting({ email: `x-${randomUUID()}@example.com`, role: 'superuser' }),
    ).toMatchObject({ status: 400, body: { message: teamMessages.role } });
    expect(await collaboratorRows(owner.productId)).toBe(before);
  });

  it('refuses an existing member, a pending invitee and the owner', async () => {
    const member = await join(chorus, owner, 'viewer');
    const pending = `pending-${randomUUID()}@example.com`;
    await invite(chorus, owner, owner.productId, pending, 'viewer');
    const before = await collaboratorRows(owner.productId);
    expect(await inviting({ email: member.email, role: 'admin' })).toMatchObject({
      status: 409,
      body: { message: teamMessages.alreadyMember },
    });
    expect(await inviting({ email: pending.toUpperCase(), role: 'viewer' })).toMatchObject({
      status: 409,
      body: { message: teamMessages.alreadyInvited },
    });
    const self = await inviting({ email: owner.email, role: 'viewer' });
    expect(self.status).toBeGreaterThanOrEqual(400);
    expect(self.status).toBeLessThan(500);
    expect(self.body).toEqual({
      message:
        'This is your own e-mail address: you are already on this product. Invite someone else.',
    });
    expect(await collaboratorRows(owner.productId)).toBe(before);
  });

  it('refuses the owner removing themselves or leaving', async () => {
    const removing = await chorus.api(
      `/api/products/${owner.productId}/team/members/${owner.userId}`,
      { method: 'DELETE', token: owner.token },
    );
    expect(removing).toMatchObject({
      status: 400,
      body: { message: teamMessages.ownerCannotBeRemoved },
    });
    const leaving = await chorus.api(`/api/products/${owner.productId}/team/leave`, {
      method: 'POST',
      token: owner.token,
    });
    expect(leaving).toMatchObject({
      status: 400,
      body: { message: teamMessages.ownerCannotLeave },
    });
    expect(
      (await chorus.api(`/api/products/${owner.productId}`, { token: owner.token })).status,
    ).toBe(200);
  });

  it('refuses accepting twice, a tampered token and another e-mail’s token', async () => {
    const email = `twice-${randomUUID()}@example.com`;
    const { token } = await invite(chorus, owner, owner.productId, email, 'viewer');
    const someone = await signUp(chorus, 'Sam');
    const otherEmail = await chorus.api(`/api/invitations/${token}/accept`, {
      method: 'POST',
      token: someone.token,
    });
    expect(otherEmail).toMatchObject({ status: 403, body: { message: teamMessages.otherEmail } });
    // Registering with another address creates nothing.
    const otherAddress = `other-${randomUUID()}@example.com`;
    const wrongRegister = await chorus.api(`/api/invitations/${token}/register`, {
      method: 'POST',
      body: { email: otherAddress, password: 'secret-pass', firstName: 'O', lastName: 'E' },
    });
    expect(wrongRegister).toMatchObject({
      status: 403,
      body: { message: teamMessages.otherEmail },
    });
    const login = await chorus.api('/api/auth/login', {
      method: 'POST',
      body: { email: otherAddress, password: 'secret-pass' },
    });
    expect(login.status).toBe(401);

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const path of [`/api/invitations/${tampered}`, '/api/invitations/short']) {
      expect(await chorus.api(path)).toMatchObject({
        status: 404,
        body: { message: teamMessages.invitationUnknown },
      });
    }

    const invitee = await registerFromInvitation(chorus, token, email, 'Tess');
    const twice = await chorus.api(`/api/invitations/${token}/accept`, {
      method: 'POST',
      token: invitee.token,
    });
    expect(twice).toMatchObject({ status: 409, body: { message: teamMessages.invitationUsed } });
  });

  it('refuses registering an e-mail that has an account, creating nothing', async () => {
    const existing = await signUp(chorus, 'Eli');
    const { token } = await invite(chorus, owner, owner.productId, existing.email, 'viewer');
    const registering = await chorus.api(`/api/invitations/${token}/register`, {
      method: 'POST',
      body: { email: existing.email, password: 'another-pass', firstName: 'E', lastName: 'L' },
    });
    expect(registering).toMatchObject({
      status: 409,
      body: { message: 'An account with this email already exists' },
    });
    // Still pending: the person signs in and accepts.
    expect((await chorus.api(`/api/invitations/${token}`)).status).toBe(200);
  });

  it('refuses an expired invitation', async () => {
    const email = `late-${randomUUID()}@example.com`;
    const { member, token } = await invite(chorus, owner, owner.productId, email, 'viewer');
    const db = knex({ client: 'pg', connection: chorus.databaseUrl('catalog') });
    try {
      await db('collaborators')
        .where({ id: member.id })
        .update({ expires_at: new Date(Date.now() - 60_000) });
    } finally {
      await db.destroy();
    }
    expect(await chorus.api(`/api/invitations/${token}`)).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationExpired },
    });
    const registering = await chorus.api(`/api/invitations/${token}/register`, {
      method: 'POST',
      body: { email, password: 'secret-pass', firstName: 'Late', lastName: 'Member' },
    });
    expect(registering).toMatchObject({
      status: 410,
      body: { message: teamMessages.invitationExpired },
    });
  });

  it(`refuses the ${MAX_COLLABORATORS + 1}st member`, async () => {
    const full = await signUp(chorus, 'Fiona');
    await invite(chorus, full, full.productId, `first-${randomUUID()}@example.com`, 'viewer');
    // Fifty invitations through the API would pass the invitation rate limit
    // (20 an hour): the other 49 pending ones are copies of the first.
    const db = knex({ client: 'pg', connection: chorus.databaseUrl('catalog') });
    try {
      const [first] = await db('collaborators').where({ product_id: full.productId });
      const columns = await db('information_schema.columns')
        .where({ table_name: 'collaborators' })
        .select('column_name', 'data_type');
      const copies = Array.from({ length: MAX_COLLABORATORS - 1 }, (_, n) => {
        const copy: Record<string, unknown> = { ...first };
        for (const { column_name: name, data_type: type } of columns as {
          column_name: string;
          data_type: string;
        }[]) {
          if (name === 'id') {
            if (type === 'uuid') copy.id = randomUUID();
            else delete copy.id;
          } else if (name === 'email') copy.email = `copy-${n}-${randomUUID()}@example.com`;
          else if (name.includes('token')) copy[name] = `${randomUUID()}${randomUUID()}`;
        }
        return copy;
      });
      await db('collaborators').insert(copies);
      if (await db.schema.hasColumn('products', 'collaborator_count')) {
        await db('products')
          .where({ id: full.productId })
          .update({ collaborator_count: MAX_COLLABORATORS });
      }
    } finally {
      await db.destroy();
    }
    const before = await collaboratorRows(full.productId);
    const refused = await chorus.api(`/api/products/${full.productId}/team/invitations`, {
      method: 'POST',
      token: full.token,
      body: { email: `fifty-first-${randomUUID()}@example.com`, role: 'viewer' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body).toEqual({ message: teamMessages.tooMany });
    expect(await collaboratorRows(full.productId)).toBe(before);
  });
});
