// What the catalog's product, profile and persona tests share: importing this
// file starts a catalog on a database of its own (with a persona template
// library in a temporary folder) before the file's tests and stops it after.
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
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import knex, { type Knex } from 'knex';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  defaultTemplateLibraryFile,
  readCatalogConfig,
  type RunningCatalog,
  startCatalog,
} from '../src';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let catalog: RunningCatalog;
export let client: PromiseClient<CatalogServiceClient>;
export let db: Knex;
let libraryDir: string;
export let libraryFile: string;
export const bus = new InMemoryEventBus(testLogger());
const published: Envelope[] = [];

export function config() {
  return readCatalogConfig({
    DATABASE_URL: database.url,
    GRPC_PORT: '0',
    GRPC_HOST: '127.0.0.1',
    PERSONA_TEMPLATES_FILE: libraryFile,
  });
}

beforeAll(async () => {
  database = await createTestDatabase('catalog');
  libraryDir = await mkdtemp(path.join(tmpdir(), 'catalog-library-'));
  libraryFile = path.join(libraryDir, 'persona-templates.yaml');
  await copyFile(defaultTemplateLibraryFile(), libraryFile);
  await bus.subscribe({
    groupId: 'test',
    topics: [Topics.catalog],
    handle: (message: BusMessage) => {
      published.push(decodeEnvelope(message.value));
      return Promise.resolve();
    },
  });
  catalog = await startCatalog(config(), { bus, logger: testLogger() });
  client = createPromiseClient(CatalogServiceClient, `127.0.0.1:${catalog.port}`);
  db = knex({ client: 'pg', connection: database.url });
});

afterAll(async () => {
  client.close();
  await catalog.stop();
  await bus.close();
  await db.destroy();
  await database.drop();
  await rm(libraryDir, { recursive: true, force: true });
});

export function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

export const notFound = (details: string) => ({ code: status.NOT_FOUND, details });

export async function newProduct(userId = randomUUID(), overrides: Partial<{ name: string }> = {}) {
  const { product } = await client.createProduct({
    userId,
    name: overrides.name ?? 'Lantern',
    description: 'Smart lights',
    industry: 'Technology',
    billingCycle: '',
  });
  return { userId, product: product! };
}

export function eventsOf<C extends EventCase>(kind: C, productId: string): EventOf<C>[] {
  return published
    .filter((e) => e.event?.$case === kind && e.key === productId)
    .map((e) => e.event!.value as EventOf<C>);
}
