import type { CardData, CardDataCipher } from './card-data';
import type { Customers, Payer } from './customers';
import type { ProductSnapshot, Products } from './products';
import { providerCall } from './provider-call';
import type { PaymentProvider } from './providers/provider';
import type { BillingStore } from './store';

export interface SavedPaymentMethod extends CardData {
  id: string;
  providerPaymentMethodId: string;
  isDefault: boolean;
}

/** Cards: the browser's setup intent, and attaching a card to the customer. */
export class PaymentMethods {
  constructor(
    private readonly deps: {
      store: BillingStore;
      provider: PaymentProvider;
      products: Products;
      customers: Customers;
      cipher: CardDataCipher;
    },
  ) {}

  async setupPayment(payer: Payer, product: ProductSnapshot) {
    const owned = await this.deps.products.own(payer.userId, product.id, product);
    const customer = await this.deps.customers.ofPayer(payer);
    return providerCall(() =>
      this.deps.provider.createSetupIntent({
        customerId: customer.provider_customer_id,
        metadata: { productId: owned.id, userId: payer.userId },
      }),
    );
  }

  /**
   * Attaches the card to the customer (a declined card answers the
   * provider's message and changes nothing) and keeps its card data,
   * encrypted, as the product's default.
   */
  async attach(input: {
    userId: string;
    productId: string;
    customerId: string;
    paymentMethodId: string;
    /** The name the customer typed; the provider's when empty. */
    cardholderName?: string;
  }): Promise<SavedPaymentMethod> {
    const { store, provider, cipher } = this.deps;
    const card = await providerCall(() =>
      provider.attachPaymentMethod({
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
      }),
    );
    const data: CardData = {
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cardholderName: input.cardholderName?.trim() || card.cardholderName,
    };
    const row = await store.db.transaction((trx) =>
      store.saveDefaultPaymentMethod(trx, {
        user_id: input.userId,
        product_id: input.productId,
        stripe_payment_method_id: card.id,
        encrypted_card_data: cipher.encrypt(data, input.userId),
      }),
    );
    return { id: row.id, providerPaymentMethodId: card.id, isDefault: true, ...data };
  }
}
