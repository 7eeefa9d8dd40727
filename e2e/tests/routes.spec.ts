import { expect, test } from '../fixtures';

test.describe('routes', () => {
  test('signed out, unknown paths and app paths show the landing page; /admin has its own screen', async ({
    page,
    shot,
  }) => {
    for (const path of ['/no/such/page', '/products', '/billing', '/about']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        'Hear from your customers',
      );
    }
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await shot('admin-signed-out');
  });

  test.describe('signed in', () => {
    // Pages of product p-1, which this user does not own, read 404 answers (logged by the browser).
    test.use({ allowConsoleErrors: [/status of 404/] });

    test('each path reaches its microfrontend and unknown paths the product list', async ({
      page,
      register,
      signIn,
      shot,
    }) => {
      const { token } = await register();
      await signIn(token, '/');
      await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();

      const pages: [string, string][] = [
        ['/no/such/page', 'My Products'],
        ['/companies', 'My Products'],
        // p-1 is no product of this user.
        ['/companies/p-1/questions', 'Product not found'],
        ['/products/p-1/personas', 'Product not found'],
        ['/products/p-1/roadmap/r-1', 'Roadmaps'],
        ['/products/p-1/roadmap/r-1/edit', 'Roadmaps'],
        ['/products/p-1/roadmaps', 'Roadmaps'],
        ['/subscription-plans', 'Subscription Plans'],
        ['/billing', 'Subscription & Billing'],
      ];
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      }
      await shot('billing');

      await page.goto('/landing');
      const header = page.locator('header');
      await expect(header.getByRole('button', { name: 'Go to Dashboard' })).toBeVisible();
      await header.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menuitem')).toHaveText([
        'My Companies',
        'Company Info',
        'Log out',
      ]);
      await shot('landing-signed-in');
      await page.keyboard.press('Escape');
      await header.getByRole('button', { name: 'Go to Dashboard' }).click();
      await expect(page).toHaveURL(/\/companies$/);
      await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    });
  });

  test('switching pages in the browser sends a page view for each', async ({
    page,
    register,
    signIn,
  }) => {
    const { token } = await register();
    await signIn(token, '/products');
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Billing' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription & Billing');
    const views = await page.evaluate(() =>
      (window.dataLayer ?? [])
        .filter((entry) => entry.event === 'page_view')
        .map((entry) => entry.page_path),
    );
    expect(views).toEqual(['/products', '/billing']);
  });
});
