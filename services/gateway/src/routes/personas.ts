import { addPersonaRequest, personaMessages } from '@chorus/contracts';
import { z } from 'zod';
import { toPersonaView, toTemplateView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import { requirePaidProduct } from '../entitlements';
import type { ApiRoutes } from '../routing';
import { productParams } from './products';

/** The persona library and the personas selected per product. */
export function personaRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog } = deps.clients;

  routes.add({
    method: 'get',
    path: '/api/persona-templates',
    summary: 'The persona templates customers can choose from, with safety scores out of 10',
    tag: 'personas',
    access: 'user',
    async handler() {
      const { templates } = await catalog.listTemplates({});
      return templates.map(toTemplateView);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/personas',
    summary: "The product's selected personas, each with its template",
    tag: 'personas',
    access: 'user',
    params: productParams,
    async handler({ user, params }) {
      const { personas } = await catalog.listProductPersonas({
        userId: user.id,
        productId: params.id,
      });
      return personas.map(toPersonaView);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/personas',
    summary: 'Select a persona template for the product (selecting it again changes nothing)',
    tag: 'personas',
    access: 'user',
    paidAction: 'addPersonas',
    status: 201,
    params: productParams,
    body: addPersonaRequest,
    async handler({ user, params, body }) {
      await requirePaidProduct(deps.clients, user.id, params.id, 'addPersonas');
      const { persona } = await catalog.addProductPersona({
        userId: user.id,
        productId: params.id,
        templateId: body.templateId,
      });
      return toPersonaView(persona!);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id/personas/:personaId',
    summary: 'Remove a persona from the product',
    tag: 'personas',
    access: 'user',
    params: productParams.extend({ personaId: z.string().min(1).max(100) }),
    async handler({ user, params }) {
      await catalog.removeProductPersona({
        userId: user.id,
        productId: params.id,
        personaId: params.personaId,
      });
      return { message: personaMessages.removed };
    },
  });
}
