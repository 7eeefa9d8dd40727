import { type BillingCycle, billingMessages } from '@chorus/contracts';
import {
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  type Logger,
  type OutboxRelay,
} from '@chorus/service-kit';
import type { CardData } from './card-data';
import type { Customers, Payer } from './customers';
import { extraPersonasFor } from './domain/plan';
import { isLive } from './domain/status';
import { billingStats, type SubscriptionView } from './domain/subscription-view';
import type { ProductChanges } from './events';
import type { Ledger } from './ledger';
import type { PaymentMethods, SavedPaymentMethod } from './payment-methods';
import type { Prices } from './prices';
import { type ProductSnapshot, type Products, refuseUnlessOwner } from './products';
import type { PromoCodes } from './promo-codes';
import { providerCall, unlessRefused } from './provider-call';
import type { PaymentProvider, ProviderSubscription } from './providers/provider';
import {
  type BillingStore,
  type ProductRow,
  type PromoCodeRow,
  type PromoCodeStore,
  type SubscriptionRow,
  viewOfRows,
} from './store';

/**
 * Products' subscriptions: starting one with a card, reading, cancelling,
 * ending one with its product, and following the product's persona count
 * and team seats.
 * Prices always come from the pricing rules in contracts; the provider
 * holds the money side.
 */
export class Subscriptions implements ProductChanges {
  constructor(
    private readonly deps: {
      store: BillingStore;
      promoCodeStore: PromoCodeStore;
      ledger: Ledger;
      provider: PaymentProvider;
      products: Products;
      customers: Customers;
      paymentMethods: PaymentMethods;
      prices: Prices;
      promoCodes: PromoCodes;
      relay: OutboxRelay;
      logger: Logger;
      now: () => Date;
    },
  ) {}

  /**
   * Whether billing can change the subscription at the provider: it still
   * runs, and at the provider this service talks to now.
   */
  private runsHere(row: SubscriptionRow | undefined): row is SubscriptionRow {
    return (
      row !== undefined && isLive(row.provider_status) && row.provider === this.deps.provider.name
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
    const { store, provider, products, customers, prices, promoCodes } = this.deps;
    const product = await products.own(payer.userId, input.product.id, input.product);
    const paymentMethodId = input.paymentMethodId.trim();
    if (!paymentMethodId) throw new InvalidArgument(billingMessages.paymentMethodRequired);
    const cycle = await prices.billingCycleOf(input.billingCycle, product.billing_cycle);
    const promo = input.promoCode?.trim() ? await promoCodes.usable(input.promoCode) : undefined;
    const customer = await customers.ofPayer(payer);
    const paymentMethod = await this.deps.paymentMethods.attach({
      userId: payer.userId,
      productId: product.id,
      customerId: customer.provider_customer_id,
      paymentMethodId,
      cardholderName: input.cardData?.cardholderName,
    });
    const cardId = paymentMethod.providerPaymentMethodId;
    await this.oneAtATime(product.id, async () => {
      const running = await store.subscriptionOfProduct(product.id);
      if (this.runsHere(running)) {
        await this.change(() =>
          provider.setDefaultPaymentMethod(running.provider_subscription_id, cardId),
        );
      } else {
        await this.start(product, customer.provider_customer_id, cardId, cycle, promo);
      }
    });
    return { paymentMethod, subscription: await products.view(product.id) };
  }

  /**
   * Runs the decision "does this product already have a subscription?" and
   * its consequence for one request at a time per product, so a double
   * click or two tabs never start two subscriptions (two charges).
   */
  async oneAtATime<T>(productId: string, work: () => Promise<T>): Promise<T> {
    const { store } = this.deps;
    return store.db.transaction(async (trx) => {
      await store.lockProductBilling(trx, productId);
      return work();
    });
  }

  /** FAILED_PRECONDITION when the product's subscription already runs. */
  async refuseSecond(productId: string): Promise<void> {
    const running = await this.deps.store.subscriptionOfProduct(productId);
    if (running && isLive(running.provider_status)) {
      throw new FailedPrecondition(billingMessages.alreadySubscribed);
    }
  }

  /** Starts the product's subscription at the provider and stores it (with its promo's use). */
  async start(
    product: ProductRow,
    customerId: string,
    paymentMethodId: string,
    billingCycle: BillingCycle,
    promo?: PromoCodeRow,
  ): Promise<ProviderSubscription> {
    const { store, promoCodeStore, ledger, provider } = this.deps;
    const observedAt = this.deps.now();
    const subscription = await providerCall(() =>
      provider.createSubscription({
        customerId,
        paymentMethodId,
        billingCycle,
        isLegacyPricing: product.is_legacy_pricing,
        extraPersonas: extraPersonasFor(product.persona_count, product.is_legacy_pricing),
        seats: product.billable_seats,
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
    await store.db.transaction(async (trx) => {
      // The provider already applied the promo; a code that ran out meanwhile
      // is counted past its limit rather than taken back from the customer.
      if (promo) await promoCodeStore.use(trx, promo.id);
      await ledger.applySubscription(trx, subscription, observedAt, { promo });
    });
    this.deps.relay.nudge();
    return subscription;
  }

  /** Asks the provider for a change (or its current state) and stores its answer. */
  private async change(request: () => Promise<ProviderSubscription>): Promise<void> {
    const observedAt = this.deps.now();
    const subscription = await providerCall(request);
    await this.deps.store.db.transaction((trx) =>
      this.deps.ledger.applySubscription(trx, subscription, observedAt),
    );
    this.deps.relay.nudge();
  }

  /** After paying in the browser: the subscription as the provider has it now. */
  async syncStatus(userId: string, product: ProductSnapshot): Promise<SubscriptionView> {
    const { store, provider, products } = this.deps;
    const owned = await products.own(userId, product.id, product);
    await provider.catchUp();
    const row = await store.subscriptionOfProduct(owned.id);
    if (row && row.provider === provider.name) {
      await this.change(() => provider.getSubscription(row.provider_subscription_id));
    }
    return products.view(owned.id);
  }

  async list(userId: string): Promise<SubscriptionView[]> {
    const { store, provider } = this.deps;
    await provider.catchUp();
    const [products, subscriptions] = await Promise.all([
      store.productsOfUser(userId),
      store.subscriptionsOfUser(userId),
    ]);
    const now = this.deps.now();
    return products.map((product) =>
      viewOfRows(
        product,
        subscriptions.find((s) => s.product_id === product.id),
        now,
      ),
    );
  }

  async stats(userId: string) {
    return billingStats(await this.list(userId));
  }

  /** Cancels at the end of the paid period; the product stays active until then. */
  async cancel(userId: string, product: ProductSnapshot): Promise<SubscriptionView> {
    const { store, provider, products } = this.deps;
    const owned = await products.own(userId, product.id, product);
    const row = await store.subscriptionOfProduct(owned.id);
    if (!this.runsHere(row)) throw new FailedPrecondition(billingMessages.noActiveSubscription);
    if (!row.cancel_at_period_end) {
      await this.change(() => provider.cancelAtPeriodEnd(row.provider_subscription_id));
    }
    return products.view(owned.id);
  }

  /** The gateway is deleting the product: its subscription ends now. */
  async end(userId: string, productId: string) {
    const result = await this.deps.store.db.transaction((trx) =>
      this.endForDeletedProduct(trx, productId, { userId }),
    );
    this.deps.relay.nudge();
    return result;
  }

  /** Catalog deleted the product. */
  async productDeleted(trx: Knex.Transaction, productId: string): Promise<void> {
    await this.endForDeletedProduct(trx, productId, { deleted: true });
  }

  /**
   * Ends the subscription of a product being deleted, once: the gateway's
   * call (just before catalog deletes the product) and catalog's
   * ProductDeleted event may both arrive, and whichever comes second finds
   * the work done.
   */
  private async endForDeletedProduct(
    trx: Knex.Transaction,
    productId: string,
    by: { userId: string } | { deleted: true },
  ): Promise<{ subscriptionCancelled: boolean; hadSubscription: boolean }> {
    const { store, ledger, provider } = this.deps;
    const product = await store.product(productId, trx, true);
    if (!product) return { subscriptionCancelled: false, hadSubscription: false };
    if ('userId' in by) refuseUnlessOwner(product, by.userId);
    // Only catalog's event says the product is gone; the gateway asks just
    // before deleting it, and the deletion may still fail.
    if ('deleted' in by) await store.markProductDeleted(trx, productId, this.deps.now());
    const row = await store.subscriptionOfProduct(productId, trx, true);
    if (!row) return { subscriptionCancelled: false, hadSubscription: false };
    if (this.runsHere(row)) {
      const observedAt = this.deps.now();
      const ended = await providerCall(() => provider.cancelNow(row.provider_subscription_id));
      await ledger.applySubscription(trx, ended, observedAt);
      await store.markDeletionCancelledSubscription(trx, productId);
      return { subscriptionCancelled: true, hadSubscription: true };
    }
    return {
      subscriptionCancelled: product.deletion_cancelled_subscription,
      hadSubscription: true,
    };
  }

  /**
   * More or fewer personas: the extra-persona quantity follows, without
   * proration — the new price is billed from the next period.
   */
  async personasChanged(
    trx: Knex.Transaction,
    productId: string,
    personaCount: number,
  ): Promise<void> {
    const { store, ledger, provider } = this.deps;
    const before = await ledger.view(trx, productId);
    await store.setPersonaCount(trx, productId, Math.max(0, personaCount));
    const row = await store.subscriptionOfProduct(productId, trx, true);
    if (this.runsHere(row)) {
      const extras = extraPersonasFor(personaCount, row.is_legacy_pricing);
      if (extras !== row.extra_personas) {
        const observedAt = this.deps.now();
        const updated = await unlessRefused(
          this.deps.logger,
          {
            context: { productId },
            message:
              'the provider refused the new persona quantity; the subscription keeps its old one',
          },
          () => provider.setExtraPersonas(row.provider_subscription_id, extras),
        );
        if (updated) {
          await ledger.applySubscription(trx, updated, observedAt, { before });
          return;
        }
      }
    }
    await ledger.publishIfChanged(trx, productId, before);
  }

  /**
   * Catalog's membership changed: `seats` is the product's billable count
   * after the change. It is kept on the product (what the billing page
   * prices), and the running subscription's seat quantity follows, prorated
   * from `effectiveAt`. A change older than the last one applied is
   * ignored; one that leaves the count as it is (a viewer) changes nothing.
   */
  async seatsChanged(
    trx: Knex.Transaction,
    productId: string,
    seats: number,
    effectiveAt: Date,
  ): Promise<void> {
    const { store, ledger, provider } = this.deps;
    const product = await store.product(productId, trx, true);
    if (!product) {
      this.deps.logger.warn({ productId }, 'seat change for a product billing does not know');
      return;
    }
    if (product.seats_effective_at && product.seats_effective_at > effectiveAt) return;
    const count = Math.max(0, Math.floor(seats));
    const before = await ledger.view(trx, productId);
    await store.setBillableSeats(trx, productId, count, effectiveAt);
    const row = await store.subscriptionOfProduct(productId, trx, true);
    if (this.runsHere(row) && row.seats !== count) {
      const observedAt = this.deps.now();
      const updated = await unlessRefused(
        this.deps.logger,
        {
          context: { productId },
          message: 'the provider refused the new seat quantity; the subscription keeps its old one',
        },
        () => provider.setSeats(row.provider_subscription_id, count, effectiveAt),
      );
      if (updated) {
        await ledger.applySubscription(trx, updated, observedAt, { before });
        return;
      }
    }
    await ledger.publishIfChanged(trx, productId, before);
  }
}
