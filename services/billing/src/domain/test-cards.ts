/**
 * Stripe's test payment methods, as the local provider honours them: the
 * same ids, cards and outcomes as in Stripe test mode, so a flow tried
 * locally behaves the same against Stripe.
 */
interface TestCard {
  id: string;
  label: string;
  brand: string;
  last4: string;
  /** Attaching the card to a customer fails with this message (Stripe validates the card). */
  attachError?: CardError;
  /** Attaching succeeds, but every charge fails with this message. */
  chargeError?: CardError;
}

export interface CardError {
  code: string;
  declineCode: string;
  message: string;
}

const declined: CardError = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};

export const TEST_CARDS: readonly TestCard[] = [
  { id: 'pm_card_visa', label: 'Visa 4242 (succeeds)', brand: 'visa', last4: '4242' },
  { id: 'pm_card_visa_debit', label: 'Visa debit 5556 (succeeds)', brand: 'visa', last4: '5556' },
  {
    id: 'pm_card_mastercard',
    label: 'Mastercard 4444 (succeeds)',
    brand: 'mastercard',
    last4: '4444',
  },
  { id: 'pm_card_amex', label: 'American Express 8431 (succeeds)', brand: 'amex', last4: '8431' },
  { id: 'pm_card_discover', label: 'Discover 1117 (succeeds)', brand: 'discover', last4: '1117' },
  {
    id: 'pm_card_chargeDeclined',
    label: 'Visa 0002 (declined)',
    brand: 'visa',
    last4: '0002',
    attachError: declined,
  },
  {
    id: 'pm_card_chargeDeclinedInsufficientFunds',
    label: 'Visa 9995 (insufficient funds)',
    brand: 'visa',
    last4: '9995',
    attachError: {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  {
    id: 'pm_card_chargeDeclinedExpiredCard',
    label: 'Visa 0069 (expired card)',
    brand: 'visa',
    last4: '0069',
    attachError: {
      code: 'expired_card',
      declineCode: 'expired_card',
      message: 'Your card has expired.',
    },
  },
  {
    id: 'pm_card_chargeDeclinedIncorrectCvc',
    label: 'Visa 0127 (incorrect CVC)',
    brand: 'visa',
    last4: '0127',
    attachError: {
      code: 'incorrect_cvc',
      declineCode: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    },
  },
  {
    id: 'pm_card_chargeDeclinedProcessingError',
    label: 'Visa 0119 (processing error)',
    brand: 'visa',
    last4: '0119',
    attachError: {
      code: 'processing_error',
      declineCode: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  {
    id: 'pm_card_chargeCustomerFail',
    label: 'Visa 0341 (attaches, then every charge fails)',
    brand: 'visa',
    last4: '0341',
    chargeError: declined,
  },
];

export function testCard(id: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.id === id);
}
