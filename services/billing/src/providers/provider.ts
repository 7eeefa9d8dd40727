import type { BillingCycle } from '@chorus/contracts';

/**
 * What billing asks of a payment provider. Two implementations: Stripe (the
 * real one, through the stripe SDK) and the local provider, which keeps its
 * records in billing's database and behaves like Stripe test mode. Both
 * report changes as Stripe-shaped events, read by one handler.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /** The browser's key for Stripe Elements (Stripe only). */
  readonly publishableKey?: string;
  /** The plan's product and prices as this provider knows them. */
  catalog(): Promise<ProviderCatalog>;
  createCustomer(input: { userId: string; email: string; name: string }): Promise<{ id: string }>;
  createSetupIntent(input: {
    customerId: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; clientSecret: string }>;
  /** Attaches a payment method to the customer; a declined card throws CardDeclined. */
  attachPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderPaymentMethod>;
  /**
   * Starts a subscription and charges its first period at once; a failed
   * charge throws CardDeclined and leaves no subscription behind.
   */
  createSubscription(input: NewSubscription): Promise<ProviderSubscription>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /** Changes the extra-persona quantity without proration: the next period bills it. */
  setExtraPersonas(id: string, extraPersonas: number): Promise<ProviderSubscription>;
  /**
   * Sets the team-seat quantity with proration: an added seat is charged for
   * the rest of the current period, a removed one credited for its unused
   * time, both on the next invoice; at 0 the seat item goes away. The
   * proration is reckoned from `effectiveAt` (kept within the current period).
   */
  setSeats(id: string, seats: number, effectiveAt: Date): Promise<ProviderSubscription>;
  setDefaultPaymentMethod(id: string, paymentMethodId: string): Promise<ProviderSubscription>;
  cancelAtPeriodEnd(id: string): Promise<ProviderSubscription>;
  cancelNow(id: string): Promise<ProviderSubscription>;
  createCheckoutSession(input: NewCheckoutSession): Promise<ProviderCheckoutSession>;
  getCheckoutSession(id: string): Promise<ProviderCheckoutSession>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Brings time-driven changes up to date before a read (the local provider
   * renews periods that ended and delivers its events); Stripe does this by
   * itself and sends webhooks.
   */
  catchUp(): Promise<void>;
}

export interface ProviderPrice {
  id: string;
  nickname: string;
  unitAmountCents: number;
  currency: string;
  interval: 'month' | 'year';
}

export interface PlanPrices {
  base: ProviderPrice;
  extraPersona: ProviderPrice;
  /** Per billable team seat, per period. */
  seat: ProviderPrice;
}

export interface ProviderCatalog {
  productId: string;
  productName: string;
  productDescription: string;
  current: Record<BillingCycle, PlanPrices>;
  legacy: Record<BillingCycle, PlanPrices>;
}

export interface ProviderPaymentMethod {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardholderName: string;
}

export interface Promotion {
  code: string;
  percentOff: number;
  durationMonths: number;
}

export interface NewSubscription {
  customerId: string;
  paymentMethodId: string;
  billingCycle: BillingCycle;
  isLegacyPricing: boolean;
  extraPersonas: number;
  /** Billable team seats from the start; none when left out. */
  seats?: number;
  promotion?: Promotion;
  /** productId and userId: how an event about this subscription finds its product. */
  metadata: Record<string, string>;
}

export interface NewCheckoutSession {
  customerId: string;
  billingCycle: BillingCycle;
  isLegacyPricing: boolean;
  extraPersonas: number;
  /** Billable team seats from the start; none when left out. */
  seats?: number;
  /** May contain {CHECKOUT_SESSION_ID}, replaced by the session id on the way back. */
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Stripe's word: active, past_due, canceled, incomplete, trialing, unpaid, paused... */
  status: string;
  billingCycle: BillingCycle;
  isLegacyPricing: boolean;
  basePriceId: string;
  extraPersonas: number;
  /** The team-seat quantity (0 without a seat item). */
  seats: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  metadata: Record<string, string>;
  /** Present when the provider answered with it expanded. */
  latestInvoice: ProviderInvoice | null;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  /** Stripe's word: draft, open, paid, void, uncollectible. */
  status: string;
  /** A payment was tried (and, while open, failed). */
  attempted: boolean;
  /** Known from the event (invoice.payment_failed). */
  paymentFailed: boolean;
  amountDueCents: number;
  amountPaidCents: number;
  currency: string;
  number: string;
  created: Date;
  /** The period the invoice bills. */
  periodStart: Date;
  periodEnd: Date;
  /** The subscription's metadata (productId, userId) as the invoice carries it. */
  subscriptionMetadata: Record<string, string>;
  /** The provider's own PDF, when it has one. */
  pdfUrl: string | null;
  lines: { description: string; quantity: number; amountCents: number }[];
}

export interface ProviderCheckoutSession {
  id: string;
  /** open, complete or expired */
  status: string;
  customerId: string | null;
  subscriptionId: string | null;
  url: string | null;
  metadata: Record<string, string>;
}

/** The card was refused; the message is the provider's, for the user to read. */
export class CardDeclined extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'CardDeclined';
  }
}

/**
 * The provider refused the request itself (an unknown or foreign payment
 * method id, say); the message is the provider's.
 */
export class ProviderRequestRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRequestRefused';
  }
}
