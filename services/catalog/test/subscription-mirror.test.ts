import type { SubscriptionChanged } from '@chorus/proto/events/v1/events';
import { subscriptionMirror } from '../src/domain/subscription-mirror';

const event = (fields: Partial<SubscriptionChanged>): SubscriptionChanged => ({
  productId: 'p1',
  userId: 'u1',
  status: '',
  billingCycle: '',
  monthlyRateCents: 0,
  personaCount: 0,
  currentPeriodEnd: undefined,
  cancelAtPeriodEnd: false,
  providerCustomerId: '',
  providerSubscriptionId: '',
  providerPriceId: '',
  promoDiscountPercent: 0,
  promoDurationMonths: 0,
  promoStartedAt: undefined,
  ...fields,
});

const at = new Date('2026-03-01T10:00:00Z');
const periodEnd = new Date('2026-04-01T10:00:00Z');

describe('subscriptionMirror', () => {
  it('activating starts the subscription now and mirrors the provider references', () => {
    expect(
      subscriptionMirror(
        { subscription_status: 'inactive' },
        event({
          status: 'active',
          billingCycle: 'annual',
          currentPeriodEnd: periodEnd,
          providerCustomerId: 'cus_1',
          providerSubscriptionId: 'sub_1',
          providerPriceId: 'price_1',
        }),
        at,
      ),
    ).toEqual({
      subscription_status: 'active',
      subscription_start_date: at,
      billing_cycle: 'annual',
      subscription_end_date: periodEnd,
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      stripe_price_id: 'price_1',
      promo_discount_percent: null,
      promo_duration_months: null,
      promo_started_at: null,
    });
  });

  it("mirrors the subscription's promo code as sent, and clears it once the subscription has none", () => {
    const started = new Date('2026-03-01T09:00:00Z');
    const withPromo = event({
      status: 'active',
      providerSubscriptionId: 'sub_1',
      promoDiscountPercent: 20,
      promoDurationMonths: 3,
      promoStartedAt: started,
    });
    expect(subscriptionMirror({ subscription_status: 'active' }, withPromo, at)).toMatchObject({
      promo_discount_percent: 20,
      promo_duration_months: 3,
      promo_started_at: started,
    });
    expect(
      subscriptionMirror(
        { subscription_status: 'active' },
        event({ status: 'active', providerSubscriptionId: 'sub_2' }),
        at,
      ),
    ).toMatchObject({
      promo_discount_percent: null,
      promo_duration_months: null,
      promo_started_at: null,
    });
  });

  it('a renewal keeps the start date and moves the end date', () => {
    expect(
      subscriptionMirror(
        { subscription_status: 'active' },
        event({ status: 'active', currentPeriodEnd: periodEnd }),
        at,
      ),
    ).toEqual({ subscription_status: 'active', subscription_end_date: periodEnd });
  });

  it.each([
    ['past_due', 'past_due'],
    [' Cancelled ', 'cancelled'],
  ])('status %j is stored as %j', (status, stored) => {
    expect(subscriptionMirror({ subscription_status: 'active' }, event({ status }), at)).toEqual({
      subscription_status: stored,
    });
  });

  it('leaves everything as it is when the event carries nothing', () => {
    expect(
      subscriptionMirror({ subscription_status: 'active' }, event({ billingCycle: 'weekly' }), at),
    ).toEqual({});
  });
});
