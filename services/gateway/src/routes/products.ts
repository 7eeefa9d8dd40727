import { createProductRequest, type ProductDeletion, productMessages } from '@chorus/contracts';
import type { Product } from '@chorus/proto/catalog/v1/catalog';
import { z } from 'zod';
import { toProductView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import type { ApiRoutes } from '../routing';

/** A product id in a path; another user's id answers 404 from the catalog. */
export const productParams = z.object({ id: z.string().min(1).max(100) });

/** What deleting a product did to its subscription. */
type SubscriptionOutcome = Pick<ProductDeletion, 'subscriptionCancelled' | 'warning'>;

/**
 * The billing step of a product deletion. Billing joins here: it cancels the
 * product's subscription before the product goes, answering whether it did,
 * or a warning when the provider refused. Until then no product has a
 * subscription to cancel.
 */
async function settleSubscription(_product: Product): Promise<SubscriptionOutcome> {
  return { subscriptionCancelled: false, warning: null };
}

/** My Products: /api/products and /api/products/{id}. */
export function productRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog } = deps.clients;

  routes.add({
    method: 'get',
    path: '/api/products',
    summary: "The signed-in user's products, each with its persona count and monthly rate",
    tag: 'products',
    access: 'user',
    async handler({ user }) {
      const { products } = await catalog.listProducts({ userId: user.id });
      return products.map(toProductView);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products',
    summary: 'Create a product (name and industry required)',
    tag: 'products',
    access: 'user',
    status: 201,
    body: createProductRequest,
    async handler({ user, body }) {
      const { product } = await catalog.createProduct({
        userId: user.id,
        name: body.name,
        description: body.description,
        industry: body.industry,
        billingCycle: body.billingCycle,
      });
      return toProductView(product!);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id',
    summary: "One of the signed-in user's products",
    tag: 'products',
    access: 'user',
    params: productParams,
    async handler({ user, params }) {
      const { product } = await catalog.getProduct({ userId: user.id, productId: params.id });
      return toProductView(product!);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id',
    summary: 'Delete a product with its business profile and personas',
    tag: 'products',
    access: 'user',
    params: productParams,
    async handler({ user, params }): Promise<ProductDeletion> {
      const ids = { userId: user.id, productId: params.id };
      const { product } = await catalog.getProduct(ids);
      const outcome = await settleSubscription(product!);
      await catalog.deleteProduct(ids);
      return {
        ...outcome,
        message: outcome.subscriptionCancelled
          ? productMessages.deletedWithSubscription
          : productMessages.deleted,
      };
    },
  });
}
