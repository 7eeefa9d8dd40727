import type { BillingCycle } from '@chorus/contracts';
import Stripe from 'stripe';
import {
  CardDeclined,
  type NewCheckoutSession,
  type NewSubscription,
  type PaymentProvider,
  type PlanPrices,
  type Promotion,
  type ProviderCatalog,
  type ProviderCheckoutSession,
  type ProviderPaymentMethod,
  type ProviderPrice,
  ProviderRequestRefused,
  type ProviderSubscription,
} from './provider';
import {
  CURRENCY,
  PLAN_PRICES,
  PLAN_PRODUCT,
  type PlanPrice,
  planCatalog,
  SEAT_PRODUCT,
} from './plan-prices';
import { parseLookupKey, readCheckoutSession, readSubscription } from './stripe-shapes';

/** The Stripe product every Chorus subscription is for; created on first use when missing. */
const STRIPE_PRODUCT = { id: 'chorus_product_plan', ...PLAN_PRODUCT };

/** The Stripe product of the team-seat prices; created on first use when missing. */
const STRIPE_SEAT_PRODUCT = { id: 'chorus_team_seat', ...SEAT_PRODUCT };

const stripeProductOf = (price: PlanPrice) =>
  price.part === 'seat' ? STRIPE_SEAT_PRODUCT : STRIPE_PRODUCT;

export interface StripeConnection {
  secretKey: string;
  publishableKey?: string;
  /** For tests: where the API answers (a local server replaying recorded answers). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Stripe's refusals in billing's terms: a declined card, or a request Stripe would not do. */
function translate(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new CardDeclined(error.message, error.code ?? 'card_declined', error.decline_code);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    throw new ProviderRequestRefused(error.message);
  }
  throw error;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    return translate(error);
  }
}

/**
 * When a seat change counts from, in Stripe's seconds: its effective time,
 * but never before the current period (Stripe prorates within it) nor in
 * the future.
 */
function prorationDate(effectiveAt: Date, periodStart: Date, now = new Date()): number {
  const at = Math.min(Math.max(effectiveAt.getTime(), periodStart.getTime()), now.getTime());
  return Math.floor(at / 1000);
}

/**
 * Stripe through its SDK: customers, setup intents, subscriptions with a
 * base price and an extra-persona quantity, invoices, Checkout and the
 * Billing Portal. Prices are found by lookup key and created (from the
 * pricing rules) when missing, so a fresh Stripe account works at once.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey?: string;
  private readonly stripe: Stripe;
  private catalogPromise?: Promise<ProviderCatalog>;

  constructor(connection: StripeConnection) {
    this.publishableKey = connection.publishableKey;
    this.stripe = new Stripe(connection.secretKey, {
      host: connection.host,
      port: connection.port,
      protocol: connection.protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'chorus-billing' },
    });
  }

  catalog(): Promise<ProviderCatalog> {
    this.catalogPromise ??= this.loadCatalog().catch((error: unknown) => {
      this.catalogPromise = undefined;
      throw error;
    });
    return this.catalogPromise;
  }

  private async loadCatalog(): Promise<ProviderCatalog> {
    const wanted = PLAN_PRICES;
    const found = await call(() =>
      this.stripe.prices.list({
        lookup_keys: wanted.map((price) => price.key),
        active: true,
        limit: 100,
      }),
    );
    const byKey = new Map<string, ProviderPrice>();
    for (const price of found.data) {
      const want = wanted.find((w) => w.key === price.lookup_key);
      // A price whose amount no longer matches the pricing rules is replaced below.
      if (want && price.unit_amount === want.unitAmountCents) {
        byKey.set(want.key, {
          id: price.id,
          nickname: price.nickname ?? want.nickname,
          unitAmountCents: want.unitAmountCents,
          currency: price.currency,
          interval: want.interval,
        });
      }
    }
    const missing = wanted.filter((w) => !byKey.has(w.key));
    for (const product of new Set(missing.map(stripeProductOf))) await this.ensureProduct(product);
    for (const want of missing) {
      const price = await call(() =>
        this.stripe.prices.create({
          product: stripeProductOf(want).id,
          currency: CURRENCY,
          unit_amount: want.unitAmountCents,
          recurring: { interval: want.interval },
          lookup_key: want.key,
          transfer_lookup_key: true,
          nickname: want.nickname,
        }),
      );
      byKey.set(want.key, {
        id: price.id,
        nickname: want.nickname,
        unitAmountCents: want.unitAmountCents,
        currency: price.currency,
        interval: want.interval,
      });
    }
    return planCatalog(STRIPE_PRODUCT.id, (key) => byKey.get(key)!);
  }

  private async ensureProduct(product: typeof STRIPE_PRODUCT): Promise<void> {
    try {
      await this.stripe.products.retrieve(product.id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      await call(() => this.stripe.products.create(product));
    }
  }

  private async prices(isLegacyPricing: boolean, cycle: BillingCycle): Promise<PlanPrices> {
    const catalog = await this.catalog();
    return (isLegacyPricing ? catalog.legacy : catalog.current)[cycle];
  }

  async createCustomer(input: { userId: string; email: string; name: string }) {
    const customer = await call(() =>
      this.stripe.customers.create({
        email: input.email,
        name: input.name || undefined,
        metadata: { userId: input.userId },
      }),
    );
    return { id: customer.id };
  }

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string> }) {
    const intent = await call(() =>
      this.stripe.setupIntents.create({
        customer: input.customerId,
        usage: 'off_session',
        metadata: input.metadata,
      }),
    );
    if (!intent.client_secret) throw new Error('Stripe returned a setup intent without a secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  /**
   * Confirming a setup intent in the browser already attaches the card to
   * the customer; otherwise (a test id such as pm_card_visa) it is attached
   * now, which is where Stripe declines a bad card.
   */
  async attachPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderPaymentMethod> {
    let method = await call(() => this.stripe.paymentMethods.retrieve(input.paymentMethodId));
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    if (owner !== input.customerId) {
      method = await call(() =>
        this.stripe.paymentMethods.attach(input.paymentMethodId, { customer: input.customerId }),
      );
    }
    if (!method.card) throw new ProviderRequestRefused('Only card payment methods are accepted.');
    return {
      id: method.id,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
      cardholderName: method.billing_details.name ?? '',
    };
  }

  async createSubscription(input: NewSubscription): Promise<ProviderSubscription> {
    const prices = await this.prices(input.isLegacyPricing, input.billingCycle);
    const coupon = input.promotion ? await this.coupon(input.promotion) : undefined;
    const subscription = await call(() =>
      this.stripe.subscriptions.create({
        customer: input.customerId,
        default_payment_method: input.paymentMethodId,
        items: [
          { price: prices.base.id, quantity: 1 },
          { price: prices.extraPersona.id, quantity: Math.max(0, input.extraPersonas) },
          // A subscription without seats has no seat item, as one whose last seat left.
          ...((input.seats ?? 0) > 0 ? [{ price: prices.seat.id, quantity: input.seats }] : []),
        ],
        // A declined first payment fails the call and leaves no subscription.
        payment_behavior: 'error_if_incomplete',
        proration_behavior: 'none',
        metadata: input.metadata,
        ...(coupon ? { discounts: [{ coupon }] } : {}),
        expand: ['latest_invoice'],
      }),
    );
    return readSubscription(subscription);
  }

  /** One Stripe coupon per promo code: its percentage for its number of months. */
  private async coupon(promotion: Promotion): Promise<string> {
    const id = `chorus_${promotion.code}`;
    try {
      await this.stripe.coupons.retrieve(id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      await call(() =>
        this.stripe.coupons.create({
          id,
          name: promotion.code,
          percent_off: promotion.percentOff,
          duration: 'repeating',
          duration_in_months: promotion.durationMonths,
        }),
      );
    }
    return id;
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    return readSubscription(
      await call(() => this.stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] })),
    );
  }

  /** No proration: the new quantity is billed from the next period, as the app promises. */
  async setExtraPersonas(id: string, extraPersonas: number): Promise<ProviderSubscription> {
    const current = await call(() => this.stripe.subscriptions.retrieve(id));
    const extra = current.items.data.find(
      (item) => parseLookupKey(item.price.lookup_key)?.part === 'extra_persona',
    );
    const quantity = Math.max(0, extraPersonas);
    // A subscription started through Checkout without extras has no extra item yet.
    const { isLegacyPricing, billingCycle } = readSubscription(current);
    const items = extra
      ? [{ id: extra.id, quantity }]
      : [{ price: (await this.prices(isLegacyPricing, billingCycle)).extraPersona.id, quantity }];
    return readSubscription(
      await call(() =>
        this.stripe.subscriptions.update(id, {
          items,
          proration_behavior: 'none',
          expand: ['latest_invoice'],
        }),
      ),
    );
  }

  /**
   * The seat item's quantity, prorated (unlike personas): Stripe charges an
   * added seat for the rest of the period and credits a removed one, on the
   * next invoice. The item is created with the first seat and deleted with
   * the last, so a product without members shows no seat line.
   */
  async setSeats(id: string, seats: number, effectiveAt: Date): Promise<ProviderSubscription> {
    const current = await call(() => this.stripe.subscriptions.retrieve(id));
    const seatItem = current.items.data.find(
      (item) => parseLookupKey(item.price.lookup_key)?.part === 'seat',
    );
    const quantity = Math.max(0, Math.floor(seats));
    const read = readSubscription(current);
    if ((seatItem?.quantity ?? 0) === quantity && (seatItem !== undefined) === quantity > 0) {
      return this.getSubscription(id);
    }
    let items: Stripe.SubscriptionUpdateParams.Item[];
    if (seatItem && quantity === 0) items = [{ id: seatItem.id, deleted: true }];
    else if (seatItem) items = [{ id: seatItem.id, quantity }];
    else {
      const prices = await this.prices(read.isLegacyPricing, read.billingCycle);
      items = [{ price: prices.seat.id, quantity }];
    }
    return readSubscription(
      await call(() =>
        this.stripe.subscriptions.update(id, {
          items,
          proration_behavior: 'create_prorations',
          proration_date: prorationDate(effectiveAt, read.currentPeriodStart),
          expand: ['latest_invoice'],
        }),
      ),
    );
  }

  async setDefaultPaymentMethod(id: string, paymentMethodId: string) {
    return readSubscription(
      await call(() =>
        this.stripe.subscriptions.update(id, {
          default_payment_method: paymentMethodId,
          expand: ['latest_invoice'],
        }),
      ),
    );
  }

  async cancelAtPeriodEnd(id: string): Promise<ProviderSubscription> {
    return readSubscription(
      await call(() =>
        this.stripe.subscriptions.update(id, {
          cancel_at_period_end: true,
          expand: ['latest_invoice'],
        }),
      ),
    );
  }

  async cancelNow(id: string): Promise<ProviderSubscription> {
    return readSubscription(await call(() => this.stripe.subscriptions.cancel(id)));
  }

  async createCheckoutSession(input: NewCheckoutSession): Promise<ProviderCheckoutSession> {
    const prices = await this.prices(input.isLegacyPricing, input.billingCycle);
    const session = await call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        line_items: [
          { price: prices.base.id, quantity: 1 },
          // Checkout refuses a line of quantity 0; the extra item is added once there are extras.
          ...(input.extraPersonas > 0
            ? [{ price: prices.extraPersona.id, quantity: input.extraPersonas }]
            : []),
          ...((input.seats ?? 0) > 0 ? [{ price: prices.seat.id, quantity: input.seats }] : []),
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.metadata.productId,
        metadata: input.metadata,
        subscription_data: { metadata: input.metadata },
      }),
    );
    return readCheckoutSession(session);
  }

  async getCheckoutSession(id: string): Promise<ProviderCheckoutSession> {
    return readCheckoutSession(await call(() => this.stripe.checkout.sessions.retrieve(id)));
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }) {
    const session = await call(() =>
      this.stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
      }),
    );
    return { url: session.url };
  }

  /** Stripe renews periods itself and tells billing by webhook. */
  catchUp(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Verifies a webhook delivery's Stripe-Signature over the raw body and its
 * age (Stripe's default tolerance, 5 minutes), then parses it. Needs only
 * the endpoint's signing secret, so it works with either provider.
 */
export function verifyStripeWebhook(
  payload: Buffer,
  signature: string,
  secret: string,
  toleranceSeconds?: number,
): unknown {
  return Stripe.webhooks.constructEvent(payload, signature, secret, toleranceSeconds);
}

export const StripeSignatureVerificationError = Stripe.errors.StripeSignatureVerificationError;
