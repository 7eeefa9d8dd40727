import { addMonths, resolveBillingCycle } from '../src/domain/billing-cycle';
import { historyLength, revenueMonths, revenueSummary } from '../src/domain/revenue';
import { seatProration } from '../src/domain/seats';
import { invoiceStatus, isLive, productStatus } from '../src/domain/status';
import {
  billingStats,
  type ProductFacts,
  type SubscriptionFacts,
  subscriptionView,
} from '../src/domain/subscription-view';
import { testCard } from '../src/domain/test-cards';
import { isWebAddress } from '../src/domain/web-address';

describe('resolveBillingCycle', () => {
  const prices = { monthly: ['price_m'], annual: ['price_a', 'price_legacy_a'] };
  it.each([
    ['monthly', 'monthly'],
    ['Monthly', 'monthly'],
    ['month', 'monthly'],
    ['annual', 'annual'],
    ['yearly', 'annual'],
    [' year ', 'annual'],
    ['price_m', 'monthly'],
    ['price_legacy_a', 'annual'],
    ['weekly', undefined],
    ['price_unknown', undefined],
  ])('%j is %s', (value, expected) => {
    expect(resolveBillingCycle(value, prices)).toBe(expected);
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 1, '2026-02-15T10:00:00Z'],
    ['2026-01-31T00:00:00Z', 1, '2026-02-28T00:00:00Z'],
    ['2028-01-31T00:00:00Z', 1, '2028-02-29T00:00:00Z'],
    ['2026-01-31T00:00:00Z', 2, '2026-03-31T00:00:00Z'],
    ['2026-12-05T23:59:59Z', 1, '2027-01-05T23:59:59Z'],
    ['2026-03-10T12:00:00Z', 12, '2027-03-10T12:00:00Z'],
  ])('%s + %i months = %s', (from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(new Date(to).toISOString());
  });
});

describe('statuses', () => {
  it.each([
    ['active', 'active', true],
    ['trialing', 'active', true],
    ['past_due', 'past_due', true],
    ['unpaid', 'past_due', true],
    ['canceled', 'cancelled', false],
    ['incomplete', 'inactive', false],
    ['incomplete_expired', 'inactive', false],
    ['paused', 'paused', true],
  ])('Stripe %s shows as %s (live: %s)', (stripe, shown, live) => {
    expect(productStatus(stripe)).toBe(shown);
    expect(isLive(stripe)).toBe(live);
  });

  it.each([
    [{ status: 'paid', attempted: true }, 'paid'],
    [{ status: 'open', attempted: false }, 'pending'],
    [{ status: 'draft', attempted: false }, 'pending'],
    [{ status: 'open', attempted: true }, 'failed'],
    [{ status: 'open', attempted: false, paymentFailed: true }, 'failed'],
    [{ status: 'uncollectible', attempted: true }, 'failed'],
  ])('invoice %j is %s', (invoice, expected) => {
    expect(invoiceStatus(invoice)).toBe(expected);
  });
});

describe('subscriptionView', () => {
  const now = new Date('2026-03-15T00:00:00Z');
  const product: ProductFacts = {
    id: 'p1',
    userId: 'u1',
    name: 'Lantern',
    billingCycle: 'monthly',
    isLegacyPricing: false,
    personaCount: 12,
    seats: 0,
  };
  const running: SubscriptionFacts = {
    providerStatus: 'active',
    status: 'active',
    billingCycle: 'monthly',
    isLegacyPricing: false,
    currentPeriodStart: new Date('2026-03-01T00:00:00Z'),
    currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    providerCustomerId: 'cus_1',
    providerSubscriptionId: 'sub_1',
    providerPriceId: 'price_1',
  };

  it('prices a product that never subscribed, with no next billing date', () => {
    expect(subscriptionView(product, undefined, now)).toMatchObject({
      status: 'inactive',
      planDisplayName: 'Monthly Plan',
      extraPersonas: 2,
      monthlyRateCents: 2900,
      nextBillingDate: undefined,
    });
  });

  it.each([
    [{}, new Date('2026-04-01T00:00:00Z')],
    [{ cancelAtPeriodEnd: true }, undefined],
    [{ providerStatus: 'canceled', status: 'cancelled' as const }, undefined],
    [{ providerStatus: 'past_due', status: 'past_due' as const }, new Date('2026-04-01T00:00:00Z')],
  ])('with %j the next billing date is %s', (change, next) => {
    expect(subscriptionView(product, { ...running, ...change }, now).nextBillingDate).toEqual(next);
  });

  it.each([
    [{ billingCycle: 'annual' as const }, 'Annual Plan', 2650, 31800],
    [{ isLegacyPricing: true }, 'Monthly Plan', 18000, 18000],
    [
      { promo: { discountPercent: 20, durationMonths: 3, startedAt: new Date('2026-03-01') } },
      'Monthly Plan',
      2320,
      2320,
    ],
    [
      { promo: { discountPercent: 20, durationMonths: 1, startedAt: new Date('2026-01-01') } },
      'Monthly Plan',
      2900,
      2900,
    ],
  ])('with %j: %s, %i a month, %i a period', (change, plan, monthly, period) => {
    expect(subscriptionView(product, { ...running, ...change }, now)).toMatchObject({
      planDisplayName: plan,
      monthlyRateCents: monthly,
      periodAmountCents: period,
    });
  });

  it('sums the billing page cards over active and past-due products', () => {
    const views = [
      subscriptionView(product, running, now),
      subscriptionView({ ...product, id: 'p2', personaCount: 3 }, undefined, now),
      subscriptionView(
        { ...product, id: 'p3', personaCount: 1 },
        {
          ...running,
          providerStatus: 'past_due',
          status: 'past_due',
          currentPeriodEnd: new Date('2026-03-20'),
        },
        now,
      ),
    ];
    expect(billingStats(views)).toEqual({
      monthlySpendCents: 2900 + 2500,
      activeProducts: 1,
      totalProducts: 3,
      totalPersonas: 16,
      totalSeats: 0,
      nextBillingDate: new Date('2026-03-20'),
    });
  });

  it('prices team seats at $25 a month, $270 a year, inside the promo', () => {
    const monthly = subscriptionView({ ...product, seats: 3 }, running, now);
    expect(monthly).toMatchObject({
      seats: 3,
      seatsCents: 7500,
      seatUnitCents: 2500,
      seatsMonthlyRateCents: 7500,
      monthlyRateCents: 2900 + 7500,
    });
    const annual = subscriptionView(
      { ...product, seats: 2 },
      { ...running, billingCycle: 'annual' },
      now,
    );
    expect(annual).toMatchObject({
      seats: 2,
      seatsCents: 54000,
      seatUnitCents: 27000,
      seatsMonthlyRateCents: 4500,
    });
    const discounted = subscriptionView(
      { ...product, seats: 1 },
      {
        ...running,
        promo: { discountPercent: 20, durationMonths: 3, startedAt: new Date('2026-03-01') },
      },
      now,
    );
    expect(discounted).toMatchObject({ seatsMonthlyRateCents: 2000, monthlyRateCents: 4320 });
    expect(billingStats([monthly, annual])).toMatchObject({ totalSeats: 5 });
  });

  it('leaves a subscription cancelled at the period end out of Monthly Spend', () => {
    const cancelling = subscriptionView(product, { ...running, cancelAtPeriodEnd: true }, now);
    const other = subscriptionView({ ...product, id: 'p2', personaCount: 3 }, running, now);
    expect(cancelling.status).toBe('active');
    expect(cancelling.nextBillingDate).toBeUndefined();
    expect(billingStats([cancelling, other])).toMatchObject({
      monthlySpendCents: 2500,
      activeProducts: 2,
    });
  });
});

describe('seatProration', () => {
  const period = {
    unitAmountCents: 2500,
    periodStart: new Date('2026-03-01T00:00:00Z'),
    periodEnd: new Date('2026-03-31T00:00:00Z'),
  };

  it('charges an added seat for the rest of the period, by seconds', () => {
    const added = seatProration({
      ...period,
      from: 0,
      to: 1,
      at: new Date('2026-03-16T00:00:00Z'),
    });
    expect(added).toMatchObject({ change: 1, quantity: 1, amountCents: 1250 });
    expect(added.description).toBe(
      'Team seat proration: remaining time on 1 added seat, Mar 16, 2026 – Mar 31, 2026',
    );
  });

  it('credits the unused time of removed seats', () => {
    const removed = seatProration({
      ...period,
      from: 3,
      to: 1,
      at: new Date('2026-03-25T00:00:00Z'),
    });
    expect(removed).toMatchObject({ change: -2, quantity: 2, amountCents: -1000 });
    expect(removed.description).toMatch(/^Team seat proration: unused time on 2 removed seats/);
  });

  it('counts a change from before the period from its start, and costs nothing without a change', () => {
    expect(
      seatProration({ ...period, from: 0, to: 1, at: new Date('2026-02-01T00:00:00Z') })
        .amountCents,
    ).toBe(2500);
    expect(
      seatProration({ ...period, from: 2, to: 2, at: new Date('2026-03-10T00:00:00Z') })
        .amountCents,
    ).toBe(0);
  });
});

describe('revenueSummary', () => {
  it('counts the seats of running subscriptions and what they bring in a month', () => {
    expect(
      revenueSummary([
        { monthlyRateCents: 7500, seats: 2, seatsMonthlyRateCents: 5000 },
        { monthlyRateCents: 2500, seats: 0, seatsMonthlyRateCents: 0 },
      ]),
    ).toEqual({
      monthlyRevenueCents: 10000,
      activeSubscriptions: 2,
      averageRateCents: 5000,
      totalSeats: 2,
      seatRevenueCents: 5000,
    });
  });
});

describe('test cards', () => {
  it('follow Stripe test mode', () => {
    expect(testCard('pm_card_visa')).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(testCard('pm_card_chargeDeclined')?.attachError?.message).toBe(
      'Your card was declined.',
    );
    expect(testCard('pm_card_chargeCustomerFail')?.attachError).toBeUndefined();
    expect(testCard('pm_card_chargeCustomerFail')?.chargeError?.code).toBe('card_declined');
    expect(testCard('4242424242424242')).toBeUndefined();
  });
});

describe('revenueMonths', () => {
  const now = new Date('2026-03-20T12:00:00Z');
  const span = (startedAt: string, canceledAt: string | null, providerStatus = 'active') => ({
    startedAt: new Date(startedAt),
    canceledAt: canceledAt ? new Date(canceledAt) : null,
    providerStatus,
  });

  it('shows the last months oldest first, with paid revenue and the subscriptions running in each', () => {
    const months = revenueMonths(
      3,
      now,
      new Map([
        ['2026-01', 2500],
        ['2026-03', 5000],
      ]),
      [
        span('2025-12-10T00:00:00Z', null),
        span('2026-02-01T00:00:00Z', '2026-02-15T00:00:00Z', 'canceled'),
        span('2026-03-01T00:00:00Z', null, 'incomplete_expired'),
      ],
    );
    expect(months).toEqual([
      { month: '2026-01', revenueCents: 2500, activeSubscriptions: 1 },
      { month: '2026-02', revenueCents: 0, activeSubscriptions: 2 },
      { month: '2026-03', revenueCents: 5000, activeSubscriptions: 1 },
    ]);
  });

  it.each([
    [0, 12],
    [1, 1],
    [24, 24],
    [500, 60],
  ])('asked for %i months, shows %i', (asked, shown) => {
    expect(historyLength(asked)).toBe(shown);
  });
});

describe('isWebAddress', () => {
  it.each([
    ['http://localhost:8080/billing', true],
    ['https://chorus.example/success?session_id={CHECKOUT_SESSION_ID}', true],
    ['javascript:alert(1)', false],
    ['/billing', false],
    ['ftp://files.example/x', false],
  ])('%s: %s', (url, expected) => {
    expect(isWebAddress(url)).toBe(expected);
  });
});
