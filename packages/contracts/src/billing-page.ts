/**
 * The billing pages' shapes: what the billing routes answer (the gateway
 * builds these, the browser reads them). How the billing page shows them
 * (status badges, the fallbacks the billing spec names) is the billing
 * microfrontend's (mfe-billing/src/billing-page.ts).
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
interface InvoiceLineView {
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

/** A product card's plan when billing names none. */
export const DEFAULT_PLAN_DISPLAY_NAME = 'Monthly Plan';
