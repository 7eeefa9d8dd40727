import type { BillingCycle } from '@chorus/contracts';
import type { SubscriptionStatus } from '../domain/status';
import {
  type ProductFacts,
  type SubscriptionFacts,
  type SubscriptionView,
  subscriptionView,
} from '../domain/subscription-view';

export interface ProductRow {
  id: string;
  user_id: string;
  name: string;
  billing_cycle: BillingCycle;
  is_legacy_pricing: boolean;
  persona_count: number;
  /** Catalog's billable team seats (collaborators, admins, roadmap editors). */
  billable_seats: number;
  seats_effective_at: Date | null;
  deleted_at: Date | null;
  deletion_cancelled_subscription: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Identity's account, mirrored from UserRegistered: the name on the provider's customer. */
export interface AccountHolderRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
}

export interface CustomerRow {
  user_id: string;
  provider: string;
  provider_customer_id: string;
  email: string;
}

export interface PaymentMethodRow {
  id: string;
  user_id: string;
  product_id: string | null;
  stripe_payment_method_id: string;
  encrypted_card_data: string;
  is_default: boolean;
  is_active: boolean;
  created_at: Date;
}

export interface PromoCodeRow {
  id: string;
  code: string;
  discount_percent: number;
  duration_months: number;
  description: string | null;
  is_active: boolean;
  usage_limit: number | null;
  used_count: number;
  expires_at: Date | null;
  created_at: Date;
}

export type PromoCodeValues = Omit<PromoCodeRow, 'id' | 'used_count' | 'created_at'>;

export interface SubscriptionRow {
  id: string;
  product_id: string;
  user_id: string;
  provider: string;
  provider_customer_id: string;
  provider_subscription_id: string;
  provider_price_id: string;
  provider_status: string;
  status: string;
  billing_cycle: BillingCycle;
  is_legacy_pricing: boolean;
  extra_personas: number;
  /** The seat quantity the provider bills. */
  seats: number;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  promo_code_id: string | null;
  promo_discount_percent: number;
  promo_duration_months: number;
  promo_started_at: Date | null;
  provider_state_at: Date;
  created_at: Date;
  updated_at: Date;
}

interface InvoiceLine {
  description: string;
  quantity: number;
  amountCents: number;
}

export interface InvoiceRow {
  id: string;
  provider_invoice_id: string;
  provider_subscription_id: string;
  product_id: string;
  user_id: string;
  number: string;
  description: string;
  amount_cents: number;
  currency: string;
  status: 'paid' | 'pending' | 'failed';
  period_start: Date;
  period_end: Date;
  issued_at: Date;
  pdf_url: string | null;
  lines: InvoiceLine[];
  provider_state_at: Date;
}

export type SubscriptionValues = Omit<SubscriptionRow, 'id' | 'created_at' | 'updated_at'>;
export type InvoiceValues = Omit<InvoiceRow, 'id'>;

export function holderName(holder: AccountHolderRow | undefined): string {
  return holder ? `${holder.first_name} ${holder.last_name}`.trim() : '';
}

function productFacts(row: ProductRow): ProductFacts {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    billingCycle: row.billing_cycle,
    isLegacyPricing: row.is_legacy_pricing,
    personaCount: row.persona_count,
    seats: row.billable_seats,
  };
}

function subscriptionFacts(row: SubscriptionRow): SubscriptionFacts {
  return {
    providerStatus: row.provider_status,
    status: row.status as SubscriptionStatus,
    billingCycle: row.billing_cycle,
    isLegacyPricing: row.is_legacy_pricing,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    promo:
      row.promo_discount_percent > 0 && row.promo_started_at
        ? {
            discountPercent: row.promo_discount_percent,
            durationMonths: row.promo_duration_months,
            startedAt: row.promo_started_at,
          }
        : undefined,
    providerCustomerId: row.provider_customer_id,
    providerSubscriptionId: row.provider_subscription_id,
    providerPriceId: row.provider_price_id,
  };
}

/** A product and its stored subscription as the billing page shows them at `now`. */
export function viewOfRows(
  product: ProductRow,
  subscription: SubscriptionRow | undefined,
  now: Date,
): SubscriptionView {
  return subscriptionView(
    productFacts(product),
    subscription && subscriptionFacts(subscription),
    now,
  );
}
