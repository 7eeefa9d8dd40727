import { createProductRequest, type ProductDeletion, productActions } from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import { toProductView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import type { ApiRoutes } from '../routing';
import { deleteProduct } from '../workflows/product-deletion';

/** A product id in a path; another user's id answers 404 from the catalog. */
export const productParams = z.object({ id: z.string().min(1).max(100) });

/** My Products: /api/products and /api/products/{id}. */
export function productRoutes(
  routes: ApiRoutes,
  deps: { clients: ServiceClients; logger: Logger },
): void {
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
    idempotent: true,
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
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access }) {
      // The product as the access check read it, with the user's role on it.
      return toProductView(access.product);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id',
    summary: 'Delete a product with its business profile and personas',
    tag: 'products',
    access: 'user',
    product: { from: 'id', role: productActions.billing },
    params: productParams,
    async handler({ access, params }): Promise<ProductDeletion> {
      return deleteProduct(deps, { userId: access.ownerId, productId: params.id });
    },
  });
}
