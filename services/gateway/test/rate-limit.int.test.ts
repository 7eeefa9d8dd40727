import { authMessages } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { readGatewayConfig, startGateway } from '../src';

// Counters live in memory by default; with REDIS_URL they live in Redis and
// every gateway replica counts together. The Redis variant runs wherever a
// Redis is configured for tests (CI sets TEST_REDIS_URL).
const stores: [string, string | undefined][] = [
  ['memory', undefined],
  ...(process.env.TEST_REDIS_URL
    ? ([['redis', process.env.TEST_REDIS_URL]] as [string, string][])
    : []),
];

describe.each(stores)('credential rate limits with %s counters', (store, redisUrl) => {
  let chorus: TestChorus;
  beforeAll(async () => {
    chorus = await startTestChorus({ redisUrl });
  });
  afterAll(() => chorus.stop());

  const forgot = (email: string, base = chorus.url) =>
    fetch(`${base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });

  it('answers 429 with a message after five reset requests for one e-mail', async () => {
    const email = `flood-${randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(email)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await forgot(email);
    expect(await limited.json()).toEqual({ message: authMessages.tooManyAttempts });
    expect(limited.headers.get('ratelimit-policy')).toBeTruthy();
    // Another e-mail is not affected.
    expect((await forgot(`other-${randomUUID()}@example.com`)).status).toBe(200);
  });

  it('limits admin login to five attempts', async () => {
    const email = `ops-${randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await chorus.api('/api/admin/login', {
        method: 'POST',
        body: { email, password: 'guess' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  if (store === 'redis') {
    it('counts attempts across gateway replicas', async () => {
      const replica = await startGateway(
        readGatewayConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          IDENTITY_ADDR: `127.0.0.1:${chorus.grpcPorts.identity}`,
          TOKEN_PUBLIC_KEY: chorus.tokenPublicKey,
          REDIS_URL: redisUrl,
        }),
        { bus: chorus.bus, logger: testLogger() },
      );
      try {
        const email = `spread-${randomUUID()}@example.com`;
        const other = `http://127.0.0.1:${replica.port}`;
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++)
          statuses.push((await forgot(email, i % 2 ? other : chorus.url)).status);
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      } finally {
        await replica.stop();
      }
    });
  }
});

describe('the public invitation routes', () => {
  let chorus: TestChorus;
  beforeAll(async () => {
    // One proxy hop: the limits count per client address, each run from its own.
    chorus = await startTestChorus({
      env: { TRUST_PROXY: '1' },
      redisUrl: process.env.TEST_REDIS_URL,
    });
  });
  afterAll(() => chorus.stop());

  const address = () =>
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

  it('answer 429 in plain words once one address opens too many invitation links', async () => {
    const from = { 'x-forwarded-for': address() };
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (await chorus.api(`/api/invitations/guess-${randomUUID()}`, { headers: from })).status,
      );
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    const limited = await chorus.api(`/api/invitations/guess-${randomUUID()}`, { headers: from });
    expect(limited).toMatchObject({
      status: 429,
      body: { message: authMessages.tooManyAttempts },
    });
    // Another address is not affected.
    const elsewhere = await chorus.api(`/api/invitations/guess-${randomUUID()}`, {
      headers: { 'x-forwarded-for': address() },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('limit declining and registering from one address to ten a minute', async () => {
    const from = { 'x-forwarded-for': address() };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await chorus.api(`/api/invitations/guess-${randomUUID()}/decline`, {
            method: 'POST',
            headers: from,
          })
        ).status,
      );
      statuses.push(
        (
          await chorus.api(`/api/invitations/guess-${randomUUID()}/register`, {
            method: 'POST',
            headers: from,
            body: {
              email: `guess-${randomUUID()}@example.com`,
              password: 'secret-pass',
              firstName: 'Gus',
              lastName: 'Guesser',
            },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
