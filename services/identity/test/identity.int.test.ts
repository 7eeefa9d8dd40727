import { authMessages } from '@chorus/contracts';
import { IdentityServiceClient } from '@chorus/proto/identity/v1/identity';
import {
  createPromiseClient,
  decodeEnvelope,
  generateTokenKeys,
  InMemoryEventBus,
  publicKeyFromPem,
  TokenVerifier,
  type BusMessage,
  type PromiseClient,
} from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import {
  type Invitation,
  readIdentityConfig,
  startIdentity,
  type Mailer,
  type RunningIdentity,
} from '../src';
import { invitationMessages } from '../src/domain/invitations';

const keys = generateTokenKeys();
const verifier = new TokenVerifier(publicKeyFromPem(keys.publicKey));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let identity: RunningIdentity;
let client: PromiseClient<IdentityServiceClient>;
const bus = new InMemoryEventBus(testLogger());
const published: BusMessage[] = [];
const mail: { to: string; link: string }[] = [];
const invitations: Invitation[] = [];
/** Mail to this address fails, as a mail server that is down would. */
const unreachable = 'bounce@example.com';
const mailer: Mailer = {
  sendPasswordReset: (to, link) => {
    mail.push({ to, link });
    return Promise.resolve();
  },
  sendInvitation: (invitation) => {
    if (invitation.to === unreachable) return Promise.reject(new Error('connection refused'));
    invitations.push(invitation);
    return Promise.resolve();
  },
};
let clockOffsetMs = 0;

beforeAll(async () => {
  database = await createTestDatabase('identity');
  await bus.subscribe({
    groupId: 'test',
    topics: ['identity.v1'],
    handle: (m) => {
      published.push(m);
      return Promise.resolve();
    },
  });
  const config = readIdentityConfig({
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    TOKEN_PRIVATE_KEY: keys.privateKey,
    ADMIN_EMAIL: 'ops@chorus.test',
    ADMIN_PASSWORD: 'operator-password',
  });
  identity = await startIdentity(config, {
    bus,
    logger: testLogger(),
    mailer,
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  client = createPromiseClient(IdentityServiceClient, `127.0.0.1:${identity.port}`);
});

afterAll(async () => {
  client.close();
  await identity.stop();
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

const newUser = (email: string) => ({
  email,
  password: 'correct horse',
  firstName: 'Ada',
  lastName: 'Lovelace',
});

describe('registration and login', () => {
  it('registers a user and signs a token the gateway can verify with the public key', async () => {
    const { user, accessToken } = await client.register(newUser('Ada@Example.com'));
    expect(user).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', friendOfOurs: false });
    const claims = await verifier.verify(accessToken!.token, 'chorus');
    expect(claims).toMatchObject({ subject: user!.id, email: 'ada@example.com' });
    expect(claims.sessionId).toBe(accessToken!.sessionId);
  });

  it('publishes UserRegistered through the outbox', async () => {
    const { user } = await client.register(newUser('grace@example.com'));
    const event = await eventually(() =>
      published
        .map((m) => decodeEnvelope(m.value))
        .find((e) => e.event?.$case === 'userRegistered' && e.key === user!.id),
    );
    expect(event.event).toEqual({
      $case: 'userRegistered',
      value: {
        userId: user!.id,
        email: 'grace@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
      },
    });
  });

  it('refuses a duplicate e-mail with ALREADY_EXISTS', async () => {
    await client.register(newUser('dup@example.com'));
    expect(await grpcError(client.register(newUser('DUP@example.com')))).toEqual({
      code: status.ALREADY_EXISTS,
      details: authMessages.emailTaken,
    });
  });

  it('refuses missing fields with the spec message', async () => {
    expect(
      await grpcError(client.register({ ...newUser('x@example.com'), lastName: ' ' })),
    ).toEqual({ code: status.INVALID_ARGUMENT, details: authMessages.missingInformation });
  });

  it('logs in with the right password only, stores the password hashed', async () => {
    await client.register(newUser('linus@example.com'));
    const ok = await client.login({ email: 'LINUS@example.com', password: 'correct horse' });
    expect(ok.user?.email).toBe('linus@example.com');
    expect(await grpcError(client.login({ email: 'linus@example.com', password: 'nope' }))).toEqual(
      { code: status.UNAUTHENTICATED, details: authMessages.invalidCredentials },
    );
    expect(await grpcError(client.login({ email: 'nobody@example.com', password: 'x' }))).toEqual({
      code: status.UNAUTHENTICATED,
      details: authMessages.invalidCredentials,
    });
  });

  it('answers NOT_FOUND for an unknown user id', async () => {
    expect((await grpcError(client.getUser({ userId: 'no-such-user' }))).code).toBe(
      status.NOT_FOUND,
    );
  });
});

describe('logout', () => {
  it('revokes the session and announces it', async () => {
    const { accessToken, user } = await client.register(newUser('leaving@example.com'));
    await client.logout({ sessionId: accessToken!.sessionId });
    const { sessions } = await client.listRevokedSessions({});
    expect(sessions.map((s) => s.sessionId)).toContain(accessToken!.sessionId);
    await eventually(() =>
      published
        .map((m) => decodeEnvelope(m.value))
        .find(
          (e) =>
            e.event?.$case === 'sessionRevoked' &&
            e.event.value.sessionId === accessToken!.sessionId &&
            e.event.value.userId === user!.id,
        ),
    );
  });
});

describe('password reset', () => {
  const page = 'http://localhost:8080/reset-password';

  async function requestLink(email: string): Promise<string> {
    mail.length = 0;
    await client.requestPasswordReset({ email, resetPageUrl: page });
    const sent = await eventually(() => mail.find((m) => m.to === email));
    return new URL(sent.link).searchParams.get('token')!;
  }

  it('answers the same for unknown e-mails and sends nothing', async () => {
    mail.length = 0;
    await expect(
      client.requestPasswordReset({ email: 'ghost@example.com', resetPageUrl: page }),
    ).resolves.toEqual({});
    expect(mail).toEqual([]);
  });

  it('resets once with a valid token, then the token is spent', async () => {
    const { accessToken } = await client.register(newUser('forgetful@example.com'));
    const token = await requestLink('forgetful@example.com');
    expect(await client.validateResetToken({ token })).toEqual({
      valid: true,
      email: 'forgetful@example.com',
    });
    await client.resetPassword({ token, password: 'brand new pass' });
    await client.login({ email: 'forgetful@example.com', password: 'brand new pass' });
    expect(await client.validateResetToken({ token })).toEqual({ valid: false, email: '' });
    expect((await grpcError(client.resetPassword({ token, password: 'again again' }))).code).toBe(
      status.INVALID_ARGUMENT,
    );
    // Resetting the password signs the user out of existing sessions.
    const { sessions } = await client.listRevokedSessions({});
    expect(sessions.map((s) => s.sessionId)).toContain(accessToken!.sessionId);
  });

  it('stores only a hash of the token', async () => {
    await client.register(newUser('hashed@example.com'));
    const token = await requestLink('hashed@example.com');
    const { Client } = await import('pg');
    const pg = new Client({ connectionString: database.url });
    await pg.connect();
    const { rows } = await pg.query('select reset_token from users where email = $1', [
      'hashed@example.com',
    ]);
    await pg.end();
    expect(rows[0].reset_token).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].reset_token).not.toBe(token);
  });

  it('expires tokens after one hour', async () => {
    await client.register(newUser('late@example.com'));
    const token = await requestLink('late@example.com');
    clockOffsetMs = 61 * 60 * 1000;
    try {
      expect((await client.validateResetToken({ token })).valid).toBe(false);
      expect(
        (await grpcError(client.resetPassword({ token, password: 'too late now' }))).code,
      ).toBe(status.INVALID_ARGUMENT);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses a short password', async () => {
    await client.register(newUser('short@example.com'));
    const token = await requestLink('short@example.com');
    expect(await grpcError(client.resetPassword({ token, password: '12345' }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: authMessages.passwordTooShort,
    });
  });
});

describe('admin accounts', () => {
  it('seeds the configured admin and issues admin-audience tokens', async () => {
    const { accessToken, role } = await client.adminLogin({
      email: 'ops@chorus.test',
      password: 'operator-password',
    });
    expect(role).toBe('admin');
    await expect(verifier.verify(accessToken!.token, 'chorus-admin')).resolves.toMatchObject({
      email: 'ops@chorus.test',
    });
    // An admin token is not a customer token, and the reverse.
    await expect(verifier.verify(accessToken!.token, 'chorus')).rejects.toThrow();
  });

  it('refuses a wrong admin password', async () => {
    expect(
      (await grpcError(client.adminLogin({ email: 'ops@chorus.test', password: 'guess' }))).code,
    ).toBe(status.UNAUTHENTICATED);
  });

  it('counts users', async () => {
    const stats = await client.getUserStats({});
    expect(stats.totalUsers).toBeGreaterThanOrEqual(5);
    expect(stats.signupsByMonth.at(-1)?.month).toBe(new Date().toISOString().slice(0, 7));
  });
});

describe('invitations', () => {
  const expiresAt = new Date('2027-03-10T09:05:00Z');
  const invite = {
    to: 'Grace@Example.com',
    link: 'http://localhost:8080/invitations/abc_-1',
    productName: 'Lantern',
    inviterName: 'Ada Lovelace',
    role: 'viewer',
    roadmapName: '',
    expiresAt,
  };

  it('sends the invitation to the address with its link, role and expiry', async () => {
    invitations.length = 0;
    await expect(client.sendInvitation(invite)).resolves.toEqual({});
    await expect(
      client.sendInvitation({
        ...invite,
        to: 'linus@example.com',
        role: 'roadmap',
        roadmapName: 'Mobile 2026',
        roadmapPermission: 'edit',
      }),
    ).resolves.toEqual({});

    expect(invitations).toEqual([
      {
        to: 'Grace@Example.com',
        link: 'http://localhost:8080/invitations/abc_-1',
        productName: 'Lantern',
        inviterName: 'Ada Lovelace',
        role: 'viewer',
        expiresAt,
      },
      {
        to: 'linus@example.com',
        link: 'http://localhost:8080/invitations/abc_-1',
        productName: 'Lantern',
        inviterName: 'Ada Lovelace',
        role: 'roadmap',
        roadmap: { name: 'Mobile 2026', permission: 'edit' },
        expiresAt,
      },
    ]);
  });

  it.each([
    ['an empty address', { to: '' }, invitationMessages.toRequired],
    ['an empty link', { link: '' }, invitationMessages.linkRequired],
    ['a role that does not exist', { role: 'owner' }, invitationMessages.role],
  ])('refuses %s and sends nothing', async (_, change, details) => {
    invitations.length = 0;
    expect(await grpcError(client.sendInvitation({ ...invite, ...change }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details,
    });
    expect(invitations).toEqual([]);
  });

  it('tells the caller when the mail server did not take it, so it can be sent again', async () => {
    expect(await grpcError(client.sendInvitation({ ...invite, to: unreachable }))).toEqual({
      code: status.UNAVAILABLE,
      details: 'The invitation e-mail could not be sent. Try again in a moment.',
    });
  });
});
