import { INVITES_PER_PRODUCT_PER_HOUR, MAX_COLLABORATORS, teamMessages } from '@chorus/contracts';
import { eventually } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { createHash, randomUUID } from 'node:crypto';
import {
  newProduct,
  grpcError,
  invite,
  refused,
  collaboratorRows,
  join,
  OWNER_EMAIL,
  client,
  db,
  access,
} from './teams-setup';

describe('invitations refused, nothing stored', () => {
  it.each([
    [
      'an invalid e-mail',
      'not-an-email',
      'viewer',
      status.INVALID_ARGUMENT,
      teamMessages.invalidEmail,
    ],
    [
      'a role that does not exist',
      'x@example.com',
      'owner',
      status.INVALID_ARGUMENT,
      teamMessages.role,
    ],
    [
      "the owner's e-mail",
      'OWNER@example.com',
      'viewer',
      status.INVALID_ARGUMENT,
      teamMessages.inviteSelf,
    ],
  ])('%s', async (_, email, role, code, message) => {
    const product = await newProduct();
    expect(await grpcError(invite(product, email, role))).toEqual(refused(code, message));
    expect(await collaboratorRows(product.productId)).toEqual([]);
  });

  it("refuses the inviter's own e-mail, a member and a pending invitee", async () => {
    const product = await newProduct();
    const admin = await join(product, 'admin');
    expect(await grpcError(invite(product, 'adam@example.com', 'viewer', admin.userId))).toEqual(
      refused(status.INVALID_ARGUMENT, teamMessages.inviteSelf),
    );
    // An admin inviting the owner is told it is the owner's address.
    expect(await grpcError(invite(product, OWNER_EMAIL, 'viewer', admin.userId))).toEqual(
      refused(status.INVALID_ARGUMENT, teamMessages.inviteOwner),
    );
    expect(await grpcError(invite(product, admin.email, 'viewer'))).toEqual(
      refused(status.ALREADY_EXISTS, teamMessages.alreadyMember),
    );
    await invite(product, 'pending@example.com', 'viewer');
    expect(await grpcError(invite(product, 'Pending@example.com', 'admin'))).toEqual(
      refused(status.ALREADY_EXISTS, teamMessages.alreadyInvited),
    );
    expect(await collaboratorRows(product.productId)).toHaveLength(2);
  });

  it('sends a new invitation in place of a revoked one', async () => {
    const product = await newProduct();
    const first = await invite(product, 'again@example.com', 'viewer');
    await client.revokeInvitation({
      userId: product.ownerId,
      productId: product.productId,
      memberId: first.member!.id,
      actorName: 'Olivia Owner',
    });
    expect(await grpcError(client.getInvitation({ token: first.token }))).toEqual(
      refused(status.FAILED_PRECONDITION, teamMessages.invitationRevoked),
    );
    expect(
      await grpcError(
        client.revokeInvitation({
          userId: product.ownerId,
          productId: product.productId,
          memberId: first.member!.id,
          actorName: '',
        }),
      ),
    ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.notPending));
    const second = await invite(product, 'again@example.com', 'collaborator');
    expect(second.member).toMatchObject({
      id: first.member!.id,
      status: 'pending',
      role: 'collaborator',
    });
    expect((await client.getInvitation({ token: second.token })).member?.role).toBe('collaborator');
    expect(await collaboratorRows(product.productId)).toHaveLength(1);
    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(audit.entries.map((e) => [e.actionType, e.newState?.status])).toEqual([
      ['invited', 'pending'],
      ['revoked', 'revoked'],
      ['invited', 'pending'],
    ]);
  });

  it(`refuses the invitation past ${INVITES_PER_PRODUCT_PER_HOUR} in an hour`, async () => {
    const product = await newProduct();
    for (let i = 0; i < INVITES_PER_PRODUCT_PER_HOUR; i += 1) {
      await invite(product, `burst${i}@example.com`, 'viewer');
    }
    expect(await grpcError(invite(product, 'one-more@example.com', 'viewer'))).toEqual(
      refused(status.RESOURCE_EXHAUSTED, teamMessages.tooManyInvites),
    );
    const [first] = await collaboratorRows(product.productId);
    // A resend is a sending too.
    expect(
      await grpcError(
        client.resendInvitation({
          userId: product.ownerId,
          productId: product.productId,
          memberId: first.id as string,
          actorName: '',
        }),
      ),
    ).toEqual(refused(status.RESOURCE_EXHAUSTED, teamMessages.tooManyInvites));
    expect(await collaboratorRows(product.productId)).toHaveLength(INVITES_PER_PRODUCT_PER_HOUR);
    // An hour later it may send again.
    await db('collaboration_audit_log')
      .where({ product_id: product.productId })
      .update({ effective_date: db.raw(`now() - interval '61 minutes'`) });
    await invite(product, 'one-more@example.com', 'viewer');
  });

  it(`refuses the member after the ${MAX_COLLABORATORS}th`, async () => {
    const product = await newProduct();
    // Fifty members and invitations, written directly (the hourly limit would take hours).
    await db('collaborators').insert(
      Array.from({ length: MAX_COLLABORATORS }, (_, i) => ({
        product_id: product.productId,
        inviter_user_id: product.ownerId,
        email: `seat${i}@example.com`,
        invitation_token: createHash('sha256').update(`seat${i}`).digest('hex'),
        expires_at: db.raw(`now() + interval '7 days'`),
        role: 'viewer',
        invitation_status: i % 2 ? 'accepted' : 'pending',
        collaborator_user_id: i % 2 ? randomUUID() : null,
      })),
    );
    expect(await grpcError(invite(product, 'fifty-one@example.com', 'viewer'))).toEqual(
      refused(status.RESOURCE_EXHAUSTED, teamMessages.tooMany),
    );
    expect(await collaboratorRows(product.productId)).toHaveLength(MAX_COLLABORATORS);
  });
});

describe('invitation tokens', () => {
  it('are stored hashed; a changed character or a made-up token is not an invitation', async () => {
    const product = await newProduct();
    const { token } = await invite(product, 'hash@example.com', 'viewer');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await collaboratorRows(product.productId);
    expect(row.invitation_token).toBe(createHash('sha256').update(token).digest('hex'));
    const dump = JSON.stringify(await db('collaborators').select('*'));
    expect(dump).not.toContain(token);

    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = token.slice(0, -1) + last;
    const unknown = refused(status.NOT_FOUND, teamMessages.invitationUnknown);
    for (const bad of [tampered, 'nonsense', '']) {
      expect(await grpcError(client.getInvitation({ token: bad }))).toEqual(unknown);
      expect(
        await grpcError(
          client.acceptInvitation({
            token: bad,
            userId: randomUUID(),
            email: 'hash@example.com',
            name: '',
          }),
        ),
      ).toEqual(unknown);
      expect(await grpcError(client.declineInvitation({ token: bad }))).toEqual(unknown);
    }
  });

  it('expire after seven days, logged once, and can be sent again', async () => {
    const product = await newProduct();
    const sent = await invite(product, 'late@example.com', 'collaborator');
    await db('collaborators')
      .where({ id: sent.member!.id })
      .update({ expires_at: db.raw(`now() - interval '1 minute'`) });

    const expired = refused(status.FAILED_PRECONDITION, teamMessages.invitationExpired);
    expect(await grpcError(client.getInvitation({ token: sent.token }))).toEqual(expired);
    expect(
      await grpcError(
        client.acceptInvitation({
          token: sent.token,
          userId: randomUUID(),
          email: 'late@example.com',
          name: '',
        }),
      ),
    ).toEqual(expired);
    const team = await client.listTeam({ userId: product.ownerId, productId: product.productId });
    expect(team.members.map((m) => m.status)).toEqual(['expired']);
    expect(team.memberCount).toBe(0);

    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    const expiries = audit.entries.filter((e) => e.actionType === 'expired');
    expect(expiries).toHaveLength(1);
    expect(expiries[0]).toMatchObject({
      actionByUserId: product.ownerId,
      actionByName: 'Olivia Owner',
      affectedEmail: 'late@example.com',
      billingImpactCents: 0,
    });
    expect(expiries[0]!.newState).toEqual({
      role: 'collaborator',
      status: 'expired',
    });

    const resent = await client.resendInvitation({
      userId: product.ownerId,
      productId: product.productId,
      memberId: sent.member!.id,
      actorName: 'Olivia Owner',
    });
    expect(resent.token).not.toBe(sent.token);
    expect(resent.member?.status).toBe('pending');
    expect(await grpcError(client.getInvitation({ token: sent.token }))).toEqual(
      refused(status.NOT_FOUND, teamMessages.invitationUnknown),
    );
    const userId = randomUUID();
    await client.acceptInvitation({
      token: resent.token,
      userId,
      email: 'late@example.com',
      name: 'L',
    });
    expect((await access(userId, product)).role).toBe('collaborator');
    const log = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(log.entries.map((e) => [e.actionType, e.billingImpactCents])).toEqual([
      ['accepted', 2500],
      ['resent', 0],
      ['expired', 0],
      ['invited', 0],
    ]);
  });

  it('expire on their own, read or not, logged once', async () => {
    const product = await newProduct();
    const sent = await invite(product, 'unread@example.com', 'viewer');
    await db('collaborators')
      .where({ id: sent.member!.id })
      .update({ expires_at: db.raw(`now() - interval '1 minute'`) });
    await eventually(
      async () =>
        (await db('collaborators').where({ id: sent.member!.id }).first()).invitation_status ===
          'expired' || undefined,
      { what: 'the sweep to expire the invitation' },
    );
    const logged = await db('collaboration_audit_log').where({
      collaborator_id: sent.member!.id,
      action_type: 'expired',
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action_by_user_id: product.ownerId,
      affected_email: 'unread@example.com',
    });
  });

  it('can be declined once', async () => {
    const product = await newProduct();
    const sent = await invite(product, 'no@example.com', 'admin');
    await client.declineInvitation({ token: sent.token });
    const declined = refused(status.FAILED_PRECONDITION, teamMessages.invitationDeclined);
    expect(await grpcError(client.declineInvitation({ token: sent.token }))).toEqual(declined);
    expect(await grpcError(client.getInvitation({ token: sent.token }))).toEqual(declined);
    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(audit.entries.map((e) => [e.actionType, e.actionByName])).toEqual([
      ['declined', 'no@example.com'],
      ['invited', 'Olivia Owner'],
    ]);
  });
});
