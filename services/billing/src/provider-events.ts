import { billingMessages } from '@chorus/contracts';
import {
  FailedPrecondition,
  InvalidArgument,
  type Logger,
  type OutboxRelay,
} from '@chorus/service-kit';
import type { Ledger } from './ledger';
import { unlessRefused } from './provider-call';
import type { PaymentProvider, ProviderSubscription } from './providers/provider';
import { StripeSignatureVerificationError, verifyStripeWebhook } from './providers/stripe';
import {
  readCheckoutSession,
  readEvent,
  readInvoice,
  UnreadableProviderObject,
} from './providers/stripe-shapes';
import type { BillingStore } from './store';

interface HandledEvent {
  id: string;
  type: string;
  duplicate: boolean;
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

const INVOICE_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.finalized',
  'invoice.voided',
  'invoice.marked_uncollectible',
]);

/**
 * The one place provider events are handled: Stripe's webhooks (once their
 * signature is verified here) and the local provider's events alike. Each event
 * id is handled once, however often it is delivered. Subscription events are
 * not trusted for order — Stripe does not promise any — so the subscription
 * is read afresh from the provider and stored as it is now; invoices are
 * stored as the event shows them.
 */
export class ProviderEvents {
  constructor(
    private readonly deps: {
      store: BillingStore;
      ledger: Ledger;
      provider: PaymentProvider;
      relay: OutboxRelay;
      logger: Logger;
      now: () => Date;
      /** Stripe's webhook signing secret; without it every delivery is refused. */
      webhookSecret?: string;
    },
  ) {}

  /**
   * A Stripe webhook delivery: refused (and nothing changes) unless its
   * signature matches the raw body and is recent; then handled once per
   * event id.
   */
  async handleStripeWebhook(payload: Buffer, signature: string): Promise<HandledEvent> {
    const secret = this.deps.webhookSecret;
    if (!secret) throw new FailedPrecondition(billingMessages.webhooksNotConfigured);
    let event: unknown;
    try {
      event = verifyStripeWebhook(payload, signature, secret);
    } catch (error) {
      if (error instanceof StripeSignatureVerificationError) {
        throw new InvalidArgument(`Webhook signature verification failed: ${error.message}`);
      }
      throw new InvalidArgument('Webhook payload is not a Stripe event');
    }
    try {
      return await this.handle(event);
    } catch (error) {
      if (error instanceof UnreadableProviderObject) throw new InvalidArgument(error.message);
      throw error;
    }
  }

  async handle(payload: unknown): Promise<HandledEvent> {
    const event = readEvent(payload);
    const { store, ledger, logger } = this.deps;
    const handled = { id: event.id, type: event.type };
    if (await store.webhookEventSeen(event.id)) return { ...handled, duplicate: true };

    const object = event.data.object;
    let subscription: ProviderSubscription | undefined;
    const observedAt = this.deps.now();
    if (SUBSCRIPTION_EVENTS.has(event.type) && typeof object.id === 'string') {
      subscription = await this.current(object.id);
    } else if (event.type === 'checkout.session.completed') {
      const session = readCheckoutSession(object);
      if (session.subscriptionId) subscription = await this.current(session.subscriptionId);
    }
    const invoice = INVOICE_EVENTS.has(event.type)
      ? readInvoice(object, event.type === 'invoice.payment_failed')
      : undefined;

    const fresh = await store.db.transaction(async (trx) => {
      if (!(await store.recordWebhookEvent(trx, event.id, event.type))) return false;
      if (subscription) await ledger.applySubscription(trx, subscription, observedAt);
      if (invoice) await ledger.applyInvoice(trx, invoice, observedAt);
      return true;
    });
    if (!fresh) return { ...handled, duplicate: true };
    this.deps.relay.nudge();
    logger.debug({ eventId: event.id, type: event.type }, 'provider event handled');
    return { ...handled, duplicate: false };
  }

  /** The subscription as the provider has it now; undefined for one it does not know. */
  private current(id: string): Promise<ProviderSubscription | undefined> {
    return unlessRefused(
      this.deps.logger,
      {
        context: { subscriptionId: id },
        message: 'event about a subscription the provider does not know',
      },
      () => this.deps.provider.getSubscription(id),
    );
  }
}
