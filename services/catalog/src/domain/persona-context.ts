import { businessProfileFields } from '@chorus/contracts';
import type { BusinessProfileFields } from '@chorus/proto/catalog/v1/products';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import type { PersonaWithTemplate } from '../store/personas';

// What personas are told whenever they are asked anything about a product:
// a question on the questions page, or feedback on a roadmap item. One
// context, so every persona knows the same about the product wherever it is
// asked.

/** Long answers are cut here: the summary travels in every QuestionAsked and every prompt. */
export const MAX_FACT_LENGTH = 400;

function clip(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length <= MAX_FACT_LENGTH
    ? trimmed
    : `${trimmed.slice(0, MAX_FACT_LENGTH - 1).trimEnd()}…`;
}

/** A selected persona as inference sees it: everything it reasons from. */
export function personaProfile(
  persona: Pick<PersonaWithTemplate, 'id' | 'template'>,
): PersonaProfile {
  const t = persona.template;
  return {
    personaId: persona.id,
    name: t.name,
    age: t.age,
    gender: t.gender ?? '',
    occupation: t.occupation,
    location: t.location,
    income: t.income,
    lifestyle: t.lifestyle,
    motivations: t.motivations,
    personality: t.personality,
    safetyScores: t.safety_scores,
    customTraits: t.custom?.customTraits ? { labels: { ...t.custom.customTraits } } : undefined,
  };
}

/**
 * The summary of the product and its business profile that personas are
 * told: every answered field (fields marked Unknown, empty or zero are left
 * out), clipped. Without a profile the product's own name and industry stand
 * in for the profile's.
 */
export function businessContext(
  product: { name: string; description: string | null; industry: string | null },
  profile: BusinessProfileFields | undefined,
): BusinessContext {
  const facts: BusinessContext['facts'] = [];
  for (const field of businessProfileFields) {
    const value = profile?.[field.name];
    const text = typeof value === 'number' ? (value > 0 ? String(value) : '') : (value ?? '');
    if (text.trim()) facts.push({ field: field.name, label: field.label, value: clip(text) });
  }
  const has = (name: string) => facts.some((fact) => fact.field === name);
  if (!has('industry') && product.industry) {
    facts.unshift({ field: 'industry', label: 'Industry', value: product.industry });
  }
  if (!has('companyName')) {
    facts.unshift({ field: 'companyName', label: 'Product Name', value: product.name });
  }
  return {
    productName: product.name,
    productDescription: clip(product.description ?? ''),
    industry: product.industry ?? '',
    facts,
  };
}

/**
 * The product's personas that were asked for, in the order asked (an id
 * repeated counts once); every persona when none is named. Undefined when an
 * id is not one of the product's personas.
 */
export function chosenPersonas<P extends { id: string }>(
  personas: P[],
  ids: string[],
): P[] | undefined {
  if (ids.length === 0) return personas;
  const byId = new Map(personas.map((persona) => [persona.id, persona]));
  const chosen = [...new Set(ids)].map((id) => byId.get(id));
  return chosen.every((persona) => persona !== undefined) ? chosen : undefined;
}
