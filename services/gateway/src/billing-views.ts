import {
  type BillingCycle,
  type BillingHistoryRow,
  type CouponView,
  formatMoney,
  type PlanPriceOption,
  type SubscriptionDetails,
} from '@chorus/contracts';
import type {
  Invoice,
  PaymentMethod,
  Price,
  Product as BillingProduct,
  PromoCode,
  Subscription,
} from '@chorus/proto/billing/v1/billing';
import type { Product } from '@chorus/proto/catalog/v1/products';

// How billing's messages look to the browser: camelCase JSON, ISO dates,
// null for what does not exist, money in dollars next to the cents the
// payment provider speaks (unit_amount).

const iso = (date: Date | undefined) => date?.toISOString() ?? null;
const dollars = (cents: number) => cents / 100;

/** The catalog product as billing needs it (the gateway has just read it from catalog). */
export function billingProduct(product: Product): BillingProduct {
  return {
    id: product.id,
    userId: product.userId,
    name: product.name,
    billingCycle: product.billingCycle,
    isLegacyPricing: product.isLegacyPricing,
    personaCount: product.personaCount,
  };
}

/**
 * The billing cycle of a plan choice. Registration sends a price identifier
 * in billingCycle; anything naming a year is annual, everything else monthly
 * (billing confirms the real cycle when the subscription starts).
 */
export function billingCycleOf(choice: string | null | undefined): BillingCycle {
  return /annual|year/i.test(choice ?? '') ? 'annual' : 'monthly';
}

/** A checked coupon as the onboarding form shows it. */
export function toCouponView(promo: PromoCode): CouponView {
  return {
    code: promo.code,
    discountPercent: promo.discountPercent,
    durationMonths: promo.durationMonths,
  };
}

/** A price option in Stripe's words, as the plan page reads it. */
export function toPriceOption(price: Price): PlanPriceOption {
  return {
    id: price.id,
    nickname: price.nickname,
    interval: price.interval,
    interval_count: price.intervalCount,
    unit_amount: price.unitAmountCents,
    currency: price.currency,
    formatted: formatMoney(price.unitAmountCents, price.currency.toUpperCase()),
    /** Twelve monthly payments minus this one, in minor units (0 for monthly). */
    savings: price.savingsCents,
    savingsFormatted: price.savingsCents > 0 ? formatMoney(price.savingsCents) : null,
    billingCycle: price.billingCycle,
    recurring: { interval: price.interval },
  };
}

export function toSubscriptionDetails(subscription: Subscription): SubscriptionDetails {
  return {
    productId: subscription.productId,
    productName: subscription.productName,
    status: subscription.status,
    planDisplayName: subscription.planDisplayName,
    billingCycle: subscription.billingCycle,
    personaCount: subscription.personaCount,
    includedPersonas: subscription.includedPersonas,
    extraPersonas: subscription.extraPersonas,
    monthlyRate: dollars(subscription.monthlyRateCents),
    periodAmount: dollars(subscription.periodAmountCents),
    discountPercent: subscription.discountPercent,
    currentPeriodEnd: iso(subscription.currentPeriodEnd),
    nextBillingDate: iso(subscription.nextBillingDate),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    isLegacyPricing: subscription.isLegacyPricing,
    seats: subscription.seats ?? 0,
    seatsAmount: dollars(subscription.seatsCents ?? 0),
    seatUnitPrice: dollars(subscription.seatUnitCents ?? 0),
    customerId: subscription.providerCustomerId || null,
    subscriptionId: subscription.providerSubscriptionId || null,
  };
}

/** A billing history row; the download goes through the gateway unless the provider keeps the PDF. */
export function toInvoiceRow(invoice: Invoice): BillingHistoryRow {
  return {
    id: invoice.id,
    productId: invoice.productId,
    number: invoice.number,
    description: invoice.description,
    date: iso(invoice.issuedAt),
    /** Dollars. */
    amount: dollars(invoice.amountCents),
    currency: invoice.currency,
    status: invoice.status,
    downloadUrl: invoice.pdfUrl || `/api/billing/invoices/${encodeURIComponent(invoice.id)}/pdf`,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amount: dollars(line.amountCents),
    })),
  };
}

export function toPaymentMethodView(method: PaymentMethod) {
  return {
    id: method.id,
    stripePaymentMethodId: method.providerPaymentMethodId,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
    cardholderName: method.cardholderName || null,
    isDefault: method.isDefault,
  };
}
