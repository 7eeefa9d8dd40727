import { billingMessages } from '@chorus/contracts';
import type { CardData, Product as BillingProduct } from '@chorus/proto/billing/v1/billing';
import { billingProduct } from '../billing-views';
import type { ServiceClients } from '../clients';
import { type BillingClient, checkCoupon } from '../clients/billing';
import { HttpError } from '../http-errors';

/** The customer paying, as billing knows them. */
interface Payer {
  id: string;
  email: string;
}

/** A card for a product's subscription, as the browser made it. */
interface CardInput {
  paymentMethodId: string;
  cardData?: CardData;
  /** A billing cycle or a price id; none keeps the product's. */
  billingCycle?: string;
  /** A promo code for a subscription that starts now. */
  couponCode?: string;
}

/** Saves the card for the product and starts the product's subscription if none runs. */
export function saveCard(
  billing: BillingClient,
  payer: Payer,
  product: BillingProduct,
  card: CardInput,
) {
  return billing.savePaymentMethod({
    payer: payerOf(payer),
    product,
    paymentMethodId: card.paymentMethodId,
    cardData: card.cardData,
    billingCycle: card.billingCycle ?? '',
    promoCode: card.couponCode?.trim() ?? '',
  });
}

/**
 * Billing a product spans catalog and billing: catalog says whether the
 * product is the user's (another user's answers 404 before billing hears of
 * it) and what billing prices (cycle, persona count, legacy pricing); billing
 * does the rest.
 */
export class ProductBilling {
  constructor(private readonly clients: ServiceClients) {}

  /** A setup intent for the product's card; a coupon sent along is checked first. */
  async setupPayment(payer: Payer, productId: string, couponCode: string | undefined) {
    const product = await this.product(payer.id, productId);
    const coupon = await checkCoupon(this.clients.billing, couponCode);
    const intent = await this.clients.billing.setupPayment({ payer: payerOf(payer), product });
    return { intent, coupon };
  }

  async savePaymentMethod(payer: Payer, productId: string, card: CardInput) {
    const product = await this.product(payer.id, productId);
    return saveCard(this.clients.billing, payer, product, card);
  }

  async syncStatus(userId: string, productId: string) {
    const product = await this.product(userId, productId);
    return this.clients.billing.syncStatus({ userId, product });
  }

  async cancelSubscription(userId: string, productId: string) {
    const product = await this.product(userId, productId);
    return this.clients.billing.cancelSubscription({ userId, product });
  }

  /** A hosted checkout for the given product, or the newest one without a running subscription. */
  async checkout(
    payer: Payer,
    input: {
      productId: string | undefined;
      billingCycle: string;
      successUrl: string;
      cancelUrl: string;
    },
  ) {
    let productId = input.productId;
    if (!productId) {
      const { subscriptions } = await this.clients.billing.listSubscriptions({ userId: payer.id });
      productId = subscriptions
        .filter((s) => s.status !== 'active' && s.status !== 'past_due')
        .at(-1)?.productId;
    }
    if (!productId) throw new HttpError(400, billingMessages.noProductSelected);
    const product = await this.product(payer.id, productId);
    return this.clients.billing.createCheckoutSession({
      payer: payerOf(payer),
      product,
      billingCycle: input.billingCycle,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
  }

  /** The user's product from catalog: NOT_FOUND (404) for another user's. */
  private async product(userId: string, productId: string): Promise<BillingProduct> {
    const { product } = await this.clients.catalog.getProduct({ userId, productId });
    return billingProduct(product!);
  }
}

const payerOf = (payer: Payer) => ({ userId: payer.id, email: payer.email });
