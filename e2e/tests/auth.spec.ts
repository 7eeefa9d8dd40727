import { expect, newAccount, test, toast } from '../fixtures';
import { resetLinkFor } from '../system';

test.describe('registration', () => {
  test('creates an account in two steps, details then payment', async ({ page, shot }) => {
    const account = newAccount();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(toast(page)).toContainText('Missing Information');
    await expect(toast(page)).toContainText('Please fill in all required fields');
    await shot('missing-information');

    await dialog.getByLabel('First name').fill(account.firstName);
    await dialog.getByLabel('Last name').fill(account.lastName);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByLabel('Product name').fill(account.productName);
    await dialog.getByLabel('Product description (optional)').fill('Smart tools for bakeries');
    await dialog.getByLabel('Industry (optional)').selectOption({ label: 'Retail' });
    await shot('details');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(dialog.getByLabel('Card number')).toBeVisible();
    await expect(dialog.getByLabel('Cardholder name')).toHaveValue(
      `${account.firstName} ${account.lastName}`,
    );
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('Product name')).toHaveValue(account.productName);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

    // A real (non-test) card number is refused in Stripe's test-mode words.
    await dialog.getByLabel('Card number').fill('4111 1111 1111 1111');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/40');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page)).toContainText(
      'Your card was declined. Your request was in test mode, but used a non test card.',
    );
    await shot('payment-refused');

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await shot('payment');
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    await expect(toast(page)).toContainText('Welcome!');
    await expect(dialog).toBeHidden();
    const bar = page.getByRole('banner');
    await expect(bar.getByText(account.email)).toBeVisible();
    // Initials from the first and last name given at sign-up.
    await expect(
      bar.getByText(`${account.firstName[0]}${account.lastName[0]}`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await shot('signed-in');

    const events = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
    expect(events).toEqual(
      expect.arrayContaining(['sign_up', 'product_created', 'purchase', 'conversion']),
    );
  });
});

test.describe('registration with a declined card', () => {
  test('keeps the account, says the card was declined and opens the payment page', async ({
    page,
    shot,
  }) => {
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
    // Stripe's "charge declined" test card: the card is valid, the charge is refused.
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByLabel('Expiry (MM/YY)').fill('11/39');
    await dialog.getByLabel('CVC').fill('321');
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    // The provider's words, and straight to where the product can be paid.
    await expect(toast(page)).toContainText('Payment Failed');
    await expect(toast(page)).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/subscribe\?productId=[0-9a-f-]+$/);
    await expect(page.getByText(account.productName).first()).toBeVisible();
    await expect(page.getByRole('banner').getByText(account.email)).toBeVisible();
    await shot('declined-card-subscribe');
    const events = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
    expect(events).not.toContain('purchase');
  });
});

test.describe('registration with a taken e-mail', () => {
  test.use({ allowConsoleErrors: [/status of 409/] });

  test('is refused with the server message', async ({ page, register }) => {
    const { account } = await register();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Other');
    await dialog.getByLabel('Last name').fill('Person');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill('another-password');
    await dialog.getByLabel('Product name').fill('Another product');
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await dialog.getByLabel('Card number').fill('4242424242424242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('0939');
    await dialog.getByLabel('CVC').fill('424');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page)).toContainText('Registration failed');
    await expect(toast(page)).toContainText('An account with this email already exists');
    await expect(dialog).toBeVisible();
  });
});

test.describe('sign in and sign out', () => {
  test.use({ allowConsoleErrors: [/status of 401/] });

  test('signs in, shows the top bar, and logs out to the landing page', async ({
    page,
    register,
    shot,
  }) => {
    const { account } = await register();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');

    await dialog.getByRole('button', { name: 'Sign In' }).click();
    // Each field says what it misses, once, beside it.
    await expect(dialog.getByRole('alert')).toHaveText([
      'Enter your e-mail address',
      'Enter your password',
    ]);

    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page)).toContainText('Login failed');
    await expect(toast(page)).toContainText('Invalid email or password');
    await shot('wrong-password');

    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page)).toContainText('Welcome back!');
    await expect(toast(page)).toContainText("You've successfully logged in.");
    await expect(page.getByRole('banner').getByText(account.email)).toBeVisible();
    await shot('signed-in');

    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(toast(page)).toContainText('Logged out successfully');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await shot('signed-out');
  });
});

test.describe('password reset', () => {
  test('sends a reset link, sets a new password with it, and signs in with the new one', async ({
    page,
    register,
    shot,
  }) => {
    const { account } = await register();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(dialog.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page)).toContainText('Reset link sent!');
    await expect(dialog.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await shot('check-your-email');
    await dialog.getByRole('button', { name: 'Back to Sign In' }).click();
    await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();

    // The system logs the link when no SMTP server is configured; read it as a developer would.
    await expect.poll(() => resetLinkFor(account.email)).toBeTruthy();
    const link = new URL(resetLinkFor(account.email)!);
    await page.goto(`/reset-password${link.search}`);
    await expect(page.getByText('Set New Password')).toBeVisible();
    await shot('set-new-password');

    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm new password').fill('something-else');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page)).toContainText("Passwords don't match");
    await expect(toast(page)).toContainText('Please make sure both password fields match.');

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page)).toContainText('Password too short');
    await expect(toast(page)).toContainText('Password must be at least 6 characters long.');

    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm new password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password Reset Complete')).toBeVisible();
    await shot('complete');

    await page.getByRole('button', { name: 'Continue to Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill('brand-new-secret');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page)).toContainText('Welcome back!');
  });

  test('a used or unknown link shows Invalid Reset Link', async ({ page, shot }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByText('Invalid Reset Link')).toBeVisible();
    await shot('invalid-link');
    await page.getByRole('button', { name: 'Return to Homepage' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hear from your customers');
  });
});
