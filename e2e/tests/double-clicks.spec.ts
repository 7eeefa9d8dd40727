import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, newAccount, statCard, test, toast } from '../fixtures';

// One click does one thing: a double click (two clicks before the page can
// disable the control), or sending again after the answer was lost on the
// way, makes one question, one invitation, one link. The browser sends one
// Idempotency-Key per action; the gateway does the work once per key.

function auth(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function get<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, auth(token));
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function post<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(path, { ...auth(token), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function onlyProductId(request: APIRequestContext, token: string): Promise<string> {
  const [product] = await get<{ id: string }[]>(request, token, '/api/products');
  return product!.id;
}

async function addPersonas(request: APIRequestContext, token: string, productId: string) {
  const templates = await get<{ id: string }[]>(request, token, '/api/persona-templates');
  const ids: string[] = [];
  for (const template of templates.slice(0, 2)) {
    const added = await post<{ id: string }>(
      request,
      token,
      `/api/products/${productId}/personas`,
      {
        templateId: template.id,
      },
    );
    ids.push(added.id);
  }
  return ids;
}

/**
 * Two clicks in one go, before the page can answer the first: what a fast
 * double click on a slow machine does (Playwright's dblclick waits between
 * the clicks long enough for the page to disable the button).
 */
async function clickTwiceAtOnce(control: Locator): Promise<void> {
  await control.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

/** Keys the browser sent on requests to `path` (POST). */
function keysSentTo(page: Page, path: RegExp): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && path.test(new URL(request.url()).pathname)) {
      keys.push(request.headers()['idempotency-key'] ?? '');
    }
  });
  return keys;
}

test.describe('double clicks do one thing', () => {
  test('a double-clicked Ask Question asks once, and Questions Asked rises by one', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Twice Lamp' }));
    const productId = await onlyProductId(request, token);
    await addPersonas(request, token, productId);

    await signIn(token, `/products/${productId}/dashboard`);
    await expect(statCard(page, 'Questions Asked')).toContainText('0');

    await page.goto(`/products/${productId}/questions`);
    const sent = keysSentTo(page, /\/questions$/);
    const text = 'Would you pay $12 a month for a lamp that dims itself at night?';
    await page.getByLabel('Your question').fill(text);
    const ask = page.getByRole('button', { name: 'Ask Question' });
    await clickTwiceAtOnce(ask);
    await expect(page.getByLabel('Your question')).toHaveValue('');
    await expect(page.getByRole('article', { name: text })).toHaveCount(1);
    await shot('asked-once');

    // Every request of the action carried one key.
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{32,36}$/);

    const questions = await get<{ questionText: string }[]>(
      request,
      token,
      `/api/products/${productId}/questions`,
    );
    expect(questions.map((q) => q.questionText)).toEqual([text]);

    await page.goto(`/products/${productId}/dashboard`);
    await expect(statCard(page, 'Questions Asked')).toContainText('1');
  });

  test.describe('when the answer is lost on the way', () => {
    test.use({ allowConsoleErrors: [/ERR_CONNECTION_RESET|Failed to load resource/] });

    test('asking again sends the same key, and the question is asked once', async ({
      page,
      request,
      register,
      signIn,
    }) => {
      const { token } = await register();
      const productId = await onlyProductId(request, token);
      await addPersonas(request, token, productId);
      await signIn(token, `/products/${productId}/questions`);
      const sent = keysSentTo(page, /\/questions$/);

      // The first request reaches the gateway, which asks the question; its answer never arrives.
      let cut = false;
      await page.route(/\/api\/products\/[^/]+\/questions$/, async (route) => {
        if (route.request().method() !== 'POST' || cut) return route.continue();
        cut = true;
        await route.fetch();
        await route.abort('connectionreset');
      });
      const text = 'Would you switch to a lamp that learns when you go to bed?';
      await page.getByLabel('Your question').fill(text);
      await page.getByRole('button', { name: 'Ask Question' }).click();
      await expect(toast(page)).toBeVisible();
      await expect(page.getByLabel('Your question')).toHaveValue(text);

      await page.getByRole('button', { name: 'Ask Question' }).click();
      await expect(page.getByLabel('Your question')).toHaveValue('');
      expect(sent).toHaveLength(2);
      expect(sent[1]).toBe(sent[0]);
      const questions = await get<{ questionText: string }[]>(
        request,
        token,
        `/api/products/${productId}/questions`,
      );
      expect(questions.map((q) => q.questionText)).toEqual([text]);
      await expect(page.getByRole('article', { name: text })).toHaveCount(1);
    });
  });

  test('a double-clicked Send Invitation invites once: the field clears and the toast says it was sent', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await signIn(token, `/products/${productId}/team`);
    const email = `double-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Viewer (free)' });
    await page.getByRole('button', { name: 'Invite' }).click();
    const confirm = page.getByRole('alertdialog');
    await clickTwiceAtOnce(confirm.getByRole('button', { name: 'Send Invitation' }));
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toContainText('Invitation sent');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('');
    await expect(page.getByText('An invitation is already pending')).toHaveCount(0);
    const rows = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({
      hasText: email,
    });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Pending');
    await shot('invited-once');

    const team = await get<{ members: { email: string }[] }>(
      request,
      token,
      `/api/products/${productId}/team`,
    );
    expect(team.members.filter((member) => member.email === email)).toHaveLength(1);
  });

  test('a double-clicked Create Link makes one link', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await addPersonas(request, token, productId);
    const roadmap = await post<{ id: string }>(
      request,
      token,
      `/api/products/${productId}/roadmaps`,
      { name: 'Launch Plan' },
    );
    const item = await post<{ id: string }>(request, token, `/api/roadmaps/${roadmap.id}/items`, {
      title: 'Offline mode',
    });

    await signIn(token, `/products/${productId}/roadmaps`);
    const card = page
      .getByRole('region', { name: 'Roadmap items' })
      .getByRole('article', { name: 'Offline mode' });
    await card.getByRole('button', { name: 'Share a link to Offline mode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “Offline mode”' });
    await clickTwiceAtOnce(dialog.getByRole('button', { name: 'Create Link' }));
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(
      /\/share\/[A-Za-z0-9_-]{43}$/,
    );
    await expect(dialog.getByRole('row', { name: /Rating 1–5 link created/ })).toHaveCount(1);
    await shot('one-link');

    const links = await get<unknown[]>(request, token, `/api/roadmap-items/${item.id}/share-links`);
    expect(links).toHaveLength(1);
  });
});
