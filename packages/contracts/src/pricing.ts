/**
 * Pricing, the one place it is computed. The specs disagree on the price;
 * docs/architecture.md ("Current and legacy pricing") says how that is
 * resolved: current products cost $25/month or $270/year with 10 personas
 * included and $2/month per extra persona; products with legacy pricing cost
 * $100/month covering 4 personas and $10 per extra. A promo discount applies
 * to the whole amount for its duration. Every screen and the billing service
 * call these functions; amounts are integer cents.
 */

import { formatWholeDollars } from './format';

export type BillingCycle = 'monthly' | 'annual';

export interface PricePlan {
  /** Base price per month on the monthly plan. */
  monthlyCents: number;
  /** Base price per year on the annual plan. */
  annualCents: number;
  includedPersonas: number;
  /** Per extra persona, per month. */
  extraPersonaCents: number;
  /** Per billable team seat (collaborator or admin; viewers are free), per month. */
  seatMonthlyCents: number;
  /** Per billable team seat on the annual plan, per year (the annual discount applied). */
  seatAnnualCents: number;
}

export const CURRENT_PLAN: PricePlan = {
  monthlyCents: 2500,
  annualCents: 27000,
  includedPersonas: 10,
  extraPersonaCents: 200,
  seatMonthlyCents: 2500,
  seatAnnualCents: 27000,
};

export const LEGACY_PLAN: PricePlan = {
  monthlyCents: 10000,
  annualCents: 108000,
  includedPersonas: 4,
  extraPersonaCents: 1000,
  seatMonthlyCents: 2500,
  seatAnnualCents: 27000,
};

/** Stored default on products: the annual plan saves 10% ("Save 10%"). */
export const ANNUAL_DISCOUNT_PERCENT = 10;

export function planFor(product: { isLegacyPricing?: boolean }): PricePlan {
  return product.isLegacyPricing ? LEGACY_PLAN : CURRENT_PLAN;
}

/** Twelve monthly payments minus one annual payment. */
export function annualSavingsCents(plan: PricePlan = CURRENT_PLAN): number {
  return 12 * plan.monthlyCents - plan.annualCents;
}

export function extraPersonas(personaCount: number, plan: PricePlan = CURRENT_PLAN): number {
  return Math.max(0, Math.floor(personaCount) - plan.includedPersonas);
}

export interface Promo {
  discountPercent: number;
  durationMonths: number;
  /** When the discount started (the subscription's start). */
  startedAt: Date;
}

/** When the promo stops applying: durationMonths calendar months after its start. */
export function promoEndsAt(promo: Promo): Date {
  const ends = new Date(promo.startedAt);
  ends.setUTCMonth(ends.getUTCMonth() + promo.durationMonths);
  return ends;
}

/** Whether the promo still applies at `at`: from its start, for durationMonths calendar months. */
export function promoActive(promo: Promo | undefined, at: Date): promo is Promo {
  if (!promo || promo.discountPercent <= 0 || promo.durationMonths <= 0) return false;
  return at >= promo.startedAt && at < promoEndsAt(promo);
}

/** A promo as the product view carries it (JSON: the start as an ISO date). */
export interface PromoView {
  discountPercent: number;
  durationMonths: number;
  startedAt: string;
}

/** The product view's promo as quote() takes it; undefined without one. */
export function promoOf(view: PromoView | null | undefined): Promo | undefined {
  if (!view) return undefined;
  const startedAt = new Date(view.startedAt);
  if (Number.isNaN(startedAt.getTime())) return undefined;
  return {
    discountPercent: view.discountPercent,
    durationMonths: view.durationMonths,
    startedAt,
  };
}

export interface Quote {
  billingCycle: BillingCycle;
  personaCount: number;
  includedPersonas: number;
  extraPersonas: number;
  /** Base price for one billing period (a month or a year). */
  baseCents: number;
  /** Extra personas for one billing period. */
  extrasCents: number;
  /** Billable team seats (collaborators and admins; the owner and viewers are not seats). */
  seats: number;
  /** Team seats for one billing period. */
  seatsCents: number;
  /** Discount for one billing period (0 without an active promo). */
  discountCents: number;
  discountPercent: number;
  /** What one billing period costs. */
  periodCents: number;
  /** What the product costs per month (annual plans: a twelfth of the year). */
  monthlyRateCents: number;
}

/** The price of one product for one billing period. */
export function quote(input: {
  personaCount: number;
  billingCycle: BillingCycle;
  isLegacyPricing?: boolean;
  /** Billable team seats; none when left out. */
  seats?: number;
  promo?: Promo;
  at?: Date;
}): Quote {
  const plan = planFor(input);
  const months = input.billingCycle === 'annual' ? 12 : 1;
  const extra = extraPersonas(input.personaCount, plan);
  const baseCents = input.billingCycle === 'annual' ? plan.annualCents : plan.monthlyCents;
  const extrasCents = extra * plan.extraPersonaCents * months;
  const seats = Math.max(0, Math.floor(input.seats ?? 0));
  const seatsCents =
    seats * (input.billingCycle === 'annual' ? plan.seatAnnualCents : plan.seatMonthlyCents);
  const promo = promoActive(input.promo, input.at ?? new Date()) ? input.promo : undefined;
  const discountPercent = promo ? Math.min(100, promo.discountPercent) : 0;
  const discountCents = Math.round(
    ((baseCents + extrasCents + seatsCents) * discountPercent) / 100,
  );
  const periodCents = baseCents + extrasCents + seatsCents - discountCents;
  return {
    billingCycle: input.billingCycle,
    personaCount: Math.max(0, Math.floor(input.personaCount)),
    includedPersonas: plan.includedPersonas,
    extraPersonas: extra,
    baseCents,
    extrasCents,
    seats,
    seatsCents,
    discountCents,
    discountPercent,
    periodCents,
    monthlyRateCents: Math.round(periodCents / months),
  };
}

/**
 * What adding personas (one, or `added` from a customer import) does to the
 * monthly cost, for the confirmation dialog.
 */
export function personaAdditionCost(
  input: {
    personaCount: number;
    billingCycle: BillingCycle;
    isLegacyPricing?: boolean;
    /** Billable team seats: they are part of the monthly cost before and after. */
    seats?: number;
    /** The subscription's promo: while it runs, both costs are discounted. */
    promo?: Promo;
    at?: Date;
  },
  added = 1,
): { from: number; to: number; extraPersonaCents: number; monthlyIncreaseCents: number } {
  const before = quote(input);
  const after = quote({ ...input, personaCount: input.personaCount + added });
  return {
    from: before.personaCount,
    to: after.personaCount,
    extraPersonaCents: planFor(input).extraPersonaCents,
    monthlyIncreaseCents: after.monthlyRateCents - before.monthlyRateCents,
  };
}

/**
 * The price in one phrase, the same wherever the product is sold (the
 * landing page's hero and pricing card): "$25 per product per month".
 */
export const PRICE_UNIT = 'per product per month';

export function priceHeadline(plan: PricePlan = CURRENT_PLAN): string {
  return `${formatWholeDollars(plan.monthlyCents)} ${PRICE_UNIT}`;
}

/** What a teammate costs, in the same words: "$25 per collaborator or admin per month; viewers are free". */
export function seatPriceLine(plan: PricePlan = CURRENT_PLAN): string {
  return `${formatWholeDollars(plan.seatMonthlyCents)} per collaborator or admin per month; viewers are free`;
}
