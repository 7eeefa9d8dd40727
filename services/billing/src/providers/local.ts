import {
  type BillingCycle,
  CURRENT_PLAN,
  LEGACY_PLAN,
  planFor,
  type PricePlan,
  quote,
} from '@chorus/contracts';
import type { Knex, Logger } from '@chorus/service-kit';
import { randomBytes } from 'node:crypto';
import { addMonths, monthsPerPeriod, planDisplayName } from '../domain/billing-cycle';
import { testCard } from '../domain/test-cards';
import {
  CardDeclined,
  type NewCheckoutSession,
  type NewSubscription,
  type PaymentProvider,
  type PlanPrices,
  type ProviderCatalog,
  type ProviderCheckoutSession,
  type ProviderPaymentMethod,
  ProviderRequestRefused,
  type ProviderSubscription,
} from './provider';
import { lookupKey, readCheckoutSession, readSubscription } from './stripe-shapes';

interface CustomerRow {
  id: string;
  email: string;
  name: string;
  default_payment_method: string | null;
  metadata: Record<string, string>;
  created: Date;
}

interface PaymentMethodRow {
  id: string;
  test_card: string;
  customer: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  cardholder_name: string;
  created: Date;
}

interface SubscriptionRow {
  id: string;
  customer: string;
  status: string;
  billing_cycle: BillingCycle;
  is_legacy_pricing: boolean;
  base_price: string;
  extra_price: string;
  extra_quantity: number;
  default_payment_method: string;
  billing_cycle_anchor: Date;
  period_index: number;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  ended_at: Date | null;
  coupon_percent_off: number;
  coupon_duration_months: number;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  created: Date;
}

interface InvoiceLine {
  description: string;
  quantity: number;
  amount: number;
  price: string;
}

interface InvoiceRow {
  id: string;
  number: string;
  customer: string;
  subscription: string;
  status: 'paid' | 'open';
  amount_due: number;
  amount_paid: number;
  currency: string;
  period_start: Date;
  period_end: Date;
  lines: InvoiceLine[];
  attempt_count: number;
  last_payment_error: string | null;
  metadata: Record<string, string>;
  created: Date;
}

interface CheckoutSessionRow {
  id: string;
  customer: string;
  status: string;
  billing_cycle: BillingCycle;
  success_url: string;
  cancel_url: string;
  subscription: string | null;
  metadata: Record<string, string>;
  created: Date;
  expires_at: Date;
}

interface EventRow {
  seq: string;
  id: string;
  type: string;
  payload: unknown;
}

/** Stripe's event types the local provider emits. */
export type LocalEventType =
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'setup_intent.succeeded'
  | 'checkout.session.completed';

const PRODUCT_ID = 'prod_chorus_plan';
const PRODUCT_NAME = 'Chorus Product Plan';
const PRODUCT_DESCRIPTION =
  'AI customer personas, unlimited strategic questions, business profiles and roadmaps for one product.';
const CURRENCY = 'usd';
const CHECKOUT_LIFETIME_MS = 24 * 3600 * 1000;
// One instance delivers events at a time, which keeps them in order.
const DELIVERY_LOCK = 0x0c40_b111;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe-looking ids: a prefix and 24 random letters and digits. */
function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

function localPriceId(key: string): string {
  return `price_${key}`;
}

function planPrices(
  plan: PricePlan,
  planName: 'current' | 'legacy',
  cycle: BillingCycle,
): PlanPrices {
  const months = monthsPerPeriod(cycle);
  const interval = cycle === 'annual' ? 'year' : 'month';
  const prefix = planName === 'legacy' ? 'Legacy ' : '';
  return {
    base: {
      id: localPriceId(lookupKey(planName, 'base', cycle)),
      nickname: `${prefix}${planDisplayName(cycle)}`,
      unitAmountCents: cycle === 'annual' ? plan.annualCents : plan.monthlyCents,
      currency: CURRENCY,
      interval,
    },
    extraPersona: {
      id: localPriceId(lookupKey(planName, 'extra_persona', cycle)),
      nickname: `${prefix}Extra persona (${cycle})`,
      unitAmountCents: plan.extraPersonaCents * months,
      currency: CURRENCY,
      interval,
    },
  };
}

const CATALOG: ProviderCatalog = {
  productId: PRODUCT_ID,
  productName: PRODUCT_NAME,
  productDescription: PRODUCT_DESCRIPTION,
  current: {
    monthly: planPrices(CURRENT_PLAN, 'current', 'monthly'),
    annual: planPrices(CURRENT_PLAN, 'current', 'annual'),
  },
  legacy: {
    monthly: planPrices(LEGACY_PLAN, 'legacy', 'monthly'),
    annual: planPrices(LEGACY_PLAN, 'legacy', 'annual'),
  },
};

function pricesOf(isLegacyPricing: boolean, cycle: BillingCycle): PlanPrices {
  return (isLegacyPricing ? CATALOG.legacy : CATALOG.current)[cycle];
}

function priceObject(id: string) {
  for (const plan of ['current', 'legacy'] as const) {
    for (const cycle of ['monthly', 'annual'] as const) {
      for (const part of ['base', 'extra_persona'] as const) {
        const key = lookupKey(plan, part, cycle);
        if (localPriceId(key) !== id) continue;
        const prices = CATALOG[plan][cycle];
        const price = part === 'base' ? prices.base : prices.extraPersona;
        return {
          id,
          object: 'price',
          active: true,
          currency: price.currency,
          lookup_key: key,
          nickname: price.nickname,
          product: PRODUCT_ID,
          recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
          type: 'recurring',
          unit_amount: price.unitAmountCents,
        };
      }
    }
  }
  throw new Error(`unknown local price ${id}`);
}

/**
 * The payment provider of a machine without Stripe: it behaves like Stripe
 * in test mode and keeps its records in billing's database. Stripe's test
 * payment methods work as they do there (pm_card_visa succeeds,
 * pm_card_chargeDeclined is declined), setup intents carry client secrets,
 * subscriptions run in periods and each period gets an invoice, charged to
 * the subscription's card. Every change is recorded as a Stripe-shaped
 * event and delivered, in order and until handled, to the same handler
 * Stripe's webhooks reach. Its clock can be set, so tests can end a period.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  private handler?: (event: unknown) => Promise<void>;
  private timer?: NodeJS.Timeout;
  private rounds: Promise<void> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly options: {
      db: Knex;
      logger: Logger;
      /** Where the app is reached: the hosted checkout page lives there. */
      publicUrl: string;
      now?: () => Date;
      /** How often periods are checked for renewal and undelivered events retried. */
      tickMs?: number;
    },
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private get db(): Knex {
    return this.options.db;
  }

  /** Where events go: billing's provider-event handler, the one Stripe's webhooks reach. */
  onEvent(handler: (event: unknown) => Promise<void>): void {
    this.handler = handler;
  }

  /** Renews periods and delivers events on a timer, as Stripe's clock and webhooks would. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.rounds;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    await this.catchUp().catch((error: unknown) =>
      this.options.logger.warn({ err: error }, 'local payment provider: catching up failed'),
    );
    this.schedule(this.options.tickMs ?? 30_000);
  }

  /** Delivers soon after a change, the way a webhook follows an API call. */
  private nudge(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  /** Runs one after another; a caller waits for a round that started after its call. */
  catchUp(): Promise<void> {
    const round = this.rounds.then(async () => {
      await this.renewDuePeriods();
      await this.deliverEvents();
    });
    this.rounds = round.catch(() => undefined);
    return round;
  }

  catalog(): Promise<ProviderCatalog> {
    return Promise.resolve(CATALOG);
  }

  async createCustomer(input: { userId: string; email: string; name: string }) {
    const id = newId('cus');
    await this.db<CustomerRow>('local_customers').insert({
      id,
      email: input.email,
      name: input.name,
      metadata: { userId: input.userId },
      created: this.now(),
    });
    return { id };
  }

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string> }) {
    await this.customer(this.db, input.customerId);
    const id = newId('seti');
    const clientSecret = `${id}_secret_${newId('x').slice(2)}`;
    await this.db('local_setup_intents').insert({
      id,
      client_secret: clientSecret,
      customer: input.customerId,
      status: 'requires_payment_method',
      metadata: input.metadata,
      created: this.now(),
    });
    return { id, clientSecret };
  }

  /**
   * A test payment method (pm_card_visa...) becomes a payment method of the
   * customer with its own id, as in Stripe; cards that Stripe declines on
   * attaching are declined here too. The customer's open setup intents
   * succeed with it, as confirming one in the browser would.
   */
  async attachPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderPaymentMethod> {
    const method = await this.db.transaction(async (trx) => {
      await this.customer(trx, input.customerId);
      let row = await trx<PaymentMethodRow>('local_payment_methods')
        .where({ id: input.paymentMethodId })
        .first();
      if (row && row.customer && row.customer !== input.customerId) {
        throw new ProviderRequestRefused(
          'The payment method you provided has already been attached to a customer.',
        );
      }
      if (!row) {
        const card = testCard(input.paymentMethodId);
        if (!card) {
          throw new ProviderRequestRefused(`No such PaymentMethod: '${input.paymentMethodId}'`);
        }
        if (card.attachError) {
          throw new CardDeclined(
            card.attachError.message,
            card.attachError.code,
            card.attachError.declineCode,
          );
        }
        const rows = await trx<PaymentMethodRow>('local_payment_methods')
          .insert({
            id: newId('pm'),
            test_card: card.id,
            customer: input.customerId,
            brand: card.brand,
            last4: card.last4,
            // Stripe's test cards expire in the future; a fixed month keeps it predictable.
            exp_month: 12,
            exp_year: this.now().getUTCFullYear() + 3,
            cardholder_name: '',
            created: this.now(),
          })
          .returning('*');
        row = rows[0]!;
      } else if (!row.customer) {
        await trx('local_payment_methods')
          .where({ id: row.id })
          .update({ customer: input.customerId });
      }
      const intents = await trx('local_setup_intents')
        .where({ customer: input.customerId, status: 'requires_payment_method' })
        .update({ status: 'succeeded', payment_method: row.id })
        .returning('*');
      for (const intent of intents as {
        id: string;
        client_secret: string;
        customer: string;
        metadata: Record<string, string>;
        created: Date;
      }[]) {
        await this.recordEvent(trx, 'setup_intent.succeeded', {
          id: intent.id,
          object: 'setup_intent',
          client_secret: intent.client_secret,
          customer: intent.customer,
          payment_method: row.id,
          status: 'succeeded',
          usage: 'off_session',
          metadata: intent.metadata,
          created: unix(intent.created),
          livemode: false,
        });
      }
      return row;
    });
    this.nudge();
    return {
      id: method.id,
      brand: method.brand,
      last4: method.last4,
      expMonth: method.exp_month,
      expYear: method.exp_year,
      cardholderName: method.cardholder_name,
    };
  }

  async createSubscription(input: NewSubscription): Promise<ProviderSubscription> {
    const subscription = await this.db.transaction(async (trx) => {
      await this.customer(trx, input.customerId);
      const method = await this.customerPaymentMethod(trx, input.customerId, input.paymentMethodId);
      const chargeError = testCard(method.test_card)?.chargeError;
      // As Stripe with payment_behavior=error_if_incomplete: a failed first
      // payment leaves no subscription behind.
      if (chargeError) {
        throw new CardDeclined(chargeError.message, chargeError.code, chargeError.declineCode);
      }
      const now = this.now();
      const prices = pricesOf(input.isLegacyPricing, input.billingCycle);
      const [row] = await trx<SubscriptionRow>('local_subscriptions')
        .insert({
          id: newId('sub'),
          customer: input.customerId,
          status: 'active',
          billing_cycle: input.billingCycle,
          is_legacy_pricing: input.isLegacyPricing,
          base_price: prices.base.id,
          extra_price: prices.extraPersona.id,
          extra_quantity: Math.max(0, input.extraPersonas),
          default_payment_method: method.id,
          billing_cycle_anchor: now,
          period_index: 0,
          current_period_start: now,
          current_period_end: addMonths(now, monthsPerPeriod(input.billingCycle)),
          coupon_percent_off: input.promotion?.percentOff ?? 0,
          coupon_duration_months: input.promotion?.durationMonths ?? 0,
          metadata: input.metadata,
          created: now,
        })
        .returning('*');
      await trx('local_customers')
        .where({ id: input.customerId })
        .update({ default_payment_method: method.id });
      await this.recordEvent(trx, 'customer.subscription.created', this.subscriptionObject(row!));
      return this.invoicePeriod(trx, row!);
    });
    this.nudge();
    return this.read(subscription.id);
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    return this.read(id);
  }

  async setExtraPersonas(id: string, extraPersonas: number): Promise<ProviderSubscription> {
    const quantity = Math.max(0, extraPersonas);
    return this.update(id, { extra_quantity: quantity }, (row) => row.extra_quantity === quantity);
  }

  async setDefaultPaymentMethod(id: string, paymentMethodId: string) {
    const row = await this.subscriptionRow(this.db, id);
    const method = await this.customerPaymentMethod(this.db, row.customer, paymentMethodId);
    return this.update(
      id,
      { default_payment_method: method.id },
      (row) => row.default_payment_method === method.id,
    );
  }

  async cancelAtPeriodEnd(id: string): Promise<ProviderSubscription> {
    return this.update(
      id,
      { cancel_at_period_end: true, canceled_at: this.now() },
      (row) => row.cancel_at_period_end,
    );
  }

  async cancelNow(id: string): Promise<ProviderSubscription> {
    await this.db.transaction(async (trx) => {
      const row = await this.subscriptionRow(trx, id, true);
      if (row.status === 'canceled') return;
      const now = this.now();
      const [ended] = await trx<SubscriptionRow>('local_subscriptions')
        .where({ id })
        .update({ status: 'canceled', canceled_at: row.canceled_at ?? now, ended_at: now })
        .returning('*');
      await this.recordEvent(trx, 'customer.subscription.deleted', this.subscriptionObject(ended!));
    });
    this.nudge();
    return this.read(id);
  }

  async createCheckoutSession(input: NewCheckoutSession): Promise<ProviderCheckoutSession> {
    await this.customer(this.db, input.customerId);
    const now = this.now();
    const [row] = await this.db<CheckoutSessionRow>('local_checkout_sessions')
      .insert({
        id: newId('cs_test'),
        customer: input.customerId,
        status: 'open',
        billing_cycle: input.billingCycle,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: {
          ...input.metadata,
          isLegacyPricing: String(input.isLegacyPricing),
          extraPersonas: String(input.extraPersonas),
        },
        created: now,
        expires_at: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
      })
      .returning('*');
    return readCheckoutSession(this.checkoutSessionObject(row!));
  }

  async getCheckoutSession(id: string): Promise<ProviderCheckoutSession> {
    return readCheckoutSession(this.checkoutSessionObject(await this.checkoutSessionRow(id)));
  }

  /** The hosted checkout page's facts: what is being bought, and where to go afterwards. */
  async checkoutSessionDetails(id: string) {
    const row = await this.checkoutSessionRow(id);
    const isLegacyPricing = row.metadata.isLegacyPricing === 'true';
    const extraPersonas = Number(row.metadata.extraPersonas ?? '0');
    const plan = planFor({ isLegacyPricing });
    const amount = quote({
      personaCount: plan.includedPersonas + extraPersonas,
      billingCycle: row.billing_cycle,
      isLegacyPricing,
    });
    return {
      id: row.id,
      status: this.checkoutStatus(row),
      customerId: row.customer,
      billingCycle: row.billing_cycle,
      isLegacyPricing,
      extraPersonas,
      amountCents: amount.periodCents,
      currency: CURRENCY,
      successUrl: row.success_url.replaceAll('{CHECKOUT_SESSION_ID}', row.id),
      cancelUrl: row.cancel_url,
      metadata: row.metadata,
    };
  }

  /** The customer paid on the hosted page: the session is complete with its subscription. */
  async completeCheckoutSession(id: string, subscriptionId: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      const [row] = await trx<CheckoutSessionRow>('local_checkout_sessions')
        .where({ id, status: 'open' })
        .update({ status: 'complete', subscription: subscriptionId })
        .returning('*');
      if (!row) throw new ProviderRequestRefused('This checkout session is no longer open.');
      await this.recordEvent(trx, 'checkout.session.completed', this.checkoutSessionObject(row));
    });
    this.nudge();
  }

  /** The local provider has no hosted portal: the app's own billing page is where a customer manages billing. */
  async createPortalSession(input: { customerId: string; returnUrl: string }) {
    await this.customer(this.db, input.customerId);
    return { url: new URL('/billing', this.options.publicUrl).toString() };
  }

  /**
   * Every period that has ended gets its successor and its invoice, charged
   * to the subscription's card (past_due when the charge fails); a
   * subscription cancelled at period end ends instead.
   */
  async renewDuePeriods(): Promise<void> {
    for (;;) {
      const renewed = await this.db.transaction(async (trx) => {
        const now = this.now();
        const due = await trx<SubscriptionRow>('local_subscriptions')
          .whereIn('status', ['active', 'past_due', 'trialing'])
          .andWhere('current_period_end', '<=', now)
          .orderBy('current_period_end')
          .limit(20)
          .forUpdate()
          .skipLocked();
        for (const row of due) await this.renew(trx, row);
        return due.length;
      });
      // A subscription several periods behind moves one period per round.
      if (renewed === 0) return;
      this.nudge();
    }
  }

  private async renew(trx: Knex.Transaction, row: SubscriptionRow): Promise<void> {
    if (row.cancel_at_period_end) {
      const [ended] = await trx<SubscriptionRow>('local_subscriptions')
        .where({ id: row.id })
        .update({ status: 'canceled', ended_at: row.current_period_end })
        .returning('*');
      await this.recordEvent(trx, 'customer.subscription.deleted', this.subscriptionObject(ended!));
      return;
    }
    const months = monthsPerPeriod(row.billing_cycle);
    const index = row.period_index + 1;
    const [next] = await trx<SubscriptionRow>('local_subscriptions')
      .where({ id: row.id })
      .update({
        period_index: index,
        current_period_start: row.current_period_end,
        current_period_end: addMonths(row.billing_cycle_anchor, (index + 1) * months),
      })
      .returning('*');
    const invoiced = await this.invoicePeriod(trx, next!);
    await this.recordEvent(trx, 'customer.subscription.updated', this.subscriptionObject(invoiced));
  }

  /** Bills the current period of the subscription to its card; returns the subscription after. */
  private async invoicePeriod(
    trx: Knex.Transaction,
    row: SubscriptionRow,
  ): Promise<SubscriptionRow> {
    const prices = pricesOf(row.is_legacy_pricing, row.billing_cycle);
    const plan = planFor({ isLegacyPricing: row.is_legacy_pricing });
    const amount = quote({
      personaCount: plan.includedPersonas + row.extra_quantity,
      billingCycle: row.billing_cycle,
      isLegacyPricing: row.is_legacy_pricing,
      promo:
        row.coupon_percent_off > 0
          ? {
              discountPercent: row.coupon_percent_off,
              durationMonths: row.coupon_duration_months,
              startedAt: row.billing_cycle_anchor,
            }
          : undefined,
      at: row.current_period_start,
    });
    const lines: InvoiceLine[] = [
      {
        description: `1 × ${prices.base.nickname}`,
        quantity: 1,
        amount: amount.baseCents,
        price: prices.base.id,
      },
    ];
    if (row.extra_quantity > 0) {
      lines.push({
        description: `${row.extra_quantity} × Extra persona`,
        quantity: row.extra_quantity,
        amount: amount.extrasCents,
        price: prices.extraPersona.id,
      });
    }
    if (amount.discountCents > 0) {
      lines.push({
        description: `Discount (${amount.discountPercent}% off)`,
        quantity: 1,
        amount: -amount.discountCents,
        price: '',
      });
    }
    const method = await trx<PaymentMethodRow>('local_payment_methods')
      .where({ id: row.default_payment_method })
      .first();
    const chargeError = method ? testCard(method.test_card)?.chargeError : undefined;
    const paid = !chargeError;
    const [invoice] = await trx<InvoiceRow>('local_invoices')
      .insert({
        id: newId('in'),
        // Stripe numbers invoices per customer: a prefix and a running number.
        number: trx.raw(`? || '-' || lpad(nextval('local_invoice_numbers')::text, 4, '0')`, [
          row.customer.slice(4, 12).toUpperCase(),
        ]),
        customer: row.customer,
        subscription: row.id,
        status: paid ? 'paid' : 'open',
        amount_due: amount.periodCents,
        amount_paid: paid ? amount.periodCents : 0,
        currency: CURRENCY,
        period_start: row.current_period_start,
        period_end: row.current_period_end,
        lines: trx.raw('?::jsonb', [JSON.stringify(lines)]),
        attempt_count: 1,
        last_payment_error: chargeError?.message ?? null,
        metadata: row.metadata,
        // Stripe makes a period's invoice when the period starts, however late we catch up.
        created: row.current_period_start,
      })
      .returning('*');
    const [updated] = await trx<SubscriptionRow>('local_subscriptions')
      .where({ id: row.id })
      .update({ latest_invoice: invoice!.id, status: paid ? 'active' : 'past_due' })
      .returning('*');
    await this.recordEvent(
      trx,
      paid ? 'invoice.paid' : 'invoice.payment_failed',
      this.invoiceObject(invoice!),
    );
    return updated!;
  }

  /** Changes a running subscription; `already` tells a change that would change nothing (no event). */
  private async update(
    id: string,
    change: Partial<SubscriptionRow>,
    already: (row: SubscriptionRow) => boolean,
  ): Promise<ProviderSubscription> {
    await this.db.transaction(async (trx) => {
      const row = await this.subscriptionRow(trx, id, true);
      if (row.status === 'canceled') {
        throw new ProviderRequestRefused(
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      if (already(row)) return;
      const [updated] = await trx<SubscriptionRow>('local_subscriptions')
        .where({ id })
        .update(change)
        .returning('*');
      await this.recordEvent(
        trx,
        'customer.subscription.updated',
        this.subscriptionObject(updated!),
      );
    });
    this.nudge();
    return this.read(id);
  }

  private async read(id: string): Promise<ProviderSubscription> {
    const row = await this.subscriptionRow(this.db, id);
    const invoice = row.latest_invoice
      ? await this.db<InvoiceRow>('local_invoices').where({ id: row.latest_invoice }).first()
      : undefined;
    return readSubscription({
      ...this.subscriptionObject(row),
      latest_invoice: invoice ? this.invoiceObject(invoice) : null,
    });
  }

  private async customer(trx: Knex, id: string): Promise<CustomerRow> {
    const row = await trx<CustomerRow>('local_customers').where({ id }).first();
    if (!row) throw new ProviderRequestRefused(`No such customer: '${id}'`);
    return row;
  }

  private async customerPaymentMethod(
    trx: Knex,
    customerId: string,
    paymentMethodId: string,
  ): Promise<PaymentMethodRow> {
    const row = await trx<PaymentMethodRow>('local_payment_methods')
      .where({ id: paymentMethodId })
      .first();
    if (!row || row.customer !== customerId) {
      throw new ProviderRequestRefused(
        `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
      );
    }
    return row;
  }

  private async subscriptionRow(trx: Knex, id: string, lock = false): Promise<SubscriptionRow> {
    const query = trx<SubscriptionRow>('local_subscriptions').where({ id });
    const row = await (lock ? query.forUpdate() : query).first();
    if (!row) throw new ProviderRequestRefused(`No such subscription: '${id}'`);
    return row;
  }

  private async checkoutSessionRow(id: string): Promise<CheckoutSessionRow> {
    const row = await this.db<CheckoutSessionRow>('local_checkout_sessions').where({ id }).first();
    if (!row) throw new ProviderRequestRefused(`No such checkout.session: '${id}'`);
    return row;
  }

  private checkoutStatus(row: CheckoutSessionRow): string {
    return row.status === 'open' && row.expires_at <= this.now() ? 'expired' : row.status;
  }

  private async recordEvent(
    trx: Knex.Transaction,
    type: LocalEventType,
    object: Record<string, unknown>,
  ): Promise<void> {
    const created = this.now();
    const id = newId('evt');
    await trx('local_events').insert({
      id,
      type,
      created,
      payload: {
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: unix(created),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      },
    });
  }

  /**
   * Hands undelivered events to the handler in the order they happened; an
   * event whose handling fails stays undelivered and is tried again on the
   * next round, as Stripe retries a webhook.
   */
  async deliverEvents(): Promise<void> {
    const handler = this.handler;
    if (!handler) return;
    await this.db.transaction(async (trx) => {
      const lock = await trx.raw<{ rows: { locked: boolean }[] }>(
        'select pg_try_advisory_xact_lock(?) as locked',
        [DELIVERY_LOCK],
      );
      if (!lock.rows[0]?.locked) return;
      for (;;) {
        const events = await trx<EventRow>('local_events')
          .whereNull('delivered_at')
          .orderBy('seq')
          .limit(50)
          .select('seq', 'id', 'type', 'payload');
        if (events.length === 0) return;
        for (const event of events) {
          try {
            await handler(event.payload);
          } catch (error) {
            await this.db('local_events').where({ seq: event.seq }).increment('attempts', 1);
            this.options.logger.warn(
              { err: error, eventId: event.id, type: event.type },
              'local payment provider: event not handled; it will be delivered again',
            );
            return;
          }
          await trx('local_events').where({ seq: event.seq }).update({ delivered_at: this.now() });
        }
      }
    });
  }

  private subscriptionObject(row: SubscriptionRow): Record<string, unknown> {
    const item = (price: string, quantity: number) => ({
      id: `si_${row.id.slice(4)}_${price === row.base_price ? 'base' : 'extra'}`,
      object: 'subscription_item',
      price: priceObject(price),
      quantity,
      subscription: row.id,
      current_period_start: unix(row.current_period_start),
      current_period_end: unix(row.current_period_end),
    });
    return {
      id: row.id,
      object: 'subscription',
      customer: row.customer,
      status: row.status,
      billing_cycle_anchor: unix(row.billing_cycle_anchor),
      cancel_at_period_end: row.cancel_at_period_end,
      canceled_at: row.canceled_at ? unix(row.canceled_at) : null,
      ended_at: row.ended_at ? unix(row.ended_at) : null,
      created: unix(row.created),
      currency: CURRENCY,
      default_payment_method: row.default_payment_method,
      discounts: [],
      items: {
        object: 'list',
        data: [item(row.base_price, 1), item(row.extra_price, row.extra_quantity)],
      },
      latest_invoice: row.latest_invoice,
      livemode: false,
      metadata: row.metadata,
    };
  }

  private invoiceObject(row: InvoiceRow): Record<string, unknown> {
    return {
      id: row.id,
      object: 'invoice',
      customer: row.customer,
      status: row.status,
      attempted: row.attempt_count > 0,
      attempt_count: row.attempt_count,
      amount_due: row.amount_due,
      amount_paid: row.amount_paid,
      amount_remaining: row.amount_due - row.amount_paid,
      currency: row.currency,
      number: row.number,
      created: unix(row.created),
      period_start: unix(row.period_start),
      period_end: unix(row.period_end),
      billing_reason: 'subscription_cycle',
      collection_method: 'charge_automatically',
      hosted_invoice_url: null,
      invoice_pdf: null,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: row.subscription, metadata: row.metadata },
      },
      last_finalization_error: null,
      lines: {
        object: 'list',
        data: row.lines.map((line, index) => ({
          id: `il_${row.id.slice(3)}_${index}`,
          object: 'line_item',
          amount: line.amount,
          currency: row.currency,
          description: line.description,
          quantity: line.quantity,
          period: { start: unix(row.period_start), end: unix(row.period_end) },
        })),
      },
    };
  }

  private checkoutSessionObject(row: CheckoutSessionRow): Record<string, unknown> {
    return {
      id: row.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: this.checkoutStatus(row),
      customer: row.customer,
      subscription: row.subscription,
      success_url: row.success_url,
      cancel_url: row.cancel_url,
      url:
        row.status === 'open'
          ? new URL(`/api/billing/checkout/local/${row.id}`, this.options.publicUrl).toString()
          : null,
      created: unix(row.created),
      expires_at: unix(row.expires_at),
      livemode: false,
      metadata: row.metadata,
    };
  }
}
