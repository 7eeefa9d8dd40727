import {
  type BusMessage,
  consumeEvents,
  decodeEnvelope,
  enqueueEvent,
  eventMigrations,
  type EventBus,
  InMemoryEventBus,
  type Knex,
  type Migration,
  openDatabase,
  OutboxRelay,
  Topics,
} from '../src';
import { createTestDatabase, eventually, testLogger } from '../src/testing';

const products: Migration = {
  name: '0100_products',
  async up(knex) {
    await knex.schema.createTable('products', (t) => {
      t.text('id').primary();
      t.text('name');
    });
    await knex.schema.createTable('seen', (t) => {
      t.text('product_id');
    });
  },
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase('outbox');
  db = await openDatabase({
    url: database.url,
    migrations: [...eventMigrations, products],
    logger: testLogger(),
  });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

async function createProduct(id: string, relay?: OutboxRelay) {
  await db.transaction(async (trx) => {
    await trx('products').insert({ id, name: `Product ${id}` });
    await enqueueEvent(trx, id, {
      $case: 'productCreated',
      value: {
        productId: id,
        userId: 'u1',
        name: `Product ${id}`,
        industry: 'technology',
        billingCycle: 'monthly',
        isLegacyPricing: false,
      },
    });
  });
  relay?.nudge();
}

describe('migrations', () => {
  it('apply once: opening again changes nothing', async () => {
    const again = await openDatabase({
      url: database.url,
      migrations: [...eventMigrations, products],
      logger: testLogger(),
    });
    const rows = await again('knex_migrations').select('name').orderBy('id');
    expect(rows.map((r: { name: string }) => r.name)).toEqual([
      '0000_outbox',
      '0001_processed_events',
      '0100_products',
    ]);
    await again.destroy();
  });
});

describe('transactional outbox', () => {
  it('keeps no event when the change rolls back', async () => {
    await expect(
      db.transaction(async (trx) => {
        await enqueueEvent(trx, 'p-rollback', {
          $case: 'productDeleted',
          value: { productId: 'p-rollback', userId: 'u1' },
        });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await db('outbox').where({ key: 'p-rollback' })).toEqual([]);
  });

  it('publishes committed events in order and empties the outbox', async () => {
    const bus = new InMemoryEventBus(testLogger());
    const received: string[] = [];
    await bus.subscribe({
      groupId: 'observer',
      topics: [Topics.catalog],
      handle: async (m) => {
        const envelope = decodeEnvelope(m.value);
        received.push(envelope.key);
      },
    });
    const relay = new OutboxRelay({ db, bus, logger: testLogger(), intervalMs: 60_000 });
    relay.start();
    for (const id of ['p1', 'p2', 'p3']) await createProduct(id, relay);
    await eventually(() => received.length === 3);
    expect(received).toEqual(['p1', 'p2', 'p3']);
    await eventually(async () => (await db('outbox').count({ n: '*' }))[0]!.n === '0');
    await relay.stop();
    await bus.close();
  });

  it('keeps events while the bus fails and delivers them once it recovers', async () => {
    let down = true;
    const delivered: string[] = [];
    const flaky: EventBus = {
      publish: async (messages) => {
        if (down) throw new Error('broker unreachable');
        delivered.push(...messages.map((m) => m.key));
      },
      subscribe: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    const relay = new OutboxRelay({ db, bus: flaky, logger: testLogger(), intervalMs: 50 });
    relay.start();
    await createProduct('p-outage', relay);
    // The change is committed even though nothing can be published.
    expect(await db('products').where({ id: 'p-outage' })).toHaveLength(1);
    await eventually(async () => (await db('outbox').where({ key: 'p-outage' })).length === 1);
    down = false;
    await eventually(() => delivered.includes('p-outage'), { timeoutMs: 15_000 });
    expect(delivered.filter((k) => k === 'p-outage')).toHaveLength(1);
    await relay.stop();
  });
});

describe('idempotent consumer', () => {
  it('applies a redelivered event once', async () => {
    const bus = new InMemoryEventBus(testLogger());
    const raw: BusMessage[] = [];
    await bus.subscribe({
      groupId: 'recorder',
      topics: [Topics.catalog],
      handle: async (m) => {
        raw.push(m);
      },
    });
    await consumeEvents({
      bus,
      db,
      groupId: 'catalog-mirror',
      topics: [Topics.catalog],
      logger: testLogger(),
      handlers: {
        productCreated: async (event, { trx }) => {
          await trx('seen').insert({ product_id: event.productId });
        },
      },
    });
    const relay = new OutboxRelay({ db, bus, logger: testLogger(), intervalMs: 60_000 });
    await createProduct('p-once');
    await relay.flush();
    await bus.drained();
    const original = raw.find((m) => m.key === 'p-once')!;
    // Kafka may deliver the same message again, e.g. after a consumer crash.
    await bus.publish([original, original]);
    await bus.drained();
    expect(await db('seen').where({ product_id: 'p-once' })).toHaveLength(1);
    await bus.close();
  });
});
