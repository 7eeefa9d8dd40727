import type { ProductRole } from './teams';
import { z } from 'zod';
import { requiredString } from './auth';
import { formatMoney } from './format';
import { type BillingCycle, type PromoView, quote } from './pricing';

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

/** The option label of a stored industry, or the stored text with capitals when it is not an option. */
export function industryLabel(value: string | null | undefined): string {
  const stored = industryValue(value);
  const option = [...industryOptions, ...createPageIndustryOptions].find(
    (label) => industryValue(label) === stored,
  );
  if (option) return option;
  return stored.replace(/(^|[\s-])(\p{L})/gu, (_m, lead: string, letter: string) =>
    lead.concat(letter.toUpperCase()),
  );
}

/**
 * The billing cycle of a plan choice. Registration sends a price identifier
 * in billingCycle; anything naming a year is annual, everything else monthly
 * (billing confirms the real cycle when the subscription starts).
 */
export function billingCycleOf(choice: string | null | undefined): BillingCycle {
  return /annual|year/i.test(choice ?? '') ? 'annual' : 'monthly';
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
export type CreateProductRequest = z.output<typeof createProductRequest>;

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

/**
 * How long after its creation a product may still be becoming paid: billing
 * starts the subscription and tells the catalog by event, which can land
 * after the page has read the product. Pages re-read such a product until
 * then; an unpaid product older than this is simply unpaid.
 */
export const SUBSCRIPTION_SETTLING_MS = 2 * 60_000;

/** Whether a product's subscription status may still change on its own in a moment. */
export function subscriptionSettling(
  product: Pick<ProductView, 'subscriptionStatus' | 'createdAt'>,
  now: Date,
): boolean {
  const age = now.getTime() - Date.parse(product.createdAt);
  return product.subscriptionStatus === 'inactive' && age >= 0 && age < SUBSCRIPTION_SETTLING_MS;
}

/** What DELETE /api/products/{id} answers. */
export interface ProductDeletion {
  subscriptionCancelled: boolean;
  /** Set when the product is gone but its subscription could not be cancelled. */
  warning: string | null;
  message: string;
}

/** The product card's rate when a product comes without billing. */
export const FALLBACK_MONTHLY_RATE = 100;

/** Dollars per month for a product: 25 + 2 x (personas above 10) on current pricing. */
export function monthlyRate(product: {
  personaCount: number;
  billingCycle: BillingCycle;
  isLegacyPricing?: boolean;
  /** Billable team seats. */
  seats?: number;
}): number {
  return quote(product).monthlyRateCents / 100;
}

/** "$27.00/month": what a product costs per month, for cards and the persona cost confirmation. */
export function monthlyCostDisplay(product: {
  personaCount: number;
  billingCycle: BillingCycle;
  isLegacyPricing?: boolean;
}): string {
  return `${formatMoney(quote(product).monthlyRateCents)}/month`;
}

/** The rate a product card shows: the product's billing, or 100 when it has none. */
export function cardMonthlyRate(
  billing: { monthlyRate?: number | null } | null | undefined,
): number {
  return billing?.monthlyRate ?? FALLBACK_MONTHLY_RATE;
}
