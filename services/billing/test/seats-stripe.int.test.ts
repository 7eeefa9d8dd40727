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
import { createTestDatabase, eventually, testLogger } from '@chorus/service-kit/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { migrations } from '../migrations';
import { readBillingConfig, type RunningBilling, startBilling } from '../src';
import { StripeReplay, stripeFixture } from './stripe-replay';

/**
 * Team seats through the Stripe adapter: the service runs with a Stripe key,
 * the real SDK talks to a local server replaying Stripe's recorded answers,
 * and webhooks arrive signed with the endpoint's secret as Stripe signs them.
 */

const WEBHOOK_SECRET = 'whsec_test_seats';
const SUBSCRIPTION = 'sub_1QwF3eMnBvCxZaS8';
// The recorded subscription belongs to this product and user (its metadata).
const PRODUCT = { id: 'product-1', userId: 'user-1' };

let database: { url: string; drop(): Promise<void> };
let db: Knex;
let bus: InMemoryEventBus;
let replay: StripeReplay;
let running: RunningBilling;
let client: PromiseClient<BillingServiceClient>;
const changes: EventOf<'subscriptionChanged'>[] = [];

beforeAll(async () => {
  database = await createTestDatabase('billing_seats_stripe');
  bus = new InMemoryEventBus(testLogger());
  replay = new StripeReplay();
  const stripe = await replay.start();
  running = await startBilling(
    readBillingConfig({
      DATABASE_URL: database.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '0',
      CARD_DATA_KEY: randomBytes(32).toString('base64'),
      STRIPE_SECRET_KEY: 'sk_test_replay',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    }),
    { bus, logger: testLogger(), stripe },
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
  await replay.stop();
  await database.drop();
});

afterEach(() => {
  expect(replay.unexpected).toEqual([]);
  expect(replay.pending()).toEqual([]);
});

function publish(event: DomainEvent) {
  return bus.publish([
    {
      topic: Topics.catalog,
      key: PRODUCT.id,
      value: encodeEnvelope(createEnvelope(PRODUCT.id, event)),
      headers: {},
    },
  ]);
}

/** A Stripe event delivery about the subscription, signed as Stripe signs webhooks. */
function webhook(type: string, fixture: string) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object: stripeFixture(fixture) },
  });
  return {
    payload: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}

async function storedSeats(): Promise<number> {
  const row = await db('subscriptions').where({ product_id: PRODUCT.id }).first();
  return row.seats as number;
}

describe('team seats at Stripe', () => {
  beforeAll(async () => {
    await publish({
      $case: 'productCreated',
      value: {
        productId: PRODUCT.id,
        userId: PRODUCT.userId,
        name: 'Lantern',
        industry: 'technology',
        billingCycle: 'monthly',
        isLegacyPricing: false,
      },
    });
    await bus.drained();
    // The subscription as Stripe announced it when it started: no seats yet.
    replay.expect({
      method: 'GET',
      path: `/v1/subscriptions/${SUBSCRIPTION}`,
      fixture: 'subscription',
    });
    await client.handleStripeEvent(webhook('customer.subscription.created', 'subscription'));
    expect(await storedSeats()).toBe(0);
  });

  it('a member joining sets the seat item quantity with create_prorations', async () => {
    replay.expect(
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-unexpanded',
      },
      { method: 'GET', path: '/v1/prices', fixture: 'prices-list' },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-two-seats',
      },
    );
    await publish({
      $case: 'collaboratorJoined',
      value: {
        productId: PRODUCT.id,
        userId: PRODUCT.userId,
        collaboratorId: randomUUID(),
        memberUserId: randomUUID(),
        role: 'collaborator',
        isBillable: true,
        billableSeats: 2,
        effectiveAt: new Date(),
        roadmapId: '',
        roadmapPermission: '',
        invitedByUserId: '',
      },
    });
    await bus.drained();
    const sent = replay.last('POST', `/v1/subscriptions/${SUBSCRIPTION}`)!.params;
    expect(sent.get('items[0][price]')).toBe('price_1QcB7mHk2sLpQa09');
    expect(sent.get('items[0][quantity]')).toBe('2');
    expect(sent.get('proration_behavior')).toBe('create_prorations');
    expect(await storedSeats()).toBe(2);
    // The base price, two seats; the product has no extra personas.
    await eventually(() =>
      changes.find((c) => c.productId === PRODUCT.id && c.monthlyRateCents === 2500 + 5000),
    );
    const { subscriptions } = await client.listSubscriptions({ userId: PRODUCT.userId });
    expect(subscriptions[0]).toMatchObject({ seats: 2, seatsCents: 5000, seatUnitCents: 2500 });
  });

  it('a signed customer.subscription.updated with a new seat quantity is stored once', async () => {
    // The quantity changed at Stripe (one seat); the handler reads the subscription afresh.
    replay.expect({
      method: 'GET',
      path: `/v1/subscriptions/${SUBSCRIPTION}`,
      fixture: 'subscription-one-seat',
    });
    const delivery = webhook('customer.subscription.updated', 'subscription-one-seat');
    const first = await client.handleStripeEvent(delivery);
    expect(first).toMatchObject({ type: 'customer.subscription.updated', duplicate: false });
    expect(await storedSeats()).toBe(1);

    // Stripe delivers the same event again: no request to Stripe (none is
    // answered: one would show in replay.unexpected), nothing changes.
    const requests = replay.received.length;
    const again = await client.handleStripeEvent(delivery);
    expect(again.duplicate).toBe(true);
    expect(replay.received).toHaveLength(requests);
    expect(await storedSeats()).toBe(1);
  });
});
