import { addPersonaRequest, personaMessages, productActions } from '@chorus/contracts';
import { z } from 'zod';
import { toPersonaView, toTemplateView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import { requireSameBill } from '../entitlements';
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
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }) {
      const { personas } = await catalog.listProductPersonas({
        userId: access.ownerId,
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
    idempotent: true,
    product: { from: 'id', role: productActions.choosePersonas },
    paidAction: 'addPersonas',
    status: 201,
    params: productParams,
    body: addPersonaRequest,
    async handler({ access, params, body }) {
      if (access.role !== 'owner') {
        // Selecting a template again changes nothing, the bill included.
        const { personas } = await catalog.listProductPersonas({
          userId: access.ownerId,
          productId: params.id,
        });
        const selected = personas.some((persona) => persona.templateId === body.templateId);
        requireSameBill(access, selected ? 0 : 1);
      }
      const { persona } = await catalog.addProductPersona({
        userId: access.ownerId,
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
    product: { from: 'id', role: productActions.choosePersonas },
    params: productParams.extend({ personaId: z.string().min(1).max(100) }),
    async handler({ access, params }) {
      requireSameBill(access, -1);
      await catalog.removeProductPersona({
        userId: access.ownerId,
        productId: params.id,
        personaId: params.personaId,
      });
      return { message: personaMessages.removed };
    },
  });
}
