import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Account, dismissToast, expect, newAccount, test, toast } from '../fixtures';
import { createPromoCodeThroughApi, onboardWithCoupon } from '../journey-steps';
import { invitationLinkFor } from '../system';

/*
 * A paying team's first week, in the browser: one price on every page, the
 * pending seat on the Team page, no price offered for inviting yourself, a
 * collaborator's Billing page that says who pays, the landing page's one
 * price, and a viewer who sees names but no e-mails or billing.
 */

type Template = { id: string; name: string };

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, auth(token));
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function onlyProductId(request: APIRequestContext, token: string): Promise<string> {
  const products = await getJson<{ id: string }[]>(request, token, '/api/products');
  expect(products).toHaveLength(1);
  return products[0]!.id;
}

async function addPersonas(
  request: APIRequestContext,
  token: string,
  productId: string,
  templates: Template[],
): Promise<void> {
  for (const template of templates) {
    const added = await request.post(`/api/products/${productId}/personas`, {
      ...auth(token),
      data: { templateId: template.id },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

/** Invites through the API and lets the invitee create their account from the logged link. */
async function joinAs(
  request: APIRequestContext,
  owner: { token: string; productId: string },
  person: Account,
  role: 'viewer' | 'collaborator',
): Promise<string> {
  const sent = await request.post(`/api/products/${owner.productId}/team/invitations`, {
    ...auth(owner.token),
    data: { email: person.email, role },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect.poll(() => invitationLinkFor(person.email), { timeout: 15_000 }).toBeTruthy();
  const invitation = new URL(invitationLinkFor(person.email)!).pathname.split('/').pop()!;
  const registered = await request.post(`/api/invitations/${invitation}/register`, {
    data: {
      email: person.email,
      password: person.password,
      firstName: person.firstName,
      lastName: person.lastName,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return ((await registered.json()) as { token: string }).token;
}

/** Another person at their own computer, signed in with their token. */
async function someoneElse(browser: Browser, token: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/reset-password');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(path);
  return { page, close: () => context.close() };
}

async function monthlyRateOnMyProducts(page: Page, productName: string) {
  await page.goto('/products');
  const card = page.getByRole('article', { name: productName });
  await expect(card).toBeVisible();
  return card.getByRole('definition').filter({ hasText: '/month' });
}

test.describe('a paying team’s first week', () => {
  test('with one collaborator seat, My Products, Billing, the Personas page and the extra-persona confirmation say the same monthly cost; the collaborator’s Billing page says who pays', async ({
    page,
    browser,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(180_000);
    const { account: owner, token } = await register(
      newAccount({ firstName: 'Olive', lastName: 'Owner', productName: `Atlas ${Date.now()}` }),
    );
    const productId = await onlyProductId(request, token);
    const templates = await getJson<Template[]>(request, token, '/api/persona-templates');
    await addPersonas(request, token, productId, templates.slice(0, 10));
    const eleventh = templates[10]!;
    const casey = newAccount({ firstName: 'Casey', lastName: 'Collins' });
    const caseyToken = await joinAs(request, { token, productId }, casey, 'collaborator');

    // My Products: the product's base price and one seat.
    await signIn(token, '/products');
    await expect(await monthlyRateOnMyProducts(page, owner.productName)).toHaveText('$50.00/month');
    await shot('my-products');

    // Billing: the same figure (billing hears of the seat by event: read again until it has).
    await expect
      .poll(
        async () => {
          await page.goto('/billing');
          const card = page.getByRole('article', { name: owner.productName });
          await expect(card).toBeVisible();
          return card.getByRole('definition').filter({ hasText: '/month' }).first().innerText();
        },
        { timeout: 30_000 },
      )
      .toMatch(/^\$50\.00\s*\/month/);
    await expect(page.getByRole('region', { name: 'Billing summary' })).toContainText('$50.00');
    await shot('billing');

    // The Personas page and the extra persona's confirmation: $50.00, then $50.00 → $52.00.
    await page.goto(`/products/${productId}/personas`);
    await expect(page.getByTestId('selected-count')).toHaveText('10 personas selected');
    await expect(page.getByTestId('monthly-cost')).toHaveText('$50.00/month');
    await page.getByRole('button', { name: `Select ${eleventh.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Add an extra persona?');
    const cost = dialog.getByRole('definition');
    await expect(cost.nth(2)).toHaveText('+$2.00');
    await expect(cost.nth(3)).toHaveText('$50.00$52.00/month');
    await shot('extra-persona-confirmation');
    await dialog.getByRole('button', { name: 'Add Persona' }).click();
    await expect(page.getByTestId('selected-count')).toHaveText('11 personas selected');
    await expect(page.getByTestId('monthly-cost')).toHaveText('$52.00/month');
    await expect(await monthlyRateOnMyProducts(page, owner.productName)).toHaveText('$52.00/month');

    // Casey pays nothing: the Billing page says so and who pays for the shared product.
    const visit = await someoneElse(browser, caseyToken, '/billing');
    const billing = visit.page;
    await expect(billing.getByRole('heading', { level: 1 })).toHaveText('Subscription & Billing');
    await expect(billing.getByTestId('you-pay')).toHaveText('$0.00/month');
    await expect(billing.getByTestId('paid-by-owner')).toHaveText(
      `${owner.productName} is paid for by its owner, Olive Owner.`,
    );
    await expect(billing.getByText('Next Billing')).toHaveCount(0);
    await expect(billing.getByText('No products found')).toHaveCount(0);
    await expect(billing.getByRole('link', { name: 'Create Product' })).toHaveCount(0);
    await billing.screenshot({ path: test.info().outputPath('collaborator-billing.png') });
    // Managing subscriptions: none of their own, and the same sentence, not an offer to create one.
    await billing.goto('/subscription/cancel');
    await expect(billing.getByRole('heading', { level: 1 })).toHaveText('Manage Subscriptions');
    await expect(billing.getByTestId('paid-by-owner')).toHaveText(
      `${owner.productName} is paid for by its owner, Olive Owner.`,
    );
    await expect(billing.getByText('No products found')).toHaveCount(0);
    await visit.close();
  });

  test('with a promo code from onboarding, My Products, the Personas page, the extra-persona confirmation and Billing say the same discounted monthly cost', async ({
    page,
    request,
    shot,
  }) => {
    test.setTimeout(180_000);
    const code = `SAME${Date.now().toString(36).toUpperCase()}`;
    await createPromoCodeThroughApi(request, {
      code,
      discountPercent: 20,
      durationMonths: 3,
      description: 'First quarter at 20% off',
    });
    const owner = newAccount({
      firstName: 'Paula',
      lastName: 'Promo',
      productName: `Promo ${Date.now()}`,
    });
    await onboardWithCoupon(page, owner, code, shot);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const productId = await onlyProductId(request, token!);
    const templates = await getJson<Template[]>(request, token!, '/api/persona-templates');
    await addPersonas(request, token!, productId, templates.slice(0, 10));
    const eleventh = templates[10]!;

    // Billing: $25.00 less 20%.
    await page.goto('/billing');
    const billingCard = page.getByRole('article', { name: owner.productName });
    await expect(
      billingCard.getByRole('definition').filter({ hasText: '/month' }).first(),
    ).toHaveText(/^\$20\.00\s*\/month/);
    await shot('promo-billing');

    // My Products: the same discounted figure (the catalog hears of the promo by event).
    await expect
      .poll(async () => (await monthlyRateOnMyProducts(page, owner.productName)).innerText(), {
        timeout: 30_000,
      })
      .toBe('$20.00/month');
    await shot('promo-my-products');

    // The Personas page and the extra persona's confirmation: $20.00, then $20.00 → $21.60.
    await page.goto(`/products/${productId}/personas`);
    await expect(page.getByTestId('selected-count')).toHaveText('10 personas selected');
    await expect(page.getByTestId('monthly-cost')).toHaveText('$20.00/month');
    await page.getByRole('button', { name: `Select ${eleventh.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Add an extra persona?');
    const cost = dialog.getByRole('definition');
    await expect(cost.nth(2)).toHaveText('+$1.60');
    await expect(cost.nth(3)).toHaveText('$20.00$21.60/month');
    await expect(cost.nth(4)).toHaveText(/^20% off until \w+ \d{1,2}, \d{4}$/);
    await shot('promo-extra-persona-confirmation');
    await dialog.getByRole('button', { name: 'Add Persona' }).click();
    await expect(page.getByTestId('selected-count')).toHaveText('11 personas selected');
    await expect(page.getByTestId('monthly-cost')).toHaveText('$21.60/month');
    await expect(await monthlyRateOnMyProducts(page, owner.productName)).toHaveText('$21.60/month');
    // Billing hears of the persona by event: read again until it has.
    await expect
      .poll(
        async () => {
          await page.goto('/billing');
          const card = page.getByRole('article', { name: owner.productName });
          return card.getByRole('definition').filter({ hasText: '/month' }).first().innerText();
        },
        { timeout: 30_000 },
      )
      .toMatch(/^\$21\.60\s*\/month/);
  });

  test('Team shows an invitation to a paid role as a pending seat with its price; inviting yourself or a member is refused before any price', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(120_000);
    const { account: owner, token } = await register();
    const productId = await onlyProductId(request, token);
    const member = newAccount({ firstName: 'Mona', lastName: 'Member' });
    await joinAs(request, { token, productId }, member, 'viewer');

    await signIn(token, `/products/${productId}/team`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team');
    await expect(page.getByTestId('team-cost')).toHaveText('No paid seats: viewers are free.');
    // Without a choice, the role is the free one.
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('viewer');

    // Yourself, then a member: refused under the field, no price, no confirmation.
    for (const [email, refusal] of [
      [owner.email, 'This is your own e-mail address: you are already on this product.'],
      [member.email, 'This person is already a member of the product'],
    ] as const) {
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Collaborator' });
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
      await expect(page.getByText(refusal)).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByText(/\+\$25\.00 per month/)).toHaveCount(0);
    }
    await shot('self-invite-refused');

    // A collaborator: the confirmation's price, then the pending seat with that price.
    const casey = newAccount({ firstName: 'Casey', lastName: 'Collins' });
    await page.getByLabel('E-mail', { exact: true }).fill(casey.email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Collaborator' });
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('region', { name: 'Cost of the change' })).toContainText(
      '+$25.00 per month from the day the invitation is accepted',
    );
    await expect(confirm).toContainText('New monthly cost: $50.00/month');
    await confirm.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page)).toContainText('Invitation sent');
    await dismissToast(page);
    await expect(page.getByTestId('team-cost')).toHaveText('No paid seats yet.');
    await expect(page.getByTestId('team-pending-cost')).toHaveText(
      '1 pending seat: +$25.00 per month once its invitation is accepted',
    );
    const row = page
      .getByRole('table', { name: 'Members' })
      .getByRole('row')
      .filter({ hasText: casey.email });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Paid seat, $25.00/month once accepted');
    await shot('pending-seat');
  });

  test('a viewer sees the team by name and the product’s content, without e-mails or billing', async ({
    browser,
    request,
    register,
  }) => {
    test.setTimeout(120_000);
    const { account: owner, token } = await register(
      newAccount({ firstName: 'Olive', lastName: 'Owner' }),
    );
    const productId = await onlyProductId(request, token);
    const casey = newAccount({ firstName: 'Casey', lastName: 'Collins' });
    await joinAs(request, { token, productId }, casey, 'collaborator');
    const vera = newAccount({ firstName: 'Vera', lastName: 'Vance' });
    const veraToken = await joinAs(request, { token, productId }, vera, 'viewer');

    const visit = await someoneElse(browser, veraToken, `/products/${productId}/team`);
    const page = visit.page;
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members).toContainText('Olive Owner');
    await expect(members).toContainText('Casey Collins');
    await expect(members).not.toContainText(owner.email);
    await expect(members).not.toContainText(casey.email);
    await expect(page.getByTestId('team-cost')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('$');
    await page.screenshot({ path: test.info().outputPath('viewer-team.png') });

    await page.goto('/products');
    const card = page.getByRole('article', { name: owner.productName });
    await expect(card).toContainText('Viewer');
    await expect(card).not.toContainText('$');

    await page.goto(`/products/${productId}/personas`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personas');
    await expect(page.getByTestId('selected-count')).toBeVisible();
    await expect(page.getByTestId('monthly-cost')).toHaveCount(0);
    await visit.close();
  });

  test('the landing page says what the product costs in one way', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByTestId('hero-price');
    await expect(hero).toHaveText('$25 per product per month');
    await page.locator('header a[href="#pricing"]').first().click();
    const card = page.getByTestId('plan-price');
    await expect(card).toHaveText('$25 per product per month');
    await expect(page.locator('#pricing')).not.toContainText('/user');
  });
});
