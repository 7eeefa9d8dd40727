import {
  type PersonaTemplateView,
  personaMessages,
  planFor,
  promoOf,
  type ProductPersonaView,
  type ProductView,
  quote,
  teamMessages,
} from '@chorus/contracts';
import { needsPersonaCostConfirmation } from '../product-pages';
import { analytics, toast, useActionMutation } from '@chorus/platform';
import { productRights } from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  addProductPersona,
  refreshAfterPersonaChange,
  removeProductPersona,
  useProductPersonas,
} from '../api';
import { refusalMessage } from '../messages';

/**
 * The product's selected personas and the moves on them: select a template
 * (past the included count, only once the customer has seen the cost), remove
 * a persona. Each change reads the product's personas and bill again.
 */
export function usePersonaSelection(product: ProductView) {
  const personas = useProductPersonas(product.id);
  const [confirming, setConfirming] = useState<PersonaTemplateView | null>(null);

  const selected = personas.data ?? [];
  const plan = {
    personaCount: selected.length,
    billingCycle: product.billingCycle,
    isLegacyPricing: product.isLegacyPricing,
    // The team's seats are part of the product's monthly cost, as on My Products and Billing.
    seats: product.seats ?? 0,
    // A running promo code discounts it, as on My Products and Billing.
    promo: promoOf(product.promo),
  };

  const add = useActionMutation({
    mutationFn: (template: PersonaTemplateView, idempotencyKey) =>
      addProductPersona(product.id, template.id, idempotencyKey),
    onSuccess: async (_persona, template) => {
      analytics.personaSelection(selected.length + 1);
      await refreshAfterPersonaChange(product.id);
      toast({
        title: 'Persona added',
        description: `${template.name} will answer your questions.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: refusalMessage(error) ?? personaMessages.addFailed,
        variant: 'destructive',
      }),
  });

  const remove = useMutation({
    mutationFn: (persona: ProductPersonaView) => removeProductPersona(product.id, persona.id),
    onSuccess: async (_answer, persona) => {
      await refreshAfterPersonaChange(product.id);
      toast({
        title: personaMessages.removed,
        description: `${persona.template.name} no longer answers your questions.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: refusalMessage(error) ?? 'Failed to remove persona',
        variant: 'destructive',
      }),
  });

  // A member chooses personas while the bill stays the same; a change that
  // moves the bill is the owner's, and a viewer changes nothing.
  const rights = productRights(product.role);
  const included = planFor(product).includedPersonas;
  const refusal = (changesBill: boolean): string | undefined => {
    if (!rights.canChoosePersonas) return rights.editRefusal;
    return changesBill && !rights.isOwner ? teamMessages.billChange : undefined;
  };

  return {
    personas,
    selected,
    plan,
    /** Why adding `added` personas is not this user's to do; undefined when it is. */
    addRefusal: (added = 1) => refusal(selected.length + added > included),
    /** Why removing a persona is not this user's to do (an extra persona's removal moves the bill). */
    removeRefusal: refusal(selected.length > included),
    /** Why editing a persona is not this user's to do. */
    editRefusal: rights.editRefusal,
    bill: quote(plan),
    /** The template waiting for the customer to accept its cost. */
    confirming,
    select(template: PersonaTemplateView) {
      if (needsPersonaCostConfirmation(selected.length, product)) setConfirming(template);
      else add.mutate(template);
    },
    confirmCost() {
      if (confirming) add.mutate(confirming);
      setConfirming(null);
    },
    cancelCost: () => setConfirming(null),
    remove: (persona: ProductPersonaView) => remove.mutate(persona),
    busyTemplateId: add.isPending ? add.variables.id : undefined,
    busyPersonaId: remove.isPending ? remove.variables.id : undefined,
  };
}

export type PersonaSelection = ReturnType<typeof usePersonaSelection>;
