import { authMessages } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import {
  generateTokenKeys,
  InMemoryEventBus,
  privateKeyFromPem,
  TokenIssuer,
} from '@chorus/service-kit';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { readGatewayConfig, startGateway } from '../src';

let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus({
    env: { ADMIN_EMAIL: 'boss@chorus.test', ADMIN_PASSWORD: 'boss-password' },
  });
});
afterAll(() => chorus.stop());

const registration = (email: string) => ({
  email,
  password: 'secret-pass',
  firstName: 'Mia',
  lastName: 'Stone',
  productName: 'Lantern',
  productDescription: 'Smart lights',
  industry: 'technology',
  billingCycle: 'monthly',
  stripeToken: 'pm_card_visa',
});

async function register(email = `user-${randomUUID()}@example.com`) {
  const answer = await chorus.api<{ token: string }>('/api/auth/register', {
    method: 'POST',
    body: registration(email),
  });
  expect(answer.status).toBe(201);
  return { email, token: answer.body.token };
}

describe('registration', () => {
  it('creates the account, signs the user in and answers the current user', async () => {
    const { token, email } = await register();
    const me = await chorus.api('/api/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(
      expect.objectContaining({ email, firstName: 'Mia', lastName: 'Stone', isAdmin: false }),
    );
  });

  it.each(['email', 'password', 'firstName', 'lastName', 'productName'])(
    'refuses a missing %s with the spec message',
    async (field) => {
      const body = Object.fromEntries(
        Object.entries(registration('missing@example.com')).filter(([key]) => key !== field),
      );
      const answer = await chorus.api('/api/auth/register', { method: 'POST', body });
      expect(answer).toMatchObject({
        status: 400,
        body: { message: authMessages.missingInformation },
      });
    },
  );

  it('refuses a duplicate e-mail with 409', async () => {
    const { email } = await register();
    const answer = await chorus.api('/api/auth/register', {
      method: 'POST',
      body: registration(email.toUpperCase()),
    });
    expect(answer).toMatchObject({ status: 409, body: { message: authMessages.emailTaken } });
  });

  it('marks the configured administrator as admin', async () => {
    const { token } = await register('boss@chorus.test');
    const me = await chorus.api('/api/auth/user', { token });
    expect(me.body).toMatchObject({ isAdmin: true });
  });
});

describe('tokens', () => {
  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    expect((await chorus.api('/api/auth/user')).status).toBe(401);
    const { token } = await register();
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'x' }),
    ).toString('base64url');
    expect(
      (await chorus.api('/api/auth/user', { token: `${header}.${forgedPayload}.AAAA` })).status,
    ).toBe(401);
    const stranger = new TokenIssuer(privateKeyFromPem(generateTokenKeys().privateKey));
    const foreign = await stranger.issue({
      subject: 'u',
      sessionId: 's',
      audience: 'chorus',
      email: 'a@b.c',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await chorus.api('/api/auth/user', { token: foreign })).status).toBe(401);
    expect((await chorus.api('/api/auth/user', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('logout revokes the token on this gateway and on another replica', async () => {
    const { token } = await register();
    const replica = await startGateway(
      readGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
        TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
      }),
      { bus: chorus.bus, logger: testLogger() },
    );
    const onReplica = (path: string) =>
      fetch(`http://127.0.0.1:${replica.port}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    try {
      expect((await onReplica('/api/auth/user')).status).toBe(200);
      expect((await chorus.api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
      expect((await chorus.api('/api/auth/user', { token })).status).toBe(401);
      // The other replica hears of the logout through the SessionRevoked event.
      await eventually(async () => (await onReplica('/api/auth/user')).status === 401, {
        what: 'the replica to refuse the revoked token',
      });
    } finally {
      await replica.stop();
    }
  });

  it('a replica started after a logout refuses the token too', async () => {
    const { token } = await register();
    await chorus.api('/api/auth/logout', { method: 'POST', token });
    const late = await startGateway(
      readGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
        TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
      }),
      { bus: new InMemoryEventBus(testLogger()), logger: testLogger() },
    );
    try {
      const answer = await fetch(`http://127.0.0.1:${late.port}/api/auth/user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(401);
    } finally {
      await late.stop();
    }
  });

  it('logout without a token still answers 200', async () => {
    expect((await chorus.api('/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });
});

describe('login', () => {
  it('signs in with the right password and refuses a wrong one with 401', async () => {
    const { email } = await register();
    const ok = await chorus.api<{ token: string }>('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'secret-pass' },
    });
    expect(ok.status).toBe(200);
    expect((await chorus.api('/api/auth/user', { token: ok.body.token })).status).toBe(200);
    const wrong = await chorus.api('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'wrong' },
    });
    expect(wrong).toMatchObject({
      status: 401,
      body: { message: authMessages.invalidCredentials },
    });
  });

  it('needs an e-mail and a password', async () => {
    const answer = await chorus.api('/api/auth/login', {
      method: 'POST',
      body: { email: 'a@b.c' },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: authMessages.emailAndPasswordRequired },
    });
  });

  it('limits attempts per e-mail with 429', async () => {
    const email = `target-${randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await chorus.api('/api/auth/login', {
        method: 'POST',
        body: { email, password: `guess-${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await chorus.api('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'x' },
    });
    expect(limited.body).toEqual({ message: authMessages.tooManyAttempts });
  });
});

describe('password reset', () => {
  function loggedLink(email: string) {
    return eventually(() => {
      const line = chorus.logs.find(
        (l) => l.to === email && typeof l.link === 'string' && l.msg.includes('reset link'),
      );
      return line ? new URL(line.link as string) : undefined;
    });
  }

  it('answers the same for known and unknown e-mails', async () => {
    const { email } = await register();
    const known = await chorus.api('/api/auth/forgot-password', {
      method: 'POST',
      body: { email },
    });
    const unknown = await chorus.api('/api/auth/forgot-password', {
      method: 'POST',
      body: { email: `nobody-${randomUUID()}@example.com` },
    });
    expect(known.status).toBe(200);
    expect(unknown).toEqual({ ...known, headers: unknown.headers });
  });

  it('resets the password from the logged link, once', async () => {
    const { email } = await register();
    await chorus.api('/api/auth/forgot-password', { method: 'POST', body: { email } });
    const link = await loggedLink(email);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    expect((await chorus.api(`/api/auth/validate-reset-token/${token}`)).body).toEqual({
      valid: true,
      email,
    });
    const reset = await chorus.api('/api/auth/reset-password', {
      method: 'POST',
      body: { token, password: 'new-secret' },
    });
    expect(reset.status).toBe(200);
    const login = await chorus.api('/api/auth/login', {
      method: 'POST',
      body: { email, password: 'new-secret' },
    });
    expect(login.status).toBe(200);
    const again = await chorus.api('/api/auth/reset-password', {
      method: 'POST',
      body: { token, password: 'another-one' },
    });
    expect(again).toMatchObject({ status: 400, body: { message: authMessages.invalidResetToken } });
    expect((await chorus.api(`/api/auth/validate-reset-token/${token}`)).body).toEqual({
      valid: false,
      email: '',
    });
  });

  it('refuses a password shorter than 6 characters', async () => {
    const answer = await chorus.api('/api/auth/reset-password', {
      method: 'POST',
      body: { token: 'whatever', password: '123' },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: authMessages.passwordTooShort } });
  });
});

describe('admin login', () => {
  it('gives the seeded admin a token and refuses a wrong password with 401 "Login failed"', async () => {
    const ok = await chorus.api<{ token: string; admin: unknown }>('/api/admin/login', {
      method: 'POST',
      body: { email: 'boss@chorus.test', password: 'boss-password' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.admin).toEqual({ email: 'boss@chorus.test', role: 'admin' });
    // An admin token is not a customer session.
    expect((await chorus.api('/api/auth/user', { token: ok.body.token })).status).toBe(401);
    const wrong = await chorus.api('/api/admin/login', {
      method: 'POST',
      body: { email: 'boss@chorus.test', password: 'nope' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Login failed' } });
  });
});

describe('hostile and malformed requests', () => {
  it('answers 400 to malformed JSON and to a body that is not an object', async () => {
    const malformed = await chorus.api('/api/auth/login', { method: 'POST', body: '{"email": ' });
    expect(malformed).toMatchObject({
      status: 400,
      body: { message: 'Malformed JSON in request body' },
    });
    const array = await chorus.api('/api/auth/login', { method: 'POST', body: '[1,2]' });
    expect(array).toMatchObject({
      status: 400,
      body: { message: 'Request body must be a JSON object' },
    });
  });

  it('answers 413 to a body over the limit', async () => {
    const answer = await chorus.api('/api/auth/register', {
      method: 'POST',
      body: { ...registration('big@example.com'), productDescription: 'x'.repeat(2_000_000) },
    });
    expect(answer).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
  });

  it('sends security headers', async () => {
    const answer = await chorus.api('/healthz');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });

  it('answers 404 with a message for an unknown API path', async () => {
    expect(await chorus.api('/api/nothing-here')).toMatchObject({
      status: 404,
      body: { message: 'Not found' },
    });
  });
});

describe('operations', () => {
  it('reports liveness and readiness of the services behind it', async () => {
    expect((await chorus.api('/healthz')).status).toBe(200);
    expect(await chorus.api('/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ready', services: { identity: 'SERVING' } },
    });
  });

  it('publishes an OpenAPI document of every route', async () => {
    const { body } = await chorus.api<{ paths: Record<string, Record<string, unknown>> }>(
      '/api/openapi.json',
    );
    const operations = Object.entries(body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/auth/user',
        'POST /api/auth/register',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/auth/forgot-password',
        'GET /api/auth/validate-reset-token/{token}',
        'POST /api/auth/reset-password',
        'POST /api/admin/login',
      ]),
    );
  });
});
