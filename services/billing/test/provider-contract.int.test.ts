import { addMonths } from '../src/domain/billing-cycle';
import { LocalPaymentProvider } from '../src/providers/local';
import {
  CardDeclined,
  type PaymentProvider,
  ProviderRequestRefused,
  type ProviderSubscription,
} from '../src/providers/provider';
import { StripeProvider } from '../src/providers/stripe';
import { openDatabase, type Knex } from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { migrations } from '../migrations';
import { type Exchange, StripeReplay, stripeFixture } from './stripe-replay';

/**
 * The same cases against both providers: the local one on a real
 * PostgreSQL, and the Stripe adapter through the real SDK against a local
 * server replaying Stripe's recorded answers. Whatever billing relies on
 * must read the same from either.
 */

interface Harness {
  provider: PaymentProvider;
  /** Stripe: queue the recorded answers a step needs. Local: nothing to do. */
  answers(...exchanges: Exchange[]): void;
  stop(): Promise<void>;
}

const CUSTOMER = 'cus_RtW3nQ8xYb2LkP';
const SUBSCRIPTION = 'sub_1QwF3eMnBvCxZaS8';

async function localHarness(): Promise<Harness> {
  const database = await createTestDatabase('billing_contract');
  const db: Knex = await openDatabase({ url: database.url, migrations, logger: testLogger() });
  const provider = new LocalPaymentProvider({
    db,
    logger: testLogger(),
    publicUrl: 'http://localhost:8080',
  });
  return {
    provider,
    answers: () => undefined,
    async stop() {
      await db.destroy();
      await database.drop();
    },
  };
}

let replay: StripeReplay;

async function stripeHarness(): Promise<Harness> {
  replay = new StripeReplay();
  const connection = await replay.start();
  return {
    provider: new StripeProvider({ secretKey: 'sk_test_replay', ...connection }),
    answers: (...exchanges) => replay.expect(...exchanges),
    stop: () => replay.stop(),
  };
}

describe.each([
  ['local provider', localHarness],
  ['Stripe adapter', stripeHarness],
])('%s', (_name, start) => {
  let harness: Harness;
  let provider: PaymentProvider;
  let customerId: string;
  let paymentMethodId: string;
  let subscription: ProviderSubscription;

  beforeAll(async () => {
    harness = await start();
    provider = harness.provider;
  });
  afterAll(() => harness.stop());

  it('prices the plans from the pricing rules', async () => {
    harness.answers({ method: 'GET', path: '/v1/prices', fixture: 'prices-list' });
    const catalog = await provider.catalog();
    expect(catalog.current.monthly.base).toMatchObject({
      unitAmountCents: 2500,
      interval: 'month',
    });
    expect(catalog.current.annual.base).toMatchObject({ unitAmountCents: 27000, interval: 'year' });
    expect(catalog.current.monthly.extraPersona.unitAmountCents).toBe(200);
    expect(catalog.current.annual.extraPersona.unitAmountCents).toBe(2400);
    expect(catalog.legacy.monthly.base.unitAmountCents).toBe(10000);
    const ids = [catalog.current.monthly.base.id, catalog.current.annual.base.id];
    expect(new Set(ids).size).toBe(2);
  });

  it('creates a customer and a setup intent whose client secret the browser confirms', async () => {
    harness.answers(
      { method: 'POST', path: '/v1/customers', fixture: 'customer' },
      { method: 'POST', path: '/v1/setup_intents', fixture: 'setup-intent' },
    );
    customerId = (
      await provider.createCustomer({ userId: 'user-1', email: 'mia@example.com', name: 'Mia' })
    ).id;
    expect(customerId).toMatch(/^cus_/);
    const intent = await provider.createSetupIntent({
      customerId,
      metadata: { productId: 'product-1', userId: 'user-1' },
    });
    expect(intent.id).toMatch(/^seti_/);
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
  });

  it('attaches pm_card_visa as a card of the customer', async () => {
    harness.answers(
      { method: 'GET', path: '/v1/payment_methods/pm_card_visa', fixture: 'payment-method-visa' },
      {
        method: 'POST',
        path: '/v1/payment_methods/pm_card_visa/attach',
        fixture: 'payment-method-visa-attached',
      },
    );
    const card = await provider.attachPaymentMethod({
      customerId,
      paymentMethodId: 'pm_card_visa',
    });
    expect(card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(card.id).toMatch(/^pm_/);
    expect(card.id).not.toBe('pm_card_visa');
    expect(card.expYear).toBeGreaterThan(2025);
    paymentMethodId = card.id;
  });

  it('declines pm_card_chargeDeclined with the provider message', async () => {
    harness.answers(
      {
        method: 'GET',
        path: '/v1/payment_methods/pm_card_chargeDeclined',
        fixture: 'payment-method-declined',
      },
      {
        method: 'POST',
        path: '/v1/payment_methods/pm_card_chargeDeclined/attach',
        status: 402,
        fixture: 'error-card-declined',
      },
    );
    const attempt = provider.attachPaymentMethod({
      customerId,
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    await expect(attempt).rejects.toBeInstanceOf(CardDeclined);
    await expect(attempt).rejects.toMatchObject({
      message: 'Your card was declined.',
      code: 'card_declined',
    });
  });

  it('subscribes with a base price and an extra-persona quantity, paying the first period', async () => {
    harness.answers({ method: 'POST', path: '/v1/subscriptions', fixture: 'subscription-created' });
    subscription = await provider.createSubscription({
      customerId,
      paymentMethodId,
      billingCycle: 'monthly',
      isLegacyPricing: false,
      extraPersonas: 2,
      metadata: { productId: 'product-1', userId: 'user-1' },
    });
    expect(subscription).toMatchObject({
      status: 'active',
      billingCycle: 'monthly',
      isLegacyPricing: false,
      extraPersonas: 2,
      cancelAtPeriodEnd: false,
      customerId,
      metadata: { productId: 'product-1', userId: 'user-1' },
    });
    expect(subscription.currentPeriodEnd).toEqual(addMonths(subscription.currentPeriodStart, 1));
    expect(subscription.latestInvoice).toMatchObject({
      status: 'paid',
      amountDueCents: 2900,
      amountPaidCents: 2900,
      subscriptionId: subscription.id,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
    });
  });

  it('reads the subscription back', async () => {
    harness.answers({
      method: 'GET',
      path: `/v1/subscriptions/${SUBSCRIPTION}`,
      fixture: 'subscription',
    });
    const read = await provider.getSubscription(subscription.id);
    expect(read).toMatchObject({ id: subscription.id, status: 'active', extraPersonas: 2 });
  });

  it('changes the extra-persona quantity without touching the period', async () => {
    harness.answers(
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-unexpanded',
      },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-five-extras',
      },
    );
    const changed = await provider.setExtraPersonas(subscription.id, 5);
    expect(changed.extraPersonas).toBe(5);
    expect(changed.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
  });

  it('sets the team-seat quantity, and drops the seat item at 0', async () => {
    harness.answers(
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-unexpanded',
      },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-two-seats',
      },
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-two-seats-unexpanded',
      },
      { method: 'POST', path: `/v1/subscriptions/${SUBSCRIPTION}`, fixture: 'subscription' },
    );
    const seated = await provider.setSeats(subscription.id, 2, new Date());
    expect(seated.seats).toBe(2);
    expect(seated.basePriceId).toBe(subscription.basePriceId);
    expect(seated.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
    const none = await provider.setSeats(subscription.id, 0, new Date());
    expect(none.seats).toBe(0);
  });

  it('cancels at period end: still active until then', async () => {
    harness.answers({
      method: 'POST',
      path: `/v1/subscriptions/${SUBSCRIPTION}`,
      fixture: 'subscription-cancelling',
    });
    const cancelling = await provider.cancelAtPeriodEnd(subscription.id);
    expect(cancelling).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(cancelling.canceledAt).toBeInstanceOf(Date);
  });

  it('cancels now', async () => {
    harness.answers({
      method: 'DELETE',
      path: `/v1/subscriptions/${SUBSCRIPTION}`,
      fixture: 'subscription-canceled',
    });
    const ended = await provider.cancelNow(subscription.id);
    expect(ended.status).toBe('canceled');
  });

  it('refuses an unknown subscription', async () => {
    harness.answers({
      method: 'GET',
      path: '/v1/subscriptions/sub_missing',
      status: 404,
      fixture: 'error-no-such-subscription',
    });
    await expect(provider.getSubscription('sub_missing')).rejects.toBeInstanceOf(
      ProviderRequestRefused,
    );
  });

  it('opens a checkout session and a portal session at real addresses', async () => {
    harness.answers(
      { method: 'POST', path: '/v1/checkout/sessions', fixture: 'checkout-session' },
      { method: 'POST', path: '/v1/billing_portal/sessions', fixture: 'portal-session' },
    );
    const session = await provider.createCheckoutSession({
      customerId,
      billingCycle: 'monthly',
      isLegacyPricing: false,
      extraPersonas: 2,
      successUrl: 'http://localhost:8080/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:8080/subscription/cancel',
      metadata: { productId: 'product-1', userId: 'user-1' },
    });
    expect(session.id).toMatch(/^cs_/);
    expect(session.status).toBe('open');
    expect(session.url).toMatch(/^https?:\/\//);
    const portal = await provider.createPortalSession({
      customerId,
      returnUrl: 'http://localhost:8080/billing',
    });
    expect(portal.url).toMatch(/^https?:\/\//);
  });
});

describe('Stripe adapter requests', () => {
  let provider: StripeProvider;
  let connection: Awaited<ReturnType<StripeReplay['start']>>;

  beforeAll(async () => {
    replay = new StripeReplay();
    connection = await replay.start();
    provider = new StripeProvider({ secretKey: 'sk_test_replay', ...connection });
  });
  afterAll(() => replay.stop());
  afterEach(() => {
    expect(replay.unexpected).toEqual([]);
    expect(replay.pending()).toEqual([]);
  });

  it('finds the prices by lookup key with the secret key', async () => {
    replay.expect({ method: 'GET', path: '/v1/prices', fixture: 'prices-list' });
    await provider.catalog();
    const request = replay.last('GET', '/v1/prices')!;
    expect(request.authorization).toBe('Bearer sk_test_replay');
    const keys = [...request.params.entries()]
      .filter(([name]) => name.startsWith('lookup_keys['))
      .map(([, value]) => value);
    expect(keys).toEqual(
      expect.arrayContaining([
        'chorus_current_base_monthly',
        'chorus_current_extra_persona_annual',
      ]),
    );
    expect(keys).toHaveLength(12);
  });

  it('creates missing seat prices under a Team seat product of their own', async () => {
    const recorded = stripeFixture('prices-list') as { data: { lookup_key: string }[] };
    const withoutSeats = {
      ...recorded,
      data: recorded.data.filter((price) => !price.lookup_key.includes('_seat_')),
    };
    const created = (key: string, index: number) => ({
      method: 'POST' as const,
      path: '/v1/prices',
      body: {
        id: `price_seat0${index}`,
        object: 'price',
        active: true,
        currency: 'usd',
        lookup_key: key,
        nickname: null,
        product: 'chorus_team_seat',
        recurring: { interval: key.endsWith('annual') ? 'year' : 'month', interval_count: 1 },
        type: 'recurring',
        unit_amount: key.endsWith('annual') ? 27000 : 2500,
      },
    });
    replay.expect(
      { method: 'GET', path: '/v1/prices', body: withoutSeats },
      {
        method: 'GET',
        path: '/v1/products/chorus_team_seat',
        status: 404,
        body: {
          error: {
            code: 'resource_missing',
            message: "No such product: 'chorus_team_seat'",
            param: 'id',
            type: 'invalid_request_error',
          },
        },
      },
      {
        method: 'POST',
        path: '/v1/products',
        body: { id: 'chorus_team_seat', object: 'product', active: true, name: 'Team seat' },
      },
      created('chorus_current_seat_monthly', 1),
      created('chorus_current_seat_annual', 2),
      created('chorus_legacy_seat_monthly', 3),
      created('chorus_legacy_seat_annual', 4),
    );
    const fresh = new StripeProvider({ secretKey: 'sk_test_replay', ...connection });
    const catalog = await fresh.catalog();
    expect(catalog.current.monthly.seat).toMatchObject({
      id: 'price_seat01',
      unitAmountCents: 2500,
    });
    expect(catalog.current.annual.seat).toMatchObject({ unitAmountCents: 27000, interval: 'year' });
    expect(replay.last('POST', '/v1/products')!.params.get('name')).toBe('Team seat');
    const prices = replay.received.filter((r) => r.method === 'POST' && r.path === '/v1/prices');
    expect(prices.map((r) => r.params.get('product'))).toEqual(Array(4).fill('chorus_team_seat'));
    expect(prices.map((r) => r.params.get('unit_amount'))).toEqual([
      '2500',
      '27000',
      '2500',
      '27000',
    ]);
  });

  it('subscribes without proration, failing outright on a declined first payment', async () => {
    replay.expect({ method: 'POST', path: '/v1/subscriptions', fixture: 'subscription-created' });
    await provider.createSubscription({
      customerId: CUSTOMER,
      paymentMethodId: 'pm_1QwF2dLkJhGfDsA9',
      billingCycle: 'monthly',
      isLegacyPricing: false,
      extraPersonas: 2,
      metadata: { productId: 'product-1', userId: 'user-1' },
    });
    const sent = replay.last('POST', '/v1/subscriptions')!.params;
    expect(sent.get('customer')).toBe(CUSTOMER);
    expect(sent.get('default_payment_method')).toBe('pm_1QwF2dLkJhGfDsA9');
    expect(sent.get('payment_behavior')).toBe('error_if_incomplete');
    expect(sent.get('items[0][price]')).toBe('price_1QcB7mHk2sLpQa01');
    expect(sent.get('items[1][price]')).toBe('price_1QcB7mHk2sLpQa02');
    expect(sent.get('items[1][quantity]')).toBe('2');
    expect(sent.get('metadata[productId]')).toBe('product-1');
  });

  it('bills a new persona quantity from the next period', async () => {
    replay.expect(
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-unexpanded',
      },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-five-extras',
      },
    );
    await provider.setExtraPersonas(SUBSCRIPTION, 5);
    const sent = replay.last('POST', `/v1/subscriptions/${SUBSCRIPTION}`)!.params;
    expect(sent.get('items[0][id]')).toBe('si_RtWextra01');
    expect(sent.get('items[0][quantity]')).toBe('5');
    expect(sent.get('proration_behavior')).toBe('none');
  });

  it('adds a seat item prorated from the change, unlike personas', async () => {
    replay.expect(
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-unexpanded',
      },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-two-seats',
      },
    );
    // Within the fixture's period (Jan 1 – Feb 1, 2026).
    const effectiveAt = new Date('2026-01-16T00:00:00Z');
    const seated = await provider.setSeats(SUBSCRIPTION, 2, effectiveAt);
    expect(seated.seats).toBe(2);
    const sent = replay.last('POST', `/v1/subscriptions/${SUBSCRIPTION}`)!.params;
    expect(sent.get('items[0][price]')).toBe('price_1QcB7mHk2sLpQa09');
    expect(sent.get('items[0][quantity]')).toBe('2');
    expect(sent.get('proration_behavior')).toBe('create_prorations');
    expect(sent.get('proration_date')).toBe(String(effectiveAt.getTime() / 1000));
  });

  it('changes the quantity of the existing seat item', async () => {
    replay.expect(
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-two-seats-unexpanded',
      },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-one-seat',
      },
    );
    const seated = await provider.setSeats(SUBSCRIPTION, 1, new Date('2026-01-20T00:00:00Z'));
    expect(seated.seats).toBe(1);
    const sent = replay.last('POST', `/v1/subscriptions/${SUBSCRIPTION}`)!.params;
    expect(sent.get('items[0][id]')).toBe('si_RtWseat01');
    expect(sent.get('items[0][quantity]')).toBe('1');
    expect(sent.has('items[0][price]')).toBe(false);
    expect(sent.get('proration_behavior')).toBe('create_prorations');
  });

  it('deletes the seat item with the last seat, and asks nothing when nothing changes', async () => {
    replay.expect(
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-two-seats-unexpanded',
      },
      { method: 'POST', path: `/v1/subscriptions/${SUBSCRIPTION}`, fixture: 'subscription' },
    );
    const none = await provider.setSeats(SUBSCRIPTION, 0, new Date('2026-01-20T00:00:00Z'));
    expect(none.seats).toBe(0);
    const sent = replay.last('POST', `/v1/subscriptions/${SUBSCRIPTION}`)!.params;
    expect(sent.get('items[0][id]')).toBe('si_RtWseat01');
    expect(sent.get('items[0][deleted]')).toBe('true');
    expect(sent.get('proration_behavior')).toBe('create_prorations');

    const posts = replay.received.filter((r) => r.method === 'POST').length;
    replay.expect(
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUBSCRIPTION}`,
        fixture: 'subscription-unexpanded',
      },
      { method: 'GET', path: `/v1/subscriptions/${SUBSCRIPTION}`, fixture: 'subscription' },
    );
    expect((await provider.setSeats(SUBSCRIPTION, 0, new Date())).seats).toBe(0);
    expect(replay.received.filter((r) => r.method === 'POST')).toHaveLength(posts);
  });

  it('cancels at period end rather than at once', async () => {
    replay.expect({
      method: 'POST',
      path: `/v1/subscriptions/${SUBSCRIPTION}`,
      fixture: 'subscription-cancelling',
    });
    await provider.cancelAtPeriodEnd(SUBSCRIPTION);
    const sent = replay.last('POST', `/v1/subscriptions/${SUBSCRIPTION}`)!.params;
    expect(sent.get('cancel_at_period_end')).toBe('true');
  });

  it('creates a promo code once as a repeating coupon', async () => {
    replay.expect(
      {
        method: 'GET',
        path: '/v1/coupons/chorus_LAUNCH50',
        status: 404,
        body: {
          error: {
            code: 'resource_missing',
            message: "No such coupon: 'chorus_LAUNCH50'",
            param: 'coupon',
            type: 'invalid_request_error',
          },
        },
      },
      {
        method: 'POST',
        path: '/v1/coupons',
        body: {
          id: 'chorus_LAUNCH50',
          object: 'coupon',
          amount_off: null,
          created: 1767225600,
          currency: null,
          duration: 'repeating',
          duration_in_months: 3,
          livemode: false,
          max_redemptions: null,
          metadata: {},
          name: 'LAUNCH50',
          percent_off: 50,
          redeem_by: null,
          times_redeemed: 0,
          valid: true,
        },
      },
      { method: 'POST', path: '/v1/subscriptions', fixture: 'subscription-created' },
    );
    await provider.createSubscription({
      customerId: CUSTOMER,
      paymentMethodId: 'pm_1QwF2dLkJhGfDsA9',
      billingCycle: 'monthly',
      isLegacyPricing: false,
      extraPersonas: 2,
      promotion: { code: 'LAUNCH50', percentOff: 50, durationMonths: 3 },
      metadata: { productId: 'product-1', userId: 'user-1' },
    });
    const coupon = replay.last('POST', '/v1/coupons')!.params;
    expect(coupon.get('percent_off')).toBe('50');
    expect(coupon.get('duration')).toBe('repeating');
    expect(coupon.get('duration_in_months')).toBe('3');
    expect(replay.last('POST', '/v1/subscriptions')!.params.get('discounts[0][coupon]')).toBe(
      'chorus_LAUNCH50',
    );
  });

  it('sends checkout back with the session id placeholder Stripe fills in', async () => {
    replay.expect({ method: 'POST', path: '/v1/checkout/sessions', fixture: 'checkout-session' });
    await provider.createCheckoutSession({
      customerId: CUSTOMER,
      billingCycle: 'annual',
      isLegacyPricing: false,
      extraPersonas: 0,
      successUrl: 'http://localhost:8080/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:8080/subscription/cancel',
      metadata: { productId: 'product-1', userId: 'user-1' },
    });
    const sent = replay.last('POST', '/v1/checkout/sessions')!.params;
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('line_items[0][price]')).toBe('price_1QcB7mHk2sLpQa03');
    expect(sent.has('line_items[1][price]')).toBe(false);
    expect(sent.get('success_url')).toContain('{CHECKOUT_SESSION_ID}');
    expect(sent.get('subscription_data[metadata][productId]')).toBe('product-1');
  });
});
