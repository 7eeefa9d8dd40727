import {
  INVITES_PER_PRODUCT_PER_HOUR,
  MAX_COLLABORATORS,
  productMessages,
  roleRefusal,
  teamMessages,
} from '@chorus/contracts';
import { CatalogServiceClient } from '@chorus/proto/catalog/v1/catalog';
import {
  type BusMessage,
  createPromiseClient,
  decodeEnvelope,
  type Envelope,
  type EventCase,
  type EventOf,
  InMemoryEventBus,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import knex, { type Knex } from 'knex';
import { createHash, randomUUID } from 'node:crypto';
import { readCatalogConfig, type RunningCatalog, startCatalog } from '../src';

// Two catalog replicas over one database, as with two pods: `client` talks
// to the first, `replica` to the second.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const catalogs: RunningCatalog[] = [];
let client: PromiseClient<CatalogServiceClient>;
let replica: PromiseClient<CatalogServiceClient>;
let db: Knex;
const bus = new InMemoryEventBus(testLogger());
const published: Envelope[] = [];

beforeAll(async () => {
  database = await createTestDatabase('teams');
  await bus.subscribe({
    groupId: 'test',
    topics: [Topics.catalog],
    handle: (message: BusMessage) => {
      published.push(decodeEnvelope(message.value));
      return Promise.resolve();
    },
  });
  const config = readCatalogConfig({
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    GRPC_HOST: '127.0.0.1',
    // The periodic pass that also expires invitations nobody reads.
    QUESTION_SWEEP_INTERVAL_MS: '200',
  });
  catalogs.push(await startCatalog(config, { bus, logger: testLogger() }));
  catalogs.push(await startCatalog(config, { bus, logger: testLogger() }));
  client = createPromiseClient(CatalogServiceClient, `127.0.0.1:${catalogs[0]!.port}`);
  replica = createPromiseClient(CatalogServiceClient, `127.0.0.1:${catalogs[1]!.port}`);
  db = knex({ client: 'pg', connection: database.url });
});

afterAll(async () => {
  client.close();
  replica.close();
  for (const catalog of catalogs) await catalog.stop();
  await bus.close();
  await db.destroy();
  await database.drop();
});

function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

const refused = (code: status, details: string) => ({ code, details });
const productNotFound = refused(status.NOT_FOUND, productMessages.notFound);

function eventsOf<C extends EventCase>(kind: C, productId: string): EventOf<C>[] {
  return published
    .filter((e) => e.event?.$case === kind && e.key === productId)
    .map((e) => e.event!.value as EventOf<C>);
}

const OWNER_EMAIL = 'owner@example.com';

async function newProduct(billingCycle = '') {
  const ownerId = randomUUID();
  const { product } = await client.createProduct({
    userId: ownerId,
    name: 'Lantern',
    description: '',
    industry: 'Technology',
    billingCycle,
  });
  return { ownerId, productId: product!.id };
}

type Product = Awaited<ReturnType<typeof newProduct>>;

function invite(product: Product, email: string, role = 'collaborator', by = product.ownerId) {
  return client.inviteMember({
    userId: by,
    productId: product.productId,
    email,
    role,
    inviterName: by === product.ownerId ? 'Olivia Owner' : 'Adam Admin',
    inviterEmail: by === product.ownerId ? OWNER_EMAIL : 'adam@example.com',
    ownerEmail: OWNER_EMAIL,
  });
}

let people = 0;
/** Invites a new person with the role and accepts as them. */
async function join(product: Product, role: string) {
  people += 1;
  const email = `member${people}@example.com`;
  const userId = randomUUID();
  const { token, member } = await invite(product, email, role);
  await client.acceptInvitation({ token, userId, email, name: `Member ${people}` });
  return { userId, email, memberId: member!.id, token };
}

const access = (userId: string, product: Product, roadmapId?: string) =>
  client.getAccess({ userId, productId: product.productId, roadmapId });

const collaboratorRows = (productId: string) =>
  db('collaborators').where({ product_id: productId }).orderBy('invited_at');

describe('an invitation, from sending to leaving', () => {
  it('lets a collaborator in with their role, and out again at once on every replica', async () => {
    const product = await newProduct();
    const sent = await invite(product, ' Ana@Example.com ', 'collaborator');
    expect(sent.productName).toBe('Lantern');
    expect(sent.member).toMatchObject({
      email: 'ana@example.com',
      role: 'collaborator',
      status: 'pending',
      invitedByName: 'Olivia Owner',
      isBillable: true,
      userId: '',
    });
    expect(sent.member!.expiresAt!.getTime() - sent.member!.invitedAt!.getTime()).toBe(
      7 * 24 * 3600 * 1000,
    );

    const shown = await client.getInvitation({ token: sent.token });
    expect(shown).toMatchObject({
      productName: 'Lantern',
      member: { email: 'ana@example.com', role: 'collaborator', invitedByName: 'Olivia Owner' },
    });

    const ana = randomUUID();
    expect(
      await grpcError(
        client.acceptInvitation({
          token: sent.token,
          userId: ana,
          email: 'bob@example.com',
          name: 'Bob',
        }),
      ),
    ).toEqual(refused(status.PERMISSION_DENIED, teamMessages.otherEmail));
    expect(
      await grpcError(
        client.acceptInvitation({
          token: sent.token,
          userId: product.ownerId,
          email: 'ana@example.com',
          name: 'Olivia',
        }),
      ),
    ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.inviteOwner));
    // Before accepting, the product is as absent to her as to anyone.
    expect(await grpcError(access(ana, product))).toEqual(productNotFound);
    // Warm the second replica's memory of her (no access yet).
    expect(
      await grpcError(replica.getAccess({ userId: ana, productId: product.productId })),
    ).toEqual(productNotFound);

    const accepted = await client.acceptInvitation({
      token: sent.token,
      userId: ana,
      email: 'ANA@example.com',
      name: 'Ana Lima',
    });
    expect(accepted.member).toMatchObject({ status: 'accepted', userId: ana, name: 'Ana Lima' });
    expect(
      await grpcError(
        client.acceptInvitation({
          token: sent.token,
          userId: ana,
          email: 'ana@example.com',
          name: 'Ana',
        }),
      ),
    ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.invitationUsed));

    // Both replicas let her in at once.
    for (const catalog of [client, replica]) {
      const answer = await catalog.getAccess({ userId: ana, productId: product.productId });
      expect(answer).toMatchObject({
        role: 'collaborator',
        roadmapPermission: '',
        product: {
          id: product.productId,
          userId: product.ownerId,
          accessRole: 'collaborator',
          billableSeats: 1,
          collaboratorCount: 1,
        },
      });
    }
    expect(
      (await client.getAccess({ userId: product.ownerId, productId: product.productId })).role,
    ).toBe('owner');

    // My Products: hers shows it with her role; the owner's with theirs.
    const own = await newProductOf(ana, 'Ana’s own');
    const hers = await client.listProducts({ userId: ana });
    expect(hers.products.map((p) => [p.id, p.accessRole, p.billableSeats])).toEqual([
      [own, 'owner', 0],
      [product.productId, 'collaborator', 1],
    ]);
    const owners = await client.listProducts({ userId: product.ownerId });
    expect(owners.products.map((p) => [p.id, p.accessRole, p.billableSeats])).toEqual([
      [product.productId, 'owner', 1],
    ]);
    expect(
      (await client.getProduct({ userId: ana, productId: product.productId })).product?.accessRole,
    ).toBe('collaborator');

    // The team page, as she sees it.
    const team = await client.listTeam({ userId: ana, productId: product.productId });
    expect(team.product?.accessRole).toBe('collaborator');
    expect(team.memberCount).toBe(1);
    expect(team.members.map((m) => [m.email, m.status, m.name])).toEqual([
      ['ana@example.com', 'accepted', 'Ana Lima'],
    ]);

    // Down to viewer: she can still read, the bill loses the seat.
    const changed = await client.changeMemberRole({
      userId: product.ownerId,
      productId: product.productId,
      memberId: sent.member!.id,
      role: 'viewer',
      actorName: 'Olivia Owner',
    });
    expect(changed.member).toMatchObject({ role: 'viewer', isBillable: false });
    expect(await replica.getAccess({ userId: ana, productId: product.productId })).toMatchObject({
      role: 'viewer',
      product: { accessRole: 'viewer', billableSeats: 0 },
    });

    // Removed: the very next request on either replica answers NOT_FOUND.
    await client.removeMember({
      userId: product.ownerId,
      productId: product.productId,
      memberId: sent.member!.id,
      actorName: 'Olivia Owner',
    });
    expect(
      await grpcError(replica.getAccess({ userId: ana, productId: product.productId })),
    ).toEqual(productNotFound);
    expect(await grpcError(access(ana, product))).toEqual(productNotFound);
    expect(
      await grpcError(replica.getProduct({ userId: ana, productId: product.productId })),
    ).toEqual(productNotFound);
    expect((await replica.listProducts({ userId: ana })).products.map((p) => p.id)).toEqual([own]);
    // And the member is gone from the team page (the audit log keeps it).
    expect(
      (await client.listTeam({ userId: product.ownerId, productId: product.productId })).members,
    ).toEqual([]);
  });

  it('lets a member leave, and never the owner', async () => {
    const product = await newProduct();
    const viewer = await join(product, 'viewer');
    expect(
      (await replica.getAccess({ userId: viewer.userId, productId: product.productId })).role,
    ).toBe('viewer');
    await client.leaveProduct({
      userId: viewer.userId,
      productId: product.productId,
      actorName: 'V',
    });
    expect(
      await grpcError(replica.getAccess({ userId: viewer.userId, productId: product.productId })),
    ).toEqual(productNotFound);
    expect(
      await grpcError(
        client.leaveProduct({
          userId: viewer.userId,
          productId: product.productId,
          actorName: 'V',
        }),
      ),
    ).toEqual(productNotFound);
    expect(
      await grpcError(
        client.leaveProduct({
          userId: product.ownerId,
          productId: product.productId,
          actorName: 'O',
        }),
      ),
    ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.ownerCannotLeave));
    const [row] = await collaboratorRows(product.productId);
    expect(row).toMatchObject({ invitation_status: 'left', is_active: false });
  });

  it('ends every membership when the product is deleted', async () => {
    const product = await newProduct();
    const member = await join(product, 'admin');
    expect(
      (await replica.getAccess({ userId: member.userId, productId: product.productId })).role,
    ).toBe('admin');
    await client.deleteProduct({ userId: product.ownerId, productId: product.productId });
    expect(
      await grpcError(replica.getAccess({ userId: member.userId, productId: product.productId })),
    ).toEqual(productNotFound);
    expect((await replica.listProducts({ userId: member.userId })).products).toEqual([]);
    expect(await collaboratorRows(product.productId)).toEqual([]);
    expect(
      await db('collaboration_audit_log').where({ product_id: product.productId }).count('* as n'),
    ).toEqual([{ n: '0' }]);
  });
});

async function newProductOf(userId: string, name: string): Promise<string> {
  const { product } = await client.createProduct({
    userId,
    name,
    description: '',
    industry: 'Retail',
    billingCycle: '',
  });
  return product!.id;
}

describe('who may manage the team', () => {
  it('lets owners and admins manage, tells other members what it takes, hides it from strangers', async () => {
    const product = await newProduct();
    const admin = await join(product, 'admin');
    const collaborator = await join(product, 'collaborator');
    const viewer = await join(product, 'viewer');

    const byAdmin = await invite(product, 'new@example.com', 'viewer', admin.userId);
    expect(byAdmin.member?.invitedByName).toBe('Adam Admin');
    // Each is told what their own role lets them do, and who may do this.
    for (const [member, role] of [
      [collaborator, 'collaborator'],
      [viewer, 'viewer'],
    ] as const) {
      expect(
        await grpcError(invite(product, 'other@example.com', 'viewer', member.userId)),
      ).toEqual(refused(status.PERMISSION_DENIED, roleRefusal('admin', role)));
      expect(
        await grpcError(
          client.listTeamAudit({ userId: member.userId, productId: product.productId }),
        ),
      ).toEqual(refused(status.PERMISSION_DENIED, roleRefusal('admin', role)));
    }
    const stranger = randomUUID();
    expect(await grpcError(invite(product, 'other@example.com', 'viewer', stranger))).toEqual(
      productNotFound,
    );
    expect(
      await grpcError(client.listTeam({ userId: stranger, productId: product.productId })),
    ).toEqual(productNotFound);
    // The viewer may read the team; the admin may change it.
    expect(
      (await client.listTeam({ userId: viewer.userId, productId: product.productId })).memberCount,
    ).toBe(4);
    await client.changeMemberRole({
      userId: admin.userId,
      productId: product.productId,
      memberId: viewer.memberId,
      role: 'collaborator',
      actorName: 'Adam Admin',
    });

    // Nobody removes the owner.
    for (const by of [admin.userId, product.ownerId]) {
      expect(
        await grpcError(
          client.removeMember({
            userId: by,
            productId: product.productId,
            memberId: product.ownerId,
            actorName: '',
          }),
        ),
      ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.ownerCannotBeRemoved));
    }
    expect(
      await grpcError(
        client.removeMember({
          userId: product.ownerId,
          productId: product.productId,
          memberId: randomUUID(),
          actorName: '',
        }),
      ),
    ).toEqual(refused(status.NOT_FOUND, teamMessages.memberNotFound));
    expect(
      await grpcError(
        client.changeMemberRole({
          userId: product.ownerId,
          productId: product.productId,
          memberId: collaborator.memberId,
          role: 'owner',
          actorName: '',
        }),
      ),
    ).toEqual(refused(status.INVALID_ARGUMENT, teamMessages.role));
  });
});

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

describe('seats: events and the audit log', () => {
  it('announces every change with the seats after it, and logs what it does to the bill', async () => {
    const product = await newProduct();
    const collaborator = await join(product, 'collaborator');
    const viewer = await join(product, 'viewer');
    await client.changeMemberRole({
      userId: product.ownerId,
      productId: product.productId,
      memberId: viewer.memberId,
      role: 'admin',
      actorName: 'Olivia Owner',
    });
    await client.removeMember({
      userId: product.ownerId,
      productId: product.productId,
      memberId: collaborator.memberId,
      actorName: 'Olivia Owner',
    });
    await client.leaveProduct({
      userId: viewer.userId,
      productId: product.productId,
      actorName: 'Vic',
    });

    await eventually(
      () => eventsOf('collaboratorLeft', product.productId).length === 2 || undefined,
      {
        what: 'both departures published',
      },
    );
    const joined = eventsOf('collaboratorJoined', product.productId);
    expect(joined.map((e) => [e.memberUserId, e.role, e.isBillable, e.billableSeats])).toEqual([
      [collaborator.userId, 'collaborator', true, 1],
      [viewer.userId, 'viewer', false, 1],
    ]);
    expect(joined[0]).toMatchObject({
      productId: product.productId,
      userId: product.ownerId,
      collaboratorId: collaborator.memberId,
      roadmapId: '',
      // The owner sent the invitation.
      invitedByUserId: product.ownerId,
    });
    expect(eventsOf('collaboratorRoleChanged', product.productId)).toEqual([
      expect.objectContaining({
        memberUserId: viewer.userId,
        previousRole: 'viewer',
        role: 'admin',
        isBillable: true,
        billableSeats: 2,
      }),
    ]);
    expect(
      eventsOf('collaboratorLeft', product.productId).map((e) => [
        e.memberUserId,
        e.role,
        e.wasBillable,
        e.billableSeats,
      ]),
    ).toEqual([
      [collaborator.userId, 'collaborator', true, 1],
      [viewer.userId, 'admin', true, 0],
    ]);

    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(
      audit.entries.map((e) => [
        e.actionType,
        e.affectedEmail,
        e.billingImpactCents,
        e.actionByName,
      ]),
    ).toEqual([
      ['left', viewer.email, -2500, 'Vic'],
      ['removed', collaborator.email, -2500, 'Olivia Owner'],
      ['role_changed', viewer.email, 2500, 'Olivia Owner'],
      ['accepted', viewer.email, 0, expect.stringMatching(/^Member/)],
      ['invited', viewer.email, 0, 'Olivia Owner'],
      ['accepted', collaborator.email, 2500, expect.stringMatching(/^Member/)],
      ['invited', collaborator.email, 0, 'Olivia Owner'],
    ]);
    const roleChange = audit.entries[2]!;
    expect(roleChange.previousState).toEqual({
      role: 'viewer',
      status: 'accepted',
    });
    expect(roleChange.newState).toEqual({ role: 'admin', status: 'accepted' });
    expect(
      await db('collaboration_audit_log')
        .where({ action_type: 'removed', product_id: product.productId })
        .first(),
    ).toMatchObject({
      billing_impact: '-25.00',
      action_by_user_id: product.ownerId,
    });
    const counts = await db('products').where({ id: product.productId }).first();
    expect(counts).toMatchObject({ collaborator_count: 0, billable_seats: 0 });
  });

  it('bills an annual product’s seat at a twelfth of its year', async () => {
    const product = await newProduct('annual');
    await join(product, 'admin');
    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(audit.entries[0]).toMatchObject({ actionType: 'accepted', billingImpactCents: 2250 });
  });
});

describe('roadmaps shared on their own', () => {
  it('open that roadmap only, list among shared roadmaps, and end with it', async () => {
    const product = await newProduct();
    const roadmapId = randomUUID();
    const share = (email: string, permission: string) =>
      client.shareRoadmap({
        userId: product.ownerId,
        productId: product.productId,
        roadmapId,
        roadmapName: 'Q3 launch',
        email,
        permission,
        inviterName: 'Olivia Owner',
        inviterEmail: OWNER_EMAIL,
        ownerEmail: OWNER_EMAIL,
      });
    expect(await grpcError(share('rita@example.com', 'admin'))).toEqual(
      refused(status.INVALID_ARGUMENT, teamMessages.roadmapPermission),
    );
    const editor = await share('rita@example.com', 'edit');
    expect(editor.member).toMatchObject({
      role: 'roadmap',
      roadmapId,
      roadmapName: 'Q3 launch',
      roadmapPermission: 'edit',
      isBillable: true,
    });
    const reader = await share('rex@example.com', '');
    expect(reader.member).toMatchObject({ roadmapPermission: 'view', isBillable: false });
    expect((await client.getInvitation({ token: editor.token })).member?.roadmapId).toBe(roadmapId);

    const rita = randomUUID();
    await client.acceptInvitation({
      token: editor.token,
      userId: rita,
      email: 'rita@example.com',
      name: 'Rita',
    });
    expect(await access(rita, product, roadmapId)).toMatchObject({
      role: 'roadmap',
      roadmapPermission: 'edit',
      product: { accessRole: 'roadmap', billableSeats: 1, name: 'Lantern' },
    });
    expect(await grpcError(access(rita, product))).toEqual(productNotFound);
    expect(await grpcError(access(rita, product, randomUUID()))).toEqual(productNotFound);
    expect(
      await grpcError(client.listTeam({ userId: rita, productId: product.productId })),
    ).toEqual(productNotFound);
    expect((await client.listProducts({ userId: rita })).products).toEqual([]);
    expect((await replica.listSharedRoadmaps({ userId: rita })).roadmaps).toEqual([
      {
        roadmapId,
        roadmapName: 'Q3 launch',
        productId: product.productId,
        productName: 'Lantern',
        permission: 'edit',
      },
    ]);
    const shares = await client.listRoadmapShares({
      userId: product.ownerId,
      productId: product.productId,
      roadmapId,
    });
    expect(shares.members.map((m) => [m.email, m.status, m.roadmapPermission])).toEqual([
      ['rex@example.com', 'pending', 'view'],
      ['rita@example.com', 'accepted', 'edit'],
    ]);
    const team = await client.listTeam({ userId: product.ownerId, productId: product.productId });
    expect(team.members).toEqual([]);
    expect(team.memberCount).toBe(2);

    // A product member needs no share of a roadmap they already see.
    const member = await join(product, 'viewer');
    expect(await grpcError(share(member.email, 'view'))).toEqual(
      refused(status.ALREADY_EXISTS, teamMessages.alreadyMember),
    );
    expect((await access(member.userId, product, roadmapId)).role).toBe('viewer');

    // The roadmap is deleted: every share of it ends.
    expect(await access(rita, product, roadmapId)).toBeTruthy();
    await client.endRoadmapShares({
      userId: product.ownerId,
      productId: product.productId,
      roadmapId,
    });
    expect(
      await grpcError(replica.getAccess({ userId: rita, productId: product.productId, roadmapId })),
    ).toEqual(productNotFound);
    expect((await client.listSharedRoadmaps({ userId: rita })).roadmaps).toEqual([]);
    expect(
      (
        await client.listRoadmapShares({
          userId: product.ownerId,
          productId: product.productId,
          roadmapId,
        })
      ).members,
    ).toEqual([]);
    await eventually(
      () => eventsOf('collaboratorLeft', product.productId).length === 1 || undefined,
    );
    expect(eventsOf('collaboratorLeft', product.productId)[0]).toMatchObject({
      memberUserId: rita,
      role: 'roadmap',
      roadmapId,
      wasBillable: true,
      billableSeats: 0,
    });
    expect(eventsOf('collaboratorJoined', product.productId)[0]).toMatchObject({
      memberUserId: rita,
      role: 'roadmap',
      roadmapId,
      roadmapPermission: 'edit',
      billableSeats: 1,
    });
    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(
      audit.entries
        .filter((e) => e.actionType === 'removed')
        .map((e) => [e.affectedEmail, e.billingImpactCents])
        .sort(),
    ).toEqual([
      ['rex@example.com', 0],
      ['rita@example.com', -2500],
    ]);
  });
});
