import type { BillingCycle } from '@chorus/contracts';

// The local provider's own tables (local_*), standing in for Stripe's records.

export interface CustomerRow {
  id: string;
  email: string;
  name: string;
  default_payment_method: string | null;
  metadata: Record<string, string>;
  created: Date;
}

export interface PaymentMethodRow {
  id: string;
  test_card: string;
  customer: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  cardholder_name: string;
  created: Date;
}

export interface SetupIntentRow {
  id: string;
  client_secret: string;
  customer: string;
  metadata: Record<string, string>;
  created: Date;
}

export interface SubscriptionRow {
  id: string;
  customer: string;
  status: string;
  billing_cycle: BillingCycle;
  is_legacy_pricing: boolean;
  base_price: string;
  extra_price: string;
  extra_quantity: number;
  /** The team-seat price; null on subscriptions made before seats existed. */
  seat_price: string | null;
  seat_quantity: number;
  default_payment_method: string;
  billing_cycle_anchor: Date;
  period_index: number;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  ended_at: Date | null;
  coupon_percent_off: number;
  coupon_duration_months: number;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  created: Date;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  amount: number;
  price: string;
  /** A proration's own period (part of the previous one); otherwise the invoice's. */
  period?: { start: Date | string; end: Date | string };
}

/** A pending invoice item (a seat proration), picked up by the next invoice. */
export interface InvoiceItemRow {
  id: string;
  customer: string;
  subscription: string;
  description: string;
  quantity: number;
  amount: number;
  price: string;
  proration: boolean;
  period_start: Date;
  period_end: Date;
  invoice: string | null;
  created: Date;
}

export interface InvoiceRow {
  id: string;
  number: string;
  customer: string;
  subscription: string;
  status: 'paid' | 'open';
  amount_due: number;
  amount_paid: number;
  currency: string;
  period_start: Date;
  period_end: Date;
  lines: InvoiceLine[];
  attempt_count: number;
  last_payment_error: string | null;
  metadata: Record<string, string>;
  created: Date;
}

export interface CheckoutSessionRow {
  id: string;
  customer: string;
  status: string;
  billing_cycle: BillingCycle;
  success_url: string;
  cancel_url: string;
  subscription: string | null;
  metadata: Record<string, string>;
  created: Date;
  expires_at: Date;
}

export interface EventRow {
  seq: string;
  id: string;
  type: string;
  payload: unknown;
}
