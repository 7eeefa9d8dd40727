import type { BillingCycle } from '@chorus/contracts';

const words: Record<string, BillingCycle> = {
  monthly: 'monthly',
  month: 'monthly',
  annual: 'annual',
  annually: 'annual',
  yearly: 'annual',
  year: 'annual',
};

/**
 * The billing cycle a request means: the words the browser sends
 * (monthly, annual, yearly...) or the id of one of the plan's prices, which
 * is what the registration form and the plan page send as billingCycle.
 * Undefined when it is neither.
 */
export function resolveBillingCycle(
  value: string,
  priceIds: Record<BillingCycle, readonly string[]>,
): BillingCycle | undefined {
  const word = words[value.trim().toLowerCase()];
  if (word) return word;
  if (priceIds.monthly.includes(value)) return 'monthly';
  if (priceIds.annual.includes(value)) return 'annual';
  return undefined;
}

/** Catalog's cycle of a product: annual, or monthly for anything else. */
export function productBillingCycle(value: string): BillingCycle {
  return value === 'annual' ? 'annual' : 'monthly';
}

export function planDisplayName(cycle: BillingCycle): string {
  return cycle === 'annual' ? 'Annual Plan' : 'Monthly Plan';
}

/**
 * `anchor` plus `months` calendar months in UTC, clamped to the month's last
 * day (Jan 31 + 1 month = Feb 28 or 29), the way Stripe moves billing periods.
 */
export function addMonths(anchor: Date, months: number): Date {
  const result = new Date(anchor);
  const day = anchor.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function monthsPerPeriod(cycle: BillingCycle): number {
  return cycle === 'annual' ? 12 : 1;
}
