// A product's personas and their templates: stored rows as their catalog messages.
import type { PersonaTemplate, ProductPersona } from '@chorus/proto/catalog/v1/personas';
import { customFactsToMessage } from '@chorus/service-kit/wire';
import type { PersonaWithTemplate, TemplateRow } from '../store/personas';

export function toTemplate(row: TemplateRow): PersonaTemplate {
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    gender: row.gender ?? undefined,
    occupation: row.occupation,
    location: row.location,
    income: row.income,
    iq: row.iq ?? undefined,
    lifestyle: row.lifestyle,
    motivations: row.motivations,
    personality: row.personality,
    safetyScores: row.safety_scores,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toPersona(row: PersonaWithTemplate): ProductPersona {
  return {
    id: row.id,
    productId: row.product_id,
    templateId: row.template_id,
    template: toTemplate(row.template),
    createdAt: row.created_at,
    custom: row.template.custom ? customFactsToMessage(row.template.custom) : undefined,
  };
}
