import type { CreatedShareLinkView, ShareResultsView } from '@chorus/contracts';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { withServiceDatabase } from '../system';

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'patch',
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

/** A product with two personas who have rated and ranked three items of a roadmap. */
async function roadmapWithPredictions(request: APIRequestContext, token: string) {
  const [product] = await call<{ id: string; name: string }[]>(
    request,
    token,
    'get',
    '/api/products',
  );
  const templates = await call<{ id: string }[]>(request, token, 'get', '/api/persona-templates');
  const addPersona = async (templateId: string) =>
    (
      await call<{ id: string }>(request, token, 'post', `/api/products/${product!.id}/personas`, {
        templateId,
      })
    ).id;
  const personaIds: string[] = [];
  for (const template of templates.slice(0, 2)) personaIds.push(await addPersona(template.id));
  const roadmap = await call<{ id: string }>(
    request,
    token,
    'post',
    `/api/products/${product!.id}/roadmaps`,
    {
      name: 'Launch Plan',
    },
  );
  const items: { id: string; title: string }[] = [];
  for (const title of ['AI chat assistant', 'Lower monthly price', 'Dark mode']) {
    items.push(
      await call(request, token, 'post', `/api/roadmaps/${roadmap.id}/items`, {
        title,
        description: `${title} for every customer`,
      }),
    );
  }
  // Each persona's opinion is a seeded draw from its distribution, seeded by the
  // persona's id. A thumbs link compares only personas who lean either way (a 3
  // is neither), so the first persona is swapped for a new one (a new id, a new
  // draw) until it leans.
  for (let attempt = 0; ; attempt += 1) {
    const feedback = await call<{ responses: { personaId: string; rating: number }[] }>(
      request,
      token,
      'post',
      `/api/roadmap-items/${items[0]!.id}/feedback`,
      { personaIds },
    );
    if (feedback.responses.some((r) => r.rating !== 3) || attempt === 20) break;
    const response = await request.delete(
      `/api/products/${product!.id}/personas/${personaIds[0]}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.ok(), await response.text()).toBe(true);
    personaIds[0] = await addPersona(templates[0]!.id);
  }
  await call(request, token, 'post', `/api/roadmaps/${roadmap.id}/comparisons`, {
    itemIds: items.map((i) => i.id),
    personaIds,
  });
  return { productName: product!.name, roadmapId: roadmap.id, items, personaIds };
}

test.describe('share links', () => {
  test('a rating link is answered signed out and the owner sees it beside the personas', async ({
    browser,
    request,
    register,
  }) => {
    const { token } = await register();
    const setup = await roadmapWithPredictions(request, token);
    const link = await call<CreatedShareLinkView>(
      request,
      token,
      'post',
      `/api/roadmap-items/${setup.items[0]!.id}/share-links`,
      { feedbackType: 'rating', allowComments: true, personaIds: setup.personaIds },
    );

    // A stranger: a fresh browser context, never signed in.
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1, name: 'AI chat assistant' })).toBeVisible();
    await expect(page.getByText(setup.productName)).toBeVisible();
    await expect(page.getByText(/kept for 365 days/)).toBeVisible();
    // Nothing of the signed-in app: no shell, no other microfrontend.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js')),
    );
    expect(scripts.every((p) => p.startsWith('/mfe/share/'))).toBe(true);

    await page.getByText('Send my answer').click();
    await expect(page.getByRole('alert')).toHaveText('Choose a rating from 1 to 5');
    await page.getByText('Essential').click();
    const markup = '<b>bold</b> & <script>x</script>';
    await page.getByLabel('Comment (optional)').fill(markup);
    await page.getByLabel('Name (optional)').fill('Ada');
    await page.getByRole('button', { name: 'Send my answer' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeFocused();
    await expect(page.getByText('Your answer was recorded.', { exact: false })).toBeVisible();
    const events = await page.evaluate(
      () => (window as { dataLayer?: { event: string }[] }).dataLayer,
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'share_response', feedback_type: 'rating' }),
    );

    // The same browser changes its answer: replaced, not doubled.
    await page.getByRole('button', { name: 'Change my answer' }).click();
    await page.getByText('Useful', { exact: true }).click();
    await page.getByRole('button', { name: 'Send my answer' }).click();
    await expect(page.getByText('Your answer was updated.', { exact: false })).toBeVisible();
    expect(problems, 'errors in the browser console (CSP included)').toEqual([]);
    await context.close();

    const results = await call<ShareResultsView>(
      request,
      token,
      'get',
      `/api/share-links/${link.id}/results`,
    );
    expect(results.responseCount).toBe(1);
    expect(results.distribution).toMatchObject({ kind: 'rating', human: [0, 0, 1, 0, 0] });
    expect(results.comments).toEqual([expect.objectContaining({ name: 'Ada', text: markup })]);
    expect(results.agreement?.label).toMatch(/^Too few responses to judge \(1 response;/);
    expect(results.agreement?.value).toEqual(expect.any(Number));
  });

  test('a comparison is ranked by keyboard in a fresh signed-out browser', async ({
    browser,
    request,
    register,
  }) => {
    const { token } = await register();
    const setup = await roadmapWithPredictions(request, token);
    const link = await call<CreatedShareLinkView>(
      request,
      token,
      'post',
      `/api/roadmaps/${setup.roadmapId}/comparison-links`,
      { itemIds: setup.items.map((i) => i.id), personaIds: setup.personaIds },
    );
    expect(link.path).toMatch(/^\/compare\//);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Which matters most to you?',
    );
    const rows = page.locator('[data-rank-item]');
    await expect(rows).toHaveText([/AI chat assistant/, /Lower monthly price/, /Dark mode/]);

    // Dark mode to the top with the keyboard only; focus follows the item.
    await page.locator('[data-rank-item]').nth(2).focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('[data-rank-item]').nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(rows).toHaveText([/Dark mode/, /AI chat assistant/, /Lower monthly price/]);
    await expect(page.locator('[data-rank-item]').first()).toBeFocused();
    // And a button for touch: Lower monthly price above AI chat assistant.
    await page.getByRole('button', { name: 'Move Lower monthly price up' }).click();
    await expect(rows).toHaveText([/Dark mode/, /Lower monthly price/, /AI chat assistant/]);
    await page.getByRole('button', { name: 'Send my answer' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await context.close();

    const results = await call<ShareResultsView>(
      request,
      token,
      'get',
      `/api/share-links/${link.id}/results`,
    );
    expect(results.distribution).toMatchObject({
      kind: 'ranking',
      human: [
        { title: 'Dark mode' },
        { title: 'Lower monthly price' },
        { title: 'AI chat assistant' },
      ],
    });
    expect(results.predictions).toHaveLength(2);
    expect(results.agreement).toMatchObject({ method: 'spearman', responses: 1, tooFew: true });
    expect(results.agreement?.value).toEqual(expect.any(Number));
  });

  test('an expired link and a deactivated link each say so; an unknown one looks the same', async ({
    browser,
    request,
    register,
  }) => {
    const { token } = await register();
    const setup = await roadmapWithPredictions(request, token);
    const create = () =>
      call<CreatedShareLinkView>(
        request,
        token,
        'post',
        `/api/roadmap-items/${setup.items[1]!.id}/share-links`,
        {
          feedbackType: 'thumbs',
        },
      );
    const expired = await create();
    const deactivated = await create();
    await withServiceDatabase('roadmap', (db) =>
      db.query(`update feature_shares set expires_at = now() - interval '1 minute' where id = $1`, [
        expired.id,
      ]),
    );
    await call(request, token, 'patch', `/api/share-links/${deactivated.id}`, { isActive: false });

    const context = await browser.newContext();
    const page = await context.newPage();
    const texts: string[] = [];
    for (const path of [expired.path, deactivated.path, `/share/${'Z'.repeat(43)}`]) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'This link is not available' }),
      ).toBeVisible();
      await expect(page.getByText('This link has expired or is no longer active.')).toBeVisible();
      texts.push(await page.locator('#root').innerText());
    }
    expect(new Set(texts).size).toBe(1);
    await context.close();
  });

  test("the owner shares from the roadmap page, copies the link and sees the people's answers with the agreement", async ({
    page,
    browser,
    request,
    register,
    signIn,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { token } = await register();
    await roadmapWithPredictions(request, token);
    const [product] = await call<{ id: string }[]>(request, token, 'get', '/api/products');
    await signIn(token, `/products/${product!.id}/roadmaps`);

    const item = page
      .getByRole('region', { name: 'Roadmap items' })
      .getByRole('article', { name: 'AI chat assistant' });
    await item.getByRole('button', { name: 'Share a link to AI chat assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “AI chat assistant”' });
    await dialog.getByLabel('Thumbs up / down').check();
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    const address = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(address).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await address.inputValue(),
    );
    await expect(dialog.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({
      timeout: 4000,
    });
    const events = await page.evaluate(
      () => (window as { dataLayer?: { event: string }[] }).dataLayer,
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'share_created', feedback_type: 'thumbs' }),
    );

    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    await visitor.goto(await address.inputValue());
    await visitor.getByText('Thumbs up', { exact: true }).click();
    await visitor.getByLabel('Comment (optional)').fill('<i>Yes</i> please');
    await visitor.getByRole('button', { name: 'Send my answer' }).click();
    await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await stranger.close();

    // The results read again while open: one response, the agreement in words.
    const results = dialog.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('heading', { name: '1 response' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(results.getByTestId('agreement')).toContainText(
      /Too few responses to judge \(1 response/,
    );
    await expect(results.getByRole('list', { name: 'Comments' })).toContainText(
      '<i>Yes</i> please',
    );
    const row = dialog.getByRole('row', { name: /Thumbs up \/ down link/ });
    const firstAddress = await address.inputValue();

    // Later, the dialog opened again: the link is copied from the list, and it works.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await item.getByRole('button', { name: 'Share a link to AI chat assistant' }).click();
    await row.getByRole('button', { name: 'Copy link' }).click();
    await expect(row.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstAddress);
    const again = await browser.newContext();
    const returning = await again.newPage();
    await returning.goto(firstAddress);
    await expect(returning.getByText('AI chat assistant').first()).toBeVisible();
    await expect(returning.getByText('Thumbs up', { exact: true })).toBeVisible();
    await again.close();

    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row).toContainText('deactivated');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Link' })
      .getByRole('button', { name: 'Delete Link' })
      .click();
    await expect(dialog.getByText('No links yet.')).toBeVisible();
  });

  test('a ranking link is shared from the roadmap page', async ({
    page,
    request,
    register,
    signIn,
  }) => {
    const { token } = await register();
    await roadmapWithPredictions(request, token);
    const [product] = await call<{ id: string }[]>(request, token, 'get', '/api/products');
    await signIn(token, `/products/${product!.id}/roadmaps`);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByRole('button', { name: 'Share a Ranking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share a Ranking' });
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(/\/compare\//);
    await expect(dialog.getByRole('row', { name: /Ranking link/ })).toContainText('active');
    const results = dialog.getByRole('region', { name: 'Results' });
    await expect(results.getByRole('list', { name: 'People’s order' })).toBeVisible();
    await expect(results.getByTestId('agreement')).toHaveText('No responses yet');
  });
});
