import {
  needsPersonaCostConfirmation,
  type PersonaTemplateView,
  personaMessages,
  type ProductPersonaView,
  type ProductView,
  quote,
} from '@chorus/contracts';
import { analytics, toast } from '@chorus/platform';
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
  };

  const add = useMutation({
    mutationFn: (template: PersonaTemplateView) => addProductPersona(product.id, template.id),
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

  return {
    personas,
    selected,
    plan,
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
