import {
  type BusinessProfileInput,
  type BusinessProfileValues,
  type BusinessProfileView,
  businessProfileFields,
  memberRoles,
  type ProductRole,
  promoOf,
  type PromoView,
  quote,
  type PersonaTemplateView,
  type ProductPersonaView,
  type ProductView,
  profileCompletion,
  unknownFlagOf,
} from '@chorus/contracts';
import type { PersonaTemplate, ProductPersona } from '@chorus/proto/catalog/v1/personas';
import type {
  BusinessProfile,
  BusinessProfileFields,
  Product,
} from '@chorus/proto/catalog/v1/products';
import { customFactsFromMessage } from '@chorus/service-kit/wire';

// How the catalog's messages look to the browser: camelCase JSON, ISO
// dates, null for what was never given.

const iso = (date: Date | undefined) => date?.toISOString() ?? null;

/**
 * The asking user's role on a product: none named (the catalog's answers to
 * the owner before teams) is the owner; anything unknown, the fewest rights.
 */
function roleOnProduct(accessRole: string): ProductRole {
  if (accessRole === '' || accessRole === 'owner') return 'owner';
  return memberRoles.find((role) => role === accessRole) ?? 'viewer';
}

/** The subscription's promo code as the catalog mirrored it from billing; null without one. */
export function promoViewOf(
  product: Pick<Product, 'promoDiscountPercent' | 'promoDurationMonths' | 'promoStartedAt'>,
): PromoView | null {
  return product.promoDiscountPercent > 0 && product.promoStartedAt
    ? {
        discountPercent: product.promoDiscountPercent,
        durationMonths: product.promoDurationMonths,
        startedAt: product.promoStartedAt.toISOString(),
      }
    : null;
}

export function toProductView(product: Product): ProductView {
  const billingCycle = product.billingCycle === 'annual' ? 'annual' : 'monthly';
  const role = roleOnProduct(product.accessRole);
  // A viewer sees the product's content, not what its owner pays: no rate,
  // no subscription dates, no seat count (the status stays: it says what
  // the product may do).
  const showsBilling = role !== 'viewer';
  // The subscription's promo code, mirrored from billing: the rate below is
  // the billing page's while it runs.
  const promo = promoViewOf(product);
  return {
    id: product.id,
    name: product.name,
    description: product.description || null,
    industry: product.industry || null,
    subscriptionStatus: product.subscriptionStatus,
    billingCycle,
    isLegacyPricing: product.isLegacyPricing,
    subscriptionStartDate: showsBilling ? iso(product.subscriptionStartDate) : null,
    subscriptionEndDate: showsBilling ? iso(product.subscriptionEndDate) : null,
    createdAt: iso(product.createdAt) ?? '',
    updatedAt: iso(product.updatedAt) ?? '',
    billing: {
      personaCount: product.personaCount,
      // The one pricing function: base, extra personas, the team's seats and
      // a running promo.
      monthlyRate: showsBilling
        ? quote({
            personaCount: product.personaCount,
            billingCycle,
            isLegacyPricing: product.isLegacyPricing,
            seats: product.billableSeats,
            promo: promoOf(promo),
          }).monthlyRateCents / 100
        : null,
    },
    role,
    sharedWithYou: role !== 'owner',
    seats: showsBilling ? product.billableSeats : null,
    promo: showsBilling ? promo : null,
  };
}

/** The validated body as the catalog's fields: null clears a text (sent as empty). */
export function toProfileFields(input: BusinessProfileInput): BusinessProfileFields {
  const fields: BusinessProfileFields = {};
  for (const field of businessProfileFields) {
    if (field.kind === 'number') {
      const years = input[field.name];
      if (years !== undefined) fields[field.name] = years;
    } else {
      const text = input[field.name];
      if (text !== undefined) fields[field.name] = text ?? '';
    }
    const flag = input[unknownFlagOf(field.name)];
    if (flag !== undefined) fields[unknownFlagOf(field.name)] = flag;
  }
  return fields;
}

export function toProfileView(profile: BusinessProfile): BusinessProfileView {
  const stored = profile.fields ?? {};
  const values: Partial<BusinessProfileValues> = {};
  for (const field of businessProfileFields) {
    // Split by kind so each assignment is checked against its own value type.
    if (field.kind === 'number') values[field.name] = stored[field.name] ?? null;
    else values[field.name] = stored[field.name] ?? null;
    values[unknownFlagOf(field.name)] = stored[unknownFlagOf(field.name)] ?? false;
  }
  // The loop above set every field and flag of the catalogue.
  const complete = values as BusinessProfileValues;
  return {
    id: profile.id,
    productId: profile.productId,
    ...complete,
    completion: profileCompletion(complete).percent,
    createdAt: iso(profile.createdAt) ?? '',
    updatedAt: iso(profile.updatedAt) ?? '',
  };
}

export function toTemplateView(template: PersonaTemplate): PersonaTemplateView {
  return {
    id: template.id,
    name: template.name,
    age: template.age,
    gender: template.gender ?? null,
    occupation: template.occupation,
    location: template.location,
    income: template.income,
    iq: template.iq ?? null,
    lifestyle: template.lifestyle,
    motivations: template.motivations,
    personality: template.personality,
    safetyScores: template.safetyScores ?? { economic: 0, world: 0, local: 0, occupation: 0 },
    isActive: template.isActive,
  };
}

export function toPersonaView(persona: ProductPersona): ProductPersonaView {
  return {
    id: persona.id,
    productId: persona.productId,
    templateId: persona.templateId,
    createdAt: iso(persona.createdAt) ?? '',
    template: toTemplateView(persona.template!),
    ...(persona.custom ? { custom: customFactsFromMessage(persona.custom) } : {}),
  };
}
