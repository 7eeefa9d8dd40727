import type { APIRequestContext, Page } from '@playwright/test';
import { type Account, expect, newAccount, statCard, test } from '../fixtures';
import { ageProduct } from '../system';

/*
 * What a customer is told about money, tried as they would: an unpaid product
 * says so on every page and leads to paying, and the plans page knows which
 * product a plan is for. (Declined cards at registration, cancellations and
 * YAML import are in auth, billing and roadmaps.)
 */

function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function postJson<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(path, { headers: auth(token), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** An account whose first product was never paid for (registered without a card). */
async function registerUnpaid(request: APIRequestContext, account: Account = newAccount()) {
  const response = await request.post('/api/auth/register', {
    data: { ...account, billingCycle: 'monthly' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token, product } = (await response.json()) as { token: string; product: { id: string } };
  // Past the minute or two a new product's payment may still be settling.
  await ageProduct(product.id);
  return { account, token, productId: product.id };
}

function banner(page: Page) {
  return page.getByRole('region', { name: 'Payment required' });
}

test.describe('an unpaid product', () => {
  test('says read only on each of its pages, with Complete payment to its subscribe page', async ({
    page,
    request,
    signIn,
    shot,
  }) => {
    const { account, token, productId } = await registerUnpaid(request);
    const payHref = `/subscribe?productId=${productId}`;

    await signIn(token, `/products/${productId}/dashboard`);
    await expect(banner(page)).toContainText('read only until its subscription is paid');
    await expect(banner(page).getByRole('link', { name: 'Complete payment' })).toHaveAttribute(
      'href',
      payHref,
    );
    await expect(statCard(page, 'Access Level')).toContainText('Read only');
    await expect(statCard(page, 'Access Level')).not.toContainText('FREE');
    await expect(statCard(page, 'Status')).toContainText('Inactive');
    await shot('unpaid-dashboard');

    // The same word on My Products and on the billing page.
    await page.goto('/products');
    await expect(page.getByRole('article', { name: account.productName })).toContainText(
      'Inactive',
    );
    await page.goto('/billing');
    const billingCard = page.getByRole('article', { name: account.productName });
    await expect(billingCard).toContainText('Inactive');
    await expect(billingCard).not.toContainText('Unknown');

    // Questions: readable, but asking waits for payment.
    await page.goto(`/products/${productId}/questions`);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ask Question' })).toBeDisabled();
    await expect(page.getByText('Complete payment to ask questions.')).toBeVisible();
    await shot('unpaid-questions');

    // Personas: none can be selected until paid.
    await page.goto(`/products/${productId}/personas`);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Select / }).first()).toBeDisabled();

    // Roadmaps: planning stays open, importing and asking personas wait.
    await postJson(request, token, `/api/products/${productId}/roadmaps`, { name: 'Plan' });
    await page.goto(`/products/${productId}/roadmaps`);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import YAML' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add Item' })).toBeEnabled();

    // The server says the same, in words that say how to pay.
    const refused = await request.post(`/api/products/${productId}/questions`, {
      headers: auth(token),
      data: { questionText: 'Would you pay for this every month?' },
    });
    expect(refused.status()).toBe(402);
    expect(((await refused.json()) as { message: string }).message).toContain('Complete payment');

    // Complete payment leads to the product's payment page, which makes it fully usable.
    await page.goto(`/products/${productId}/dashboard`);
    await banner(page).getByRole('link', { name: 'Complete payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/subscribe\\?productId=${productId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete Payment');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await expect(page).toHaveURL(`/products/${productId}`, { timeout: 10_000 });
    await page.goto(`/products/${productId}/dashboard`);
    await expect(async () => {
      await page.reload();
      await expect(statCard(page, 'Access Level')).toContainText('Full access', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(banner(page)).toHaveCount(0);
    await shot('paid-dashboard');
  });
});

test.describe('the plans page', () => {
  test('asks which product the plan is for, and says why checkout cannot start', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    // Only a paid product: nothing to check out, and the page says why.
    await signIn(token, '/subscription-plans');
    const checkout = page.getByRole('button', { name: 'Continue to Checkout' });
    await expect(checkout).toBeDisabled();
    await expect(page.getByText('Every product you have is already paid for.')).toBeVisible();
    await shot('plans-nothing-to-pay');

    // Two unpaid products: the customer picks; ?productId= picks for them.
    const first = await postJson<{ id: string }>(request, token, '/api/products', {
      name: 'Atlas',
      industry: 'Retail',
    });
    await postJson<{ id: string }>(request, token, '/api/products', {
      name: 'Beacon',
      industry: 'Retail',
    });
    await page.goto('/subscription-plans');
    const picker = page.getByLabel('Product');
    await expect(picker.getByRole('option')).toHaveText(['Choose a product', 'Atlas', 'Beacon']);
    await expect(checkout).toBeDisabled();
    await expect(page.getByText('Choose the product this plan is for.')).toBeVisible();
    await picker.selectOption({ label: 'Beacon' });
    await expect(checkout).toBeEnabled();
    await shot('plans-product-picked');

    await page.goto(`/subscription-plans?productId=${first.id}`);
    await expect(picker).toHaveValue(first.id);
    await checkout.click();
    await expect(page).toHaveURL(/\/api\/billing\/checkout\/local\//);
    await expect(page.getByText('Atlas').first()).toBeVisible();
  });
});
