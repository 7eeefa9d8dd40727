// What the billing service's tests share: importing this file starts billing
// on a database of its own with a clock the tests move, before the file's
// tests, and stops it after; with the helpers that announce a product the
// way catalog does and subscribe it.
import { BillingServiceClient } from '@chorus/proto/billing/v1/billing';
import {
  createEnvelope,
  createPromiseClient,
  decodeEnvelope,
  type DomainEvent,
  encodeEnvelope,
  type EventOf,
  InMemoryEventBus,
  type Knex,
  openDatabase,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { readBillingConfig, type RunningBilling, startBilling } from '../src';

export const WEBHOOK_SECRET = 'whsec_test_billing';
export const cardKey = randomBytes(32);
export let now = new Date('2026-03-10T12:00:00Z');
let database: { url: string; drop(): Promise<void> };
export let db: Knex;
export let bus: InMemoryEventBus;
let running: RunningBilling;
export let client: PromiseClient<BillingServiceClient>;
export const changes: EventOf<'subscriptionChanged'>[] = [];

beforeAll(async () => {
  database = await createTestDatabase('billing');
  bus = new InMemoryEventBus(testLogger());
  running = await startBilling(
    readBillingConfig({
      DATABASE_URL: database.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '0',
      CARD_DATA_KEY: cardKey.toString('base64'),
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      LOCAL_PROVIDER_TICK_SECONDS: '3600',
    }),
    { bus, logger: testLogger(), now: () => now },
  );
  client = createPromiseClient(BillingServiceClient, `127.0.0.1:${running.port}`);
  db = await openDatabase({ url: database.url, migrations, logger: testLogger() });
  await bus.subscribe({
    groupId: 'test-observer',
    topics: [Topics.billing],
    handle: async (message) => {
      const event = decodeEnvelope(message.value).event;
      if (event?.$case === 'subscriptionChanged') changes.push(event.value);
    },
  });
});

afterAll(async () => {
  client.close();
  await running.stop();
  await db.destroy();
  await bus.close();
  await database.drop();
});

export function publish(topic: string, key: string, event: DomainEvent) {
  return bus.publish([
    { topic, key, value: encodeEnvelope(createEnvelope(key, event)), headers: {} },
  ]);
}

export interface TestProduct {
  id: string;
  userId: string;
  name: string;
  billingCycle: string;
  isLegacyPricing: boolean;
  personaCount: number;
}

/** A user and a product, announced the way catalog announces them. */
export async function newProduct(overrides: Partial<TestProduct> = {}) {
  const product: TestProduct = {
    id: randomUUID(),
    userId: randomUUID(),
    name: 'Lantern',
    billingCycle: 'monthly',
    isLegacyPricing: false,
    personaCount: 0,
    ...overrides,
  };
  await publish(Topics.identity, product.userId, {
    $case: 'userRegistered',
    value: {
      userId: product.userId,
      email: 'mia@example.com',
      firstName: 'Mia',
      lastName: 'Stone',
    },
  });
  await publish(Topics.catalog, product.id, {
    $case: 'productCreated',
    value: {
      productId: product.id,
      userId: product.userId,
      name: product.name,
      industry: 'technology',
      billingCycle: product.billingCycle,
      isLegacyPricing: product.isLegacyPricing,
    },
  });
  await bus.drained();
  const payer = { userId: product.userId, email: 'mia@example.com' };
  return { product, payer };
}

export async function subscribed(overrides: Partial<TestProduct> = {}, promoCode = '') {
  const { product, payer } = await newProduct(overrides);
  const saved = await client.savePaymentMethod({
    payer,
    product,
    paymentMethodId: 'pm_card_visa',
    cardData: {
      brand: 'card',
      last4: '0000',
      expMonth: 1,
      expYear: 2030,
      cardholderName: 'Mia Stone',
    },
    billingCycle: '',
    promoCode,
  });
  return { product, payer, saved };
}

export async function details(userId: string, productId: string) {
  const { subscriptions } = await client.listSubscriptions({ userId });
  return subscriptions.find((s) => s.productId === productId)!;
}

export function moveClockTo(date: Date) {
  now = date;
}
