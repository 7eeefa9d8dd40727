import { businessProfileInput, productActions } from '@chorus/contracts';
import { toProfileFields, toProfileView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import type { ApiRoutes } from '../routing';
import { productParams } from './products';

/** The business profile of a product: /api/products/{id}/business-profile. */
export function businessProfileRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog } = deps.clients;
  const path = '/api/products/:id/business-profile';

  routes.add({
    method: 'get',
    path,
    summary: "The product's business profile (404 when it has none yet)",
    tag: 'business-profiles',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }) {
      const { profile } = await catalog.getBusinessProfile({
        userId: access.ownerId,
        productId: params.id,
      });
      return toProfileView(profile!);
    },
  });

  routes.add({
    method: 'post',
    path,
    summary: 'Create the business profile (409 when one exists)',
    tag: 'business-profiles',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    status: 201,
    params: productParams,
    body: businessProfileInput,
    async handler({ access, params, body }) {
      const { profile } = await catalog.createBusinessProfile({
        userId: access.ownerId,
        productId: params.id,
        fields: toProfileFields(body),
      });
      return toProfileView(profile!);
    },
  });

  routes.add({
    method: 'put',
    path,
    summary: 'Update the business profile; fields left out keep their value (404 when none)',
    tag: 'business-profiles',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    params: productParams,
    body: businessProfileInput,
    async handler({ access, params, body }) {
      const { profile } = await catalog.updateBusinessProfile({
        userId: access.ownerId,
        productId: params.id,
        fields: toProfileFields(body),
      });
      return toProfileView(profile!);
    },
  });
}
