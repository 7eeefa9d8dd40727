import { formatWholeDollars, type SubscriptionDetails } from '@chorus/contracts';

/**
 * How the billing page shows what the billing routes answer: status badges,
 * the fallbacks the billing spec names (monthly rate 25, Next Billing 30 days
 * from today), the persona and seat summaries of a product card, the lines
 * listed under an invoice, where a checkout returns to and who pays for a
 * shared product.
 */

/** The status badges of the billing page; every other status shows as unknown. */
type SubscriptionBadge = 'active' | 'past_due' | 'cancelled' | 'unknown';

export function subscriptionBadge(status: string | null | undefined): SubscriptionBadge {
  switch (status?.trim().toLowerCase()) {
    case 'active':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'cancelled':
    case 'canceled':
      return 'cancelled';
    default:
      return 'unknown';
  }
}

type InvoiceBadge = 'paid' | 'pending' | 'failed' | 'unknown';

export function invoiceBadge(status: string | null | undefined): InvoiceBadge {
  const value = status?.trim().toLowerCase();
  return value === 'paid' || value === 'pending' || value === 'failed' ? value : 'unknown';
}

/** The billing page's monthly rate when a product comes without one (the billing spec's 25). */
const BILLING_FALLBACK_MONTHLY_RATE = 25;

/** Without a real next billing date, the Next Billing card shows this many days from today. */
const NEXT_BILLING_FALLBACK_DAYS = 30;

/** A product card's monthly rate in dollars: its subscription's, else the product's, else 25. */
export function billingMonthlyRate(
  details: { monthlyRate?: number | null } | null | undefined,
  product?: { billing?: { monthlyRate?: number | null } | null } | null,
): number {
  return details?.monthlyRate ?? product?.billing?.monthlyRate ?? BILLING_FALLBACK_MONTHLY_RATE;
}

/** The Next Billing card: the earliest real next billing date, else 30 days from today. */
export function nextBillingSummary(
  nextBillingDate: string | null | undefined,
  today: Date = new Date(),
): Date {
  const real = nextBillingDate ? new Date(nextBillingDate) : undefined;
  if (real && !Number.isNaN(real.getTime())) return real;
  const fallback = new Date(today);
  fallback.setDate(fallback.getDate() + NEXT_BILLING_FALLBACK_DAYS);
  return fallback;
}

/** "12 personas (2 extra)", "1 persona", "0 personas". */
export function personaSummary(personaCount: number, extraPersonas: number): string {
  const count = `${personaCount} ${personaCount === 1 ? 'persona' : 'personas'}`;
  return extraPersonas > 0 ? `${count} (${extraPersonas} extra)` : count;
}

/**
 * A product card's team seats beside its personas: "3 users × $25", or on
 * the annual plan "2 users × $270/yr". Null without billable seats: the
 * owner is never a seat and viewers are free, so there is nothing to bill.
 */
export function seatSummary(
  details: Pick<SubscriptionDetails, 'seats' | 'seatUnitPrice' | 'billingCycle'> | null | undefined,
): string | null {
  if (!details || details.seats <= 0) return null;
  const users = `${details.seats} ${details.seats === 1 ? 'user' : 'users'}`;
  const price = formatWholeDollars(Math.round(details.seatUnitPrice * 100));
  return `${users} × ${price}${details.billingCycle === 'annual' ? '/yr' : ''}`;
}

/**
 * An invoice's team-seat lines, for the history: "Team seats × N" and
 * "Team seat proration: …" (the local provider), "2 × Team seat (at $25.00
 * / month)" and "Remaining time on 1 × Team seat after …" (Stripe).
 */
export function seatLines<T extends { description: string }>(lines: readonly T[]): T[] {
  return lines.filter((line) => /\bteam seats?\b/i.test(line.description));
}

/**
 * The lines the history lists under an invoice: all of them when it bills
 * team seats, so that the plan, the seats, their prorations and any discount
 * add up to the amount before the reader's eyes; none for an invoice of the
 * plan and personas alone, whose description says it all.
 */
export function invoiceBreakdown<T extends { description: string }>(lines: readonly T[]): T[] {
  return seatLines(lines).length > 0 ? [...lines] : [];
}

/**
 * Where a hosted checkout sends the browser back: the success page with the
 * provider's session id filled in, or the cancelled page.
 */
export function checkoutReturnUrls(origin: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${origin}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/subscription-cancel`,
  };
}

/**
 * Who pays for a product shared with the reader, for their billing page:
 * "Atlas is paid for by its owner, Olive Owner." (or "by its owner." while
 * the owner's name is not known).
 */
export function paidByOwnerSentence(productName: string, ownerName?: string | null): string {
  const name = ownerName?.trim();
  return name
    ? `${productName} is paid for by its owner, ${name}.`
    : `${productName} is paid for by its owner.`;
}
