import { billingMessages } from '@chorus/contracts';
import { FailedPrecondition, InvalidArgument, NotFound } from '@chorus/service-kit';
import type { Customers, Payer } from './customers';
import { planDisplayName } from './domain/billing-cycle';
import { extraPersonasFor } from './domain/plan';
import { TEST_CARDS } from './domain/test-cards';
import { isWebAddress } from './domain/web-address';
import type { PaymentMethods } from './payment-methods';
import type { Prices } from './prices';
import type { ProductSnapshot, Products } from './products';
import { providerCall } from './provider-call';
import type { LocalPaymentProvider } from './providers/local';
import { type PaymentProvider, ProviderRequestRefused } from './providers/provider';
import type { BillingStore } from './store';
import type { Subscriptions } from './subscriptions';

/** INVALID_ARGUMENT unless the browser can be sent to `url`. */
function requireWebAddress(url: string): void {
  if (!isWebAddress(url)) throw new InvalidArgument(billingMessages.invalidUrl);
}

/**
 * The provider's hosted pages: checkout sessions (Stripe's, or the local
 * provider's page the gateway renders) and the customer portal.
 */
export class Checkout {
  constructor(
    private readonly deps: {
      store: BillingStore;
      provider: PaymentProvider;
      /** Set when the local provider runs: its hosted checkout page. */
      local?: LocalPaymentProvider;
      products: Products;
      customers: Customers;
      paymentMethods: PaymentMethods;
      prices: Prices;
      subscriptions: Subscriptions;
      publicUrl: string;
    },
  ) {}

  async createCheckoutSession(input: {
    payer: Payer;
    product: ProductSnapshot;
    billingCycle: string;
    successUrl: string;
    cancelUrl: string;
  }) {
    const { payer } = input;
    const { provider, products, customers, prices, subscriptions } = this.deps;
    const product = await products.own(payer.userId, input.product.id, input.product);
    const billingCycle = await prices.billingCycleOf(input.billingCycle, product.billing_cycle);
    requireWebAddress(input.successUrl);
    requireWebAddress(input.cancelUrl);
    await subscriptions.refuseSecond(product.id);
    const customer = await customers.ofPayer(payer);
    const session = await providerCall(() =>
      provider.createCheckoutSession({
        customerId: customer.provider_customer_id,
        billingCycle,
        isLegacyPricing: product.is_legacy_pricing,
        extraPersonas: extraPersonasFor(product.persona_count, product.is_legacy_pricing),
        seats: product.billable_seats,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: { productId: product.id, userId: payer.userId },
      }),
    );
    if (!session.url) throw new Error('the provider returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
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
    const product = await this.deps.store.product(details.metadata.productId ?? '');
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
    const { products, paymentMethods, subscriptions } = this.deps;
    const details = await this.checkoutDetails(input.sessionId);
    if (details.status === 'complete') return details.successUrl;
    if (details.status !== 'open') {
      throw new FailedPrecondition(billingMessages.checkoutSessionExpired);
    }
    const userId = details.metadata.userId ?? '';
    const product = await products.own(userId, details.metadata.productId ?? '');
    const card = await paymentMethods.attach({
      userId,
      productId: product.id,
      customerId: details.customerId,
      paymentMethodId: input.paymentMethodId,
      cardholderName: input.cardholderName,
    });
    await subscriptions.oneAtATime(product.id, async () => {
      // A second click on Pay waited for the first one, which paid.
      if ((await this.checkoutDetails(input.sessionId)).status === 'complete') return;
      await subscriptions.refuseSecond(product.id);
      const subscription = await subscriptions.start(
        product,
        details.customerId,
        card.providerPaymentMethodId,
        details.billingCycle,
      );
      await this.localCheckout().completeCheckoutSession(input.sessionId, subscription.id);
    });
    return details.successUrl;
  }

  async portalSession(input: { userId: string; customerId: string; returnUrl: string }) {
    const customer = await this.deps.customers.own(input.userId, input.customerId);
    const returnUrl = input.returnUrl || new URL('/billing', this.deps.publicUrl).toString();
    requireWebAddress(returnUrl);
    return providerCall(() =>
      this.deps.provider.createPortalSession({
        customerId: customer.provider_customer_id,
        returnUrl,
      }),
    );
  }
}
