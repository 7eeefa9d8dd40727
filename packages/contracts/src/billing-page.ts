import { formatWholeDollars } from './format';

/**
 * The billing pages' shapes and rules: what the billing routes answer (the
 * gateway builds these, the browser reads them) and how the billing page
 * shows them — status badges, the fallbacks the billing spec names (monthly
 * rate 25, Next Billing 30 days from today, "Monthly Plan", "Not available").
 */

/** One product's subscription, as GET /api/billing/subscription-details answers it per product id. */
export interface SubscriptionDetails {
  productId: string;
  productName: string;
  /** inactive, active, past_due, cancelled, paused */
  status: string;
  planDisplayName: string;
  billingCycle: string;
  personaCount: number;
  includedPersonas: number;
  extraPersonas: number;
  /** Dollars per month. */
  monthlyRate: number;
  /** Dollars per billing period (a month or a year). */
  periodAmount: number;
  discountPercent: number;
  currentPeriodEnd: string | null;
  /** Null when nothing more will be billed. */
  nextBillingDate: string | null;
  cancelAtPeriodEnd: boolean;
  isLegacyPricing: boolean;
  /** Billable team seats: collaborators, admins, roadmap editors (the owner and viewers are free). */
  seats: number;
  /** Dollars the seats cost per billing period (a month or a year). */
  seatsAmount: number;
  /** Dollars one seat costs per billing period: 25 a month, 270 a year. */
  seatUnitPrice: number;
  /** The provider's customer id, for the customer portal. */
  customerId: string | null;
  subscriptionId: string | null;
}

/** GET /api/billing/subscription-details: keyed by product id. */
export type SubscriptionDetailsByProduct = Record<string, SubscriptionDetails>;

/** A row of GET /api/billing/history. */
export interface BillingHistoryRow {
  id: string;
  productId: string;
  number: string;
  description: string;
  date: string | null;
  /** Dollars. */
  amount: number;
  currency: string;
  /** paid, pending or failed */
  status: string;
  /** The gateway's PDF address (needs the bearer token) or the provider's own. */
  downloadUrl: string | null;
  /** What the invoice bills: the plan, extra personas, "Team seats × N", seat prorations, a discount. */
  lines: InvoiceLineView[];
}

/** One line of an invoice; a credit (a removed seat's unused time) or a discount is negative. */
export interface InvoiceLineView {
  description: string;
  quantity: number;
  /** Dollars. */
  amount: number;
}

/** GET /api/dashboard/stats: the billing page's summary cards. */
export interface BillingSummary {
  /** Dollars per month over the products that are paying. */
  monthlySpend: number;
  activeProducts: number;
  totalProducts: number;
  totalPersonas: number;
  /** The earliest date anything is billed again; null when nothing is. */
  nextBillingDate: string | null;
}

/** A price of the plan in Stripe's words (GET /api/stripe/products). */
export interface PlanPriceOption {
  id: string;
  nickname: string;
  interval: string;
  interval_count: number;
  /** Minor units. */
  unit_amount: number;
  currency: string;
  formatted: string;
  /** Twelve monthly payments minus this one, in minor units (0 for monthly). */
  savings: number;
  savingsFormatted: string | null;
  billingCycle: string;
  recurring: { interval: string };
}

/** GET /api/stripe/products */
export interface PlanCatalogue {
  product: { id: string; name: string; description: string };
  prices: { monthly: PlanPriceOption; yearly: PlanPriceOption };
  annualDiscountPercent: number;
  includedPersonas: number;
  /** Dollars per extra persona per month. */
  extraPersonaCost: number;
}

/** POST /api/stripe/create-checkout-session */
export interface CheckoutSessionAnswer {
  url: string;
  sessionId: string;
}

/** POST /api/products/{id}/cancel-subscription */
export interface SubscriptionCancellation {
  message: string;
  subscriptionStatus: string;
  subscription: SubscriptionDetails;
}

/** The status badges of the billing page; every other status shows as unknown. */
export type SubscriptionBadge = 'active' | 'past_due' | 'cancelled' | 'unknown';

export function subscriptionBadge(status: string | null | undefined): SubscriptionBadge {
  switch (status?.trim().toLowerCase()) {
    case 'active':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'cancelled':
    case 'canceled':
      return 'cancelled';
    default:
      return 'unknown';
  }
}

export type InvoiceBadge = 'paid' | 'pending' | 'failed' | 'unknown';

export function invoiceBadge(status: string | null | undefined): InvoiceBadge {
  const value = status?.trim().toLowerCase();
  return value === 'paid' || value === 'pending' || value === 'failed' ? value : 'unknown';
}

/** The billing page's monthly rate when a product comes without one (the billing spec's 25). */
export const BILLING_FALLBACK_MONTHLY_RATE = 25;

/** Without a real next billing date, the Next Billing card shows this many days from today. */
export const NEXT_BILLING_FALLBACK_DAYS = 30;

/** A product card's plan when billing names none. */
export const DEFAULT_PLAN_DISPLAY_NAME = 'Monthly Plan';

/** A product card's monthly rate in dollars: its subscription's, else the product's, else 25. */
export function billingMonthlyRate(
  details: { monthlyRate?: number | null } | null | undefined,
  product?: { billing?: { monthlyRate?: number | null } | null } | null,
): number {
  return details?.monthlyRate ?? product?.billing?.monthlyRate ?? BILLING_FALLBACK_MONTHLY_RATE;
}

/** The Next Billing card: the earliest real next billing date, else 30 days from today. */
export function nextBillingSummary(
  nextBillingDate: string | null | undefined,
  today: Date = new Date(),
): Date {
  const real = nextBillingDate ? new Date(nextBillingDate) : undefined;
  if (real && !Number.isNaN(real.getTime())) return real;
  const fallback = new Date(today);
  fallback.setDate(fallback.getDate() + NEXT_BILLING_FALLBACK_DAYS);
  return fallback;
}

/** "12 personas (2 extra)", "1 persona", "0 personas". */
export function personaSummary(personaCount: number, extraPersonas: number): string {
  const count = `${personaCount} ${personaCount === 1 ? 'persona' : 'personas'}`;
  return extraPersonas > 0 ? `${count} (${extraPersonas} extra)` : count;
}

/**
 * A product card's team seats beside its personas: "3 users × $25", or on
 * the annual plan "2 users × $270/yr". Null without billable seats: the
 * owner is never a seat and viewers are free, so there is nothing to bill.
 */
export function seatSummary(
  details: Pick<SubscriptionDetails, 'seats' | 'seatUnitPrice' | 'billingCycle'> | null | undefined,
): string | null {
  if (!details || details.seats <= 0) return null;
  const users = `${details.seats} ${details.seats === 1 ? 'user' : 'users'}`;
  const price = formatWholeDollars(Math.round(details.seatUnitPrice * 100));
  return `${users} × ${price}${details.billingCycle === 'annual' ? '/yr' : ''}`;
}

/**
 * An invoice's team-seat lines, for the history: "Team seats × N" and
 * "Team seat proration: …" (the local provider), "2 × Team seat (at $25.00
 * / month)" and "Remaining time on 1 × Team seat after …" (Stripe).
 */
export function seatLines<T extends { description: string }>(lines: readonly T[]): T[] {
  return lines.filter((line) => /\bteam seats?\b/i.test(line.description));
}

/**
 * The lines the history lists under an invoice: all of them when it bills
 * team seats, so that the plan, the seats, their prorations and any discount
 * add up to the amount before the reader's eyes; none for an invoice of the
 * plan and personas alone, whose description says it all.
 */
export function invoiceBreakdown<T extends { description: string }>(lines: readonly T[]): T[] {
  return seatLines(lines).length > 0 ? [...lines] : [];
}

/**
 * Where a hosted checkout sends the browser back: the success page with the
 * provider's session id filled in, or the cancelled page.
 */
export function checkoutReturnUrls(origin: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${origin}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/subscription-cancel`,
  };
}

/**
 * Who pays for a product shared with the reader, for their billing page:
 * "Atlas is paid for by its owner, Olive Owner." (or "by its owner." while
 * the owner's name is not known).
 */
export function paidByOwnerSentence(productName: string, ownerName?: string | null): string {
  const name = ownerName?.trim();
  return name
    ? `${productName} is paid for by its owner, ${name}.`
    : `${productName} is paid for by its owner.`;
}
