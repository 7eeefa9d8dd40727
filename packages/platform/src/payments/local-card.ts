/**
 * The local payment provider's card rules, behaving like Stripe's test mode:
 * Stripe's documented test cards become Stripe's test payment-method ids and
 * anything else is refused in Stripe's own words.
 */

const TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '5555555555554444': 'pm_card_mastercard',
};

export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInPast: "Your card's expiration date is in the past.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Please enter the name on the card.',
  nonTestCard: 'Your card was declined. Your request was in test mode, but used a non test card.',
} as const;

export interface CardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  name: string;
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn checksum every card number satisfies. */
export function luhnValid(number: string): boolean {
  const digits = digitsOf(number);
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "4242424242424242" -> "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1" -> "1", "123" -> "12/3" */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Whether MM/YY is a real month that has not ended by `now`. */
export function checkExpiry(expiry: string, now: Date): string | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return cardMessages.expiryIncomplete;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return cardMessages.expiryMonthInvalid;
  // A card is good through the last day of its expiry month.
  const endOfMonth = new Date(year, month, 1);
  if (endOfMonth <= now) return cardMessages.expiryInPast;
  return undefined;
}

/** What the local provider answers for a card: a test payment method id or Stripe's error text. */
export function localPaymentMethodFor(
  card: CardInput,
  now: Date = new Date(),
): {
  paymentMethodId?: string;
  error?: string;
} {
  const number = digitsOf(card.number);
  if (number.length < 13) return { error: cardMessages.numberIncomplete };
  if (!luhnValid(number)) return { error: cardMessages.numberInvalid };
  const expiryProblem = checkExpiry(card.expiry, now);
  if (expiryProblem) return { error: expiryProblem };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { error: cardMessages.cvcIncomplete };
  if (!card.name.trim()) return { error: cardMessages.nameMissing };
  const paymentMethodId = TEST_CARDS[number];
  if (!paymentMethodId) return { error: cardMessages.nonTestCard };
  return { paymentMethodId };
}
