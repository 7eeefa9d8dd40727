import {
  databaseUrlFor,
  type RunningChorus,
  startChorus,
  startEmbeddedPostgres,
} from '@chorus/launcher';
import { dropDatabase } from '@chorus/service-kit';
import type { PersonaTemplateView } from '@chorus/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';

// The system the API benchmarks run: started in this process on fresh
// databases (dropped afterwards), and the JSON calls they make to it.

export const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });
const services = ['identity', 'catalog', 'billing', 'roadmap', 'persona-inference'];

/** One JSON call to the API; throws with the status and body when it is refused. */
export async function api<T>(
  base: string,
  pathname: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(base + pathname, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** The whole system on `server` (a PostgreSQL URL) for the length of `run`. */
export async function withChorus<T>(
  server: string,
  options: { env?: Record<string, string>; kafkaBrokers?: string },
  run: (chorus: RunningChorus) => Promise<T>,
): Promise<T> {
  const prefix = `bench_${randomBytes(3).toString('hex')}`;
  const chorus = await startChorus({
    databaseUrl: server,
    databasePrefix: prefix,
    port: 0,
    grpcPortBase: 0,
    logger,
    kafkaBrokers: options.kafkaBrokers,
    env: { HOST: '127.0.0.1', ...options.env },
  });
  try {
    return await run(chorus);
  } finally {
    await chorus.stop();
    // The embedded run's event bus keeps its own database beside the services'.
    for (const name of [...services, 'events']) {
      await dropDatabase(databaseUrlFor(server, `${prefix}_${name}`));
    }
  }
}

/** DATABASE_URL when set, otherwise an embedded PostgreSQL in a temporary folder, for `run`. */
export async function withDatabaseServer<T>(run: (server: string) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return run(process.env.DATABASE_URL);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chorus-bench-pg-'));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: 56_000 + Math.floor(Math.random() * 2_000),
    persistent: false,
  });
  try {
    return await run(embedded.url);
  } finally {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A paying customer (a test card) whose product has its first `personas` persona templates. */
export async function customer(base: string, personas: number) {
  const registered = await api<{ token: string; product: { id: string } }>(
    base,
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `bench-${randomUUID()}@example.com`,
        password: 'bench-password',
        firstName: 'Bench',
        lastName: 'Mark',
        productName: 'Lantern',
        industry: 'Technology',
        // Paid for: asking questions needs an active subscription.
        stripeToken: 'pm_card_visa',
      },
    },
  );
  const { token } = registered;
  const productId = registered.product.id;
  const templates = await api<PersonaTemplateView[]>(base, '/api/persona-templates', { token });
  for (const template of templates.slice(0, personas)) {
    await api(base, `/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
  }
  return { token, productId };
}
