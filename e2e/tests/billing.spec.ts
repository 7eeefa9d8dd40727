import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { type Account, expect, newAccount, statCard, test, toast } from '../fixtures';
import { endCurrentPeriod } from '../system';

/** How the billing pages write a date: "December 21, 2026". */
const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function onlyProductId(request: APIRequestContext, token: string): Promise<string> {
  const products = await getJson<{ id: string }[]>(request, token, '/api/products');
  expect(products).toHaveLength(1);
  return products[0]!.id;
}

/** An account whose product never got paid for: registered without a card. */
async function registerUnpaid(request: APIRequestContext, account: Account = newAccount()) {
  const response = await request.post('/api/auth/register', {
    data: { ...account, billingCycle: 'monthly' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { account, token };
}

async function postJsonOk(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<void> {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
}

function summaryCard(page: Page, title: string) {
  return page.getByRole('group', { name: title });
}

function productCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}

function dataLayer(page: Page) {
  return page.evaluate(() => window.dataLayer ?? []);
}

test.describe('billing page', () => {
  test('a paying customer sees the summary, the product and its invoice, and downloads the PDF', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register(newAccount({ productName: 'Northwind Analytics' }));
    const [details] = Object.values(
      await getJson<Record<string, { nextBillingDate: string }>>(
        request,
        token,
        '/api/billing/subscription-details',
      ),
    );
    const nextBilling = longDate.format(new Date(details!.nextBillingDate));

    await signIn(token, '/billing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription & Billing');
    await expect(summaryCard(page, 'Monthly Spend')).toContainText('$25.00');
    await expect(summaryCard(page, 'Active Products')).toContainText('1of 1 product');
    await expect(summaryCard(page, 'Total Personas')).toContainText('0');
    await expect(summaryCard(page, 'Next Billing')).toContainText(nextBilling);

    const card = productCard(page, account.productName);
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Monthly Plan');
    await expect(card).toContainText('0 personas');
    await expect(card).toContainText('$25.00/month');
    await expect(card).toContainText(nextBilling);
    await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    await shot('subscriptions');

    await page.getByRole('tab', { name: 'Billing History' }).click();
    const row = page.getByRole('row').filter({ hasText: account.productName });
    await expect(row).toContainText('Monthly Plan');
    await expect(row).toContainText('$25.00');
    await expect(row).toContainText('Paid');
    await shot('billing-history');

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: /Download invoice/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const events = await dataLayer(page);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'billing_interaction', action: 'download_invoice' }),
    );
  });

  test('selecting personas past the ten included raises the monthly rate', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register();
    const productId = await onlyProductId(request, token);
    const templates = await getJson<{ id: string }[]>(request, token, '/api/persona-templates');
    expect(templates.length).toBeGreaterThanOrEqual(12);
    for (const template of templates.slice(0, 12)) {
      const added = await request.post(`/api/products/${productId}/personas`, {
        headers: { authorization: `Bearer ${token}` },
        data: { templateId: template.id },
      });
      expect(added.status(), await added.text()).toBe(201);
    }

    await signIn(token, '/billing');
    const card = productCard(page, account.productName);
    // Billing hears of the selection through catalog's event; a reload shows it once it has.
    await expect(async () => {
      await page.reload();
      await expect(card).toContainText('12 personas (2 extra)', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card).toContainText('$29.00/month');
    await expect(summaryCard(page, 'Total Personas')).toContainText('12');
    await expect(summaryCard(page, 'Monthly Spend')).toContainText('$29.00');
    await shot('twelve-personas');
  });

  test('cancelling asks first, then keeps access until the end of the period', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register();
    const [details] = Object.values(
      await getJson<Record<string, { currentPeriodEnd: string }>>(
        request,
        token,
        '/api/billing/subscription-details',
      ),
    );
    const periodEnd = longDate.format(new Date(details!.currentPeriodEnd));

    await signIn(token, '/billing');
    const card = productCard(page, account.productName);
    const cancelButton = card.getByRole('button', { name: 'Cancel Subscription' });

    await cancelButton.click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Cancel subscription for ${account.productName}?`);
    await expect(confirm).toContainText(periodEnd);
    await shot('confirmation');
    await confirm.getByRole('button', { name: 'Keep Subscription' }).click();
    await expect(confirm).toBeHidden();
    await expect(cancelButton).toBeVisible();

    await cancelButton.click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Cancel Subscription' })
      .click();
    await expect(toast(page)).toContainText('Subscription Cancelled');
    await expect(toast(page)).toContainText(`You keep access until ${periodEnd}`);
    await expect(card).toContainText(
      `Cancels on ${periodEnd}. You keep full access until then and will not be charged again.`,
    );
    await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    // Paid until the period ends: the badge says when it ends, nothing more is
    // billed, and Monthly Spend no longer counts it.
    await expect(card.getByText(`Cancels on ${periodEnd}`, { exact: true })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toHaveCount(0);
    await expect(card).toContainText('Not available');
    await expect(summaryCard(page, 'Monthly Spend')).toContainText('$0.00');
    await shot('cancelled');

    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({ event: 'billing_interaction', action: 'cancel_subscription' }),
    );

    // The server keeps it: after a reload the card still ends at the period end.
    await page.reload();
    await expect(card.getByText(`Cancels on ${periodEnd}`, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

    // Until that date the product keeps full use.
    const productId = await onlyProductId(request, token);
    await page.goto(`/products/${productId}/dashboard`);
    await expect(statCard(page, 'Access Level')).toContainText('Full access');
    await expect(page.getByRole('region', { name: 'Payment required' })).toHaveCount(0);

    // The period ends (the local provider's clock passes it): the product turns read only.
    await endCurrentPeriod(productId);
    await expect(async () => {
      await page.reload();
      await expect(statCard(page, 'Access Level')).toContainText('Read only', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(statCard(page, 'Status')).toContainText('Cancelled');
    await expect(
      page.getByRole('region', { name: 'Payment required' }).getByRole('link', {
        name: 'Complete payment',
      }),
    ).toHaveAttribute('href', `/subscribe?productId=${productId}`);
    await shot('period-ended-read-only');
  });

  test('without products or invoices the page says so and offers to create a product', async ({
    page,
    request,
    signIn,
    shot,
  }) => {
    const { token } = await registerUnpaid(request);
    const productId = await onlyProductId(request, token);
    const deleted = await request.delete(`/api/products/${productId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status(), await deleted.text()).toBe(200);

    await signIn(token, '/billing');
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Product' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await expect(summaryCard(page, 'Monthly Spend')).toContainText('$0.00');
    await expect(summaryCard(page, 'Active Products')).toContainText('0');
    // Nothing is due: the card estimates 30 days from today.
    const inThirtyDays = new Date();
    inThirtyDays.setDate(inThirtyDays.getDate() + 30);
    await expect(summaryCard(page, 'Next Billing')).toContainText(longDate.format(inThirtyDays));
    await expect(summaryCard(page, 'Next Billing')).toContainText('30 days from today');
    await shot('no-products');

    await page.getByRole('tab', { name: 'Billing History' }).click();
    await expect(page.getByRole('heading', { name: 'No billing history' })).toBeVisible();
    await shot('no-history');
  });

  test('an unpaid product shows as inactive and leads to the plans', async ({
    page,
    request,
    signIn,
    shot,
  }) => {
    const { account, token } = await registerUnpaid(request);
    await signIn(token, '/billing');
    const card = productCard(page, account.productName);
    // The same word as My Products and the dashboard: the stored default, inactive.
    await expect(card).toContainText('Inactive');
    await expect(card).not.toContainText('Unknown');
    await expect(card).toContainText('Not available');
    await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await shot('unpaid-product');
    await card.getByRole('link', { name: 'Choose a Plan' }).click();
    await expect(page).toHaveURL(/\/subscription-plans\?productId=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Plans');
  });
});

test.describe('failures', () => {
  // The browser logs the failed responses these tests provoke.
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('a refused cancellation shows the server message', async ({
    page,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register();
    await page.route('**/api/products/*/cancel-subscription', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'This product has no active subscription to cancel.' }),
      }),
    );
    await signIn(token, '/billing');
    const card = productCard(page, account.productName);
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Cancel Subscription' })
      .click();
    await expect(toast(page)).toContainText('Cancellation Failed');
    await expect(toast(page)).toContainText('This product has no active subscription to cancel.');
    await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    await shot('cancellation-failed');
  });

  test('plans that cannot be loaded can be tried again; a failed checkout says so', async ({
    page,
    request,
    signIn,
    shot,
  }) => {
    const { token } = await registerUnpaid(request);
    await page.route('**/api/stripe/products', (route) =>
      route.fulfill({ status: 503, body: 'Service Unavailable' }),
    );
    await signIn(token, '/subscription-plans');
    await expect(
      page.getByText(
        'Unable to load subscription plans. Please check your connection and try again, or contact support if the problem persists.',
      ),
    ).toBeVisible();
    await shot('plans-unavailable');

    await page.unroute('**/api/stripe/products');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('plan-price')).toHaveText('$25/month');

    await page.route('**/api/stripe/create-checkout-session', (route) =>
      route.fulfill({ status: 502, body: '' }),
    );
    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(toast(page)).toContainText('Checkout Failed');
    await expect(toast(page)).toContainText('Unable to start checkout process. Please try again.');
    await expect(page).toHaveURL(/\/subscription-plans$/);
    await shot('checkout-failed');
  });
});

test.describe('plans and checkout', () => {
  test('the annual plan is paid on the hosted checkout with a test card and confirmed', async ({
    page,
    request,
    signIn,
    shot,
  }) => {
    const { account, token } = await registerUnpaid(request);
    await signIn(token, '/subscription-plans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Plans');
    const cycle = page.getByRole('radiogroup', { name: 'Billing cycle' });
    await expect(cycle.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(page.getByTestId('plan-price')).toHaveText('$25/month');
    await expect(cycle.getByRole('radio', { name: /Annual/ })).toContainText('Save 10%');
    await shot('monthly');

    await cycle.getByRole('radio', { name: /Annual/ }).click();
    await expect(page.getByTestId('plan-price')).toHaveText('$270/year');
    await expect(page.getByText('You save $30.00 compared with paying monthly')).toBeVisible();
    await shot('annual');

    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page).toHaveURL(/\/api\/billing\/checkout\/local\//);
    await expect(page.getByRole('heading', { name: account.productName })).toBeVisible();
    await expect(page.getByText('$270.00', { exact: true })).toBeVisible();
    await page.getByRole('combobox').selectOption({ label: 'Visa 4242 (succeeds)' });
    await page.getByRole('textbox').fill(`${account.firstName} ${account.lastName}`);
    await shot('hosted-checkout');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await expect(page).toHaveURL(/\/subscription-success\?session_id=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(page.getByRole('link', { name: 'Visit the Help Center' })).toHaveAttribute(
      'href',
      '/help',
    );
    await shot('success');

    const events = await dataLayer(page);
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'purchase',
        value: 270,
        plan_type: 'annual',
        currency: 'USD',
        transaction_id: expect.stringMatching(/^sub_\d+$/),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'conversion', value: 270, currency: 'USD' }),
    );
    // Reloading the confirmation does not count the purchase twice.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Confirmed');
    expect((await dataLayer(page)).filter((entry) => entry.event === 'purchase')).toHaveLength(0);

    await page.getByRole('link', { name: 'View Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    const card = productCard(page, account.productName);
    await expect(card).toContainText('Active');
    await expect(card).toContainText('Annual Plan');
    await expect(card).toContainText('$22.50/month');
    await expect(card).toContainText('$270.00 billed yearly');
    await shot('billing-after-checkout');
  });

  test('leaving the hosted checkout lands on the cancelled page with its ways on', async ({
    page,
    request,
    signIn,
    shot,
  }) => {
    const { token } = await registerUnpaid(request);
    await signIn(token, '/subscription-plans');
    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page).toHaveURL(/\/api\/billing\/checkout\/local\//);
    await page.getByRole('link', { name: 'Cancel and go back' }).click();

    await expect(page).toHaveURL(/\/subscription-cancel$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Cancelled');
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      /^mailto:.+@.+/,
    );
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await shot('cancelled-checkout');
    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({ event: 'billing_interaction', action: 'checkout_cancelled' }),
    );

    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/subscription-plans$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Plans');

    await page.goBack();
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The account menu's billing path is another page: managing the subscriptions.
    await page.goto('/subscription/cancel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Subscriptions');
    await expect(page.getByText('you have not been charged')).toHaveCount(0);
  });

  test('the subscription management page lists each subscription and cancels one', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register();
    const productId = await onlyProductId(request, token);
    await postJsonOk(request, token, '/api/products', {
      name: 'Unpaid Side Project',
      industry: 'Technology',
    });
    await signIn(token, '/subscription/cancel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Subscriptions');
    await expect(page.getByRole('heading', { name: 'Billing information' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Invoices and monthly spend/ })).toHaveAttribute(
      'href',
      '/billing',
    );
    const paid = productCard(page, account.productName);
    const unpaid = productCard(page, 'Unpaid Side Project');
    await expect(paid).toContainText('Active');
    await expect(unpaid).toContainText('Inactive');
    await expect(unpaid.getByRole('link', { name: 'Choose a Plan' })).toHaveAttribute(
      'href',
      /\/subscription-plans\?productId=/,
    );
    await shot('manage-subscriptions');

    await paid.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Cancel Subscription' })
      .click();
    await expect(toast(page)).toContainText('Subscription Cancelled');
    await expect(paid.getByText(/^Cancels on [A-Z][a-z]+ \d+, \d{4}$/)).toBeVisible();
    const details = await getJson<Record<string, { cancelAtPeriodEnd: boolean }>>(
      request,
      token,
      '/api/billing/subscription-details',
    );
    expect(details[productId]!.cancelAtPeriodEnd).toBe(true);
  });
});
