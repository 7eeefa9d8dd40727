import type { BillingHistoryRow } from '@chorus/contracts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Account, dismissToast, expect, newAccount, test, toast } from '../fixtures';
import { openAdminArea } from '../journey-steps';
import { endCurrentPeriod, invitationLinkFor } from '../system';

const viewerRefusal = 'You are a viewer of this product: you can read it but not change it.';

function auth(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function onlyProductId(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/api/products', auth(token));
  expect(response.status(), await response.text()).toBe(200);
  const products = (await response.json()) as { id: string }[];
  expect(products).toHaveLength(1);
  return products[0]!.id;
}

/** Selects the first `count` persona templates, so questions get answered. */
async function selectPersonas(
  request: APIRequestContext,
  token: string,
  productId: string,
  count: number,
): Promise<void> {
  const response = await request.get('/api/persona-templates', auth(token));
  expect(response.status(), await response.text()).toBe(200);
  const templates = ((await response.json()) as { id: string }[]).slice(0, count);
  for (const template of templates) {
    const added = await request.post(`/api/products/${productId}/personas`, {
      ...auth(token),
      data: { templateId: template.id },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
}

function dataLayer(page: Page) {
  return page.evaluate(() => window.dataLayer ?? []);
}

/**
 * Someone else at their own computer: a fresh browser context, signed out.
 * Its console is watched as the fixture's page is (404s allowed: a removed
 * member's reads are refused that way).
 */
async function visitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return {
    page,
    async close() {
      expect(problems, 'errors in the invitee’s browser console').toEqual([]);
      await context.close();
    },
  };
}

/** Invites from the team page; checks the confirmation's cost line before sending. */
async function invite(page: Page, email: string, role: 'Collaborator' | 'Viewer', cost: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page
    .getByLabel('Role', { exact: true })
    .selectOption({ label: role === 'Viewer' ? 'Viewer (free)' : role });
  await page.getByRole('button', { name: 'Invite' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading')).toHaveText(`Invite ${email} as ${role}?`);
  await expect(confirm.getByRole('region', { name: 'Cost of the change' })).toContainText(cost);
  await confirm.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page)).toContainText('Invitation sent');
  await dismissToast(page);
  const row = page
    .getByRole('table', { name: 'Members' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row).toContainText(role);
  await expect(row).toContainText('Pending');
}

/** The invitee opens the logged link signed out and creates an account: no product, no card. */
async function joinWithNewAccount(page: Page, invitee: Account, owner: Account, role: string) {
  await expect.poll(() => invitationLinkFor(invitee.email), { timeout: 15_000 }).toBeTruthy();
  const link = new URL(invitationLinkFor(invitee.email)!);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(owner.productName);
  await expect(page.getByText(`invited you to ${owner.productName} as ${role}`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Create an account' });
  const email = form.getByLabel('Email');
  await expect(email).toHaveValue(invitee.email);
  await expect(email).toHaveAttribute('readonly', '');
  // Only the person: no product, no plan, no card.
  await expect(form.getByLabel(/product/i)).toHaveCount(0);
  await expect(form.getByLabel(/card/i)).toHaveCount(0);
  await form.getByLabel('First name').fill(invitee.firstName);
  await form.getByLabel('Last name').fill(invitee.lastName);
  await form.getByLabel('Password').fill(invitee.password);
  await form.getByRole('button', { name: 'Create account and accept' }).click();
  await expect(page).toHaveURL(/\/products\/[^/]+\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(owner.productName);
  expect(await dataLayer(page)).toContainEqual(
    expect.objectContaining({ event: 'invite_accepted' }),
  );
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
}

/** My Products: the shared product, its badge and the member's role; nothing of the owner's. */
async function seesSharedProduct(page: Page, owner: Account, role: string) {
  await page.goto('/products');
  const card = page.getByRole('article', { name: owner.productName });
  await expect(card).toContainText('Shared with you');
  await expect(card).toContainText(role);
  await expect(card.getByRole('button', { name: `Delete ${owner.productName}` })).toHaveCount(0);
}

test.describe('teams', () => {
  // The owner opens an invitation meant for someone else: the server refuses it (403).
  test.use({ allowConsoleErrors: [/status of 403/] });

  test('the owner invites a collaborator and a viewer, who join without a card; roles change, a member is removed, and the log and the bill show it', async ({
    page,
    browser,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(180_000);
    const { account: owner, token } = await register(newAccount({ productName: 'Harbor Team' }));
    const productId = await onlyProductId(request, token);
    await selectPersonas(request, token, productId, 2);
    const collaborator = newAccount({ firstName: 'Casey', lastName: 'Collins' });
    const viewer = newAccount({ firstName: 'Vera', lastName: 'Vance' });

    // The owner goes from the dashboard to the team page and invites both.
    await signIn(token, `/products/${productId}/dashboard`);
    await page.getByRole('link', { name: /^Team/ }).click();
    await expect(page).toHaveURL(`/products/${productId}/team`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team');
    await expect(page.getByRole('table', { name: 'Members' })).toContainText(owner.email);
    await invite(
      page,
      collaborator.email,
      'Collaborator',
      '+$25.00 per month from the day the invitation is accepted, prorated on the next invoice.',
    );
    await invite(page, viewer.email, 'Viewer', 'Viewers are free — your bill does not change.');
    expect(await dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'invite_sent' }));
    await shot('invited');

    // Signed in as someone else, the viewer's link says it was sent to another address.
    await expect.poll(() => invitationLinkFor(viewer.email), { timeout: 15_000 }).toBeTruthy();
    await page.goto(new URL(invitationLinkFor(viewer.email)!).pathname);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(
      page.getByText('This invitation was sent to another e-mail address.', { exact: false }),
    ).toBeVisible();

    // The collaborator joins, finds the product shared with them, and asks a question.
    const casey = await visitor(browser);
    await joinWithNewAccount(casey.page, collaborator, owner, 'Collaborator');
    await seesSharedProduct(casey.page, owner, 'Collaborator');
    await casey.page.goto(`/products/${productId}/questions`);
    const text = 'Would you invite your whole team to plan the harbor schedule together?';
    await casey.page.getByLabel('Your question').fill(text);
    await casey.page.getByRole('button', { name: 'Ask Question' }).click();
    const asked = casey.page.getByRole('article', { name: text });
    await expect(asked).toBeVisible();
    await expect(asked.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });

    // The viewer joins and reads, with the ask and edit controls disabled and saying why.
    const vera = await visitor(browser);
    await joinWithNewAccount(vera.page, viewer, owner, 'Viewer');
    await seesSharedProduct(vera.page, owner, 'Viewer');
    await vera.page.goto(`/products/${productId}/questions`);
    await expect(vera.page.getByRole('article', { name: text })).toBeVisible();
    const ask = vera.page.getByRole('button', { name: 'Ask Question' });
    await expect(ask).toBeDisabled();
    await expect(ask).toHaveAttribute('title', viewerRefusal);
    await expect(vera.page.getByText(viewerRefusal).first()).toBeVisible();
    await expect(vera.page.getByRole('button', { name: 'Delete' }).first()).toBeDisabled();
    await vera.page.goto(`/products/${productId}/profile`);
    const profile = vera.page.getByRole('button', { name: /Create Profile|Edit Profile/ });
    await expect(profile).toBeDisabled();
    await expect(profile).toHaveAttribute('title', viewerRefusal);
    await vera.page.goto(`/products/${productId}/team`);
    await expect(vera.page.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);
    await expect(vera.page.getByRole('button', { name: 'Invite' })).toHaveCount(0);
    await expect(vera.page.getByRole('button', { name: 'Leave product' })).toBeVisible();
    await vera.page.goto(`/products/${productId}/questions`);
    await shot('viewer-reads');

    // The owner makes the viewer a collaborator (a seat, confirmed) and removes Casey.
    await page.goto(`/products/${productId}/team`);
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row').filter({ hasText: viewer.email })).toContainText(
      'Accepted',
    );
    await page
      .getByLabel(`Role of ${viewer.firstName} ${viewer.lastName}`)
      .selectOption({ label: 'Collaborator' });
    const confirmRole = page.getByRole('alertdialog');
    await expect(confirmRole.getByRole('region', { name: 'Cost of the change' })).toContainText(
      '+$25.00 per month',
    );
    await confirmRole.getByRole('button', { name: 'Change Role' }).click();
    await expect(toast(page)).toContainText('Role changed');
    await dismissToast(page);
    await expect(page.getByLabel(`Role of ${viewer.firstName} ${viewer.lastName}`)).toHaveValue(
      'collaborator',
    );

    await page
      .getByRole('button', { name: `Remove ${collaborator.firstName} ${collaborator.lastName}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove Member' }).click();
    await expect(toast(page)).toContainText('Member removed');
    await dismissToast(page);
    await expect(members.getByRole('row').filter({ hasText: collaborator.email })).toHaveCount(0);
    await expect(page.getByTestId('team-cost')).toHaveText('1 seat × $25.00 = $25.00 per month');
    await shot('team-after-changes');

    // Casey's next page load: the product is gone for them.
    await casey.page.reload();
    await expect(casey.page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
    await casey.page.goto('/products');
    await expect(casey.page.getByRole('article', { name: owner.productName })).toHaveCount(0);
    await casey.close();
    await vera.close();

    // The audit log has every step, with who, whom and what it did to the bill.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    const rows = log.getByRole('row');
    await expect(
      rows.filter({ hasText: 'Invited' }).filter({ hasText: collaborator.email }),
    ).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Invited' }).filter({ hasText: viewer.email })).toHaveCount(
      1,
    );
    await expect(
      rows.filter({ hasText: 'Invitation accepted' }).filter({ hasText: collaborator.email }),
    ).toHaveCount(1);
    await expect(
      rows.filter({ hasText: 'Invitation accepted' }).filter({ hasText: viewer.email }),
    ).toHaveCount(1);
    const roleChange = rows.filter({ hasText: 'Role changed' }).filter({ hasText: viewer.email });
    await expect(roleChange).toContainText('Viewer');
    await expect(roleChange).toContainText('Collaborator');
    await expect(roleChange).toContainText('+$25.00');
    const removal = rows
      .filter({ hasText: 'Removed from the product' })
      .filter({ hasText: collaborator.email });
    await expect(removal).toContainText('-$25.00');
    await expect(removal).toContainText(`${owner.firstName} ${owner.lastName}`);
    await shot('audit-log');

    // The bill: the product's card shows the seat, and the next invoice charges it.
    await page.goto('/billing');
    const card = page.getByRole('article', { name: owner.productName });
    await expect(card).toContainText('× $25');
    await shot('billing-seat');

    await endCurrentPeriod(productId);
    const renewal = async () => {
      const response = await request.get('/api/billing/history', auth(token));
      expect(response.status(), await response.text()).toBe(200);
      const rows = (await response.json()) as BillingHistoryRow[];
      return rows.filter((row) => row.productId === productId);
    };
    await expect.poll(async () => (await renewal()).length, { timeout: 60_000 }).toBeGreaterThan(1);
    const [next] = (await renewal()).sort(
      (a, b) => Date.parse(b.date ?? '') - Date.parse(a.date ?? ''),
    );
    // The base price and one seat, at least (a seat added mid-period is prorated on top).
    expect(next!.amount).toBeGreaterThanOrEqual(50);
    await page.reload();
    await page.getByRole('tab', { name: 'Billing History' }).click();
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      next!.amount,
    );
    const invoice = page.getByRole('row').filter({ hasText: amount }).first();
    await expect(invoice).toBeVisible();
    // Its lines: the plan and the seat for the new period, and the prorations
    // of the changes, adding up to the amount.
    await expect(invoice).toContainText('Monthly Plan');
    await expect(invoice).toContainText('Team seats × 1');
    await expect(invoice).toContainText('Team seat proration');
    const lineAmounts = await invoice
      .getByRole('list', { name: /^Lines of / })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.lastElementChild?.textContent ?? ''));
    const cents = lineAmounts.map((text) =>
      Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100),
    );
    expect(cents.reduce((sum, value) => sum + value, 0)).toBe(Math.round(next!.amount * 100));
    await shot('next-invoice');

    // The operators' admin area lists the seat changes of this product.
    await openAdminArea(page, request);
    const seatChanges = page
      .getByRole('table', { name: 'Team seat changes' })
      .getByRole('row')
      .filter({ hasText: owner.productName });
    await expect(
      seatChanges.filter({ hasText: 'Role changed' }).filter({ hasText: viewer.email }),
    ).toContainText('+$25.00/month');
    await expect(
      seatChanges
        .filter({ hasText: 'Removed from the product' })
        .filter({ hasText: collaborator.email }),
    ).toContainText('-$25.00/month');
    await expect(
      seatChanges
        .filter({ hasText: 'Invitation accepted' })
        .filter({ hasText: collaborator.email }),
    ).toContainText('+$25.00/month');
    // The viewer joining cost nothing: not a seat change.
    await expect(
      seatChanges.filter({ hasText: 'Invitation accepted' }).filter({ hasText: viewer.email }),
    ).toHaveCount(0);
    await page.getByRole('table', { name: 'Team seat changes' }).scrollIntoViewIfNeeded();
    await shot('admin-seat-changes');
  });
});

test.describe('invitation links that cannot be used', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('an unknown link says so in plain words, signed out', async ({ page }) => {
    await page.goto('/invitations/not-a-real-invitation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation not found');
    await expect(page.getByRole('alert')).toHaveText(
      'This invitation link is not valid. Check that you copied all of it.',
    );
  });
});
