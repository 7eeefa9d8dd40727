import { type BillingCycle, CURRENT_PLAN, LEGACY_PLAN, type PricePlan } from '@chorus/contracts';
import { monthsPerPeriod, planDisplayName } from '../domain/billing-cycle';
import type { ProviderCatalog, ProviderPrice } from './provider';
import { lookupKey, type PricePart } from './stripe-shapes';

/** The one product every Chorus subscription is for, at either provider. */
export const PLAN_PRODUCT = {
  name: 'Chorus Product Plan',
  description:
    'AI customer personas, unlimited strategic questions, business profiles and roadmaps for one product.',
};

/**
 * Team seats are a product of their own at the provider, so that its
 * invoices name them: "2 × Team seat", "Remaining time on 1 × Team seat
 * after …".
 */
export const SEAT_PRODUCT = {
  name: 'Team seat',
  description: 'A collaborator or admin of a Chorus product (the owner and viewers are not seats).',
};

export const CURRENCY = 'usd';

/** A price the plan needs at a provider, as the pricing rules set it. */
export interface PlanPrice {
  /** Stripe's lookup key: how a provider's price is found again. */
  key: string;
  part: PricePart;
  nickname: string;
  unitAmountCents: number;
  interval: 'month' | 'year';
}

function nicknameOf(part: PricePart, cycle: BillingCycle): string {
  if (part === 'base') return planDisplayName(cycle);
  if (part === 'seat') return `Team seat (${cycle})`;
  return `Extra persona (${cycle})`;
}

function unitAmountOf(plan: PricePlan, part: PricePart, cycle: BillingCycle): number {
  if (part === 'extra_persona') return plan.extraPersonaCents * monthsPerPeriod(cycle);
  if (part === 'seat') return cycle === 'annual' ? plan.seatAnnualCents : plan.seatMonthlyCents;
  return cycle === 'annual' ? plan.annualCents : plan.monthlyCents;
}

function planPrice(name: 'current' | 'legacy', part: PricePart, cycle: BillingCycle): PlanPrice {
  const plan = name === 'legacy' ? LEGACY_PLAN : CURRENT_PLAN;
  const prefix = name === 'legacy' ? 'Legacy ' : '';
  return {
    key: lookupKey(name, part, cycle),
    part,
    nickname: `${prefix}${nicknameOf(part, cycle)}`,
    unitAmountCents: unitAmountOf(plan, part, cycle),
    interval: cycle === 'annual' ? 'year' : 'month',
  };
}

/** Every price of the plan: base, extra persona and team seat, for both plans and both cycles. */
export const PLAN_PRICES: readonly PlanPrice[] = (['current', 'legacy'] as const).flatMap((name) =>
  (['monthly', 'annual'] as const).flatMap((cycle) => [
    planPrice(name, 'base', cycle),
    planPrice(name, 'extra_persona', cycle),
    planPrice(name, 'seat', cycle),
  ]),
);

/** The catalog of a provider whose price for each lookup key is `priceOf(key)`. */
export function planCatalog(
  productId: string,
  priceOf: (key: string) => ProviderPrice,
): ProviderCatalog {
  const prices = (name: 'current' | 'legacy', cycle: BillingCycle) => ({
    base: priceOf(lookupKey(name, 'base', cycle)),
    extraPersona: priceOf(lookupKey(name, 'extra_persona', cycle)),
    seat: priceOf(lookupKey(name, 'seat', cycle)),
  });
  return {
    productId,
    productName: PLAN_PRODUCT.name,
    productDescription: PLAN_PRODUCT.description,
    current: { monthly: prices('current', 'monthly'), annual: prices('current', 'annual') },
    legacy: { monthly: prices('legacy', 'monthly'), annual: prices('legacy', 'annual') },
  };
}
