import { billingMessages } from '@chorus/contracts';
import type { Product } from '@chorus/proto/billing/v1/billing';
import { NotFound } from '@chorus/service-kit';
import { productBillingCycle } from './domain/billing-cycle';
import type { SubscriptionView } from './domain/subscription-view';
import type { Ledger } from './ledger';
import type { BillingStore, ProductRow } from './store';

/** A product as the gateway read it from catalog (the request's product message). */
export type ProductSnapshot = Product;

/** Another user's product answers as an unknown one would: it is none of theirs. */
export function refuseUnlessOwner(product: ProductRow, userId: string): void {
  if (product.user_id !== userId) throw new NotFound(billingMessages.productNotFound);
}

/** Billing's mirror of catalog's products, as the signed-in user may see them. */
export class Products {
  constructor(private readonly deps: { store: BillingStore; ledger: Ledger }) {}

  /**
   * The user's product, or NotFound for another user's, a deleted or an
   * unknown one. A product the gateway just read from catalog is recorded if
   * its ProductCreated event has not arrived yet.
   */
  async own(userId: string, productId: string, snapshot?: ProductSnapshot): Promise<ProductRow> {
    const { store } = this.deps;
    if (snapshot && snapshot.id === productId && snapshot.userId === userId) {
      await store.seedProduct(store.db, {
        id: snapshot.id,
        user_id: snapshot.userId,
        name: snapshot.name,
        billing_cycle: productBillingCycle(snapshot.billingCycle),
        is_legacy_pricing: snapshot.isLegacyPricing,
        persona_count: Math.max(0, snapshot.personaCount),
      });
    }
    const product = await store.product(productId);
    if (!product || product.deleted_at) throw new NotFound(billingMessages.productNotFound);
    refuseUnlessOwner(product, userId);
    return product;
  }

  /** The product's subscription as the billing page shows it. */
  async view(productId: string): Promise<SubscriptionView> {
    const view = await this.deps.ledger.view(this.deps.store.db, productId);
    if (!view) throw new NotFound(billingMessages.productNotFound);
    return view;
  }
}
