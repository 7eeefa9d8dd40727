import {
  billingMessages,
  checkoutSessionRequest,
  customerPortalRequest,
  savePaymentMethodRequest,
} from '../src';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('savePaymentMethodRequest', () => {
  it.each([
    [{ stripePaymentMethodId: 'pm_card_visa' }, billingMessages.noProductSelected],
    [{ productId: 'p1' }, billingMessages.paymentMethodRequired],
    [{ productId: 'p1', stripePaymentMethodId: '  ' }, billingMessages.paymentMethodRequired],
    [{ productId: 'p1', stripePaymentMethodId: 'pm_card_visa' }, undefined],
  ])('%j: %s', (body, message) => {
    expect(firstMessage(savePaymentMethodRequest.safeParse(body))).toBe(message);
  });

  it('drops malformed placeholder card data instead of refusing the payment', () => {
    const parsed = savePaymentMethodRequest.parse({
      productId: 'p1',
      stripePaymentMethodId: 'pm_card_visa',
      cardData: {
        brand: 'visa',
        last4: '4242424242424242',
        expMonth: 13,
        expYear: '2030',
        cardholderName: 'Mia Stone',
        number: '4242424242424242',
      },
    });
    expect(parsed.cardData).toEqual({
      brand: 'visa',
      last4: '',
      expMonth: 0,
      expYear: 2030,
      cardholderName: 'Mia Stone',
    });
  });
});

describe('checkoutSessionRequest', () => {
  const urls = {
    successUrl: 'http://localhost:8080/subscription-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:8080/subscription/cancel',
  };
  it.each([
    [{ ...urls, priceId: 'price_1' }, undefined],
    [{ ...urls, billingCycle: 'annual' }, undefined],
    [urls, billingMessages.selectBillingPlan],
    [
      { ...urls, billingCycle: 'monthly', successUrl: 'javascript:alert(1)' },
      billingMessages.invalidUrl,
    ],
    [{ ...urls, billingCycle: 'monthly', cancelUrl: '/relative' }, billingMessages.invalidUrl],
  ])('%j: %s', (body, message) => {
    expect(firstMessage(checkoutSessionRequest.safeParse(body))).toBe(message);
  });
});

describe('customerPortalRequest', () => {
  it('takes an optional customer and return address', () => {
    expect(customerPortalRequest.parse({})).toEqual({});
    expect(firstMessage(customerPortalRequest.safeParse({ returnUrl: 'ftp://x' }))).toBe(
      billingMessages.invalidUrl,
    );
  });
});
