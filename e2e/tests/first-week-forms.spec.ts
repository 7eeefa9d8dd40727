import type { APIRequestContext, Page } from '@playwright/test';
import path from 'node:path';
import { expect, newAccount, test, toast } from '../fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, artifactsDir, invitationLinkFor } from '../system';

// Forms, page changes, the look of the invitation, share and admin pages:
// what a new paying team meets in its first week.

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](path, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function firstProduct(request: APIRequestContext, token: string) {
  const [product] = await call<{ id: string; name: string }[]>(
    request,
    token,
    'get',
    '/api/products',
  );
  return product!;
}

/** The typeface the signed-out app (the landing page) renders its text in. */
async function appFontFamily(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
  return page.evaluate(() => getComputedStyle(document.body).fontFamily);
}

/**
 * Watches every animation frame from the first one with something in the
 * main area: a frame whose main area shows nothing at all (no page, no
 * skeleton) is a blank page.
 */
async function watchForBlankFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { frames: 0, blank: 0, skeleton: 0, started: false };
    (window as unknown as { blankWatch: typeof seen }).blankWatch = seen;
    const tick = () => {
      const main = document.getElementById('chorus-main');
      if (main) {
        const shown = main.getBoundingClientRect().height > 0;
        const skeleton = document.getElementById('chorus-page-skeleton');
        if (shown) seen.started = true;
        if (seen.started) {
          seen.frames += 1;
          if (!shown) seen.blank += 1;
          if (skeleton && skeleton.getBoundingClientRect().height > 0) seen.skeleton += 1;
        }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

function blankWatch(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          blankWatch: { frames: number; blank: number; skeleton: number };
        }
      ).blankWatch,
  );
}

test.describe('forms', () => {
  test('a roadmap ending before it starts is refused beside the end date, before sending', async ({
    page,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    await signIn(token, '/roadmap');
    await page.getByRole('button', { name: 'Create First Roadmap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Roadmap' });
    const name = dialog.getByLabel('Roadmap Name');
    // The one required field is marked, and says so to screen readers.
    await expect(name).toHaveAttribute('aria-required', 'true');
    await expect(dialog.locator('[data-required-mark]')).toHaveCount(1);
    // The date rule is on screen before anything is sent.
    await expect(dialog.getByText('Optional; on or after the start date')).toBeVisible();

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/roadmaps')) sent.push(r.url());
    });
    await name.fill('Backwards plan');
    await dialog.getByLabel('Start Date').fill('2027-06-30');
    await dialog.getByLabel('End Date').fill('2027-01-01');
    await dialog.getByRole('button', { name: 'Create Roadmap' }).click();
    const end = dialog.getByLabel('End Date');
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await expect(end).toHaveAccessibleDescription(
      'The end date must be on or after the start date',
    );
    await expect(dialog.getByText('The end date must be on or after the start date')).toHaveCount(
      1,
    );
    await shot('end-before-start');
    expect(sent).toEqual([]);

    // Half a date typed by hand (a month, no day or year) is not taken as "no date".
    const start = dialog.getByLabel('Start Date');
    await start.fill('');
    await start.focus();
    await page.keyboard.type('06');
    await dialog.getByRole('button', { name: 'Create Roadmap' }).click();
    await expect(start).toHaveAccessibleDescription(
      'Enter the date as YYYY-MM-DD (for example 2027-01-31), or pick it from the calendar',
    );
    await shot('unreadable-date');
    expect(sent).toEqual([]);

    await start.fill('2027-01-01');
    await end.fill('2027-06-30');
    await dialog.getByRole('button', { name: 'Create Roadmap' }).click();
    await expect(toast(page)).toContainText('Roadmap Created');
    const details = page.getByRole('region', { name: 'Roadmap details' });
    await expect(details).toContainText('Jan 1, 2027 - Jun 30, 2027');
    expect(sent).toHaveLength(1);
  });

  test('sign-up marks its required fields and its steps are in the browser history', async ({
    page,
    baseURL,
    shot,
  }) => {
    const account = newAccount({ productName: 'Harbor Tools' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page).toHaveURL(/\?signup=details$/);
    // First name, last name, e-mail, password and the product name are required and marked.
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Product name']) {
      await expect(dialog.getByLabel(label, { exact: true })).toHaveAttribute(
        'aria-required',
        'true',
      );
    }
    await expect(dialog.locator('[data-required-mark]')).toHaveCount(5);
    await expect(dialog.getByLabel('Product description (optional)')).not.toHaveAttribute(
      'aria-required',
    );
    await expect(dialog.getByText('At least 6 characters')).toBeVisible();
    await shot('required-marks');

    await dialog.getByLabel('First name').fill(account.firstName);
    await dialog.getByLabel('Last name').fill(account.lastName);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByLabel('Product name').fill(account.productName);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    await expect(page).toHaveURL(/\?signup=payment$/);

    // The browser's Back: the details again, with what was typed.
    await page.goBack();
    await expect(page).toHaveURL(/\?signup=details$/);
    await expect(dialog.getByLabel('First name')).toHaveValue(account.firstName);
    await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
    await expect(dialog.getByLabel('Product name')).toHaveValue(account.productName);
    await shot('back-to-details');
    // Forward: the payment step again.
    await page.goForward();
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    await expect(dialog.getByLabel('Cardholder name')).toHaveValue(
      `${account.firstName} ${account.lastName}`,
    );
    // Back twice: the details, then the landing page the dialog opened on, still on the site.
    await page.goBack();
    await expect(dialog.getByLabel('Product name')).toHaveValue(account.productName);
    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
  });

  test('the invitation page says each missing field once, beside it, and carries the brand', async ({
    page,
    request,
    register,
    shot,
  }) => {
    const { token } = await register();
    const product = await firstProduct(request, token);
    const invitee = newAccount();
    await call(request, token, 'post', `/api/products/${product.id}/team/invitations`, {
      email: invitee.email,
      role: 'viewer',
    });
    await expect.poll(() => invitationLinkFor(invitee.email), { timeout: 15_000 }).toBeTruthy();
    const appFont = await appFontFamily(page);
    await page.goto(new URL(invitationLinkFor(invitee.email)!).pathname);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByTestId('invitation-brand')).toHaveText('Chorus');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(appFont);

    const form = page.getByRole('form', { name: 'Create an account' });
    await expect(form.getByText('At least 6 characters')).toBeVisible();
    await form.getByRole('button', { name: 'Create account and accept' }).click();
    await expect(form.getByLabel('First name')).toHaveAccessibleDescription(
      'Enter your first name',
    );
    await expect(form.getByLabel('Last name')).toHaveAccessibleDescription('Enter your last name');
    await expect(form.getByLabel('Password')).toHaveAccessibleDescription('Choose a password');
    // Each once, and no sentence repeated under every field.
    await expect(form.getByRole('alert')).toHaveText([
      'Enter your first name',
      'Enter your last name',
      'Choose a password',
    ]);
    await expect(page.getByText('Missing Information')).toHaveCount(0);
    await shot('missing-fields');
  });
});

test.describe('page changes', () => {
  test('sign-up and the top bar never show a blank page: a skeleton stands in', async ({
    page,
    shot,
  }) => {
    await watchForBlankFrames(page);
    // Files that arrive slowly, as on a poor connection: the gap is long enough to be seen.
    await page.route('**/mfe/roadmaps/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
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
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/40');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();

    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Roadmaps' }).click();
    await expect(page.getByTestId('page-skeleton')).toBeVisible();
    await shot('skeleton');
    await expect(page.getByRole('heading', { level: 1, name: 'Roadmaps' })).toBeVisible();
    await nav.getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();

    const watched = await blankWatch(page);
    expect(watched.frames).toBeGreaterThan(10);
    expect(watched.skeleton).toBeGreaterThan(0);
    expect(watched.blank, 'frames with nothing in the main area').toBe(0);
  });
});

test.describe('identity and look', () => {
  test('the share page has the brand and the app’s type, remembers the answer, and the owner reads whole counts and readable days', async ({
    page,
    browser,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const product = await firstProduct(request, token);
    const roadmap = await call<{ id: string }>(
      request,
      token,
      'post',
      `/api/products/${product.id}/roadmaps`,
      { name: 'Launch Plan' },
    );
    await call(request, token, 'post', `/api/roadmaps/${roadmap.id}/items`, {
      title: 'Offline mode',
      description: 'Work without a connection',
    });
    await signIn(token, `/products/${product.id}/roadmaps`);
    const item = page
      .getByRole('region', { name: 'Roadmap items' })
      .getByRole('article', { name: 'Offline mode' });
    // The actions say what they do, in words beside their icons.
    const ask = item.getByRole('button', { name: 'Ask personas about Offline mode' });
    await expect(ask).toHaveText('Ask personas');
    await expect(ask).toHaveAttribute('title', /Ask your AI personas/);
    const share = item.getByRole('button', { name: 'Share a link to Offline mode' });
    await expect(share).toHaveText('Share');
    await expect(share).toHaveAttribute('title', /public link/);
    await shot('item-actions');
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Share “Offline mode”' });
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    const address = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(address).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
    const sharePath = new URL(await address.inputValue()).pathname;

    // A stranger answers, signed out.
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    const appFont = await appFontFamily(visitor);
    await visitor.goto(sharePath);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Offline mode' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Chorus' })).toBeVisible();
    expect(await visitor.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(appFont);
    expect(
      await visitor.evaluate(async () => {
        await document.fonts.ready;
        return document.fonts.check('16px "Inter Variable"');
      }),
    ).toBe(true);
    await visitor.getByText('Very useful').click();
    await visitor.getByLabel('Comment (optional)').fill('Trains have no signal');
    await visitor.getByLabel('Name (optional)').fill('Ann');
    await visitor.getByRole('button', { name: 'Send my answer' }).click();
    await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

    // A reload: the answer is there to change, not forgotten.
    await visitor.reload();
    await expect(visitor.getByText(/^You answered on /)).toBeVisible();
    await expect(visitor.getByRole('radio', { name: /Very useful/ })).toBeChecked();
    await expect(visitor.getByLabel('Comment (optional)')).toHaveValue('Trains have no signal');
    await expect(visitor.getByLabel('Name (optional)')).toHaveValue('Ann');
    await visitor.screenshot({
      path: path.join(artifactsDir, 'screenshots', 'first-week-share-page-remembered.png'),
    });
    await visitor.getByText('Essential').click();
    await visitor.getByRole('button', { name: 'Send my answer' }).click();
    await expect(visitor.getByText(/Your answer was updated/)).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('radio', { name: /Essential/ })).toBeChecked();
    await stranger.close();

    // The owner's results: one respondent, counted in whole numbers, on a readable day.
    const results = dialog.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('heading', { name: '1 response' })).toBeVisible({
      timeout: 15_000,
    });
    const chart = results.getByRole('img', { name: 'Respondents over time' });
    await expect(chart).toBeVisible();
    // The value axis's labels stand right-aligned at the left; the days' labels centred below.
    const ticks = (anchor: 'end' | 'middle') =>
      chart
        .locator('text.recharts-cartesian-axis-tick-value')
        .evaluateAll(
          (texts, wanted) =>
            texts
              .filter((text) => text.getAttribute('text-anchor') === wanted)
              .map((text) => text.textContent ?? ''),
          anchor,
        );
    await expect.poll(() => ticks('end')).not.toEqual([]);
    for (const tick of await ticks('end')) expect(tick).toMatch(/^\d+$/);
    const days = await ticks('middle');
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) expect(day).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await chart.scrollIntoViewIfNeeded();
    await shot('respondents-over-time');
  });

  test('one persona left out reads "+1 more persona"', async ({
    page,
    request,
    register,
    signIn,
  }) => {
    const { token } = await register();
    const product = await firstProduct(request, token);
    const templates = await call<{ id: string }[]>(request, token, 'get', '/api/persona-templates');
    for (const template of templates.slice(0, 4)) {
      await call(request, token, 'post', `/api/products/${product.id}/personas`, {
        templateId: template.id,
      });
    }
    await signIn(token, `/products/${product.id}/questions`);
    const selected = page.getByLabel('Selected personas');
    await expect(selected).toContainText('+1 more persona');
    await expect(selected).not.toContainText('more personas');
  });

  test('the admin area has its header, whole e-mails in the seat table and the audit log folds sign-ins away', async ({
    page,
    request,
    register,
    shot,
  }) => {
    // A seat added: a collaborator with a long address joins a customer's product.
    const { token } = await register();
    const product = await firstProduct(request, token);
    const longEmail = `alexandra.montgomery-featherstonehaugh.${Date.now().toString(36)}@example-consultancy.com`;
    await call(request, token, 'post', `/api/products/${product.id}/team/invitations`, {
      email: longEmail,
      role: 'collaborator',
    });
    await expect.poll(() => invitationLinkFor(longEmail), { timeout: 15_000 }).toBeTruthy();
    const invitation = new URL(invitationLinkFor(longEmail)!).pathname.split('/').pop()!;
    const joined = await request.post(`/api/invitations/${invitation}/register`, {
      data: {
        email: longEmail,
        password: 'correct-horse-battery',
        firstName: 'Alexandra',
        lastName: 'Montgomery',
      },
    });
    expect(joined.ok(), await joined.text()).toBe(true);

    await page.goto('/admin');
    // The mark and the area's name, before and after signing in.
    await expect(page.getByRole('link', { name: 'Chorus' })).toBeVisible();
    await expect(page.getByText('Admin', { exact: true })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(
      page.getByText('Subscription analytics, promo codes, persona templates and team seats.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chorus' })).toBeVisible();

    const filter = page.getByRole('radiogroup', { name: 'Show in the audit log' });
    await expect(filter.getByRole('radio', { name: 'Changes' })).toBeChecked();
    // Folded by default: not one "Signed in" although this very sign-in was recorded.
    await expect(
      page.getByRole('list', { name: 'Admin actions' }).or(page.getByText(/^No changes yet/)),
    ).toBeVisible();
    await expect(page.getByText('Signed in')).toHaveCount(0);
    await filter.getByRole('radio', { name: 'Sign-ins' }).click();
    const signIns = page.getByRole('list', { name: 'Admin actions' });
    await expect(signIns).toContainText(`${ADMIN_EMAIL} Signed in`);
    await expect(signIns.getByRole('listitem').filter({ hasNotText: 'Signed in' })).toHaveCount(0);
    await signIns.scrollIntoViewIfNeeded();
    await shot('audit-sign-ins');
    await filter.getByRole('radio', { name: 'All' }).click();
    await expect(page.getByRole('list', { name: 'Admin actions' })).toContainText('Signed in');

    // The member's address on one line, shortened with an ellipsis, whole in its title.
    const member = page
      .getByRole('table', { name: 'Team seat changes' })
      .getByTestId('seat-member-email')
      .filter({ hasText: 'alexandra.montgomery' })
      .first();
    await expect(member).toHaveAttribute('title', longEmail);
    const layout = await member.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        whiteSpace: style.whiteSpace,
        textOverflow: style.textOverflow,
        lines: element.getBoundingClientRect().height / parseFloat(style.lineHeight),
      };
    });
    expect(layout).toMatchObject({ whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
    expect(layout.lines).toBeLessThan(1.5);
    await member.scrollIntoViewIfNeeded();
    await shot('seat-table');
  });
});
