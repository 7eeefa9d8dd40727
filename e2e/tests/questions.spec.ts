import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, newAccount, test, toast } from '../fixtures';
import { withServiceDatabase } from '../system';

interface Template {
  id: string;
  name: string;
}

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

/** Selects the first `count` persona templates for the product; answers their names. */
async function selectPersonas(
  request: APIRequestContext,
  token: string,
  productId: string,
  count: number,
): Promise<string[]> {
  const response = await request.get('/api/persona-templates', auth(token));
  expect(response.status(), await response.text()).toBe(200);
  const templates = ((await response.json()) as Template[]).slice(0, count);
  expect(templates).toHaveLength(count);
  for (const template of templates) {
    const added = await request.post(`/api/products/${productId}/personas`, {
      ...auth(token),
      data: { templateId: template.id },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  return templates.map((template) => template.name);
}

async function askThroughApi(
  request: APIRequestContext,
  token: string,
  productId: string,
  questionText: string,
) {
  const response = await request.post(`/api/products/${productId}/questions`, {
    ...auth(token),
    data: { questionText, productId },
  });
  expect(response.status(), await response.text()).toBe(201);
}

function questionCard(page: Page, questionText: string) {
  return page.getByRole('article', { name: questionText });
}

test.describe('questions page', () => {
  test('every selected persona answers, with how likely its view is and the grounds of the answer', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Northwind Planner' }));
    const productId = await onlyProductId(request, token);
    const names = await selectPersonas(request, token, productId, 5);
    // A pricing fact, so price questions can be grounded in the business profile.
    const profile = await request.post(`/api/products/${productId}/business-profile`, {
      ...auth(token),
      data: { pricingModels: 'Subscription at $30 a month', companyName: 'Northwind Planner' },
    });
    expect(profile.status(), await profile.text()).toBe(201);

    await signIn(token, `/products/${productId}/questions`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Strategic Questions');
    const selected = page.getByLabel('Selected personas');
    for (const name of names.slice(0, 3)) await expect(selected).toContainText(name);
    await expect(selected).toContainText('+2 more personas');
    await expect(page.getByRole('heading', { name: 'No questions yet' })).toBeVisible();
    await shot('empty');

    const question = page.getByLabel('Your question');
    await question.fill('Too short');
    await page.getByRole('button', { name: 'Ask Question' }).click();
    await expect(page.getByText('Question must be at least 10 characters')).toBeVisible();
    await question.fill('x'.repeat(501));
    await page.getByRole('button', { name: 'Ask Question' }).click();
    await expect(page.getByText('Question must be less than 500 characters')).toBeVisible();
    await shot('too-long');

    const text = 'Would you pay $30 a month for a planner that organises your week?';
    await question.fill(text);
    await page.getByRole('button', { name: 'Ask Question' }).click();
    await expect(question).toHaveValue('');
    const card = questionCard(page, text);
    await expect(card).toBeVisible();
    await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });

    const results = card.getByRole('figure', { name: 'Aggregated results' });
    await expect(results).toContainText('Positive');
    await expect(results).toContainText('Neutral');
    await expect(results).toContainText('Negative');
    await expect(card).toContainText('Key insight:');
    for (const name of names) {
      const answer = card.getByRole('article', { name });
      await expect(answer).toBeVisible();
      await expect(answer.getByRole('meter', { name: 'Likelihood of this view' })).toBeVisible();
      await expect(answer).toContainText(/Likelihood of this view\s*\d{1,3}%/);
      await expect(answer).toContainText('Safety influence');
      await expect(answer).toContainText('Reasoning:');
      await expect(answer.getByLabel('Grounding')).toContainText('Persona attributes:');
    }
    // The price question draws on the profile's pricing fact.
    await expect(
      card.getByLabel('Grounding').filter({ hasText: 'Pricing Models' }),
    ).not.toHaveCount(0);
    await card.getByRole('article', { name: names[0] }).scrollIntoViewIfNeeded();
    await shot('answered');

    await card.getByRole('button', { name: /Hide 5 persona responses/ }).click();
    await expect(card.getByRole('article')).toHaveCount(0);
    await card.getByRole('button', { name: /Show 5 persona responses/ }).click();
    await expect(card.getByRole('article')).toHaveCount(5);
  });

  test('the history filters by text and status, deletes after confirming, and exports CSV', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Harbor Coffee' }));
    const productId = await onlyProductId(request, token);
    const names = await selectPersonas(request, token, productId, 3);
    const first = 'Would a loyalty reward every tenth coffee bring you back?';
    const second = 'Should we open an hour earlier on weekdays?';
    await askThroughApi(request, token, productId, first);
    await askThroughApi(request, token, productId, second);

    await signIn(token, `/products/${productId}/questions`);
    await expect(page.getByLabel('Selected personas')).not.toContainText('more personas');
    await expect(questionCard(page, first).getByText('Complete', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(questionCard(page, second).getByText('Complete', { exact: true })).toBeVisible({
      timeout: 30_000,
    });

    const search = page.getByRole('searchbox', { name: 'Search questions' });
    await search.fill('loyalty');
    await expect(questionCard(page, first)).toBeVisible();
    await expect(questionCard(page, second)).toHaveCount(0);
    await shot('search');
    await search.fill('');

    const statuses = page.getByRole('radiogroup', { name: 'Filter by status' });
    await statuses.getByRole('radio', { name: 'Error' }).click();
    await expect(
      page.getByRole('heading', { name: 'No questions match your filters' }),
    ).toBeVisible();
    await statuses.getByRole('radio', { name: 'Complete' }).click();
    await expect(questionCard(page, first)).toBeVisible();
    await expect(questionCard(page, second)).toBeVisible();
    await statuses.getByRole('radio', { name: 'All' }).click();

    // CSV of one question: a header and one row per persona response.
    const download = page.waitForEvent('download');
    await questionCard(page, first).getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('questions-harbor-coffee.csv');
    const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Question,Asked At,Status,Persona,Opinion,Confidence,Safety Influence,Response,Reasoning,Persona Attributes,Business Profile Fields,Distribution,Follow-ups',
    );
    expect(csv).toMatch(/,positive \d+%; neutral \d+%; negative \d+%,/);
    for (const name of names) expect(csv).toContain(`,${name},`);
    expect(csv).toMatch(/,(positive|neutral|negative),\d{1,3}%,(high|medium|low),/);

    // Every answer of every question shown: Export All.
    const all = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export All (CSV)' }).click();
    const allCsv = await readFile(await (await all).path(), 'utf8');
    const rows = allCsv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // Cells with line breaks are quoted; these answers have none, so rows are lines.
    expect(rows).toHaveLength(1 + 2 * names.length);

    // Deleting asks first; Cancel keeps the question.
    const doomed = questionCard(page, second);
    await doomed.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this question?' });
    await expect(confirm).toBeVisible();
    await shot('confirm-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(doomed).toBeVisible();
    await doomed.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete Question' }).click();
    await expect(toast(page)).toContainText('Question deleted');
    await expect(questionCard(page, second)).toHaveCount(0);
    await expect(questionCard(page, first)).toBeVisible();

    // Gone on the server too.
    await page.reload();
    await expect(questionCard(page, first)).toBeVisible();
    await expect(questionCard(page, second)).toHaveCount(0);
    await shot('after-delete');
  });

  test('a product without personas cannot be asked, and says why', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await signIn(token, `/products/${productId}/questions`);
    await expect(page.getByText('No personas found')).toBeVisible();
    await expect(
      page.getByText('Select at least one persona before asking questions.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Select Personas' })).toHaveAttribute(
      'href',
      `/products/${productId}/personas`,
    );
    await page.getByLabel('Your question').fill('Would you recommend us to a friend?');
    await page.getByRole('button', { name: 'Ask Question' }).click();
    await expect(toast(page)).toContainText('No personas found');
    await shot('no-personas');
  });
});

test.describe('questions page addresses', () => {
  // Another user's product answers 404, which the browser logs (the stream's refusal too).
  test.use({ allowConsoleErrors: [/Failed to load resource|EventSource/] });

  test("a question's own address opens it, and another user's product is not found", async ({
    page,
    request,
    register,
    signIn,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    await selectPersonas(request, token, productId, 2);
    const text = 'Is a yearly plan more attractive than a monthly one?';
    await askThroughApi(request, token, productId, text);
    const listed = await request.get(`/api/products/${productId}/questions`, auth(token));
    const [question] = (await listed.json()) as { id: string }[];

    await signIn(token, `/companies/${productId}/questions/${question!.id}`);
    await expect(questionCard(page, text)).toBeVisible();

    const other = await register();
    await signIn(other.token, `/products/${productId}/questions`);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  });
});

/** A new account's product with two personas; answers the token and the questions' paths. */
async function productWithTwoPersonas(
  request: APIRequestContext,
  register: () => Promise<{ token: string }>,
) {
  const { token } = await register();
  const productId = await onlyProductId(request, token);
  await selectPersonas(request, token, productId, 2);
  return {
    token,
    page: `/products/${productId}/questions`,
    list: `/api/products/${productId}/questions`,
  };
}

/** Asks through the form; answers the question's card once both personas have answered. */
async function askAndAwaitAnswers(page: Page, text: string) {
  await expect(page.getByRole('heading', { name: 'No questions yet' })).toBeVisible();
  await page.getByLabel('Your question').fill(text);
  await page.getByRole('button', { name: 'Ask Question' }).click();
  const card = questionCard(page, text);
  await expect(card).toBeVisible();
  await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('article')).toHaveCount(2);
  return card;
}

test.describe('live results', () => {
  test('answers arrive through the live stream, and the list is not polled while it is open', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token, ...paths } = await productWithTwoPersonas(request, register);
    // The first read of the list is the server's; every later one answers that
    // same list, so only the stream can bring the question's answers.
    let firstList: string | undefined;
    let listReads = 0;
    await page.route(
      (url) => url.pathname === paths.list,
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        listReads += 1;
        if (firstList === undefined) {
          const response = await route.fetch();
          firstList = await response.text();
          // The page drops the first read when the stream opens before it is answered.
          return route.fulfill({ response, body: firstList }).catch(() => undefined);
        }
        return route.fulfill({ status: 200, contentType: 'application/json', body: firstList });
      },
    );
    const streamOpened = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `${paths.list}/stream`,
    );
    await signIn(token, paths.page);
    expect((await streamOpened).status()).toBe(200);
    // Read on load, and once more when the stream says it is watching.
    await expect.poll(() => listReads).toBe(2);

    const card = await askAndAwaitAnswers(page, 'Would you switch to us for a faster checkout?');
    await expect(card.getByRole('figure', { name: 'Aggregated results' })).toContainText(
      'Positive',
    );
    await shot('answered-by-stream');
    expect(listReads, 'list reads while the stream was open').toBe(2);
  });

  test.describe('without the stream', () => {
    // The blocked stream's failed connections are logged by the browser.
    test.use({ allowConsoleErrors: [/Failed to load resource|EventSource/] });

    test('the list is polled every 2 seconds and the answers still arrive', async ({
      page,
      request,
      register,
      signIn,
      shot,
    }) => {
      const { token, ...paths } = await productWithTwoPersonas(request, register);
      await page.route(
        (url) => url.pathname === `${paths.list}/stream`,
        (route) => route.abort(),
      );
      const listReads: number[] = [];
      page.on('request', (sent) => {
        if (sent.method() === 'GET' && new URL(sent.url()).pathname === paths.list) {
          listReads.push(Date.now());
        }
      });
      await signIn(token, paths.page);
      await askAndAwaitAnswers(page, 'Would a weekend delivery slot make you order more often?');
      await shot('answered-by-polling');
      // Polled after the ask, at the spec's pace (not faster).
      expect(listReads.length).toBeGreaterThanOrEqual(2);
      const gaps = listReads.slice(1).map((at, index) => at - listReads[index]!);
      for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(1_500);
    });
  });
});

test.describe('a question that could not be answered', () => {
  test('shows why, and Retry asks the same personas again until it is answered', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register();
    const productId = await onlyProductId(request, token);
    const names = await selectPersonas(request, token, productId, 2);
    const text = 'Would a weekly digest e-mail make you come back more often?';
    await askThroughApi(request, token, productId, text);
    // What the catalog's sweep leaves after its last attempt: the question in error.
    const reason = 'This question could not be answered after 3 attempts. Please retry.';
    await expect
      .poll(
        async () =>
          withServiceDatabase('catalog', async (db) => {
            const updated = await db.query(
              `UPDATE questions SET status = 'error', error_reason = $2,
                 responses = '[]'::jsonb, aggregated_results = NULL
               WHERE product_id = $1 AND status = 'complete'`,
              [productId, reason],
            );
            return updated.rowCount;
          }),
        { timeout: 30_000 },
      )
      .toBe(1);

    await signIn(token, `/products/${productId}/questions`);
    const card = questionCard(page, text);
    await expect(card.getByText('Error', { exact: true })).toBeVisible();
    await expect(card).toContainText(reason);
    await card.getByRole('button', { name: 'Retry' }).scrollIntoViewIfNeeded();
    await shot('error');

    await card.getByRole('button', { name: 'Retry' }).click();
    await expect(toast(page)).toContainText('Asking your personas again');
    await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(card).not.toContainText(reason);
    await expect(card.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    for (const name of names) await expect(card.getByRole('article', { name })).toBeVisible();
    await shot('retried');
  });
});

test.describe('results where the person looks', () => {
  test('after Ask the form says how many personas answered and jumps to the results, whose legend matches the bars and whose bars carry their likely ranges', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Harbour Bakes' }));
    const productId = await onlyProductId(request, token);
    await selectPersonas(request, token, productId, 4);
    // Earlier questions push the new one's results below the fold of a phone-sized window.
    for (const earlier of [
      'How often do you buy bread from a bakery each week?',
      'What do you look for first when choosing a bakery?',
    ]) {
      await askThroughApi(request, token, productId, earlier);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(token, `/products/${productId}/questions`);
    await expect(
      questionCard(page, 'What do you look for first when choosing a bakery?'),
    ).toBeVisible();

    const text = 'Would you pay $4 for a sourdough loaf delivered before breakfast?';
    await page.getByLabel('Your question').fill(text);
    await page.getByRole('button', { name: 'Ask Question' }).click();

    // Right under the form: how far the panel has got, then that everyone answered.
    const progress = page.getByTestId('ask-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toBeInViewport();
    await expect(progress.getByRole('status')).toHaveText(
      /^(Your personas are starting to answer…|[0-4] of 4 personas answered|All 4 personas answered\.)$/,
    );
    await expect(progress.getByRole('status')).toHaveText('All 4 personas answered.', {
      timeout: 30_000,
    });
    await shot('answered-near-the-form');

    const card = questionCard(page, text);
    await expect(card).not.toBeInViewport();
    await progress.getByRole('button', { name: 'See the answers' }).click();
    await expect(card).toBeInViewport();
    await expect(card).toBeFocused();
    const results = card.getByRole('figure', { name: 'Aggregated results' });
    await results.scrollIntoViewIfNeeded();
    await shot('jumped-to-the-results');

    // Each legend swatch is its bar's colour (positive, neutral, negative, in order).
    const bars = results.locator('.recharts-bar-rectangle path');
    await expect(bars).toHaveCount(3);
    const barColours = await bars.evaluateAll((paths) =>
      paths.map((path) => getComputedStyle(path).fill),
    );
    const swatches = results.getByTestId('legend-swatch');
    await expect(swatches).toHaveCount(3);
    const swatchColours = await swatches.evaluateAll((spans) =>
      spans.map((span) => getComputedStyle(span).backgroundColor),
    );
    expect(new Set(barColours).size).toBe(3);
    expect(swatchColours).toEqual(barColours);
    // The legend names the bars in the same order as the chart lists them.
    await expect(results.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
      /^Positive/,
      /^Neutral/,
      /^Negative/,
    ]);

    // One whisker per bar: the likely range written beside the shares.
    await expect(results.locator('.recharts-errorBar')).toHaveCount(3);
    for (const opinion of ['positive', 'neutral', 'negative']) {
      await expect(card.getByTestId(`interval-${opinion}`)).toContainText(/likely \d/);
    }
    await expect(results).toContainText('Share of all answers (20 per persona)');
    // The chart stays inside the phone's screen.
    const box = await results.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
