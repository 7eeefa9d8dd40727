import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Account, expect, newAccount, test, toast } from '../fixtures';

interface Product {
  id: string;
  name: string;
  industry: string | null;
  subscriptionStatus: string;
  billingCycle: string;
}

function auth(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function products(request: APIRequestContext, token: string): Promise<Product[]> {
  const response = await request.get('/api/products', auth(token));
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Product[];
}

async function productNamed(request: APIRequestContext, token: string, name: string) {
  const found = (await products(request, token)).find((product) => product.name === name);
  expect(found, `product ${name}`).toBeDefined();
  return found!;
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

/** Types a card into the local test-mode card form. */
async function enterCard(scope: Locator | Page, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry (MM/YY)').fill('12/34');
  await scope.getByLabel('CVC').fill('123');
}

test.describe('create-product dialog', () => {
  // The declined card's refusal is a 400 the browser logs.
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('details, plan, a declined card then a good one, welcome, and the dialog closes', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    await signIn(token, '/products');
    await page.getByRole('button', { name: 'Create Product' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Product' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Product name is required')).toBeVisible();
    await expect(dialog.getByText('Industry is required')).toBeVisible();
    await shot('details-required');

    const industry = dialog.getByLabel('Industry');
    await expect(industry.locator('option')).toHaveText([
      'Select an industry',
      'Technology',
      'Healthcare',
      'Finance',
      'E-commerce',
      'Education',
      'Real Estate',
      'Manufacturing',
      'Consulting',
      'Retail',
      'Other',
    ]);
    await dialog.getByLabel('Product name').fill('Harbor Homes');
    await dialog.getByLabel('Description (optional)').fill('Listings for coastal towns');
    await industry.selectOption('Real Estate');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // Step 2, and Back keeps what was entered.
    await expect(dialog.getByRole('radio', { name: /Monthly/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('Product name')).toHaveValue('Harbor Homes');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Annual').click();
    await expect(dialog.getByRole('radio', { name: /Annual/ })).toBeChecked();
    await expect(dialog).toContainText('Save 10%');
    await shot('plan');
    await dialog.getByRole('button', { name: 'Create Product' }).click();

    // Step 3: a declined card shows the provider's message and keeps the card entered.
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Pay $270/year' })).toBeEnabled();
    await enterCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Pay $270/year' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(toast(page)).toContainText('Payment Failed');
    await expect(dialog.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(dialog.getByLabel('CVC')).toHaveValue('123');
    await shot('declined');
    expect((await productNamed(request, token, 'Harbor Homes')).subscriptionStatus).toBe(
      'inactive',
    );

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay $270/year' }).click();
    await expect(dialog.getByText('Welcome to Harbor Homes!')).toBeVisible();
    await shot('welcome');
    // Two seconds later the dialog closes by itself.
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    const created = await productNamed(request, token, 'Harbor Homes');
    expect(created).toMatchObject({
      industry: 'real estate',
      subscriptionStatus: 'active',
      billingCycle: 'annual',
    });

    // Opened again, it starts empty.
    await page.getByRole('button', { name: 'Create Product' }).first().click();
    await expect(dialog.getByLabel('Product name')).toHaveValue('');
  });
});

test.describe('create-product page', () => {
  test('has its own industries, pays, and offers the list or another product', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    await signIn(token, '/create-product');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create New Product');
    await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
      'href',
      '/products',
    );
    const industry = page.getByLabel('Industry');
    await expect(industry.locator('option')).toHaveText([
      'Select an industry',
      'Technology',
      'Healthcare',
      'Finance',
      'Education',
      'Real Estate',
      'Manufacturing',
      'Consulting',
      'Retail',
      'Food & Beverage',
      'Entertainment',
      'Transportation',
      'Non-Profit',
      'Other',
    ]);

    await page.getByLabel('Product name').fill('Corner Bakery');
    await industry.selectOption('Food & Beverage');
    await shot('details');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Create Product' }).click();
    await enterCard(page, '4242 4242 4242 4242');
    await shot('payment');
    await page.getByRole('button', { name: 'Pay $25/month' }).click();

    await expect(page.getByText('Welcome to Corner Bakery!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Products' })).toHaveAttribute(
      'href',
      '/products',
    );
    await shot('done');
    expect(await productNamed(request, token, 'Corner Bakery')).toMatchObject({
      industry: 'food & beverage',
      subscriptionStatus: 'active',
      billingCycle: 'monthly',
    });

    await page.getByRole('button', { name: 'Create Another Product' }).click();
    await expect(page.getByLabel('Product name')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  });
});

test.describe('onboarding', () => {
  test('a new visitor creates an account, pays and lands on the dashboard', async ({
    page,
    request,
    shot,
  }) => {
    const account = newAccount();
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Chorus');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Product name is required')).toBeVisible();
    await expect(page.getByText('Industry is required')).toBeVisible();
    await shot('account-required');

    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByLabel('Product name').fill(account.productName);
    await page.getByLabel('Industry').selectOption('Consulting');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Please select a billing plan')).toBeVisible();
    await page.getByText('Monthly').click();
    await shot('plan');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    // Registered on the way to payment: the visitor is signed in with an unpaid product.
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $25/month' })).toBeEnabled();
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const [product] = await products(request, token!);
    expect(product).toMatchObject({
      name: account.productName,
      industry: 'consulting',
      subscriptionStatus: 'inactive',
    });

    await enterCard(page, '4242 4242 4242 4242');
    await shot('payment');
    await page.getByRole('button', { name: 'Pay $25/month' }).click();
    await expect(page.getByText(`Welcome to ${account.productName}!`)).toBeVisible();
    await shot('welcome');
    await expect(page).toHaveURL(`/products/${product!.id}/dashboard`, { timeout: 6_000 });
    expect((await products(request, token!))[0]!.subscriptionStatus).toBe('active');
  });

  test("the provider's return address opens the welcome step", async ({
    page,
    register,
    request,
    signIn,
  }) => {
    const { token } = await register();
    const [product] = await products(request, token);
    await signIn(token, `/onboarding?success=true&productId=${product!.id}`);
    await expect(page.getByText('Taking you to your dashboard in a moment...')).toBeVisible();
    await expect(page).toHaveURL(`/products/${product!.id}/dashboard`, { timeout: 6_000 });
  });
});

test.describe('onboarding failures', () => {
  // The refused coupon is a 400 the browser logs.
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('an unknown coupon is refused before anything is created, and on the payment step sends the wizard back to the plan', async ({
    page,
    request,
    shot,
  }) => {
    const account = newAccount();
    await page.goto('/onboarding');
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByLabel('Product name').fill(account.productName);
    await page.getByLabel('Industry').selectOption('Retail');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Monthly').click();

    // Registration checks the coupon first: no account is created.
    await page.getByLabel('Coupon code (optional)').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(toast(page)).toContainText('Registration Failed');
    await expect(toast(page)).toContainText('This promo code does not exist.');
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await shot('coupon-refused');

    await page.getByLabel('Coupon code (optional)').fill('');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('button', { name: 'Pay $25/month' })).toBeEnabled();

    // Choosing another plan on the payment step asks for payment setup again.
    const setupAgain = page.waitForRequest(
      (sent) => sent.method() === 'POST' && sent.url().endsWith('/setup-payment'),
    );
    await page.getByText('Annual').click();
    await setupAgain;
    await expect(page.getByRole('button', { name: 'Pay $270/year' })).toBeEnabled();

    // A coupon entered on the payment step is checked with a new setup; refused, back to the plan.
    await page.getByLabel('Coupon code (optional)').fill('STILL-NO-CODE');
    await page.getByLabel('Coupon code (optional)').blur();
    await expect(toast(page)).toContainText('Payment Setup Failed');
    await expect(toast(page)).toContainText('This promo code does not exist.');
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();
    await shot('setup-failed');

    await page.getByLabel('Coupon code (optional)').fill('');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $270/year' }).click();
    await expect(page.getByText(`Welcome to ${account.productName}!`)).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(await products(request, token!)).toMatchObject([
      { name: account.productName, subscriptionStatus: 'active' },
    ]);
  });
});

test.describe('subscribe page', () => {
  test('pays for an unpaid product, syncs, and goes to the product', async ({
    page,
    request,
    signIn,
    shot,
  }) => {
    const { account, token } = await registerUnpaid(request);
    const product = await productNamed(request, token, account.productName);
    expect(product.subscriptionStatus).toBe('inactive');

    await signIn(token, `/subscribe?productId=${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete Payment');
    await expect(page.getByText(`${account.productName} · Monthly plan`)).toBeVisible();
    await enterCard(page, '4242 4242 4242 4242');
    await shot('payment');
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await shot('paid');
    await expect(page).toHaveURL(`/products/${product.id}`, { timeout: 5_000 });
    expect((await productNamed(request, token, account.productName)).subscriptionStatus).toBe(
      'active',
    );
  });

  test('without a product says so, with a way back', async ({ page, register, signIn, shot }) => {
    const { token } = await register();
    await signIn(token, '/subscribe');
    await expect(page.getByRole('heading', { name: 'No product selected' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await shot('no-product');
  });
});
