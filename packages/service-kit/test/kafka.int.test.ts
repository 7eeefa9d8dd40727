import { type KafkaTestBroker, startKafkaTestBroker } from '@chorus/kafka-test-broker';
import {
  consumeEvents,
  enqueueEvent,
  eventMigrations,
  KafkaEventBus,
  type Knex,
  type Migration,
  openDatabase,
  OutboxRelay,
  Topics,
} from '../src';
import { createTestDatabase, eventually, testLogger } from '../src/testing';

// The outbox and the idempotent consumer over the real Kafka protocol
// (librdkafka's mock cluster speaking to kafkajs).

const deliveries: Migration = {
  name: '0100_deliveries',
  async up(knex) {
    await knex.schema.createTable('deliveries', (t) => {
      t.text('product_id');
      t.text('member');
    });
  },
};

let broker: KafkaTestBroker;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
const buses: KafkaEventBus[] = [];
let relay: OutboxRelay;

function kafkaBus(clientId: string) {
  const bus = new KafkaEventBus({
    brokers: broker.brokers,
    clientId,
    logger: testLogger(),
    sessionTimeoutMs: 3_000,
    maxWaitTimeMs: 100,
  });
  buses.push(bus);
  return bus;
}

async function productCreated(id: string) {
  await db.transaction((trx) =>
    enqueueEvent(trx, id, {
      $case: 'productCreated',
      value: {
        productId: id,
        userId: 'u1',
        name: id,
        industry: 'technology',
        billingCycle: 'monthly',
        isLegacyPricing: false,
      },
    }),
  );
  relay.nudge();
}

beforeAll(async () => {
  broker = await startKafkaTestBroker({ topics: [{ name: Topics.catalog, partitions: 3 }] });
  database = await createTestDatabase('kafka');
  db = await openDatabase({
    url: database.url,
    migrations: [...eventMigrations, deliveries],
    logger: testLogger(),
  });
  relay = new OutboxRelay({ db, bus: kafkaBus('producer'), logger: testLogger(), intervalMs: 100 });
  relay.start();
  // Two members of one consumer group share the partitions.
  for (const member of ['a', 'b']) {
    await consumeEvents({
      bus: kafkaBus(`consumer-${member}`),
      db,
      groupId: 'billing',
      topics: [Topics.catalog],
      logger: testLogger(),
      handlers: {
        productCreated: async (event, { trx }) => {
          await trx('deliveries').insert({ product_id: event.productId, member });
        },
      },
    });
  }
}, 60_000);

afterAll(async () => {
  await relay.stop();
  await Promise.all(buses.map((bus) => bus.close()));
  await db.destroy();
  await database.drop();
  await broker.close();
});

const deliveriesOf = (prefix: string) =>
  db('deliveries').where('product_id', 'like', `${prefix}%`).select('product_id', 'member');

it('publishes outbox events through kafkajs; the group handles each exactly once', async () => {
  const ids = Array.from({ length: 30 }, (_, i) => `batch-${i}`);
  for (const id of ids) await productCreated(id);
  const rows = await eventually(
    async () => {
      const found = await deliveriesOf('batch-');
      return found.length >= ids.length ? found : undefined;
    },
    { timeoutMs: 30_000, what: 'every event to be consumed' },
  );
  expect(rows.map((r: { product_id: string }) => r.product_id).sort()).toEqual([...ids].sort());
  expect(await db('outbox').count({ n: '*' })).toEqual([{ n: '0' }]);
}, 60_000);

it('keeps events in the outbox while Kafka is down and delivers each once when it returns', async () => {
  await broker.stop();
  try {
    await productCreated('outage-1');
    await productCreated('outage-2');
    // The changes committed; their events wait.
    expect(await db('outbox').where('key', 'like', 'outage-%')).toHaveLength(2);
  } finally {
    await broker.start();
  }
  const rows = await eventually(
    async () => {
      const found = await deliveriesOf('outage-');
      return found.length >= 2 ? found : undefined;
    },
    { timeoutMs: 60_000, what: 'the waiting events to be delivered' },
  );
  expect(rows.map((r: { product_id: string }) => r.product_id).sort()).toEqual([
    'outage-1',
    'outage-2',
  ]);
  await eventually(async () => (await db('outbox').count({ n: '*' }))[0]!.n === '0');
  // Every event handled is recorded once, and handled once.
  const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0]!.n);
  expect(await count('deliveries')).toBe(await count('processed_events'));
}, 120_000);
