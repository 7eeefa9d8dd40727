import { enqueueEvent, type Knex } from '@chorus/service-kit';
import type { ProductRow } from './store/products';

// Catalog publishes on catalog.v1, keyed by product id so that one product's
// events stay in order.

export function productCreated(trx: Knex.Transaction, product: ProductRow) {
  return enqueueEvent(trx, product.id, {
    $case: 'productCreated',
    value: {
      productId: product.id,
      userId: product.user_id,
      name: product.name,
      industry: product.industry ?? '',
      billingCycle: product.billing_cycle,
      isLegacyPricing: product.is_legacy_pricing,
    },
  });
}

export function productDeleted(trx: Knex.Transaction, product: ProductRow) {
  return enqueueEvent(trx, product.id, {
    $case: 'productDeleted',
    value: { productId: product.id, userId: product.user_id },
  });
}

export function personasChanged(
  trx: Knex.Transaction,
  product: Pick<ProductRow, 'id' | 'user_id'>,
  personaCount: number,
) {
  return enqueueEvent(trx, product.id, {
    $case: 'personasChanged',
    value: { productId: product.id, userId: product.user_id, personaCount },
  });
}
