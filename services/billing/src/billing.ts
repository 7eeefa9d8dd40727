import {
  annualSavingsCents,
  type BillingCycle,
  billingMessages,
  CURRENT_PLAN,
  extraPersonas,
  planFor,
  promoCodeRefusal,
} from '@chorus/contracts';
import {
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  type Logger,
  NotFound,
  type OutboxRelay,
} from '@chorus/service-kit';
import type { CardData, CardDataCipher } from './card-data';
import { planDisplayName, resolveBillingCycle } from './domain/billing-cycle';
import { isLive } from './domain/status';
import { billingStats, type SubscriptionView, subscriptionView } from './domain/subscription-view';
import { TEST_CARDS } from './domain/test-cards';
import { renderInvoicePdf } from './invoice-pdf';
import { type Ledger, productFacts, subscriptionFacts } from './ledger';
import type { HandledEvent, ProviderEvents } from './provider-events';
import type { LocalPaymentProvider } from './providers/local';
import {
  CardDeclined,
  type PaymentProvider,
  type ProviderSubscription,
  ProviderRequestRefused,
} from './providers/provider';
import { StripeSignatureVerificationError, verifyStripeWebhook } from './providers/stripe';
import { UnreadableProviderObject } from './providers/stripe-shapes';
import type { BillingStore, CustomerRow, InvoiceRow, ProductRow, PromoCodeRow } from './store';

/** The signed-in customer. */
export interface Payer {
  userId: string;
  email: string;
}

/** A product as the gateway read it from catalog. */
export interface ProductSnapshot {
  id: string;
  userId: string;
  name: string;
  billingCycle: string;
  isLegacyPricing: boolean;
  personaCount: number;
}

export interface SavedPaymentMethod extends CardData {
  id: string;
  providerPaymentMethodId: string;
  isDefault: boolean;
}

/** The provider's refusals as answers the user can read. */
async function providerCall<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof CardDeclined) throw new FailedPrecondition(error.message);
    if (error instanceof ProviderRequestRefused) throw new InvalidArgument(error.message);
    throw error;
  }
}

/**
 * The billing use cases: prices, payment methods, subscriptions, invoices,
 * checkout and portal sessions, provider events, and reactions to catalog's
 * product events. Prices always come from the pricing rules in contracts;
 * the provider holds the money side.
 */
export class Billing {
  constructor(
    private readonly deps: {
      store: BillingStore;
      ledger: Ledger;
      provider: PaymentProvider;
      /** Set when the local provider runs: its hosted checkout page. */
      local?: LocalPaymentProvider;
      events: ProviderEvents;
      cipher: CardDataCipher;
      relay: OutboxRelay;
      logger: Logger;
      publicUrl: string;
      webhookSecret?: string;
      now: () => Date;
    },
  ) {}

  private get store(): BillingStore {
    return this.deps.store;
  }

  private get provider(): PaymentProvider {
    return this.deps.provider;
  }

  // Prices.

  async prices() {
    const catalog = await this.provider.catalog();
    return {
      catalog,
      plan: CURRENT_PLAN,
      annualSavingsCents: annualSavingsCents(CURRENT_PLAN),
    };
  }

  paymentConfig() {
    return { provider: this.provider.name, publishableKey: this.provider.publishableKey ?? '' };
  }

  /** `value` as a billing cycle: a word or one of the plan's price ids; empty keeps `fallback`. */
  async billingCycleOf(value: string | undefined, fallback: BillingCycle): Promise<BillingCycle> {
    if (!value?.trim()) return fallback;
    const catalog = await this.provider.catalog();
    const ids = (cycle: BillingCycle) => [
      catalog.current[cycle].base.id,
      catalog.legacy[cycle].base.id,
    ];
    const cycle = resolveBillingCycle(value, { monthly: ids('monthly'), annual: ids('annual') });
    if (!cycle) throw new InvalidArgument(billingMessages.selectBillingPlan);
    return cycle;
  }

  // Products and customers.

  /**
   * The user's product, or NotFound for another user's, a deleted or an
   * unknown one. A product the gateway just read from catalog is recorded if
   * its ProductCreated event has not arrived yet.
   */
  async ownProduct(userId: string, productId: string, snapshot?: ProductSnapshot) {
    if (snapshot && snapshot.id === productId && snapshot.userId === userId) {
      await this.store.seedProduct(this.store.db, {
        id: snapshot.id,
        user_id: snapshot.userId,
        name: snapshot.name,
        billing_cycle: snapshot.billingCycle === 'annual' ? 'annual' : 'monthly',
        is_legacy_pricing: snapshot.isLegacyPricing,
        persona_count: Math.max(0, snapshot.personaCount),
      });
    }
    const product = await this.store.product(productId);
    if (!product || product.user_id !== userId || product.deleted_at) {
      throw new NotFound(billingMessages.productNotFound);
    }
    return product;
  }

  /** The user's customer at the provider, created on first need (one per user). */
  private async customer(payer: Payer): Promise<CustomerRow> {
    const existing = await this.store.customer(payer.userId);
    if (existing?.provider === this.provider.name) return existing;
    return this.store.db.transaction(async (trx) => {
      await this.store.lockUser(trx, payer.userId);
      const again = await this.store.customer(payer.userId, trx);
      if (again?.provider === this.provider.name) return again;
      const holder = await this.store.accountHolder(payer.userId, trx);
      const email = payer.email || holder?.email || '';
      const created = await providerCall(() =>
        this.provider.createCustomer({
          userId: payer.userId,
          email,
          name: holder ? `${holder.first_name} ${holder.last_name}`.trim() : '',
        }),
      );
      const row: CustomerRow = {
        user_id: payer.userId,
        provider: this.provider.name,
        provider_customer_id: created.id,
        email,
      };
      await this.store.saveCustomer(trx, row);
      return row;
    });
  }

  async view(productId: string): Promise<SubscriptionView> {
    const view = await this.deps.ledger.view(this.store.db, productId);
    if (!view) throw new NotFound(billingMessages.productNotFound);
    return view;
  }

  // Paying.

  async setupPayment(payer: Payer, product: ProductSnapshot) {
    const owned = await this.ownProduct(payer.userId, product.id, product);
    const customer = await this.customer(payer);
    return providerCall(() =>
      this.provider.createSetupIntent({
        customerId: customer.provider_customer_id,
        metadata: { productId: owned.id, userId: payer.userId },
      }),
    );
  }

  /**
   * Attaches the card to the user's customer (a declined card answers the
   * provider's message and changes nothing), keeps its card data encrypted
   * as the product's default, and starts the product's subscription when
   * none runs — or makes the card the running subscription's.
   */
  async savePaymentMethod(input: {
    payer: Payer;
    product: ProductSnapshot;
    paymentMethodId: string;
    cardData?: Partial<CardData>;
    billingCycle?: string;
    promoCode?: string;
  }): Promise<{ paymentMethod: SavedPaymentMethod; subscription: SubscriptionView }> {
    const { payer } = input;
    const product = await this.ownProduct(payer.userId, input.product.id, input.product);
    const paymentMethodId = input.paymentMethodId.trim();
    if (!paymentMethodId) throw new InvalidArgument(billingMessages.paymentMethodRequired);
    const cycle = await this.billingCycleOf(input.billingCycle, product.billing_cycle);
    const promo = input.promoCode?.trim() ? await this.applicablePromo(input.promoCode) : undefined;
    const customer = await this.customer(payer);
    const card = await providerCall(() =>
      this.provider.attachPaymentMethod({
        customerId: customer.provider_customer_id,
        paymentMethodId,
      }),
    );
    const paymentMethod = await this.keepCard(payer.userId, product.id, card.id, {
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cardholderName: input.cardData?.cardholderName?.trim() || card.cardholderName,
    });
    await this.oneAtATime(product.id, async () => {
      const running = await this.store.subscriptionOfProduct(product.id);
      if (running && isLive(running.provider_status) && running.provider === this.provider.name) {
        const observedAt = this.deps.now();
        const updated = await providerCall(() =>
          this.provider.setDefaultPaymentMethod(running.provider_subscription_id, card.id),
        );
        await this.record(updated, observedAt);
      } else {
        await this.startSubscription(product, customer.provider_customer_id, card.id, cycle, promo);
      }
    });
    return { paymentMethod, subscription: await this.view(product.id) };
  }

  private async keepCard(
    userId: string,
    productId: string,
    providerPaymentMethodId: string,
    card: CardData,
  ): Promise<SavedPaymentMethod> {
    const row = await this.store.db.transaction((trx) =>
      this.store.saveDefaultPaymentMethod(trx, {
        user_id: userId,
        product_id: productId,
        stripe_payment_method_id: providerPaymentMethodId,
        encrypted_card_data: this.deps.cipher.encrypt(card, userId),
      }),
    );
    return { id: row.id, providerPaymentMethodId, isDefault: true, ...card };
  }

  /**
   * Runs the decision "does this product already have a subscription?" and
   * its consequence for one request at a time per product, so a double
   * click or two tabs never start two subscriptions (two charges).
   */
  private async oneAtATime<T>(productId: string, work: () => Promise<T>): Promise<T> {
    return this.store.db.transaction(async (trx) => {
      await this.store.lockProductBilling(trx, productId);
      return work();
    });
  }

  /** The code if the customer may use it now (contracts' rules); INVALID_ARGUMENT with the reason. */
  private async applicablePromo(code: string): Promise<PromoCodeRow> {
    const promo = await this.store.promoCode(code);
    const refusal = promoCodeRefusal(
      promo && {
        isActive: promo.is_active,
        discountPercent: promo.discount_percent,
        usageLimit: promo.usage_limit,
        usedCount: promo.used_count,
        expiresAt: promo.expires_at,
      },
      this.deps.now(),
    );
    if (refusal || !promo) throw new InvalidArgument(refusal ?? billingMessages.invalidPromoCode);
    return promo;
  }

  private async startSubscription(
    product: ProductRow,
    customerId: string,
    paymentMethodId: string,
    billingCycle: BillingCycle,
    promo?: PromoCodeRow,
  ): Promise<ProviderSubscription> {
    const observedAt = this.deps.now();
    const plan = planFor({ isLegacyPricing: product.is_legacy_pricing });
    const subscription = await providerCall(() =>
      this.provider.createSubscription({
        customerId,
        paymentMethodId,
        billingCycle,
        isLegacyPricing: product.is_legacy_pricing,
        extraPersonas: extraPersonas(product.persona_count, plan),
        promotion: promo
          ? {
              code: promo.code,
              percentOff: promo.discount_percent,
              durationMonths: promo.duration_months,
            }
          : undefined,
        metadata: { productId: product.id, userId: product.user_id },
      }),
    );
    await this.store.db.transaction(async (trx) => {
      // The provider already applied the promo; a code that ran out meanwhile
      // is counted past its limit rather than taken back from the customer.
      if (promo) await this.store.usePromoCode(trx, promo.id);
      await this.deps.ledger.applySubscription(trx, subscription, observedAt, { promo });
    });
    this.deps.relay.nudge();
    return subscription;
  }

  /** Stores the provider's answer. */
  private async record(subscription: ProviderSubscription, observedAt: Date): Promise<void> {
    await this.store.db.transaction((trx) =>
      this.deps.ledger.applySubscription(trx, subscription, observedAt),
    );
    this.deps.relay.nudge();
  }

  /** After paying in the browser: the subscription as the provider has it now. */
  async syncStatus(userId: string, product: ProductSnapshot): Promise<SubscriptionView> {
    const owned = await this.ownProduct(userId, product.id, product);
    await this.provider.catchUp();
    const row = await this.store.subscriptionOfProduct(owned.id);
    if (row && row.provider === this.provider.name) {
      const observedAt = this.deps.now();
      await this.record(
        await providerCall(() => this.provider.getSubscription(row.provider_subscription_id)),
        observedAt,
      );
    }
    return this.view(owned.id);
  }

  // Reading.

  async listSubscriptions(userId: string): Promise<SubscriptionView[]> {
    await this.provider.catchUp();
    const [products, subscriptions] = await Promise.all([
      this.store.productsOfUser(userId),
      this.store.subscriptionsOfUser(userId),
    ]);
    const now = this.deps.now();
    return products.map((product) => {
      const row = subscriptions.find((s) => s.product_id === product.id);
      return subscriptionView(productFacts(product), row && subscriptionFacts(row), now);
    });
  }

  async listInvoices(userId: string): Promise<InvoiceRow[]> {
    await this.provider.catchUp();
    return this.store.invoicesOfUser(userId);
  }

  async invoicePdf(
    userId: string,
    invoiceId: string,
  ): Promise<{ pdf: Buffer; filename: string } | { url: string; filename: string }> {
    const invoice = await this.store.invoiceOfUser(userId, invoiceId);
    if (!invoice) throw new NotFound(billingMessages.invoiceNotFound);
    const filename = `invoice-${invoice.number || invoice.id}.pdf`;
    if (invoice.pdf_url) return { url: invoice.pdf_url, filename };
    const [holder, customer] = await Promise.all([
      this.store.accountHolder(userId),
      this.store.customer(userId),
    ]);
    const pdf = await renderInvoicePdf(invoice, {
      email: customer?.email ?? holder?.email ?? '',
      name: holder ? `${holder.first_name} ${holder.last_name}`.trim() : '',
    });
    return { pdf, filename };
  }

  async stats(userId: string) {
    return billingStats(await this.listSubscriptions(userId));
  }

  // Cancelling.

  /** Cancels at the end of the paid period; the product stays active until then. */
  async cancel(userId: string, product: ProductSnapshot): Promise<SubscriptionView> {
    const owned = await this.ownProduct(userId, product.id, product);
    const row = await this.store.subscriptionOfProduct(owned.id);
    if (!row || !isLive(row.provider_status) || row.provider !== this.provider.name) {
      throw new FailedPrecondition(billingMessages.noActiveSubscription);
    }
    if (!row.cancel_at_period_end) {
      const observedAt = this.deps.now();
      await this.record(
        await providerCall(() => this.provider.cancelAtPeriodEnd(row.provider_subscription_id)),
        observedAt,
      );
    }
    return this.view(owned.id);
  }

  /** The gateway is deleting the product: its subscription ends now. */
  async endSubscription(userId: string, productId: string) {
    const result = await this.store.db.transaction((trx) =>
      this.endForDeletedProduct(trx, productId, { userId }),
    );
    this.deps.relay.nudge();
    return result;
  }

  /**
   * Ends the subscription of a product being deleted, once: the gateway's
   * call (just before catalog deletes the product) and catalog's
   * ProductDeleted event may both arrive, and whichever comes second finds
   * the work done.
   */
  async endForDeletedProduct(
    trx: Knex.Transaction,
    productId: string,
    by: { userId: string } | { deleted: true },
  ): Promise<{ subscriptionCancelled: boolean; hadSubscription: boolean }> {
    const product = await this.store.product(productId, trx, true);
    if (!product) return { subscriptionCancelled: false, hadSubscription: false };
    if ('userId' in by && product.user_id !== by.userId) {
      throw new NotFound(billingMessages.productNotFound);
    }
    // Only catalog's event says the product is gone; the gateway asks just
    // before deleting it, and the deletion may still fail.
    if ('deleted' in by) await this.store.markProductDeleted(trx, productId, this.deps.now());
    const row = await this.store.subscriptionOfProduct(productId, trx, true);
    if (!row) return { subscriptionCancelled: false, hadSubscription: false };
    if (isLive(row.provider_status) && row.provider === this.provider.name) {
      const observedAt = this.deps.now();
      const ended = await providerCall(() => this.provider.cancelNow(row.provider_subscription_id));
      await this.deps.ledger.applySubscription(trx, ended, observedAt);
      await this.store.markDeletionCancelledSubscription(trx, productId);
      return { subscriptionCancelled: true, hadSubscription: true };
    }
    return {
      subscriptionCancelled: product.deletion_cancelled_subscription,
      hadSubscription: true,
    };
  }

  // Hosted pages.

  async createCheckoutSession(input: {
    payer: Payer;
    product: ProductSnapshot;
    billingCycle: string;
    successUrl: string;
    cancelUrl: string;
  }) {
    const { payer } = input;
    const product = await this.ownProduct(payer.userId, input.product.id, input.product);
    const billingCycle = await this.billingCycleOf(input.billingCycle, product.billing_cycle);
    for (const url of [input.successUrl, input.cancelUrl]) {
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
        throw new InvalidArgument(billingMessages.invalidUrl);
      }
    }
    await this.refuseSecondSubscription(product.id);
    const customer = await this.customer(payer);
    const session = await providerCall(() =>
      this.provider.createCheckoutSession({
        customerId: customer.provider_customer_id,
        billingCycle,
        isLegacyPricing: product.is_legacy_pricing,
        extraPersonas: extraPersonas(
          product.persona_count,
          planFor({ isLegacyPricing: product.is_legacy_pricing }),
        ),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: { productId: product.id, userId: payer.userId },
      }),
    );
    if (!session.url) throw new Error('the provider returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  private async refuseSecondSubscription(productId: string): Promise<void> {
    const running = await this.store.subscriptionOfProduct(productId);
    if (running && isLive(running.provider_status)) {
      throw new FailedPrecondition(billingMessages.alreadySubscribed);
    }
  }

  private localCheckout(): LocalPaymentProvider {
    if (!this.deps.local) throw new NotFound(billingMessages.checkoutSessionNotFound);
    return this.deps.local;
  }

  private async checkoutDetails(sessionId: string) {
    try {
      return await this.localCheckout().checkoutSessionDetails(sessionId);
    } catch (error) {
      if (error instanceof ProviderRequestRefused) {
        throw new NotFound(billingMessages.checkoutSessionNotFound);
      }
      throw error;
    }
  }

  /** The local provider's hosted checkout page: what is bought, for how much, with which test cards. */
  async localCheckoutSession(sessionId: string) {
    const details = await this.checkoutDetails(sessionId);
    const product = await this.store.product(details.metadata.productId ?? '');
    return {
      ...details,
      productName: product?.name ?? '',
      planDisplayName: planDisplayName(details.billingCycle),
      testCards: TEST_CARDS.map((card) => ({ paymentMethodId: card.id, label: card.label })),
    };
  }

  /**
   * Pays a local checkout session with a test card: the same steps as
   * saving a payment method, then the session completes and the browser
   * goes to its success address. Paying twice is harmless.
   */
  async completeLocalCheckout(input: {
    sessionId: string;
    paymentMethodId: string;
    cardholderName: string;
  }): Promise<string> {
    const details = await this.checkoutDetails(input.sessionId);
    if (details.status === 'complete') return details.successUrl;
    if (details.status !== 'open')
      throw new FailedPrecondition(billingMessages.checkoutSessionExpired);
    const userId = details.metadata.userId ?? '';
    const product = await this.ownProduct(userId, details.metadata.productId ?? '');
    const card = await providerCall(() =>
      this.provider.attachPaymentMethod({
        customerId: details.customerId,
        paymentMethodId: input.paymentMethodId,
      }),
    );
    await this.keepCard(userId, product.id, card.id, {
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cardholderName: input.cardholderName.trim() || card.cardholderName,
    });
    await this.oneAtATime(product.id, async () => {
      // A second click on Pay waited for the first one, which paid.
      if ((await this.checkoutDetails(input.sessionId)).status === 'complete') return;
      await this.refuseSecondSubscription(product.id);
      const subscription = await this.startSubscription(
        product,
        details.customerId,
        card.id,
        details.billingCycle,
      );
      await this.localCheckout().completeCheckoutSession(input.sessionId, subscription.id);
    });
    return details.successUrl;
  }

  async portalSession(input: { userId: string; customerId: string; returnUrl: string }) {
    const customer = await this.store.customer(input.userId);
    if (
      !customer ||
      customer.provider !== this.provider.name ||
      (input.customerId && input.customerId !== customer.provider_customer_id)
    ) {
      throw new NotFound(billingMessages.customerNotFound);
    }
    const returnUrl = input.returnUrl || new URL('/billing', this.deps.publicUrl).toString();
    if (!URL.canParse(returnUrl) || !/^https?:$/.test(new URL(returnUrl).protocol)) {
      throw new InvalidArgument(billingMessages.invalidUrl);
    }
    return providerCall(() =>
      this.provider.createPortalSession({
        customerId: customer.provider_customer_id,
        returnUrl,
      }),
    );
  }

  // Provider events.

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
      return await this.deps.events.handle(event);
    } catch (error) {
      if (error instanceof UnreadableProviderObject) throw new InvalidArgument(error.message);
      throw error;
    }
  }

  // Catalog's events.

  /**
   * More or fewer personas: the extra-persona quantity follows, without
   * proration — the new price is billed from the next period.
   */
  async personasChanged(
    trx: Knex.Transaction,
    productId: string,
    personaCount: number,
  ): Promise<void> {
    const { store, ledger } = this.deps;
    const before = await ledger.view(trx, productId);
    await store.setPersonaCount(trx, productId, Math.max(0, personaCount));
    const row = await store.subscriptionOfProduct(productId, trx, true);
    if (row && isLive(row.provider_status) && row.provider === this.provider.name) {
      const extras = extraPersonas(
        personaCount,
        planFor({ isLegacyPricing: row.is_legacy_pricing }),
      );
      if (extras !== row.extra_personas) {
        const observedAt = this.deps.now();
        try {
          const updated = await this.provider.setExtraPersonas(
            row.provider_subscription_id,
            extras,
          );
          await ledger.applySubscription(trx, updated, observedAt, { before });
          return;
        } catch (error) {
          if (!(error instanceof ProviderRequestRefused)) throw error;
          this.deps.logger.warn(
            { err: error, productId },
            'the provider refused the new persona quantity; the subscription keeps its old one',
          );
        }
      }
    }
    await ledger.publishIfChanged(trx, productId, before);
  }
}
