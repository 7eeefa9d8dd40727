/**
 * How money and dates are written everywhere: the browser pages, the
 * gateway's views and the invoices share these so a price or a day reads the
 * same wherever it shows. US English, as the spec's texts are.
 */

/** What a missing or unreadable date shows. */
const NOT_AVAILABLE = 'Not available';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency.toUpperCase()}:${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Cents as money: 2500 -> "$25.00". */
export function formatMoney(cents: number, currency = 'USD'): string {
  return moneyFormat(currency, false).format(cents / 100);
}

/** Dollars (as the billing api answers them) as money: 29.5 -> "$29.50". */
export function formatDollars(amount: number, currency = 'USD'): string {
  return formatMoney(Math.round(amount * 100), currency);
}

/** Cents as a headline price, cents only when there are some: 2500 -> "$25", 2750 -> "$27.50". */
export function formatWholeDollars(cents: number, currency = 'USD'): string {
  return moneyFormat(currency, cents % 100 === 0).format(cents / 100);
}

const dateStyles = {
  /** "March 3, 2027" */
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  /** "Mar 3, 2027" */
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  /** "Mar 3, 2027, 9:05 AM" */
  dateTime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Mar" */
  month: { month: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateStyle = keyof typeof dateStyles;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day (or moment) in one of the house styles; `fallback` ("Not available")
 * when there is no valid date. `timeZone: 'UTC'` for instants the server
 * names by their UTC day (billing periods); the reader's own zone otherwise.
 */
export function formatDate(
  date: string | number | Date | null | undefined,
  style: DateStyle = 'long',
  { timeZone, fallback = NOT_AVAILABLE }: { timeZone?: string; fallback?: string } = {},
): string {
  if (date === null || date === undefined || date === '') return fallback;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return fallback;
  const key = `${style}:${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...dateStyles[style], timeZone });
    dateFormats.set(key, format);
  }
  return format.format(value);
}

/** A billing day: "March 3, 2027" in UTC, "Not available" without one. */
export function formatBillingDate(date: string | Date | null | undefined): string {
  return formatDate(date, 'long', { timeZone: 'UTC' });
}
