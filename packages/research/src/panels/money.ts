/** How each frame currency is written: "£32,000", "$32,000", "32.000 €", "₹3,20,000". */
const locales: Record<string, string> = {
  GBP: 'en-GB',
  USD: 'en-US',
  EUR: 'de-DE',
  INR: 'en-IN',
};

const formats = new Map<string, Intl.NumberFormat | null>();

/** The currency's formatter, made once (making one is slow); null when Intl does not know the currency. */
function formatOf(currency: string): Intl.NumberFormat | null {
  if (!formats.has(currency)) {
    try {
      formats.set(
        currency,
        new Intl.NumberFormat(locales[currency] ?? 'en-GB', {
          style: 'currency',
          currency,
          maximumFractionDigits: 0,
        }),
      );
    } catch {
      formats.set(currency, null);
    }
  }
  return formats.get(currency)!;
}

/** A whole amount of money in the currency's usual style; a currency Intl does not know is written after the number. */
export function moneyText(amount: number, currency: string): string {
  const format = formatOf(currency);
  return format
    ? format.format(amount)
    : `${Math.round(amount).toLocaleString('en-GB')} ${currency}`;
}
