import { type BillingCycle, planFor, type Promo, quote } from '@chorus/contracts';
import { planDisplayName } from './billing-cycle';
import { isLive, type SubscriptionStatus } from './status';

/** What billing knows of a product (mirrored from catalog). */
export interface ProductFacts {
  id: string;
  userId: string;
  name: string;
  billingCycle: BillingCycle;
  isLegacyPricing: boolean;
  personaCount: number;
  /** Billable team seats (the owner and viewers are not seats). */
  seats: number;
}

/** What billing knows of the product's subscription (from the provider). */
export interface SubscriptionFacts {
  providerStatus: string;
  status: SubscriptionStatus;
  billingCycle: BillingCycle;
  isLegacyPricing: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  promo?: Promo;
  providerCustomerId: string;
  providerSubscriptionId: string;
  providerPriceId: string;
}

export interface SubscriptionView {
  productId: string;
  userId: string;
  productName: string;
  status: SubscriptionStatus;
  billingCycle: BillingCycle;
  planDisplayName: string;
  personaCount: number;
  includedPersonas: number;
  extraPersonas: number;
  /** Billable team seats. */
  seats: number;
  /** What the seats cost per billing period. */
  seatsCents: number;
  /** One seat for one billing period ($25 a month, $270 a year). */
  seatUnitCents: number;
  /** What the seats add to the monthly rate (after any promo). */
  seatsMonthlyRateCents: number;
  monthlyRateCents: number;
  periodAmountCents: number;
  discountPercent: number;
  isLegacyPricing: boolean;
  currentPeriodStart?: Date;
  currentPeriodEnd?: Date;
  /** Absent when nothing more will be billed. */
  nextBillingDate?: Date;
  cancelAtPeriodEnd: boolean;
  providerCustomerId: string;
  providerSubscriptionId: string;
  providerPriceId: string;
  /** The subscription's promo code discount, running or run out (catalog mirrors it). */
  promo?: Promo;
}

/**
 * A product's subscription as the billing page shows it. The price always
 * comes from the pricing rules (persona count, cycle, legacy flag, an
 * active promo); a product that never subscribed is inactive and shows what
 * it would cost.
 */
export function subscriptionView(
  product: ProductFacts,
  subscription: SubscriptionFacts | undefined,
  now: Date,
): SubscriptionView {
  const billingCycle = subscription?.billingCycle ?? product.billingCycle;
  const isLegacyPricing = subscription?.isLegacyPricing ?? product.isLegacyPricing;
  const price = quote({
    personaCount: product.personaCount,
    billingCycle,
    isLegacyPricing,
    seats: product.seats,
    promo: subscription?.promo,
    at: now,
  });
  const plan = planFor({ isLegacyPricing });
  const withoutSeats = quote({
    personaCount: product.personaCount,
    billingCycle,
    isLegacyPricing,
    promo: subscription?.promo,
    at: now,
  });
  const billsAgain =
    subscription !== undefined &&
    isLive(subscription.providerStatus) &&
    !subscription.cancelAtPeriodEnd;
  return {
    productId: product.id,
    userId: product.userId,
    productName: product.name,
    status: subscription?.status ?? 'inactive',
    billingCycle,
    planDisplayName: planDisplayName(billingCycle),
    personaCount: price.personaCount,
    includedPersonas: price.includedPersonas,
    extraPersonas: price.extraPersonas,
    seats: price.seats,
    seatsCents: price.seatsCents,
    seatUnitCents: billingCycle === 'annual' ? plan.seatAnnualCents : plan.seatMonthlyCents,
    seatsMonthlyRateCents: price.monthlyRateCents - withoutSeats.monthlyRateCents,
    monthlyRateCents: price.monthlyRateCents,
    periodAmountCents: price.periodCents,
    discountPercent: price.discountPercent,
    isLegacyPricing,
    currentPeriodStart: subscription?.currentPeriodStart,
    currentPeriodEnd: subscription?.currentPeriodEnd,
    nextBillingDate: billsAgain ? subscription.currentPeriodEnd : undefined,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    providerCustomerId: subscription?.providerCustomerId ?? '',
    providerSubscriptionId: subscription?.providerSubscriptionId ?? '',
    providerPriceId: subscription?.providerPriceId ?? '',
    promo: subscription?.promo,
  };
}

interface BillingStats {
  monthlySpendCents: number;
  activeProducts: number;
  totalProducts: number;
  totalPersonas: number;
  /** Billable team seats over every product. */
  totalSeats: number;
  nextBillingDate?: Date;
}

/** The billing page's summary cards, over every product of a user. */
export function billingStats(views: SubscriptionView[]): BillingStats {
  // What is billed from the next period on: a subscription cancelled at the
  // period end keeps its access but is not paid for again.
  const paying = views.filter(
    (view) => (view.status === 'active' || view.status === 'past_due') && !view.cancelAtPeriodEnd,
  );
  const next = views
    .map((view) => view.nextBillingDate)
    .filter((date): date is Date => date !== undefined)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    monthlySpendCents: paying.reduce((sum, view) => sum + view.monthlyRateCents, 0),
    activeProducts: views.filter((view) => view.status === 'active').length,
    totalProducts: views.length,
    totalPersonas: views.reduce((sum, view) => sum + view.personaCount, 0),
    totalSeats: views.reduce((sum, view) => sum + view.seats, 0),
    nextBillingDate: next,
  };
}
