import { expect, newAccount, test, toast } from '../fixtures';
import {
  adminLogIn,
  askQuestion,
  billingShows,
  cancelSubscription,
  createProductInDialog,
  createPromoCodeAsAdmin,
  fillBusinessProfile,
  logOut,
  onboardWithCoupon,
  openDashboard,
  backToDashboard,
  planRoadmap,
  productCard,
  registerFromLanding,
  requestPasswordReset,
  selectPersonas,
  setNewPassword,
  signInWithPassword,
} from '../journey-steps';

/**
 * Whole journeys of a new visitor, step by step as a user takes them, with a
 * screenshot after every step and no console errors (the page fixture).
 */

test.describe('journeys', () => {
  // A product without a business profile answers 404, which the browser logs; the pages read it as "none yet".
  test.use({ allowConsoleErrors: [/status of 404/] });

  test(
    'a new visitor registers and pays, builds a second product, asks its personas, plans a roadmap, sees the bill change and cancels',
    { tag: '@journey' },
    async ({ page, request, shot }) => {
      // Questions are answered by every persona; the journey is long by nature.
      test.setTimeout(120_000);
      const account = newAccount();
      await registerFromLanding(page, account, shot);

      const product = {
        name: 'Harbor Homes',
        description: 'Listings for coastal towns',
        industry: 'Real Estate',
      };
      await createProductInDialog(page, product, shot);
      await openDashboard(page, product.name);
      await shot('dashboard');

      await fillBusinessProfile(page, product.name, shot);
      await backToDashboard(page, product.name);

      const { names, monthlyCost } = await selectPersonas(page, 11, shot);
      await backToDashboard(page, product.name);

      await askQuestion(
        page,
        'Would you pay $5 a month for alerts on new listings in your town?',
        names,
        shot,
      );
      await backToDashboard(page, product.name);

      await planRoadmap(page, shot);

      await billingShows(
        page,
        product.name,
        { personas: '11 personas (1 extra)', monthlyRate: monthlyCost },
        shot,
      );
      // The first product is untouched.
      await expect(productCard(page, account.productName)).toContainText('$25.00/month');

      await cancelSubscription(page, request, product.name, shot);
    },
  );

  test.describe('password reset', () => {
    // The old password is refused once: a 401 the browser logs.
    test.use({ allowConsoleErrors: [/status of 401/] });

    test('a new customer signs up, logs out, resets the password from the logged link and signs in with the new one', async ({
      page,
      shot,
    }) => {
      const account = newAccount();
      await registerFromLanding(page, account, shot);
      await logOut(page);
      await shot('logged-out');

      const link = await requestPasswordReset(page, account.email, shot);
      await setNewPassword(page, link, 'a-brand-new-secret', shot);

      await signInWithPassword(page, account.email, account.password);
      await expect(toast(page)).toContainText('Invalid email or password');
      await shot('old-password-refused');
      await page.getByRole('dialog').getByLabel('Password').fill('a-brand-new-secret');
      await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
      await expect(toast(page)).toContainText('Welcome back!');
      await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
      await shot('signed-in-with-new-password');
    });
  });

  test('an admin creates a promo code that a new visitor uses at onboarding, and their bill shows the discount', async ({
    page,
    shot,
  }) => {
    const code = `HARBOR${Date.now().toString(36).toUpperCase()}`;
    await adminLogIn(page, shot);
    await createPromoCodeAsAdmin(
      page,
      { code, discountPercent: 20, durationMonths: 3, description: 'Harbor launch' },
      shot,
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

    const account = newAccount();
    await onboardWithCoupon(page, account, code, shot);

    // 20% off $25.00: the monthly rate, the spend and the first invoice.
    await page.getByRole('banner').getByRole('link', { name: 'Billing' }).click();
    const card = productCard(page, account.productName);
    await expect(card).toContainText('Active');
    await expect(card).toContainText('$20.00/month');
    await expect(page.getByRole('group', { name: 'Monthly Spend' })).toContainText('$20.00');
    await shot('billing-with-discount');
    await page.getByRole('tab', { name: 'Billing History' }).click();
    const row = page.getByRole('row').filter({ hasText: account.productName });
    await expect(row).toContainText('$20.00');
    await expect(row).toContainText('Paid');
    await shot('invoice-with-discount');
  });
});

test.describe('hostile text', () => {
  test('markup in a product name, description and profile renders as text', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const image = '<img src=x onerror=alert(1)>';
    const script = '<script>alert(2)</script>';
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const { token } = await register();
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post('/api/products', {
      headers,
      data: { name: `Shop ${image}`, description: `About ${script}`, industry: 'Retail' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const profile = await request.post(`/api/products/${id}/business-profile`, {
      headers,
      data: { companyName: `Profile ${image}`, geographicScope: `Everywhere ${script}` },
    });
    expect(profile.status(), await profile.text()).toBe(201);

    await signIn(token, '/products');
    const card = productCard(page, `Shop ${image}`);
    await expect(card).toContainText(`Shop ${image}`);
    await expect(card).toContainText(`About ${script}`);
    await shot('products');

    await card.getByRole('link', { name: 'Manage Product' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Shop ${image}`);
    await expect(page.getByText(`About ${script}`)).toBeVisible();
    await shot('dashboard');

    await page.getByRole('link', { name: /^Business Profile/ }).click();
    await expect(page.getByRole('region', { name: 'Core Product Information' })).toContainText(
      `Profile ${image}`,
    );
    await expect(page.getByRole('region', { name: 'Market Context' })).toContainText(
      `Everywhere ${script}`,
    );
    await shot('profile');

    // Nothing was made an element: no such image, no such script, no dialog.
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(
      await page.locator('script').evaluateAll((nodes) => nodes.map((n) => n.textContent)),
    ).not.toContain('alert(2)');
    expect(dialogs).toEqual([]);
  });
});
