// Products and business profiles: stored rows as their catalog messages.
import type { BusinessProfile, Product } from '@chorus/proto/catalog/v1/products';
import { type BusinessProfileRow, profileFields } from '../store/business-profiles';
import type { ProductRow } from '../store/products';

/** decimal(10,2) text -> integer cents */
function cents(decimal: string): number {
  return Math.round(Number(decimal) * 100);
}

/** The product; `accessRole` is what the asking user is on it (empty when nobody asked). */
export function toProduct(row: ProductRow, accessRole = ''): Product {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    description: row.description ?? '',
    industry: row.industry ?? '',
    subscriptionStatus: row.subscription_status,
    billingCycle: row.billing_cycle,
    subscriptionStartDate: row.subscription_start_date ?? undefined,
    subscriptionEndDate: row.subscription_end_date ?? undefined,
    baseUserRateCents: cents(row.base_user_rate),
    annualDiscountPercent: row.annual_discount,
    collaboratorCount: row.collaborator_count,
    maxCollaborators: row.max_collaborators,
    personaCount: row.persona_count,
    maxFreePersonas: row.max_free_personas,
    extraPersonaCostCents: cents(row.extra_persona_cost),
    isLegacyPricing: row.is_legacy_pricing,
    stripeCustomerId: row.stripe_customer_id ?? '',
    stripeSubscriptionId: row.stripe_subscription_id ?? '',
    stripePriceId: row.stripe_price_id ?? '',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    accessRole,
    billableSeats: row.billable_seats,
    promoDiscountPercent: row.promo_discount_percent ?? 0,
    promoDurationMonths: row.promo_duration_months ?? 0,
    promoStartedAt: row.promo_started_at ?? undefined,
  };
}

export function toProfile(row: BusinessProfileRow): BusinessProfile {
  return {
    id: row.id,
    productId: row.product_id,
    fields: profileFields(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
