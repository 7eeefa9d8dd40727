import {
  cardMessages,
  checkExpiry,
  formatCardNumber,
  formatExpiry,
  localPaymentMethodFor,
  luhnValid,
} from '../src/payments/local-card';

const now = new Date(2026, 10, 21);
const card = (number: string, expiry = '12/30', cvc = '123', name = 'Jamie Rivera') => ({
  number,
  expiry,
  cvc,
  name,
});

describe('the local test-mode card form', () => {
  it.each([
    ['4242 4242 4242 4242', 'pm_card_visa'],
    ['4000 0000 0000 0002', 'pm_card_chargeDeclined'],
    ['4000 0000 0000 9995', 'pm_card_chargeDeclinedInsufficientFunds'],
    ['5555 5555 5555 4444', 'pm_card_mastercard'],
  ])("maps Stripe's test card %s to %s", (number, paymentMethodId) => {
    expect(localPaymentMethodFor(card(number), now)).toEqual({ paymentMethodId });
  });

  it.each([
    [card('4111 1111 1111 1111'), cardMessages.nonTestCard],
    [card('4242 4242 4242 4241'), cardMessages.numberInvalid],
    [card('4242 4242'), cardMessages.numberIncomplete],
    [card('4242424242424242', '10/26'), cardMessages.expiryInPast],
    [card('4242424242424242', '13/30'), cardMessages.expiryMonthInvalid],
    [card('4242424242424242', '1/3'), cardMessages.expiryIncomplete],
    [card('4242424242424242', '12/30', '12'), cardMessages.cvcIncomplete],
    [card('4242424242424242', '12/30', '123', ' '), cardMessages.nameMissing],
  ])('refuses %o with "%s"', (input, error) => {
    expect(localPaymentMethodFor(input, now)).toEqual({ error });
  });

  it('accepts a card until the end of its expiry month', () => {
    expect(checkExpiry('11/26', now)).toBeUndefined();
    expect(checkExpiry('10/26', now)).toBe(cardMessages.expiryInPast);
  });

  it.each([
    ['4242424242424242', true],
    ['79927398713', false],
    ['5555555555554444', true],
    ['1234567812345678', false],
  ])('Luhn check of %s is %s', (number, valid) => {
    expect(luhnValid(number)).toBe(valid);
  });

  it('formats as the user types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42a42')).toBe('4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });
});
