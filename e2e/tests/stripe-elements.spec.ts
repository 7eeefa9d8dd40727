import type { Page } from '@playwright/test';
import { expect, newAccount, test, toast } from '../fixtures';

/**
 * With a publishable key, every payment screen collects the card through
 * Stripe Elements. Stripe.js cannot be fetched from this test machine, so the
 * browser gets a stand-in at https://js.stripe.com that keeps Stripe.js's
 * browser API (Stripe(), elements().create('card').mount(), createPaymentMethod)
 * and answers Stripe's test payment method ids; the server, on its local
 * provider, takes them as Stripe test mode does.
 */
const stripeJsStandIn = `
window.Stripe = function Stripe(key) {
  if (!String(key).startsWith('pk_')) throw new Error('Invalid publishable key');
  var cards = [];
  var elements = {
    create: function (type) {
      var input;
      var element = {
        mount: function (target) {
          var node = typeof target === 'string' ? document.querySelector(target) : target;
          input = document.createElement('input');
          input.setAttribute('aria-label', 'Stripe card number');
          node.appendChild(input);
          setTimeout(function () { handlers.ready && handlers.ready({ elementType: type }); });
        },
        on: function (event, handler) { handlers[event] = handler; return element; },
        off: function () { return element; },
        once: function () { return element; },
        update: function () {},
        focus: function () {},
        blur: function () {},
        clear: function () {},
        unmount: function () { input && input.remove(); },
        destroy: function () { input && input.remove(); },
        value: function () { return input ? input.value.replace(/\\s/g, '') : ''; },
      };
      var handlers = {};
      cards.push(element);
      return element;
    },
    getElement: function () { return cards[cards.length - 1] || null; },
    update: function () {},
  };
  return {
    elements: function () { return elements; },
    createPaymentMethod: function (options) {
      var number = options.card.value();
      if (number === '4242424242424242') {
        return Promise.resolve({ paymentMethod: { id: 'pm_card_visa', billing_details: options.billing_details } });
      }
      return Promise.resolve({ error: { type: 'card_error', message: 'Your card was declined.' } });
    },
    createToken: function () { return Promise.resolve({}); },
    createSource: function () { return Promise.resolve({}); },
    confirmCardPayment: function () { return Promise.resolve({}); },
    confirmCardSetup: function () { return Promise.resolve({}); },
    retrieveSource: function () { return Promise.resolve({}); },
    registerAppInfo: function () {},
    _registerWrapper: function () {},
  };
};
`;

async function withStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: stripeJsStandIn }),
  );
  await page.route('**/api/billing/config', (route) =>
    route.fulfill({ json: { provider: 'stripe', publishableKey: 'pk_test_e2e' } }),
  );
}

test.describe('Stripe Elements', () => {
  test('registration pays through Stripe Elements; a declined card keeps the dialog', async ({
    page,
    shot,
  }) => {
    await withStripe(page);
    const account = newAccount();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill(account.firstName);
    await dialog.getByLabel('Last name').fill(account.lastName);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByLabel('Product name').fill(account.productName);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

    // Stripe's card field, not the local form.
    const card = dialog.getByLabel('Stripe card number');
    await expect(card).toBeVisible();
    await expect(dialog.getByLabel('Card number', { exact: true })).toHaveCount(0);
    await expect(dialog.getByLabel('Cardholder name')).toHaveValue(
      `${account.firstName} ${account.lastName}`,
    );
    await card.fill('4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page)).toContainText('Your card was declined.');
    await expect(dialog.getByLabel('Cardholder name')).toHaveValue(
      `${account.firstName} ${account.lastName}`,
    );
    await shot('declined');

    await card.fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page)).toContainText('Welcome!');
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await expect(page.getByRole('article', { name: account.productName })).toContainText('Active');
    await shot('paid');
  });
});
