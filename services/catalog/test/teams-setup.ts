// What the catalog's team tests share: importing this file starts two
// catalog replicas on a database of their own before the file's tests and
// stops them after, and gives the helpers that invite, join and read back.
import { productMessages } from '@chorus/contracts';
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
import { randomUUID } from 'node:crypto';
import { readCatalogConfig, type RunningCatalog, startCatalog } from '../src';

// Two catalog replicas over one database, as with two pods: `client` talks
// to the first, `replica` to the second.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const catalogs: RunningCatalog[] = [];
export let client: PromiseClient<CatalogServiceClient>;
export let replica: PromiseClient<CatalogServiceClient>;
export let db: Knex;
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

export function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

export const refused = (code: status, details: string) => ({ code, details });
export const productNotFound = refused(status.NOT_FOUND, productMessages.notFound);

export function eventsOf<C extends EventCase>(kind: C, productId: string): EventOf<C>[] {
  return published
    .filter((e) => e.event?.$case === kind && e.key === productId)
    .map((e) => e.event!.value as EventOf<C>);
}

export const OWNER_EMAIL = 'owner@example.com';

export async function newProduct(billingCycle = '') {
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

export function invite(
  product: Product,
  email: string,
  role = 'collaborator',
  by = product.ownerId,
) {
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
export async function join(product: Product, role: string) {
  people += 1;
  const email = `member${people}@example.com`;
  const userId = randomUUID();
  const { token, member } = await invite(product, email, role);
  await client.acceptInvitation({ token, userId, email, name: `Member ${people}` });
  return { userId, email, memberId: member!.id, token };
}

export const access = (userId: string, product: Product, roadmapId?: string) =>
  client.getAccess({ userId, productId: product.productId, roadmapId });

export const collaboratorRows = (productId: string) =>
  db('collaborators').where({ product_id: productId }).orderBy('invited_at');

export async function newProductOf(userId: string, name: string): Promise<string> {
  const { product } = await client.createProduct({
    userId,
    name,
    description: '',
    industry: 'Retail',
    billingCycle: '',
  });
  return product!.id;
}
