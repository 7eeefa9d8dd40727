import type { SubscriptionChanged } from '@chorus/proto/events/v1/events';
import type { ProductRow, SubscriptionMirror } from '../store/products';

/**
 * What a SubscriptionChanged event from billing changes on the product:
 * billing owns subscriptions, the product shows their state. Empty values in
 * the event leave the product as it is; the start date moves to the moment
 * a subscription becomes active, so it tells when the current one began.
 * The promo is the named subscription's as billing sends it (each such
 * event carries the whole view): set, never added to, so a replayed event
 * changes nothing and a subscription without one clears it.
 */
export function subscriptionMirror(
  product: Pick<ProductRow, 'subscription_status'>,
  event: SubscriptionChanged,
  occurredAt: Date,
): SubscriptionMirror {
  const changes: SubscriptionMirror = {};
  const status = event.status.trim().toLowerCase();
  if (status) {
    changes.subscription_status = status;
    if (status === 'active' && product.subscription_status !== 'active') {
      changes.subscription_start_date = occurredAt;
    }
  }
  if (event.billingCycle === 'monthly' || event.billingCycle === 'annual') {
    changes.billing_cycle = event.billingCycle;
  }
  if (event.currentPeriodEnd) changes.subscription_end_date = event.currentPeriodEnd;
  if (event.providerCustomerId) changes.stripe_customer_id = event.providerCustomerId;
  if (event.providerSubscriptionId) changes.stripe_subscription_id = event.providerSubscriptionId;
  if (event.providerPriceId) changes.stripe_price_id = event.providerPriceId;
  if (event.providerSubscriptionId) {
    const promo =
      event.promoDiscountPercent > 0 && event.promoDurationMonths > 0
        ? event.promoStartedAt
        : undefined;
    changes.promo_discount_percent = promo ? event.promoDiscountPercent : null;
    changes.promo_duration_months = promo ? event.promoDurationMonths : null;
    changes.promo_started_at = promo ?? null;
  }
  return changes;
}
