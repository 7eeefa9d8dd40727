import type { CustomTraitField, ProductPersonaView } from '@chorus/contracts';
import { analytics, apiRequest, queryClient, useActionMutation } from '@chorus/platform';
import { useMutation } from '@tanstack/react-query';
import { productKeys, refreshAfterPersonaChange } from './api';

// Personas of the business's own customers: built from a description, or
// imported from a customer CSV (one row per customer), then edited. Removing
// one is the products pages' removeProductPersona, as for any persona.

const personasPath = (productId: string) =>
  `/api/products/${encodeURIComponent(productId)}/custom-personas`;

/** A row of the CSV that did not become a persona, and why (the header is row 1). */
interface SkippedCustomerRow {
  row: number;
  reason: string;
}

/** What an import answers: the personas it created and the rows it left out. */
export interface CustomPersonaImport {
  personas: ProductPersonaView[];
  skipped: SkippedCustomerRow[];
}

/** The traits a user can edit; an edited trait becomes given. */
export type CustomTraitChanges = Partial<Record<CustomTraitField, string | number | null>>;

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/** The new persona counts toward the price: list, product and bill are read again. */
async function afterAdding(productId: string, added: number): Promise<void> {
  if (added > 0) {
    const known = queryClient.getQueryData<ProductPersonaView[]>(productKeys.personas(productId));
    analytics.personaSelection((known?.length ?? 0) + added);
  }
  await refreshAfterPersonaChange(productId);
}

export function useCreateCustomPersona(productId: string) {
  return useActionMutation({
    mutationFn: (description: string, idempotencyKey) =>
      json<ProductPersonaView>(
        apiRequest('POST', personasPath(productId), { description }, { idempotencyKey }),
      ),
    onSuccess: () => afterAdding(productId, 1),
  });
}

export function useImportCustomPersonas(productId: string) {
  return useActionMutation({
    mutationFn: (file: { fileName: string; csv: string }, idempotencyKey) =>
      json<CustomPersonaImport>(
        apiRequest('POST', `${personasPath(productId)}/import`, file, { idempotencyKey }),
      ),
    onSuccess: (answer) => afterAdding(productId, answer.personas.length),
  });
}

export function useUpdateCustomPersona(productId: string) {
  return useMutation({
    mutationFn: (edit: { personaId: string; changes: CustomTraitChanges }) =>
      json<ProductPersonaView>(
        apiRequest(
          'PATCH',
          `${personasPath(productId)}/${encodeURIComponent(edit.personaId)}`,
          edit.changes,
        ),
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData<ProductPersonaView[]>(productKeys.personas(productId), (known) =>
        known?.map((persona) => (persona.id === updated.id ? updated : persona)),
      );
    },
  });
}
