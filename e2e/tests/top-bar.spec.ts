import { expect, newAccount, test } from '../fixtures';
import { ADMIN_EMAIL, withServiceDatabase } from '../system';

test.describe('signed-in top bar', () => {
  test('a customer: navigation, highlight, initials, e-mail and the account menu', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { account, token } = await register(
      newAccount({ email: `morgan.${Date.now()}@example.com` }),
    );
    const products = await request.get('/api/products', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [product] = (await products.json()) as { id: string }[];
    await signIn(token, `/products/${product!.id}/dashboard`);
    const bar = page.getByRole('banner');
    const nav = bar.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Products', 'Roadmaps', 'Billing']);
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The person's own name and its initials, not the e-mail's local part.
    await expect(bar.getByText('JR', { exact: true })).toBeVisible();
    await expect(
      bar.getByText(`${account.firstName} ${account.lastName}`, { exact: true }),
    ).toBeVisible();
    await expect(bar.getByText(account.email.split('@')[0]!, { exact: true })).toHaveCount(0);
    await expect(bar.getByText(account.email, { exact: true })).toBeVisible();
    await expect(bar.getByText('Friend')).toHaveCount(0);
    await shot('customer');

    await nav.getByRole('link', { name: 'Roadmaps' }).click();
    await expect(page).toHaveURL(/\/roadmap$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Roadmaps' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');

    await page.getByTestId('account-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Account',
      'My Products',
      'Subscription & Billing',
      'Log out',
    ]);
    await shot('account-menu');
    await menu.getByRole('menuitem', { name: 'Subscription & Billing' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('View current subscription details');
    await expect(confirm).toContainText('Cancel subscriptions if needed');
    await shot('billing-confirmation');
    await confirm.getByRole('button', { name: 'Continue to Billing' }).click();
    await expect(page).toHaveURL(/\/subscription\/cancel$/);
    // The page the confirmation described: the subscriptions, not a cancelled checkout.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Subscriptions');
    await expect(page.getByRole('article', { name: account.productName })).toContainText('Active');
    await expect(
      page.getByRole('article', { name: account.productName }).getByRole('button', {
        name: 'Cancel Subscription',
      }),
    ).toBeVisible();
    await expect(page.getByText('you have not been charged')).toHaveCount(0);
    await shot('manage-subscriptions');

    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const accountDialog = page.getByRole('dialog');
    await expect(accountDialog.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
    await shot('account-dialog');
    await accountDialog.getByRole('button', { name: 'My Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();

    await bar.getByRole('button', { name: 'Chorus home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the administrator e-mail also sees Admin', async ({ page, register, signIn, shot }) => {
    const { token } = await register(newAccount({ email: ADMIN_EMAIL }));
    await signIn(token, '/products');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Products', 'Roadmaps', 'Billing', 'Admin']);
    await shot('administrator');
    await nav.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('form', { name: 'Admin login' })).toBeVisible();
  });

  test('a friend of ours gets the green badge', async ({ page, register, signIn, shot }) => {
    const { account, token } = await register();
    await withServiceDatabase('identity', (db) =>
      db.query('UPDATE users SET friend_of_ours = true WHERE email = $1', [account.email]),
    );
    await signIn(token, '/products');
    await expect(page.getByRole('banner').getByText('Friend')).toBeVisible();
    await shot('friend');
  });

  test('on a phone the navigation folds into a menu and a long name never widens the page', async ({
    page,
    register,
    signIn,
    shot,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { token } = await register(
      newAccount({
        firstName: 'Maximiliana-Alexandrina',
        lastName: 'Featherstonehaugh-Wolfeschlegel',
      }),
    );
    await signIn(token, '/products');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(bar.getByText('MF', { exact: true })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await bar.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Products', 'Roadmaps', 'Billing']);
    await shot('phone-menu');
    await menu.getByRole('menuitem', { name: 'Roadmaps' }).click();
    await expect(page).toHaveURL(/\/roadmap$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Roadmaps' })).toBeVisible();
  });
});
