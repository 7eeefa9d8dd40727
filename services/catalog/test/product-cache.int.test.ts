import { type Knex, openDatabase } from '@chorus/service-kit';
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { ProductCache } from '../src/store/product-cache';
import { type ProductRow, ProductStore } from '../src/store/products';

// Two catalog processes (replicas) over one database, each with its own cache
// of users' products, as in Kubernetes with two catalog pods.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
const caches: ProductCache<ProductRow>[] = [];
let first: ProductStore;
let second: ProductStore;

function replica(): ProductStore {
  const cache = new ProductCache<ProductRow>({
    databaseUrl: database.url,
    logger: testLogger(),
    retryMs: 100,
  });
  caches.push(cache);
  return new ProductStore(db, cache);
}

beforeAll(async () => {
  database = await createTestDatabase('product_cache');
  db = await openDatabase({ url: database.url, migrations, logger: testLogger() });
  first = replica();
  second = replica();
  await Promise.all(caches.map((cache) => cache.start()));
});
afterAll(async () => {
  await Promise.all(caches.map((cache) => cache.close()));
  await db.destroy();
  await database.drop();
});

const names = (rows: ProductRow[]) => rows.map((row) => row.name);

async function create(store: ProductStore, userId: string, name: string): Promise<ProductRow> {
  return db.transaction((trx) =>
    store.insert(trx, { user_id: userId, name, description: null, industry: 'retail' }),
  );
}

it('shows a product created through one replica on the other once it commits', async () => {
  const userId = randomUUID();
  await create(first, userId, 'Lantern');
  // Both replicas now keep the user's list in memory.
  expect(names(await first.listOwned(userId))).toEqual(['Lantern']);
  expect(names(await second.listOwned(userId))).toEqual(['Lantern']);

  const beacon = await create(first, userId, 'Beacon');
  // The writer reads its own write at once...
  expect(names(await first.listOwned(userId))).toEqual(['Lantern', 'Beacon']);
  expect((await first.findOwned(userId, beacon.id))?.name).toBe('Beacon');
  // ...and the other replica hears of it from PostgreSQL.
  await eventually(async () => names(await second.listOwned(userId)).length === 2 || undefined, {
    what: 'the second replica to see Beacon',
  });
});

it('forgets a product deleted or changed through the other replica', async () => {
  const userId = randomUUID();
  const product = await create(second, userId, 'Compass');
  expect((await first.findOwned(userId, product.id))?.subscription_status).toBe('inactive');

  await db.transaction((trx) => second.update(trx, product.id, { subscription_status: 'active' }));
  await eventually(
    async () =>
      (await first.findOwned(userId, product.id))?.subscription_status === 'active' || undefined,
    { what: 'the first replica to see the subscription' },
  );

  await db.transaction((trx) => second.deleteOwned(trx, userId, product.id));
  await eventually(
    async () => (await first.findOwned(userId, product.id)) === undefined || undefined,
    {
      what: 'the first replica to forget the deleted product',
    },
  );
});

it('asks the database once for a user however many read at the same moment', async () => {
  const userId = randomUUID();
  // Written behind the stores' backs: no notification can arrive mid-read.
  await db('products').insert({ user_id: userId, name: 'Halo', industry: 'retail' });
  let queries = 0;
  const count = () => (queries += 1);
  db.on('query', count);
  try {
    const lists = await Promise.all([1, 2, 3].map(() => second.listOwned(userId)));
    expect(lists.map(names)).toEqual([['Halo'], ['Halo'], ['Halo']]);
    expect(queries).toBe(1);
    await second.listOwned(userId);
    expect(queries).toBe(1);
  } finally {
    db.off('query', count);
  }
});

it('does not keep what a read found while the products were changing', async () => {
  const cache = caches[0]!;
  const userId = randomUUID();
  let finish: (rows: ProductRow[]) => void = () => undefined;
  const under = cache.read(userId, () => new Promise((resolve) => (finish = resolve)));
  cache.forget(userId); // a change commits while the read is under way
  finish([]);
  expect(await under).toEqual([]);
  // The next read goes to the database and finds what is there now.
  let loads = 0;
  await cache.read(userId, () => {
    loads += 1;
    return Promise.resolve([]);
  });
  expect(loads).toBe(1);
});

it('reads from the database while it cannot hear changes, and trusts memory again after', async () => {
  const userId = randomUUID();
  const product = await create(first, userId, 'Drift');
  expect(names(await first.listOwned(userId))).toEqual(['Drift']);

  // Drop both replicas' LISTEN connections, as a database restart would.
  await db.raw(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name LIKE 'chorus-cache:%'`,
  );
  await eventually(() => caches.every((cache) => !cache.active) || undefined, {
    what: 'the caches to stop trusting memory',
  });
  // A change nobody announced is seen at once: nothing is served from memory.
  await db('products').where({ id: product.id }).update({ name: 'Drift 2' });
  expect(names(await first.listOwned(userId))).toEqual(['Drift 2']);

  await eventually(() => caches.every((cache) => cache.active) || undefined, {
    what: 'the caches listening again',
  });
  const renamed = await create(second, userId, 'Ember');
  await eventually(
    async () => names(await first.listOwned(userId)).includes(renamed.name) || undefined,
    { what: 'notifications heard again' },
  );
});

it('tells readers outside the catalog of a committed change before settled() resolves, and never of a rolled-back one', async () => {
  const told: string[] = [];
  let release: () => void = () => undefined;
  const cache = new ProductCache<ProductRow>({
    databaseUrl: database.url,
    logger: testLogger(),
    // A slow reader: settled() must wait for it.
    committed: (userId) =>
      new Promise<void>((resolve) => {
        release = () => {
          told.push(userId);
          resolve();
        };
      }),
  });
  await cache.start();
  try {
    const store = new ProductStore(db, cache);
    const userId = randomUUID();
    await create(store, userId, 'Told');
    let settled = false;
    const settling = store.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    release();
    await settling;
    expect(told).toEqual([userId]);

    const other = randomUUID();
    await expect(
      db.transaction(async (trx) => {
        await store.insert(trx, {
          user_id: other,
          name: 'Never',
          description: null,
          industry: 'retail',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await store.settled();
    expect(told).toEqual([userId]);
  } finally {
    await cache.close();
  }
});
