/** A product's subscription status as the app shows it. */
export type SubscriptionStatus = 'inactive' | 'active' | 'past_due' | 'cancelled' | 'paused';

/**
 * Stripe's subscription statuses in the app's words: a subscription that is
 * paying (or in trial) is active; one whose payment failed is past_due until
 * it is paid or given up; one that never got its first payment never
 * started, so the product stays inactive.
 */
export function productStatus(providerStatus: string): SubscriptionStatus {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
      return 'cancelled';
    case 'paused':
      return 'paused';
    default:
      // incomplete, incomplete_expired and anything new
      return 'inactive';
  }
}

/** Whether the subscription still runs (and can be cancelled or changed). */
export function isLive(providerStatus: string): boolean {
  return ['active', 'trialing', 'past_due', 'unpaid', 'paused'].includes(providerStatus);
}

type InvoiceStatus = 'paid' | 'pending' | 'failed';

/** Stripe's invoice states in the billing history's words. */
export function invoiceStatus(invoice: {
  status: string;
  attempted: boolean;
  paymentFailed?: boolean;
}): InvoiceStatus {
  if (invoice.status === 'paid') return 'paid';
  if (invoice.status === 'uncollectible' || invoice.status === 'void') return 'failed';
  if (invoice.paymentFailed || invoice.attempted) return 'failed';
  return 'pending';
}
