import { startKafkaTestBroker } from '@chorus/kafka-test-broker';
import { spawnChorus } from '@chorus/launcher/spawn';
import { Topics } from '@chorus/service-kit';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export { freePort } from '@chorus/launcher/spawn';

export const repoRoot = path.resolve(__dirname, '..');
/** Screenshots, reports and the system's log; the distributed run keeps its own beside. */
export const artifactsDir = process.env.CHORUS_E2E_ARTIFACTS
  ? path.resolve(process.env.CHORUS_E2E_ARTIFACTS)
  : systemMode() === 'distributed'
    ? path.join(__dirname, 'artifacts', 'distributed')
    : path.join(__dirname, 'artifacts');
export const systemLog = path.join(artifactsDir, 'system.log');

/** The administrator's e-mail of the test system (that customer sees Admin). */
export const ADMIN_EMAIL = 'admin@chorus.test';
/** Test-only credentials of the seeded admin account. */
export const ADMIN_PASSWORD = 'admin-e2e-password';

/** What global setup tells the tests, through the environment. */
export interface SystemInfo {
  baseUrl: string;
  databaseServer: string;
  databasePrefix: string;
  /** The remotes.json the gateway serves; tests may rewrite it. */
  remotesFile: string;
  /** The table as first deployed. */
  defaultRemotes: Record<string, string>;
}

export function systemInfo(): SystemInfo {
  const raw = process.env.CHORUS_E2E_SYSTEM;
  if (!raw) throw new Error('the e2e system is not running (global setup sets CHORUS_E2E_SYSTEM)');
  return JSON.parse(raw) as SystemInfo;
}

/**
 * How the system under test runs: `embedded` (one process, as `npm start`) by
 * default; `distributed` (CHORUS_E2E_MODE=distributed) runs every service as
 * its own process, talking gRPC and the Kafka protocol (the test broker), with
 * PostgreSQL and — when TEST_REDIS_URL is set — Redis.
 */
export function systemMode(): 'embedded' | 'distributed' {
  return process.env.CHORUS_E2E_MODE === 'distributed' ? 'distributed' : 'embedded';
}

/** The system under test, with an administrator e-mail and a remotes table of its own. */
export async function startSystem(): Promise<{ info: SystemInfo; stop(): Promise<void> }> {
  await mkdir(artifactsDir, { recursive: true });
  const remotesFile = path.join(await mkdtemp(path.join(tmpdir(), 'chorus-e2e-')), 'remotes.json');
  const defaultRemotes = Object.fromEntries(
    ['products', 'roadmaps', 'billing', 'admin'].map((name) => [
      name,
      `/mfe/${name}/mf-manifest.json`,
    ]),
  );
  await writeFile(remotesFile, JSON.stringify(defaultRemotes, null, 2));
  const broker =
    systemMode() === 'distributed'
      ? await startKafkaTestBroker({
          topics: Object.values(Topics).map((name) => ({ name, partitions: 4 })),
        })
      : undefined;
  const chorus = await spawnChorus({
    logFile: systemLog,
    mode: systemMode(),
    kafkaBrokers: broker?.bootstrapServers,
    env: {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      WEB_REMOTES_FILE: remotesFile,
      LOG_LEVEL: 'info',
      // The local payment provider's rounds (renewals, period ends) every 2 s, not 30.
      LOCAL_PROVIDER_TICK_SECONDS: '2',
    },
  }).catch(async (error: unknown) => {
    await broker?.close();
    throw error;
  });
  return {
    info: {
      baseUrl: chorus.url,
      databaseServer: chorus.databaseServer,
      databasePrefix: chorus.databasePrefix,
      remotesFile,
      defaultRemotes,
    },
    stop: async () => {
      await chorus.stop();
      await broker?.close();
    },
  };
}

/** A query on one service's database of the running system. */
export async function withServiceDatabase<T>(
  service: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const { databaseServer, databasePrefix } = systemInfo();
  const url = new URL(databaseServer);
  url.pathname = `/${databasePrefix}_${service}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Moves a product's subscription to the end of its current period, as the
 * local payment provider's clock passing that date would: the provider's next
 * round (LOCAL_PROVIDER_TICK_SECONDS) renews it, or ends it when it was
 * cancelled at the period end, and tells billing the Stripe way.
 */
export async function endCurrentPeriod(productId: string): Promise<void> {
  await withServiceDatabase('billing', async (client) => {
    // The whole subscription moves back in time until its period has just
    // ended, as if a month had passed: the next period starts now and runs a
    // whole period, as a real renewal's does.
    const moved = await client.query(
      `update local_subscriptions
          set billing_cycle_anchor = billing_cycle_anchor - (current_period_end - now()) - interval '1 second',
              current_period_start = current_period_start - (current_period_end - now()) - interval '1 second',
              current_period_end = now() - interval '1 second'
        where id = (select provider_subscription_id from subscriptions where product_id = $1)`,
      [productId],
    );
    if (moved.rowCount !== 1) throw new Error(`no local subscription for product ${productId}`);
  });
}

/**
 * Makes a product look created minutes ago, past the moment a new product's
 * payment may still be settling, so its page shows what an unpaid product shows.
 */
export async function ageProduct(productId: string): Promise<void> {
  await withServiceDatabase('catalog', async (client) => {
    // The catalog keeps products in memory; the notification its writes send tells it.
    await client.query(
      `with aged as (
         update products set created_at = now() - interval '1 hour' where id = $1 returning user_id
       )
       select pg_notify('catalog_products', user_id) from aged`,
      [productId],
    );
  });
}

/** The newest password reset link the system logged for `email`, as a developer would find it. */
export function resetLinkFor(email: string): string | undefined {
  let link: string | undefined;
  for (const line of readFileSync(systemLog, 'utf8').split('\n')) {
    if (!line.includes('password reset link')) continue;
    try {
      // The distributed run prefixes each process's lines with `[name] `.
      const entry = JSON.parse(line.replace(/^\[[\w-]+\] /, '')) as { to?: string; link?: string };
      if (entry.to === email && entry.link) link = entry.link;
    } catch {
      // Not a JSON log line.
    }
  }
  return link;
}

/** The newest invitation link the system logged for `email` (no SMTP configured), as an invitee would follow it. */
export function invitationLinkFor(email: string): string | undefined {
  let link: string | undefined;
  for (const line of readFileSync(systemLog, 'utf8').split('\n')) {
    if (!line.includes('invitation link')) continue;
    try {
      // The distributed run prefixes each process's lines with `[name] `.
      const entry = JSON.parse(line.replace(/^\[[\w-]+\] /, '')) as { to?: string; link?: string };
      if (entry.to?.toLowerCase() === email.toLowerCase() && entry.link) link = entry.link;
    } catch {
      // Not a JSON log line.
    }
  }
  return link;
}
