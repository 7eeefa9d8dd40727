import { formatWholeDollars } from './format';
import type { Estimate, PricePeriod } from './typed-questions';

// How a typed question's figures are written, the same on the questions page
// and in the study report: shares as whole percentages, prices in their
// currency, every interval as "likely between X and Y", so a reader can quote
// one and find it in the other.

/** A share (0–1) as a whole percentage: 0.414 → "41%". */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/**
 * An amount in its currency, cents only when there are some ("$19",
 * "$9.99"). A code Intl cannot read (still being typed) is written after the
 * number instead of throwing.
 */
export function price(amount: number, currency: string): string {
  try {
    return formatWholeDollars(Math.round(amount * 100), currency || 'USD');
  } catch {
    return `${amount.toLocaleString('en-US')} ${currency.toUpperCase()}`.trim();
  }
}

const periodWords: Record<PricePeriod, string> = {
  'one-off': '',
  week: ' a week',
  month: ' a month',
  year: ' a year',
};

/** How a price's period reads after it: "" for a one-off payment, " a month" … */
export function periodWord(period: PricePeriod): string {
  return periodWords[period];
}

/** "$19 a month". */
export function pricePer(amount: number, currency: string, period: PricePeriod): string {
  return `${price(amount, currency)}${periodWord(period)}`;
}

/** "likely between 38% and 52%"; "likely exactly $19" when both ends read the same once written. */
export function likely(estimate: Estimate, format: (value: number) => string): string {
  const low = format(estimate.low);
  const high = format(estimate.high);
  return low === high ? `likely exactly ${low}` : `likely between ${low} and ${high}`;
}

/** A figure with its range: "41% (likely between 35% and 47%)". */
export function figure(estimate: Estimate, format: (value: number) => string): string {
  return `${format(estimate.value)} (${likely(estimate, format)})`;
}
