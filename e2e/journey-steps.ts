import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type Account, dismissToast, expect, toast } from './fixtures';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, resetLinkFor, systemInfo } from './system';

/**
 * Steps of the end-to-end journeys, written as a user takes them: each finds
 * its way by what is on screen and checks what the user sees afterwards.
 */

/** Takes a screenshot of the page, named after the step. */
export type Shot = (step: string) => Promise<void>;

/** How the billing pages write a date: "December 21, 2026". */
export const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export function productCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

function mainNav(page: Page): Locator {
  return page.getByRole('banner').getByRole('navigation', { name: 'Main' });
}

/** Types a card into the local test-mode card form. */
export async function enterCard(scope: Locator | Page, number: string): Promise<void> {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry (MM/YY)').fill('12/34');
  await scope.getByLabel('CVC').fill('123');
}

/** The landing page's Get Started: details, then payment with the card, then My Products. */
export async function registerFromLanding(page: Page, account: Account, shot: Shot) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hear from your customers');
  await shot('landing');
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await dialog.getByLabel('First name').fill(account.firstName);
  await dialog.getByLabel('Last name').fill(account.lastName);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByLabel('Product name').fill(account.productName);
  await shot('register-details');
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await enterCard(dialog, '4242 4242 4242 4242');
  await shot('register-payment');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page)).toContainText('Welcome!');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Account menu' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
  await expect(productCard(page, account.productName)).toContainText('Active');
  await shot('my-products');
}

export interface NewProduct {
  name: string;
  description: string;
  /** One of the dialog's industries, as shown. */
  industry: string;
}

/** My Products' Create Product dialog on the monthly plan, paid with the test card. */
export async function createProductInDialog(page: Page, product: NewProduct, shot: Shot) {
  await page.getByRole('button', { name: 'Create Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Product' });
  await dialog.getByLabel('Product name').fill(product.name);
  await dialog.getByLabel('Description (optional)').fill(product.description);
  await dialog.getByLabel('Industry').selectOption(product.industry);
  await shot('create-product-details');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('radio', { name: /Monthly/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await enterCard(dialog, '4242 4242 4242 4242');
  await shot('create-product-payment');
  await dialog.getByRole('button', { name: 'Pay $25/month' }).click();
  await expect(dialog.getByText(`Welcome to ${product.name}!`)).toBeVisible();
  await shot('create-product-welcome');
  // The dialog closes by itself two seconds later.
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  // Catalog hears of the payment through billing's event; a reload shows it once it has.
  const card = productCard(page, product.name);
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText('Active', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card).toContainText('$25.00/month');
  await shot('two-products');
}

/** From My Products to the product's dashboard; answers the product's id from the address. */
export async function openDashboard(page: Page, productName: string): Promise<string> {
  await productCard(page, productName).getByRole('link', { name: 'Manage Product' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
  const match = /\/products\/([^/]+)\/dashboard$/.exec(new URL(page.url()).pathname);
  expect(match, 'the dashboard address names the product').not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/** Back from a product page to its dashboard, by its back link (the product's name, or so said). */
export async function backToDashboard(page: Page, productName: string) {
  await page
    .getByRole('main')
    .getByRole('link', { name: productName, exact: true })
    .or(page.getByRole('link', { name: 'Back to dashboard' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
}

/** Dashboard -> Business Profile: create it, watch the completion move, save, read it back. */
export async function fillBusinessProfile(page: Page, productName: string, shot: Shot) {
  await page.getByRole('link', { name: /^Business Profile/ }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Product Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Profile' }).click();
  const completion = page.getByTestId('profile-completion');
  await expect(completion).toHaveText('0%');
  await page.getByLabel('Product Name', { exact: true }).fill(productName);
  await expect(completion).toHaveText('2%');
  await page.getByLabel('Years in Operation', { exact: true }).fill('7');
  await expect(completion).toHaveText('4%');
  await page.getByRole('tab', { name: 'Market' }).click();
  await page.getByLabel('Geographic Scope', { exact: true }).fill('Coastal towns of Portugal');
  await expect(completion).toHaveText('6%');
  await shot('profile-form');
  await page.getByRole('button', { name: 'Save Business Profile' }).click();
  await expect(toast(page)).toContainText('Business profile saved');
  await expect(page.getByRole('region', { name: 'Core Product Information' })).toContainText(
    productName,
  );
  await expect(page.getByRole('region', { name: 'Market Context' })).toContainText(
    'Geographic ScopeCoastal towns of Portugal',
  );
  await expect(page.getByRole('main').getByText('6% complete', { exact: true })).toBeVisible();
  await shot('profile-saved');
}

/**
 * Dashboard -> Personas: selects the library's first personas one by one
 * until `count` (past the ten included), accepting the cost confirmation
 * each extra one brings. Answers the names selected.
 */
export async function selectPersonas(
  page: Page,
  count: number,
  shot: Shot,
): Promise<{ names: string[]; monthlyCost: string }> {
  await page.getByRole('link', { name: /^Personas/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personas');
  const selectedCount = page.getByTestId('selected-count');
  const names: string[] = [];
  for (let n = 1; n <= count; n++) {
    const select = page.getByRole('button', { name: /^Select / }).first();
    const label = await select.getAttribute('aria-label');
    expect(label).toBeTruthy();
    names.push(label!.replace(/^Select /, ''));
    await select.click();
    if (n > 10) {
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Add an extra persona?');
      await expect(confirm).toContainText('Changes apply from your next billing cycle.');
      if (n === 11) {
        await expect(confirm.getByRole('definition').nth(3)).toHaveText('$25.00$27.00/month');
        await shot('persona-cost-confirmation');
      }
      await confirm.getByRole('button', { name: 'Add Persona' }).click();
    }
    await expect(selectedCount).toHaveText(`${n} persona${n === 1 ? '' : 's'} selected`);
  }
  const monthlyCost = `$${(25 + 2 * Math.max(0, count - 10)).toFixed(2)}/month`;
  await expect(page.getByTestId('monthly-cost')).toHaveText(monthlyCost);
  await expect(page.getByText(`${count - 10} extra at $2.00/month each`)).toBeVisible();
  await shot('personas-selected');
  return { names, monthlyCost };
}

/** Dashboard -> Questions: asks one, waits for it to complete and reads every persona's answer. */
export async function askQuestion(page: Page, text: string, personas: string[], shot: Shot) {
  await page.getByRole('link', { name: /^Questions/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Strategic Questions');
  await expect(page.getByLabel('Selected personas')).toContainText(
    `+${personas.length - 3} more ${personas.length - 3 === 1 ? 'persona' : 'personas'}`,
  );
  await page.getByLabel('Your question').fill(text);
  await shot('question-asked');
  await page.getByRole('button', { name: 'Ask Question' }).click();
  const card = page.getByRole('article', { name: text });
  await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('figure', { name: 'Aggregated results' })).toBeVisible();
  await expect(card).toContainText('Key insight:');
  for (const name of personas) {
    const answer = card.getByRole('article', { name });
    await expect(answer).toContainText('Reasoning:');
    await expect(answer).toContainText(/Likelihood of this view\s*\d{1,3}%/);
  }
  await expect(card.getByRole('article')).toHaveCount(personas.length);
  await card.getByRole('figure', { name: 'Aggregated results' }).scrollIntoViewIfNeeded();
  await shot('question-answered');
}

function itemCard(page: Page, title: string): Locator {
  return page.getByRole('region', { name: 'Roadmap items' }).getByRole('article', { name: title });
}

/**
 * Dashboard -> Create Roadmap: a roadmap, one item added by hand, a YAML
 * import with one bad item (listed, the others imported), and a card moved
 * on the kanban board.
 */
export async function planRoadmap(page: Page, shot: Shot) {
  const roadmaps = page.getByRole('region', { name: 'Roadmaps' });
  await roadmaps.getByRole('link', { name: 'Create Roadmap' }).click();
  const create = page.getByRole('dialog', { name: 'Create Roadmap' });
  await create.getByLabel('Roadmap Name').fill('Launch Plan');
  await create.getByLabel('Description').fill('What ships this year');
  await create.getByLabel('Timeline Type').selectOption('quarterly');
  await create.getByLabel('Start Date').fill('2027-01-01');
  await create.getByLabel('End Date').fill('2027-12-31');
  await shot('roadmap-create');
  await create.getByRole('button', { name: 'Create Roadmap' }).click();
  await expect(toast(page)).toContainText('Roadmap Created');
  const details = page.getByRole('region', { name: 'Roadmap details' });
  await expect(details.getByRole('heading', { name: 'Launch Plan' })).toBeVisible();
  await dismissToast(page);

  await page.getByRole('button', { name: 'Add First Item' }).click();
  const add = page.getByRole('dialog', { name: 'Add Roadmap Item' });
  await add.getByLabel('Title').fill('Listing search');
  await add.getByLabel('Priority').selectOption('P1');
  await add.getByLabel('Status').selectOption('planned');
  await add.getByLabel('Start Date').fill('2027-01-11');
  await add.getByLabel('End Date').fill('2027-03-26');
  await add.getByRole('button', { name: 'Add Item' }).click();
  await expect(toast(page)).toContainText('Item Added');
  await expect(itemCard(page, 'Listing search')).toContainText('Planned');
  await dismissToast(page);

  await details.getByRole('button', { name: 'Import YAML' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import YAML' });
  const yaml = [
    'roadmap_items:',
    '  - title: Saved searches',
    '    priority: high',
    '    status: planned',
    '    start_date: 2027-04-05',
    '    end_date: 2027-06-25',
    '  - title: Price alerts',
    '    priority: medium',
    '    start_date: 2027-07-05',
    '  - description: an item without a title',
    '  - title: Agent chat',
    '    priority: low',
    '',
  ].join('\n');
  await importDialog.getByLabel('YAML file').setInputFiles({
    name: 'launch-plan.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(yaml),
  });
  await expect(importDialog.getByRole('alert', { name: 'Validation errors' })).toContainText(
    "Item 3: 'title' field is required.",
  );
  const importButton = importDialog.getByRole('button', { name: 'Import 3 Items' });
  // Nothing is imported while the document has errors; without the bad item it goes through.
  await expect(importButton).toBeDisabled();
  await shot('roadmap-import');
  await importDialog
    .getByLabel('YAML Content')
    .fill(yaml.replace('  - description: an item without a title\n', ''));
  await importButton.click();
  await expect(toast(page)).toContainText('Successfully imported 3 of 3 items');
  await expect(
    page.getByRole('region', { name: 'Roadmap items' }).getByRole('article'),
  ).toHaveCount(4);
  await expect(itemCard(page, 'Saved searches')).toContainText('P1 High');
  await shot('roadmap-timeline');

  await page.getByRole('tab', { name: 'Kanban Board' }).click();
  const planned = page.getByTestId('kanban-column-planned');
  const inProgress = page.getByTestId('kanban-column-in_progress');
  // Every item but the one started is planned (an import's default).
  await expect(planned.getByRole('article')).toHaveCount(4);
  await expect(planned.getByRole('article', { name: 'Listing search' })).toBeVisible();
  // Dropped near the column's top: its middle is below the fold, and scrolling
  // there after the press would start the drag from whichever card then sits under it.
  await planned
    .getByRole('article', { name: 'Listing search' })
    .dragTo(inProgress, { targetPosition: { x: 100, y: 80 } });
  await expect(toast(page)).toContainText('Item Updated');
  await expect(inProgress.getByRole('article', { name: 'Listing search' })).toBeVisible();
  await shot('roadmap-kanban');
  // The move is kept by the server.
  await page.reload();
  await page.getByRole('tab', { name: 'Kanban Board' }).click();
  await expect(inProgress.getByRole('article', { name: 'Listing search' })).toBeVisible();
}

/** The top bar's Billing: the product's card shows its personas and monthly rate. */
export async function billingShows(
  page: Page,
  productName: string,
  expected: { personas: string; monthlyRate: string },
  shot: Shot,
) {
  await mainNav(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription & Billing');
  const card = productCard(page, productName);
  // Billing hears of persona changes through an event; a reload shows them once it has.
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText(expected.personas, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card).toContainText(expected.monthlyRate);
  await shot('billing');
}

/** On /billing: cancels the product's subscription, which stays active until the period end. */
export async function cancelSubscription(
  page: Page,
  request: APIRequestContext,
  productName: string,
  shot: Shot,
) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const response = await request.get('/api/billing/subscription-details', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const details = Object.values(
    (await response.json()) as Record<string, { productName: string; currentPeriodEnd: string }>,
  ).find((subscription) => subscription.productName === productName);
  expect(details, `the subscription of ${productName}`).toBeDefined();
  const periodEnd = longDate.format(new Date(details!.currentPeriodEnd));

  const card = productCard(page, productName);
  await card.getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Cancel subscription for ${productName}?`);
  await expect(confirm).toContainText(periodEnd);
  await shot('cancel-confirmation');
  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(toast(page)).toContainText('Subscription Cancelled');
  await expect(toast(page)).toContainText(`You keep access until ${periodEnd}`);
  await expect(card).toContainText(
    `Cancels on ${periodEnd}. You keep full access until then and will not be charged again.`,
  );
  await expect(card.getByText(`Cancels on ${periodEnd}`, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await shot('cancelled');
}

/** The account menu's Log out, back on the landing page. */
export async function logOut(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toast(page)).toContainText('Logged out successfully');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** The landing page's Sign In dialog. */
export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

/** Sign In -> Forgot your password? -> Send Reset Link; answers the link the system logged. */
export async function requestPasswordReset(page: Page, email: string, shot: Shot) {
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await shot('forgot-password');
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toast(page)).toContainText('Reset link sent!');
  await expect(dialog.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await shot('check-your-email');
  // Without an SMTP server the system logs the link; read it as a developer would.
  await expect.poll(() => resetLinkFor(email), { timeout: 15_000 }).toBeTruthy();
  return resetLinkFor(email)!;
}

/** Opens the reset link, sets the new password, and continues to sign in. */
export async function setNewPassword(page: Page, link: string, password: string, shot: Shot) {
  await page.goto(`/reset-password${new URL(link).search}`);
  await expect(page.getByText('Set New Password')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await shot('set-new-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Reset Complete')).toBeVisible();
  await shot('password-reset-complete');
  await page.getByRole('button', { name: 'Continue to Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The admin login at /admin with the seeded operator's credentials. */
export async function adminLogIn(page: Page, shot: Shot) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await shot('admin-login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page)).toContainText('Login successful');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
}

export interface PromoCode {
  code: string;
  discountPercent: number;
  durationMonths: number;
  description: string;
}

/** The admin dashboard's promo code form; the code shows in the list. */
export async function createPromoCodeAsAdmin(page: Page, promo: PromoCode, shot: Shot) {
  const form = page.getByRole('form', { name: 'Create promo code' });
  await form.getByLabel('Code', { exact: true }).fill(promo.code);
  await form.getByLabel('Discount (%)', { exact: true }).fill(String(promo.discountPercent));
  await form.getByLabel('Duration (months)', { exact: true }).fill(String(promo.durationMonths));
  await form.getByLabel('Description', { exact: true }).fill(promo.description);
  await form.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(toast(page)).toContainText('Promo code created successfully');
  const listed = page.getByRole('listitem', { name: promo.code.toUpperCase() });
  await expect(listed).toContainText(
    `${promo.discountPercent}% off for ${promo.durationMonths} months`,
  );
  await expect(listed).toContainText('Active');
  await shot('admin-promo-created');
}

/**
 * The operator's admin token, signed in once per test run and kept beside the
 * running system's files: the admin sign-in allows 5 attempts per e-mail in
 * 15 minutes, which the sign-in form's own tests already use, so tests that
 * only need to be in the admin area share one sign-in (a file, not a variable:
 * a failed test restarts the worker, which forgets its variables).
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const file = path.join(path.dirname(systemInfo().remotesFile), 'operator-token');
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept) return kept;
  const login = await request.post('/api/admin/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await writeFile(file, token);
  return token;
}

/** The admin dashboard, signed in with the shared operator token (the sign-in form has tests of its own). */
export async function openAdminArea(page: Page, request: APIRequestContext): Promise<void> {
  const token = await adminToken(request);
  await page.goto('/admin');
  await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
}

/** The same promo code through the admin API (login, then create). */
export async function createPromoCodeThroughApi(request: APIRequestContext, promo: PromoCode) {
  const token = await adminToken(request);
  const created = await request.post('/api/admin/promo-codes', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...promo, usageLimit: null, expiresAt: null },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** /onboarding for a new visitor: account and product, plan with a coupon, payment, welcome. */
export async function onboardWithCoupon(
  page: Page,
  account: Account,
  couponCode: string,
  shot: Shot,
) {
  await page.goto('/onboarding');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Chorus');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Product name').fill(account.productName);
  await page.getByLabel('Industry').selectOption('Consulting');
  await shot('onboarding-account');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Monthly').click();
  await page.getByLabel('Coupon code (optional)').fill(couponCode);
  await shot('onboarding-plan-coupon');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await enterCard(page, '4242 4242 4242 4242');
  await shot('onboarding-payment');
  await page.getByRole('button', { name: 'Pay $25/month' }).click();
  await expect(page.getByText(`Welcome to ${account.productName}!`)).toBeVisible();
  await shot('onboarding-welcome');
  await expect(page).toHaveURL(/\/products\/[^/]+\/dashboard$/, { timeout: 6_000 });
}
