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
