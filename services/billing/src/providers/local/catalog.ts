import type { BillingCycle } from '@chorus/contracts';
import { CURRENCY, PLAN_PRICES, type PlanPrice, planCatalog } from '../plan-prices';
import type { PlanPrices, ProviderCatalog, ProviderPrice } from '../provider';

const PRODUCT_ID = 'prod_chorus_plan';

const localPriceId = (price: PlanPrice) => `price_${price.key}`;

function providerPrice(price: PlanPrice): ProviderPrice {
  return {
    id: localPriceId(price),
    nickname: price.nickname,
    unitAmountCents: price.unitAmountCents,
    currency: CURRENCY,
    interval: price.interval,
  };
}

/** The plan's prices, as the pricing rules set them (the local provider has no others). */
export const CATALOG: ProviderCatalog = planCatalog(PRODUCT_ID, (key) =>
  providerPrice(PLAN_PRICES.find((price) => price.key === key)!),
);

export function pricesOf(isLegacyPricing: boolean, cycle: BillingCycle): PlanPrices {
  return (isLegacyPricing ? CATALOG.legacy : CATALOG.current)[cycle];
}

/** What one unit of a local price costs per period. */
export function unitAmountOf(id: string): number {
  const price = PLAN_PRICES.find((candidate) => localPriceId(candidate) === id);
  if (!price) throw new Error(`unknown local price ${id}`);
  return price.unitAmountCents;
}

/** A price as Stripe shows it inside a subscription item. */
export function priceObject(id: string) {
  const price = PLAN_PRICES.find((candidate) => localPriceId(candidate) === id);
  if (!price) throw new Error(`unknown local price ${id}`);
  return {
    id,
    object: 'price',
    active: true,
    currency: CURRENCY,
    lookup_key: price.key,
    nickname: price.nickname,
    product: PRODUCT_ID,
    recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
    type: 'recurring',
    unit_amount: price.unitAmountCents,
  };
}
