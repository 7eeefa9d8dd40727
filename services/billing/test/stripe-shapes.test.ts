import { readEvent, readInvoice, readSubscription } from '../src/providers/stripe-shapes';
import { stripeFixture } from './stripe-replay';

describe('reading Stripe objects', () => {
  it('reads a subscription of the current API version (period on the items)', () => {
    const subscription = readSubscription(stripeFixture('subscription'));
    expect(subscription).toMatchObject({
      id: 'sub_1QwF3eMnBvCxZaS8',
      customerId: 'cus_RtW3nQ8xYb2LkP',
      billingCycle: 'monthly',
      basePriceId: 'price_1QcB7mHk2sLpQa01',
      extraPersonas: 2,
      currentPeriodStart: new Date('2026-01-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-02-01T00:00:00Z'),
    });
    expect(subscription.latestInvoice).toMatchObject({
      subscriptionId: 'sub_1QwF3eMnBvCxZaS8',
      status: 'paid',
      pdfUrl: expect.stringMatching(/^https:\/\//),
      subscriptionMetadata: { productId: 'product-1', userId: 'user-1' },
    });
  });

  it('reads a subscription of an older API version (period on the subscription)', () => {
    const current = stripeFixture('subscription-unexpanded') as {
      items: { data: Record<string, unknown>[] };
    };
    const older = {
      ...current,
      current_period_start: 1767225600,
      current_period_end: 1769904000,
      items: {
        data: current.items.data.map(
          ({ current_period_start: _s, current_period_end: _e, ...item }) => item,
        ),
      },
    };
    expect(readSubscription(older).currentPeriodEnd).toEqual(new Date('2026-02-01T00:00:00Z'));
  });

  it('reads an invoice naming its subscription the old way', () => {
    const invoice = stripeFixture('invoice-paid') as Record<string, unknown>;
    const older = { ...invoice, parent: null, subscription: 'sub_old' };
    expect(readInvoice(older).subscriptionId).toBe('sub_old');
  });

  it('refuses an event without what billing relies on', () => {
    expect(() => readEvent({ id: 'evt_1', object: 'event', type: 'x' })).toThrow(
      /unreadable event/,
    );
  });
});
