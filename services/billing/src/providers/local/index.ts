import type { Knex, Logger } from '@chorus/service-kit';
import type {
  NewCheckoutSession,
  NewSubscription,
  PaymentProvider,
  ProviderCatalog,
  ProviderCheckoutSession,
  ProviderPaymentMethod,
  ProviderSubscription,
} from '../provider';
import { CATALOG } from './catalog';
import {
  checkoutSessionDetails,
  completeCheckoutSession,
  createCheckoutSession,
  getCheckoutSession,
} from './checkout-sessions';
import { LocalClock } from './clock';
import type { LocalContext } from './context';
import { createCustomer, createPortalSession } from './customers';
import { deliverEvents } from './event-log';
import { attachPaymentMethod } from './payment-methods';
import { renewDuePeriods } from './periods';
import { createSetupIntent } from './setup-intents';
import {
  cancelNow,
  createSubscription,
  readLocalSubscription,
  setDefaultPaymentMethod,
  setSeats,
  updateSubscription,
} from './subscriptions';

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
  private readonly clock: LocalClock;
  private readonly ctx: LocalContext;

  constructor(options: {
    db: Knex;
    logger: Logger;
    /** Where the app is reached: the hosted checkout page lives there. */
    publicUrl: string;
    now?: () => Date;
    /** How often periods are checked for renewal and undelivered events retried. */
    tickMs?: number;
  }) {
    this.clock = new LocalClock({
      logger: options.logger,
      tickMs: options.tickMs,
      round: async () => {
        await this.renewDuePeriods();
        await this.deliverEvents();
      },
    });
    this.ctx = {
      db: options.db,
      logger: options.logger,
      publicUrl: options.publicUrl,
      now: () => options.now?.() ?? new Date(),
      nudge: () => this.clock.nudge(),
    };
  }

  /** Where events go: billing's provider-event handler, the one Stripe's webhooks reach. */
  onEvent(handler: (event: unknown) => Promise<void>): void {
    this.handler = handler;
  }

  /** Renews periods and delivers events on a timer, as Stripe's clock and webhooks would. */
  start(): void {
    this.clock.start();
  }

  stop(): Promise<void> {
    return this.clock.stop();
  }

  catchUp(): Promise<void> {
    return this.clock.catchUp();
  }

  renewDuePeriods(): Promise<void> {
    return renewDuePeriods(this.ctx);
  }

  async deliverEvents(): Promise<void> {
    if (this.handler) await deliverEvents(this.ctx, this.handler);
  }

  catalog(): Promise<ProviderCatalog> {
    return Promise.resolve(CATALOG);
  }

  createCustomer(input: { userId: string; email: string; name: string }) {
    return createCustomer(this.ctx, input);
  }

  createSetupIntent(input: { customerId: string; metadata: Record<string, string> }) {
    return createSetupIntent(this.ctx, input);
  }

  attachPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
  }): Promise<ProviderPaymentMethod> {
    return attachPaymentMethod(this.ctx, input);
  }

  createSubscription(input: NewSubscription): Promise<ProviderSubscription> {
    return createSubscription(this.ctx, input);
  }

  getSubscription(id: string): Promise<ProviderSubscription> {
    return readLocalSubscription(this.ctx, id);
  }

  setExtraPersonas(id: string, extraPersonas: number): Promise<ProviderSubscription> {
    const quantity = Math.max(0, extraPersonas);
    return updateSubscription(
      this.ctx,
      id,
      { extra_quantity: quantity },
      (row) => row.extra_quantity === quantity,
    );
  }

  setSeats(id: string, seats: number, effectiveAt: Date): Promise<ProviderSubscription> {
    return setSeats(this.ctx, id, seats, effectiveAt);
  }

  setDefaultPaymentMethod(id: string, paymentMethodId: string): Promise<ProviderSubscription> {
    return setDefaultPaymentMethod(this.ctx, id, paymentMethodId);
  }

  cancelAtPeriodEnd(id: string): Promise<ProviderSubscription> {
    return updateSubscription(
      this.ctx,
      id,
      { cancel_at_period_end: true, canceled_at: this.ctx.now() },
      (row) => row.cancel_at_period_end,
    );
  }

  cancelNow(id: string): Promise<ProviderSubscription> {
    return cancelNow(this.ctx, id);
  }

  createCheckoutSession(input: NewCheckoutSession): Promise<ProviderCheckoutSession> {
    return createCheckoutSession(this.ctx, input);
  }

  getCheckoutSession(id: string): Promise<ProviderCheckoutSession> {
    return getCheckoutSession(this.ctx, id);
  }

  /** The hosted checkout page's facts: what is being bought, and where to go afterwards. */
  checkoutSessionDetails(id: string) {
    return checkoutSessionDetails(this.ctx, id);
  }

  /** The customer paid on the hosted page: the session is complete with its subscription. */
  completeCheckoutSession(id: string, subscriptionId: string): Promise<void> {
    return completeCheckoutSession(this.ctx, id, subscriptionId);
  }

  /** The local provider has no hosted portal: the app's own billing page. */
  createPortalSession(input: { customerId: string; returnUrl: string }) {
    return createPortalSession(this.ctx, input);
  }
}
