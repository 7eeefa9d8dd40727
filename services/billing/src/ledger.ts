import type { Knex, Logger } from '@chorus/service-kit';
import { planDisplayName } from './domain/billing-cycle';
import { invoiceStatus, isLive, productStatus } from './domain/status';
import type { SubscriptionView } from './domain/subscription-view';
import { subscriptionChanged, subscriptionChangedOf } from './events';
import type { ProviderInvoice, ProviderSubscription } from './providers/provider';
import { type BillingStore, type PromoCodeRow, type SubscriptionRow, viewOfRows } from './store';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Billing's record of subscriptions and invoices: where the provider's
 * state — from an API answer or from an event, of either provider — is
 * stored, and where SubscriptionChanged is published whenever what a
 * product shows (status, price, personas, period, provider ids) changed.
 */
export class Ledger {
  constructor(
    private readonly deps: {
      store: BillingStore;
      provider: string;
      logger: Logger;
      now: () => Date;
    },
  ) {}

  async view(trx: Knex, productId: string): Promise<SubscriptionView | undefined> {
    const product = await this.deps.store.product(productId, trx);
    if (!product) return undefined;
    const row = await this.deps.store.subscriptionOfProduct(productId, trx);
    return viewOfRows(product, row, this.deps.now());
  }

  /** Publishes SubscriptionChanged when the product's subscription now reads differently. */
  async publishIfChanged(
    trx: Knex.Transaction,
    productId: string,
    before: SubscriptionView | undefined,
  ): Promise<void> {
    const after = await this.view(trx, productId);
    if (!after || !after.providerSubscriptionId) return;
    const event = subscriptionChangedOf(after);
    const previous = before?.providerSubscriptionId ? subscriptionChangedOf(before) : undefined;
    if (previous && JSON.stringify(previous) === JSON.stringify(event)) return;
    await subscriptionChanged(trx, event);
  }

  /**
   * Stores a subscription as the provider showed it at `observedAt`. A
   * state observed before the stored one is ignored, so a slow answer never
   * overwrites a newer one. A subscription is matched by its id, or — for one
   * billing has not seen yet (Checkout) — by the productId in its metadata; a
   * different subscription that is still running for the product is kept.
   */
  async applySubscription(
    trx: Knex.Transaction,
    subscription: ProviderSubscription,
    observedAt: Date,
    options: { promo?: PromoCodeRow; before?: SubscriptionView } = {},
  ): Promise<SubscriptionRow | undefined> {
    const { store } = this.deps;
    const known = await store.subscriptionByProviderId(subscription.id, trx);
    const productId = known?.product_id ?? subscription.metadata.productId;
    if (!productId) return undefined;
    // The product's row is the lock: two accounts of one subscription (an API
    // answer and an event) are stored one after the other, never interleaved.
    const product = await store.product(productId, trx, true);
    let row = await store.subscriptionByProviderId(subscription.id, trx);
    if (!product) {
      this.deps.logger.warn(
        { subscriptionId: subscription.id, productId },
        'subscription for a product billing does not know; ignored',
      );
      return undefined;
    }
    if (!row) {
      const current = await store.subscriptionOfProduct(productId, trx);
      if (current && isLive(current.provider_status)) {
        this.deps.logger.warn(
          { productId, running: current.provider_subscription_id, other: subscription.id },
          'another subscription already runs for this product; kept the running one',
        );
        return current;
      }
      row = current;
    }
    const sameSubscription = row?.provider_subscription_id === subscription.id;
    if (row && sameSubscription && row.provider_state_at > observedAt) {
      // A newer account of the subscription (its provider event) was stored
      // first; the promo is known only to the call that started it, so it is
      // added to the newer state rather than lost.
      if (!options.promo || row.promo_code_id === options.promo.id) return row;
      const before = options.before ?? (await this.view(trx, productId));
      const saved = await store.setSubscriptionPromo(trx, productId, {
        promo_code_id: options.promo.id,
        promo_discount_percent: options.promo.discount_percent,
        promo_duration_months: options.promo.duration_months,
        promo_started_at: row.current_period_start,
      });
      await this.publishIfChanged(trx, productId, before);
      return saved;
    }
    const before = options.before ?? (await this.view(trx, productId));
    const promo = options.promo
      ? {
          promo_code_id: options.promo.id,
          promo_discount_percent: options.promo.discount_percent,
          promo_duration_months: options.promo.duration_months,
          promo_started_at: subscription.currentPeriodStart,
        }
      : row && sameSubscription
        ? {
            promo_code_id: row.promo_code_id,
            promo_discount_percent: row.promo_discount_percent,
            promo_duration_months: row.promo_duration_months,
            promo_started_at: row.promo_started_at,
          }
        : {
            promo_code_id: null,
            promo_discount_percent: 0,
            promo_duration_months: 0,
            promo_started_at: null,
          };
    const saved = await store.saveSubscription(trx, {
      product_id: productId,
      user_id: product.user_id,
      provider: this.deps.provider,
      provider_customer_id: subscription.customerId,
      provider_subscription_id: subscription.id,
      provider_price_id: subscription.basePriceId,
      provider_status: subscription.status,
      status: productStatus(subscription.status),
      billing_cycle: subscription.billingCycle,
      is_legacy_pricing: subscription.isLegacyPricing,
      extra_personas: subscription.extraPersonas,
      seats: subscription.seats,
      current_period_start: subscription.currentPeriodStart,
      current_period_end: subscription.currentPeriodEnd,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      canceled_at: subscription.canceledAt,
      ...promo,
      provider_state_at: observedAt,
    });
    if (subscription.latestInvoice) {
      await this.applyInvoice(trx, subscription.latestInvoice, observedAt);
    }
    await this.publishIfChanged(trx, productId, before);
    return saved;
  }

  /**
   * Stores an invoice in the billing history. A paid invoice stays paid; an
   * invoice of a subscription billing does not know yet is placed by the
   * productId its subscription carries.
   */
  async applyInvoice(
    trx: Knex.Transaction,
    invoice: ProviderInvoice,
    observedAt: Date,
  ): Promise<void> {
    const { store } = this.deps;
    if (!invoice.subscriptionId) return;
    const subscription = await store.subscriptionByProviderId(invoice.subscriptionId, trx);
    const productId = subscription?.product_id ?? invoice.subscriptionMetadata.productId;
    const product = productId ? await store.product(productId, trx) : undefined;
    if (!product) return;
    const existing = await store.invoiceByProviderId(invoice.id, trx);
    const status = invoiceStatus(invoice);
    if (existing?.status === 'paid' && status !== 'paid') return;
    if (existing && existing.provider_state_at > observedAt && status !== 'paid') return;
    const cycle = subscription?.billing_cycle ?? product.billing_cycle;
    await store.saveInvoice(trx, {
      provider_invoice_id: invoice.id,
      provider_subscription_id: invoice.subscriptionId,
      product_id: product.id,
      user_id: product.user_id,
      number: invoice.number,
      description: `${product.name} — ${planDisplayName(cycle)}, ${dateFormat.format(invoice.periodStart)} – ${dateFormat.format(invoice.periodEnd)}`,
      amount_cents: invoice.amountDueCents,
      currency: invoice.currency,
      status,
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      issued_at: invoice.created,
      pdf_url: invoice.pdfUrl,
      lines: invoice.lines,
      provider_state_at: observedAt,
    });
  }
}
