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
import { status } from '@grpc/grpc-js';
import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { migrations } from '../migrations';
import { readBillingConfig, type RunningBilling, startBilling } from '../src';
import { CardDataCipher } from '../src/card-data';
import { Ledger } from '../src/ledger';
import { BillingStore } from '../src/store';

const WEBHOOK_SECRET = 'whsec_test_billing';
const cardKey = randomBytes(32);
let now = new Date('2026-03-10T12:00:00Z');
let database: { url: string; drop(): Promise<void> };
let db: Knex;
let bus: InMemoryEventBus;
let running: RunningBilling;
let client: PromiseClient<BillingServiceClient>;
const changes: EventOf<'subscriptionChanged'>[] = [];

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

function publish(topic: string, key: string, event: DomainEvent) {
  return bus.publish([
    { topic, key, value: encodeEnvelope(createEnvelope(key, event)), headers: {} },
  ]);
}

interface TestProduct {
  id: string;
  userId: string;
  name: string;
  billingCycle: string;
  isLegacyPricing: boolean;
  personaCount: number;
}

/** A user and a product, announced the way catalog announces them. */
async function newProduct(overrides: Partial<TestProduct> = {}) {
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

async function subscribed(overrides: Partial<TestProduct> = {}, promoCode = '') {
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

async function details(userId: string, productId: string) {
  const { subscriptions } = await client.listSubscriptions({ userId });
  return subscriptions.find((s) => s.productId === productId)!;
}

function moveClockTo(date: Date) {
  now = date;
}

describe('paying for a product', () => {
  it('gives a setup intent client secret for the product', async () => {
    const { product, payer } = await newProduct();
    const intent = await client.setupPayment({ payer, product });
    expect(intent.clientSecret.startsWith(`${intent.setupIntentId}_secret_`)).toBe(true);
  });

  it('keeps the card encrypted and starts the subscription', async () => {
    const { product, saved } = await subscribed();
    expect(saved.paymentMethod).toMatchObject({
      brand: 'visa',
      last4: '4242',
      cardholderName: 'Mia Stone',
      isDefault: true,
    });
    expect(saved.subscription).toMatchObject({
      status: 'active',
      planDisplayName: 'Monthly Plan',
      monthlyRateCents: 2500,
      extraPersonas: 0,
      nextBillingDate: new Date('2026-04-10T12:00:00Z'),
    });
    const row = await db('payment_methods').where({ product_id: product.id }).first();
    expect(row.encrypted_card_data).not.toMatch(/4242|Mia|visa/);
    expect(new CardDataCipher(cardKey).decrypt(row.encrypted_card_data, product.userId)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2029,
      cardholderName: 'Mia Stone',
    });
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.status === 'active'),
    );
    const history = await client.listInvoices({ userId: product.userId });
    expect(history.invoices).toEqual([
      expect.objectContaining({ amountCents: 2500, status: 'paid', productId: product.id }),
    ]);
  });

  it('answers a declined card with the provider message and keeps the product inactive', async () => {
    const { product, payer } = await newProduct();
    await expect(
      client.savePaymentMethod({
        payer,
        product,
        paymentMethodId: 'pm_card_chargeDeclined',
        billingCycle: 'annual',
        promoCode: '',
      }),
    ).rejects.toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Your card was declined.',
    });
    expect(await details(product.userId, product.id)).toMatchObject({
      status: 'inactive',
      providerSubscriptionId: '',
    });
    expect(await db('payment_methods').where({ product_id: product.id })).toEqual([]);
  });

  it('starts one subscription when the card is sent twice at once', async () => {
    const { product, payer } = await newProduct();
    const save = () =>
      client.savePaymentMethod({
        payer,
        product,
        paymentMethodId: 'pm_card_visa',
        billingCycle: '',
        promoCode: '',
      });
    await Promise.all([save(), save()]);
    expect(
      await db('local_subscriptions').whereRaw(`metadata->>'productId' = ?`, [product.id]),
    ).toHaveLength(1);
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices).toHaveLength(1);
  });

  it('takes a price id as the billing cycle', async () => {
    const prices = await client.getPrices({});
    const { product, payer } = await newProduct();
    const saved = await client.savePaymentMethod({
      payer,
      product,
      paymentMethodId: 'pm_card_visa',
      billingCycle: prices.annual!.id,
      promoCode: '',
    });
    expect(saved.subscription).toMatchObject({
      billingCycle: 'annual',
      planDisplayName: 'Annual Plan',
      periodAmountCents: 27000,
      monthlyRateCents: 2250,
    });
  });

  it('answers NOT_FOUND for another user’s product', async () => {
    const { product } = await newProduct();
    const stranger = { userId: randomUUID(), email: 'x@example.com' };
    const foreign = { ...product, userId: stranger.userId };
    await expect(client.setupPayment({ payer: stranger, product: foreign })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(
      client.cancelSubscription({ userId: stranger.userId, product: foreign }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(
      client.endSubscription({ userId: stranger.userId, productId: product.id }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });
});

describe('prices', () => {
  it('come from the pricing rules, annual saving included', async () => {
    const prices = await client.getPrices({});
    expect(prices.monthly).toMatchObject({
      unitAmountCents: 2500,
      interval: 'month',
      savingsCents: 0,
    });
    expect(prices.annual).toMatchObject({
      unitAmountCents: 27000,
      interval: 'year',
      savingsCents: 3000,
    });
    expect(prices.annualDiscountPercent).toBe(10);
  });
});

describe('personas beyond the included ten', () => {
  it('change the bill from the next period on', async () => {
    moveClockTo(new Date('2026-03-10T12:00:00Z'));
    const { product } = await subscribed();
    await publish(Topics.catalog, product.id, {
      $case: 'personasChanged',
      value: { productId: product.id, userId: product.userId, personaCount: 12 },
    });
    await eventually(() =>
      changes.find(
        (c) => c.productId === product.id && c.personaCount === 12 && c.monthlyRateCents === 2900,
      ),
    );
    expect(await details(product.userId, product.id)).toMatchObject({
      personaCount: 12,
      extraPersonas: 2,
      monthlyRateCents: 2900,
    });
    // The current period was paid at the old price; the next one bills the new one.
    moveClockTo(new Date('2026-04-11T00:00:00Z'));
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices.map((i) => [i.amountCents, i.status])).toEqual([
      [2900, 'paid'],
      [2500, 'paid'],
    ]);
    expect(invoices[0]!.periodStart).toEqual(new Date('2026-04-10T12:00:00Z'));
  });
});

describe('cancelling', () => {
  it('keeps the product active until the period ends, then cancels it', async () => {
    moveClockTo(new Date('2026-05-01T09:00:00Z'));
    const { product } = await subscribed();
    const { subscription } = await client.cancelSubscription({ userId: product.userId, product });
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(subscription!.nextBillingDate).toBeUndefined();
    expect(subscription!.currentPeriodEnd).toEqual(new Date('2026-06-01T09:00:00Z'));
    moveClockTo(new Date('2026-06-01T09:00:01Z'));
    expect(await details(product.userId, product.id)).toMatchObject({ status: 'cancelled' });
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.status === 'cancelled'),
    );
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices).toHaveLength(1);
    await expect(
      client.cancelSubscription({ userId: product.userId, product }),
    ).rejects.toMatchObject({ code: status.FAILED_PRECONDITION });
  });

  it('ends the subscription of a deleted product once, whoever asks first', async () => {
    const { product } = await subscribed();
    const first = await client.endSubscription({ userId: product.userId, productId: product.id });
    expect(first).toEqual({ subscriptionCancelled: true, hadSubscription: true });
    await publish(Topics.catalog, product.id, {
      $case: 'productDeleted',
      value: { productId: product.id, userId: product.userId },
    });
    await bus.drained();
    const again = await client.endSubscription({ userId: product.userId, productId: product.id });
    expect(again).toEqual({ subscriptionCancelled: true, hadSubscription: true });
    const { subscriptions } = await client.listSubscriptions({ userId: product.userId });
    expect(subscriptions).toEqual([]);
    await expect(
      client.setupPayment({ payer: { userId: product.userId, email: 'a@b.c' }, product }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });

  it('cancels when the ProductDeleted event arrives before the gateway asks', async () => {
    const { product } = await subscribed();
    await publish(Topics.catalog, product.id, {
      $case: 'productDeleted',
      value: { productId: product.id, userId: product.userId },
    });
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.status === 'cancelled'),
    );
    expect(await client.endSubscription({ userId: product.userId, productId: product.id })).toEqual(
      { subscriptionCancelled: true, hadSubscription: true },
    );
  });
});

describe('renewals', () => {
  it('fall past due when the card stops paying, with a failed invoice', async () => {
    moveClockTo(new Date('2026-07-15T10:00:00Z'));
    const { product, payer } = await subscribed();
    await client.savePaymentMethod({
      payer,
      product,
      paymentMethodId: 'pm_card_chargeCustomerFail',
      billingCycle: '',
      promoCode: '',
    });
    moveClockTo(new Date('2026-08-15T10:00:01Z'));
    expect(await details(product.userId, product.id)).toMatchObject({ status: 'past_due' });
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices.map((i) => i.status)).toEqual(['failed', 'paid']);
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.status === 'past_due'),
    );
  });

  it('apply a promo code for its months only', async () => {
    moveClockTo(new Date('2026-01-20T08:00:00Z'));
    await db('promo_codes').insert({
      code: 'HALFOFF',
      discount_percent: 50,
      duration_months: 2,
      usage_limit: 5,
    });
    const { product } = await subscribed({}, 'halfoff');
    expect(await details(product.userId, product.id)).toMatchObject({
      monthlyRateCents: 1250,
      discountPercent: 50,
    });
    // Two discounted months (Jan 20, Feb 20), then the full price (Mar 20, Apr 20).
    moveClockTo(new Date('2026-04-21T00:00:00Z'));
    const { invoices } = await client.listInvoices({ userId: product.userId });
    expect(invoices.map((i) => i.amountCents)).toEqual([2500, 2500, 1250, 1250]);
    expect((await db('promo_codes').where({ code: 'HALFOFF' }).first()).used_count).toBe(1);
    expect(await details(product.userId, product.id)).toMatchObject({ monthlyRateCents: 2500 });
  });

  it('keep a promo when the provider’s event about the subscription is stored first', async () => {
    // The subscription's own event can be handled before the call that started
    // it stores its answer; that answer carries the promo, which must not be lost.
    const { product } = await newProduct();
    const [promo] = await db('promo_codes')
      .insert({ code: 'RACE20', discount_percent: 20, duration_months: 3, usage_limit: 5 })
      .returning('*');
    const ledger = new Ledger({
      store: new BillingStore(db),
      provider: 'local',
      logger: testLogger(),
      now: () => now,
    });
    const started = new Date(now.getTime() - 1_000);
    const subscription = {
      id: `sub_${randomUUID()}`,
      customerId: `cus_${randomUUID()}`,
      status: 'active',
      billingCycle: 'monthly' as const,
      isLegacyPricing: false,
      basePriceId: 'price_base',
      extraPersonas: 0,
      seats: 0,
      currentPeriodStart: started,
      currentPeriodEnd: new Date(started.getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      metadata: { productId: product.id },
      latestInvoice: null,
    };
    await db.transaction((trx) => ledger.applySubscription(trx, subscription, now));
    await db.transaction((trx) => ledger.applySubscription(trx, subscription, started, { promo }));
    expect(await details(product.userId, product.id)).toMatchObject({
      monthlyRateCents: 2000,
      discountPercent: 20,
    });
  });

  it('refuses an unknown promo code before charging anything', async () => {
    const { product, payer } = await newProduct();
    await expect(
      client.savePaymentMethod({
        payer,
        product,
        paymentMethodId: 'pm_card_visa',
        billingCycle: '',
        promoCode: 'NOPE',
      }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    expect(await details(product.userId, product.id)).toMatchObject({ status: 'inactive' });
  });
});

describe('invoices', () => {
  it('download as a PDF for their owner only', async () => {
    const { product } = await subscribed();
    const { invoices } = await client.listInvoices({ userId: product.userId });
    const found = await client.getInvoicePdf({
      userId: product.userId,
      invoiceId: invoices[0]!.id,
    });
    expect(found.document?.$case).toBe('pdf');
    const pdf = found.document?.$case === 'pdf' ? found.document.value : Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(found.filename).toMatch(/^invoice-.+\.pdf$/);
    await expect(
      client.getInvoicePdf({ userId: randomUUID(), invoiceId: invoices[0]!.id }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });
});

describe('Stripe webhooks', () => {
  async function failedInvoiceEvent(subscriptionId: string, customerId: string) {
    const created = Math.floor(Date.now() / 1000);
    return {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type: 'invoice.payment_failed',
      livemode: false,
      data: {
        object: {
          id: `in_${randomUUID().replace(/-/g, '')}`,
          object: 'invoice',
          customer: customerId,
          status: 'open',
          attempted: true,
          amount_due: 2500,
          amount_paid: 0,
          currency: 'usd',
          number: 'TEST-0002',
          created,
          period_start: created,
          period_end: created,
          invoice_pdf: null,
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: subscriptionId, metadata: {} },
          },
          lines: {
            object: 'list',
            data: [{ description: '1 × Monthly Plan', amount: 2500, quantity: 1 }],
          },
        },
      },
    };
  }

  function sign(payload: string, timestamp?: number) {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
  }

  it('are handled once per event id, and refused when unsigned or stale', async () => {
    const { product } = await subscribed();
    const { subscription } = await client.syncStatus({ userId: product.userId, product });
    const payload = JSON.stringify(
      await failedInvoiceEvent(
        subscription!.providerSubscriptionId,
        subscription!.providerCustomerId,
      ),
    );
    const count = async () =>
      (await client.listInvoices({ userId: product.userId })).invoices.length;

    await expect(
      client.handleStripeEvent({ payload: Buffer.from(payload), signature: 't=1,v1=bad' }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    const stale = sign(payload, Math.floor(Date.now() / 1000) - 600);
    await expect(
      client.handleStripeEvent({ payload: Buffer.from(payload), signature: stale }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    expect(await count()).toBe(1);

    const first = await client.handleStripeEvent({
      payload: Buffer.from(payload),
      signature: sign(payload),
    });
    expect(first.duplicate).toBe(false);
    expect(await count()).toBe(2);
    const replayed = await client.handleStripeEvent({
      payload: Buffer.from(payload),
      signature: sign(payload),
    });
    expect(replayed.duplicate).toBe(true);
    expect(await count()).toBe(2);
  });
});

describe('hosted pages', () => {
  it('local checkout: a declined card leaves the session open; a good one subscribes', async () => {
    const { product, payer } = await newProduct();
    const session = await client.createCheckoutSession({
      payer,
      product,
      billingCycle: 'monthly',
      successUrl: 'http://localhost:8080/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:8080/subscription/cancel',
    });
    expect(session.url).toBe(
      `http://localhost:8080/api/billing/checkout/local/${session.sessionId}`,
    );
    const page = await client.getLocalCheckoutSession({ sessionId: session.sessionId });
    expect(page).toMatchObject({
      status: 'open',
      productName: 'Lantern',
      amountCents: 2500,
      planDisplayName: 'Monthly Plan',
    });
    expect(page.testCards.map((c) => c.paymentMethodId)).toContain('pm_card_visa');
    await expect(
      client.completeLocalCheckoutSession({
        sessionId: session.sessionId,
        paymentMethodId: 'pm_card_chargeDeclined',
        cardholderName: 'Mia Stone',
      }),
    ).rejects.toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Your card was declined.',
    });
    const done = await client.completeLocalCheckoutSession({
      sessionId: session.sessionId,
      paymentMethodId: 'pm_card_visa',
      cardholderName: 'Mia Stone',
    });
    expect(done.successUrl).toBe(
      `http://localhost:8080/subscription-success?session_id=${session.sessionId}`,
    );
    expect(await details(product.userId, product.id)).toMatchObject({ status: 'active' });
    const twice = await client.completeLocalCheckoutSession({
      sessionId: session.sessionId,
      paymentMethodId: 'pm_card_visa',
      cardholderName: 'Mia Stone',
    });
    expect(twice.successUrl).toBe(done.successUrl);
    await expect(
      client.createCheckoutSession({
        payer,
        product,
        billingCycle: 'monthly',
        successUrl: 'http://localhost:8080/s',
        cancelUrl: 'http://localhost:8080/c',
      }),
    ).rejects.toMatchObject({ code: status.FAILED_PRECONDITION });
  });

  it('portal: the app’s billing page for the user’s own customer only', async () => {
    const { product } = await subscribed();
    const portal = await client.createPortalSession({
      userId: product.userId,
      customerId: '',
      returnUrl: '',
    });
    expect(portal.url).toBe('http://localhost:8080/billing');
    await expect(
      client.createPortalSession({
        userId: product.userId,
        customerId: 'cus_other',
        returnUrl: '',
      }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });
});

describe('team seats', () => {
  type SeatEvent = { billableSeats: number; effectiveAt: Date; role?: string };

  /** Catalog's membership events, as its outbox publishes them. */
  function joined(product: TestProduct, seat: SeatEvent): DomainEvent {
    const role = seat.role ?? 'collaborator';
    return {
      $case: 'collaboratorJoined',
      value: {
        productId: product.id,
        userId: product.userId,
        collaboratorId: randomUUID(),
        memberUserId: randomUUID(),
        role,
        isBillable: role !== 'viewer',
        billableSeats: seat.billableSeats,
        effectiveAt: seat.effectiveAt,
        roadmapId: '',
        roadmapPermission: '',
        invitedByUserId: '',
      },
    };
  }

  function left(product: TestProduct, seat: SeatEvent): DomainEvent {
    return {
      $case: 'collaboratorLeft',
      value: {
        productId: product.id,
        userId: product.userId,
        collaboratorId: randomUUID(),
        memberUserId: randomUUID(),
        role: seat.role ?? 'collaborator',
        wasBillable: true,
        billableSeats: seat.billableSeats,
        effectiveAt: seat.effectiveAt,
        roadmapId: '',
      },
    };
  }

  async function providerSeats(productId: string) {
    const row = await db('subscriptions').where({ product_id: productId }).first();
    const local = await db('local_subscriptions')
      .where({ id: row.provider_subscription_id })
      .first();
    return { stored: row.seats as number, provider: local.seat_quantity as number };
  }

  async function invoiceLines(userId: string) {
    const { invoices } = await client.listInvoices({ userId });
    return invoices.map((invoice) => ({
      amountCents: invoice.amountCents,
      lines: invoice.lines.map((line) => [line.description, line.quantity, line.amountCents]),
    }));
  }

  it('an added seat changes the quantity at once and is charged prorated on the next invoice', async () => {
    moveClockTo(new Date('2026-09-01T00:00:00Z'));
    const { product } = await subscribed();
    moveClockTo(new Date('2026-09-16T00:00:00Z'));
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 1, effectiveAt: now }),
    );
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.monthlyRateCents === 5000),
    );
    expect(await details(product.userId, product.id)).toMatchObject({
      seats: 1,
      seatsCents: 2500,
      seatUnitCents: 2500,
      monthlyRateCents: 5000,
    });
    expect(await providerSeats(product.id)).toEqual({ stored: 1, provider: 1 });

    // Sep 16 – Oct 1 is half of the period: half a seat now, a whole seat from October.
    moveClockTo(new Date('2026-10-01T00:00:01Z'));
    expect((await invoiceLines(product.userId))[0]).toEqual({
      amountCents: 2500 + 2500 + 1250,
      lines: [
        ['1 × Monthly Plan', 1, 2500],
        ['Team seats × 1', 1, 2500],
        [
          'Team seat proration: remaining time on 1 added seat, Sep 16, 2026 – Oct 1, 2026',
          1,
          1250,
        ],
      ],
    });
  });

  it('a seat removed mid-period is credited for its unused time', async () => {
    moveClockTo(new Date('2026-11-01T00:00:00Z'));
    const { product, payer } = await newProduct();
    // Two members joined before the product was paid for: the subscription starts with them.
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 1, effectiveAt: now }),
    );
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 2, effectiveAt: now }),
    );
    await bus.drained();
    await client.savePaymentMethod({
      payer,
      product,
      paymentMethodId: 'pm_card_visa',
      billingCycle: '',
      promoCode: '',
    });
    expect(await providerSeats(product.id)).toEqual({ stored: 2, provider: 2 });
    expect((await invoiceLines(product.userId))[0]).toEqual({
      amountCents: 7500,
      lines: [
        ['1 × Monthly Plan', 1, 2500],
        ['Team seats × 2', 2, 5000],
      ],
    });

    // Nov 1 – Dec 1 has 30 days; the seat leaves with 6 of them unused.
    moveClockTo(new Date('2026-11-25T00:00:00Z'));
    await publish(
      Topics.catalog,
      product.id,
      left(product, { billableSeats: 1, effectiveAt: now }),
    );
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.monthlyRateCents === 5000),
    );
    expect(await providerSeats(product.id)).toEqual({ stored: 1, provider: 1 });
    expect(await details(product.userId, product.id)).toMatchObject({ seats: 1, seatsCents: 2500 });

    moveClockTo(new Date('2026-12-01T00:00:01Z'));
    const [next] = await invoiceLines(product.userId);
    const { invoices } = await client.listInvoices({ userId: product.userId });
    const pdf = await client.getInvoicePdf({ userId: product.userId, invoiceId: invoices[0]!.id });
    expect(pdf.document?.$case).toBe('pdf');
    expect(next).toEqual({
      amountCents: 2500 + 2500 - 500,
      lines: [
        ['1 × Monthly Plan', 1, 2500],
        ['Team seats × 1', 1, 2500],
        ['Team seat proration: unused time on 1 removed seat, Nov 25, 2026 – Dec 1, 2026', 1, -500],
      ],
    });
  });

  it('a viewer costs nothing: the bill and the subscription stay as they are', async () => {
    moveClockTo(new Date('2027-01-05T00:00:00Z'));
    const { product } = await subscribed();
    const { providerSubscriptionId } = await details(product.userId, product.id);
    const eventsBefore = await db('local_events').count<{ count: string }[]>('* as count');
    const changesBefore = changes.filter((c) => c.productId === product.id).length;
    moveClockTo(new Date('2027-01-10T00:00:00Z'));
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 0, effectiveAt: now, role: 'viewer' }),
    );
    await bus.drained();
    expect(await details(product.userId, product.id)).toMatchObject({
      seats: 0,
      monthlyRateCents: 2500,
    });
    expect(await providerSeats(product.id)).toEqual({ stored: 0, provider: 0 });
    expect(await db('local_invoice_items').where({ subscription: providerSubscriptionId })).toEqual(
      [],
    );
    expect(await db('local_events').count<{ count: string }[]>('* as count')).toEqual(eventsBefore);
    expect(changes.filter((c) => c.productId === product.id)).toHaveLength(changesBefore);
    moveClockTo(new Date('2027-02-05T00:00:01Z'));
    expect((await invoiceLines(product.userId))[0]!.amountCents).toBe(2500);
  });

  it('a replayed event, or one older than the last applied, changes nothing', async () => {
    moveClockTo(new Date('2027-03-01T00:00:00Z'));
    const { product } = await subscribed();
    const { providerSubscriptionId } = await details(product.userId, product.id);
    moveClockTo(new Date('2027-03-11T00:00:00Z'));
    const message = {
      topic: Topics.catalog,
      key: product.id,
      value: encodeEnvelope(
        createEnvelope(product.id, joined(product, { billableSeats: 1, effectiveAt: now })),
      ),
      headers: {},
    };
    await bus.publish([message]);
    await bus.drained();
    await bus.publish([message]);
    await bus.drained();
    // Delivered late: a change that took effect before the one already applied.
    await publish(
      Topics.catalog,
      product.id,
      left(product, { billableSeats: 0, effectiveAt: new Date('2027-03-05T00:00:00Z') }),
    );
    await bus.drained();
    expect(await providerSeats(product.id)).toEqual({ stored: 1, provider: 1 });
    const items = await db('local_invoice_items').where({ subscription: providerSubscriptionId });
    // One charge: 21 of March's 31 days.
    expect(items.map((item: { amount: number }) => item.amount)).toEqual([1694]);
    expect(
      changes.filter((c) => c.productId === product.id && c.monthlyRateCents === 5000),
    ).toHaveLength(1);
  });

  it('an annual product prices a seat at $270 a year', async () => {
    moveClockTo(new Date('2027-04-01T00:00:00Z'));
    const { product } = await subscribed({ billingCycle: 'annual' });
    await publish(
      Topics.catalog,
      product.id,
      joined(product, { billableSeats: 1, effectiveAt: now }),
    );
    await eventually(() =>
      changes.find((c) => c.productId === product.id && c.monthlyRateCents === 2250 + 2250),
    );
    expect(await details(product.userId, product.id)).toMatchObject({
      billingCycle: 'annual',
      seats: 1,
      seatsCents: 27000,
      seatUnitCents: 27000,
      periodAmountCents: 54000,
    });
  });
});
