import type { MarketPanelView } from '@chorus/contracts';
import { databaseUrlFor, type RunningChorus, startChorus } from '@chorus/launcher';
import { dropDatabase, generateTokenKeys } from '@chorus/service-kit';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import knex from 'knex';

// A panel's build stopped half way (the system stopped while its batches were
// being built) resumes where it stopped when the system starts again on the
// same data: every member built once, none twice, none lost.
const server = () => process.env.TEST_DATABASE_URL!;
const prefix = `test_${randomBytes(4).toString('hex')}`;
const databases = ['identity', 'catalog', 'billing', 'roadmap', 'persona-inference', 'events'];

// The same keys on both starts: a token and a stored card outlive a restart.
const tokenKeys = generateTokenKeys();
const cardDataKey = randomBytes(32).toString('base64');

const start = () =>
  startChorus({
    databaseUrl: server(),
    databasePrefix: prefix,
    port: 0,
    grpcPortBase: 0,
    logger: testLogger(),
    tokenKeys,
    cardDataKey,
    env: { HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:8080' },
  });

async function call<T>(
  chorus: RunningChorus,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(chorus.url + path, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

afterAll(async () => {
  for (const name of databases) {
    await dropDatabase(databaseUrlFor(server(), `${prefix}_${name}`)).catch(() => undefined);
  }
});

it('resumes a panel build interrupted half way: every member once', async () => {
  let chorus = await start();
  let stopped = false;
  try {
    const registered = await call<{ token: string; product: { id: string } }>(
      chorus,
      '/api/auth/register',
      {
        method: 'POST',
        body: {
          email: `resume-${randomUUID()}@example.com`,
          password: 'secret-pass',
          firstName: 'Ada',
          lastName: 'Quinn',
          productName: 'Boxfresh',
          billingCycle: 'monthly',
          stripeToken: 'pm_card_visa',
        },
      },
    );
    expect(registered.status).toBe(201);
    const { token } = registered.body;
    const productId = registered.body.product.id;
    const drawn = await call<MarketPanelView>(chorus, `/api/products/${productId}/panels`, {
      method: 'POST',
      token,
      body: { name: 'German adults', frame: 'de', size: 5000 },
    });
    expect(drawn.status).toBe(201);
    const path = `/api/products/${productId}/panels/${drawn.body.id}`;
    // Stopped once some batches are stored and others are not.
    const partly = await eventually(
      async () => {
        const panel = (await call<MarketPanelView>(chorus, path, { token })).body;
        return panel.built > 0 && panel;
      },
      { timeoutMs: 60_000, intervalMs: 20, what: 'a build under way' },
    );
    expect(partly.built).toBeLessThan(5000);
    await chorus.stop();
    stopped = true;
    chorus = await start();
    stopped = false;
    const afterRestart = (await call<MarketPanelView>(chorus, path, { token })).body;
    expect(afterRestart.built).toBeGreaterThanOrEqual(partly.built);
    const ready = await eventually(
      async () => {
        const panel = (await call<MarketPanelView>(chorus, path, { token })).body;
        return panel.status === 'ready' && panel;
      },
      { timeoutMs: 120_000, what: 'the build resumed and finished' },
    );
    expect(ready.built).toBe(5000);
    expect(ready.version).toBe(1);
    const db = knex({ client: 'pg', connection: databaseUrlFor(server(), `${prefix}_catalog`) });
    try {
      const counted = await db('panel_personas')
        .where({ panel_id: ready.id })
        .first<{ members: string; distinct: string }>(
          db.raw('count(*) as members'),
          db.raw('count(distinct index) as distinct'),
        );
      expect(Number(counted!.members)).toBe(5000);
      expect(Number(counted!.distinct)).toBe(5000);
    } finally {
      await db.destroy();
    }
  } finally {
    if (!stopped) await chorus.stop();
  }
});
