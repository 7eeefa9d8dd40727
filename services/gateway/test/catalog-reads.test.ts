import type { Product } from '@chorus/proto/catalog/v1/products';
import type { GetAccessResponse } from '@chorus/proto/catalog/v1/teams';
import { ReadVersions, type VersionStore } from '@chorus/service-kit';
import { testLogger } from '@chorus/service-kit/testing';
import { CatalogReads } from '../src/clients/catalog-reads';
import type { CatalogClient } from '../src/clients/catalog';

/** Redis's three commands over a Map, with a switch to make it fail. */
class MemoryVersions implements VersionStore {
  readonly values = new Map<string, string>();
  down = false;
  set(key: string, value: string) {
    if (this.down) return Promise.reject(new Error('redis down'));
    this.values.set(key, value);
    return Promise.resolve('OK');
  }
  mGet(keys: string[]) {
    if (this.down) return Promise.reject(new Error('redis down'));
    return Promise.resolve(keys.map((key) => this.values.get(key) ?? null));
  }
  exists(key: string) {
    if (this.down) return Promise.reject(new Error('redis down'));
    return Promise.resolve(this.values.has(key) ? 1 : 0);
  }
}

const product = (id: string, userId: string, name = id) => ({ id, userId, name }) as Product;

/** A catalog whose answers the test sets, counting the calls that reach it. */
function fakeCatalog() {
  const state = {
    products: new Map<string, Product[]>(),
    calls: { listProducts: 0, getAccess: 0 },
  };
  const catalog = {
    listProducts: ({ userId }: { userId: string }) => {
      state.calls.listProducts += 1;
      return Promise.resolve({ products: structuredClone(state.products.get(userId) ?? []) });
    },
    getAccess: ({ userId, productId }: { userId: string; productId: string }) => {
      state.calls.getAccess += 1;
      const found = state.products.get(userId)?.find((p) => p.id === productId);
      return found
        ? Promise.resolve<GetAccessResponse>({
            role: found.userId === userId ? 'owner' : 'viewer',
            roadmapPermission: '',
            product: structuredClone(found),
          })
        : Promise.reject(Object.assign(new Error('not found'), { code: 5 }));
    },
  } as unknown as CatalogClient;
  return { state, catalog };
}

async function setUp() {
  const store = new MemoryVersions();
  const versions = new ReadVersions(store);
  versions.keepWriting(testLogger())();
  await new Promise((resolve) => setImmediate(resolve));
  const reads = new CatalogReads({ versions, logger: testLogger(), checkMs: 60_000 });
  await reads.start();
  const { state, catalog } = fakeCatalog();
  return { store, versions, reads, state, client: reads.wrap(catalog) };
}

describe('the gateway’s read cache', () => {
  it('answers a repeated read without the catalog until a version it depends on changes', async () => {
    const { versions, reads, state, client } = await setUp();
    state.products.set('owner', [product('p1', 'owner')]);
    expect((await client.listProducts({ userId: 'owner' })).products.map((p) => p.id)).toEqual([
      'p1',
    ]);
    await client.listProducts({ userId: 'owner' });
    await client.listProducts({ userId: 'owner' });
    expect(state.calls.listProducts).toBe(1);

    // The catalog's change: its version moves, the next read asks again.
    state.products.set('owner', [product('p1', 'owner'), product('p2', 'owner')]);
    await versions.bump('products', 'owner');
    expect((await client.listProducts({ userId: 'owner' })).products).toHaveLength(2);
    expect(state.calls.listProducts).toBe(2);

    // The user's own write through any gateway does the same.
    state.products.set('owner', [product('p2', 'owner')]);
    await reads.userWrote('owner');
    expect((await client.listProducts({ userId: 'owner' })).products.map((p) => p.id)).toEqual([
      'p2',
    ]);
    expect(state.calls.listProducts).toBe(3);
    reads.stop();
  });

  it('follows the products of every owner a shared list names, after one more read', async () => {
    const { versions, reads, state, client } = await setUp();
    state.products.set('member', [product('shared', 'team-owner', 'Old name')]);
    await client.listProducts({ userId: 'member' });
    // The owner was not known before the first answer: it is not kept yet.
    await client.listProducts({ userId: 'member' });
    expect(state.calls.listProducts).toBe(2);
    await client.listProducts({ userId: 'member' });
    expect(state.calls.listProducts).toBe(2);

    state.products.set('member', [product('shared', 'team-owner', 'New name')]);
    await versions.bump('products', 'team-owner');
    expect((await client.listProducts({ userId: 'member' })).products[0]!.name).toBe('New name');
    // A membership change counts too.
    state.products.set('member', []);
    await versions.bump('memberships', 'member');
    expect((await client.listProducts({ userId: 'member' })).products).toEqual([]);
    reads.stop();
  });

  it('keeps access answers per product, never a refusal, and never for a roadmap’s routes', async () => {
    const { state, reads, client } = await setUp();
    state.products.set('owner', [product('p1', 'owner')]);
    await expect(client.getAccess({ userId: 'owner', productId: 'nope' })).rejects.toThrow();
    await expect(client.getAccess({ userId: 'owner', productId: 'nope' })).rejects.toThrow();
    expect(state.calls.getAccess).toBe(2);
    await client.getAccess({ userId: 'owner', productId: 'p1' });
    expect((await client.getAccess({ userId: 'owner', productId: 'p1' })).role).toBe('owner');
    expect(state.calls.getAccess).toBe(3);
    await client.getAccess({ userId: 'owner', productId: 'p1', roadmapId: 'r1' });
    await client.getAccess({ userId: 'owner', productId: 'p1', roadmapId: 'r1' });
    expect(state.calls.getAccess).toBe(5);
    reads.stop();
  });

  it('hands out copies: a caller changing an answer does not change what is kept', async () => {
    const { state, reads, client } = await setUp();
    state.products.set('owner', [product('p1', 'owner', 'Kept name')]);
    const first = await client.listProducts({ userId: 'owner' });
    first.products[0]!.name = 'Changed by a caller';
    const second = await client.listProducts({ userId: 'owner' });
    second.products[0]!.name = 'Changed again';
    expect((await client.listProducts({ userId: 'owner' })).products[0]!.name).toBe('Kept name');
    reads.stop();
  });

  it('asks the catalog every time while Redis is down or no catalog says it sets versions', async () => {
    const { store, reads, state, client } = await setUp();
    state.products.set('owner', [product('p1', 'owner')]);
    await client.listProducts({ userId: 'owner' });
    store.down = true;
    await client.listProducts({ userId: 'owner' });
    await client.listProducts({ userId: 'owner' });
    expect(state.calls.listProducts).toBe(3);
    // A write whose version could not be set: nothing kept is trusted any more.
    await reads.userWrote('owner');
    store.down = false;
    await client.listProducts({ userId: 'owner' });
    await client.listProducts({ userId: 'owner' });
    expect(state.calls.listProducts).toBe(5);

    // Without a writer, nothing is kept.
    const quiet = new CatalogReads({
      versions: new ReadVersions(new MemoryVersions()),
      logger: testLogger(),
      checkMs: 60_000,
    });
    await quiet.start();
    const { state: other, catalog } = fakeCatalog();
    const uncached = quiet.wrap(catalog);
    await uncached.listProducts({ userId: 'owner' });
    await uncached.listProducts({ userId: 'owner' });
    expect(other.calls.listProducts).toBe(2);
    quiet.stop();
    reads.stop();
  });
});
