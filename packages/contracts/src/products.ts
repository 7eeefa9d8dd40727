import type { ProductRole } from './teams';
import { z } from 'zod';
import { requiredString } from './auth';
import type { BillingCycle, PromoView } from './pricing';

export const productMessages = {
  nameRequired: 'Product name is required',
  industryRequired: 'Industry is required',
  billingCycleInvalid: 'Please select a billing plan',
  notFound: 'Product not found',
  createFailed: 'Failed to create product. Please try again.',
  deleteFailed: 'Failed to delete product',
  deleted: 'Product deleted successfully',
  deletedWithSubscription: 'Product and subscription deleted',
  deletedWithBillingWarning: 'Product deleted with billing warning',
} as const;

/** Industry choices of the create-product dialog, onboarding and registration. */
export const industryOptions = [
  'Technology',
  'Healthcare',
  'Finance',
  'E-commerce',
  'Education',
  'Real Estate',
  'Manufacturing',
  'Consulting',
  'Retail',
  'Other',
] as const;

/** The standalone create-product page: no E-commerce, and four more industries. */
export const createPageIndustryOptions = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Real Estate',
  'Manufacturing',
  'Consulting',
  'Retail',
  'Food & Beverage',
  'Entertainment',
  'Transportation',
  'Non-Profit',
  'Other',
] as const;

/** Onboarding's rule: an empty industry becomes General. */
export const DEFAULT_INDUSTRY = 'general';

/** Industries are stored lower case ("Real Estate" -> "real estate"). */
export function industryValue(label: string | null | undefined): string {
  return (label ?? '').trim().toLowerCase();
}

/** POST /api/products, from the create-product dialog and the standalone page. */
export const createProductRequest = z.object({
  name: requiredString(productMessages.nameRequired).max(
    200,
    'Product name must be at most 200 characters',
  ),
  description: z
    .string('Description must be text')
    .trim()
    .max(2000, 'Description must be at most 2000 characters')
    .nullish()
    .transform((value) => value ?? ''),
  industry: requiredString(productMessages.industryRequired)
    .max(100, 'Industry must be at most 100 characters')
    .transform(industryValue),
  billingCycle: z
    .enum(['monthly', 'annual'], productMessages.billingCycleInvalid)
    .default('monthly'),
  savePaymentMethod: z.boolean('savePaymentMethod must be true or false').default(false),
});

/** A product as the API answers it (My Products cards, dashboard, billing page). */
export interface ProductView {
  id: string;
  name: string;
  description: string | null;
  industry: string | null;
  /** inactive until paid; then what billing reports (active, past_due, cancelled, ...). */
  subscriptionStatus: string;
  billingCycle: BillingCycle;
  isLegacyPricing: boolean;
  subscriptionStartDate: string | null;
  subscriptionEndDate: string | null;
  createdAt: string;
  updatedAt: string;
  billing: {
    personaCount: number;
    /** Dollars per month, from quote(); null for a viewer, who does not see what the owner pays. */
    monthlyRate: number | null;
  };
  /** What the signed-in user is on this product: 'owner', or a member's role. */
  role: ProductRole;
  /** True when someone else owns it and shared it with the user. */
  sharedWithYou: boolean;
  /** Collaborators and admins (billed seats); viewers are free. Null for a viewer. */
  seats: number | null;
  /**
   * The subscription's promo code discount, running or run out (quote()
   * applies it while it runs: pass it through promoOf()). Null without one,
   * and for a viewer. Optional: answers from before promos were mirrored have none.
   */
  promo?: PromoView | null;
}

/** What DELETE /api/products/{id} answers. */
export interface ProductDeletion {
  subscriptionCancelled: boolean;
  /** Set when the product is gone but its subscription could not be cancelled. */
  warning: string | null;
  message: string;
}
