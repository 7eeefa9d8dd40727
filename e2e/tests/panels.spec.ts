import { type MarketPanelView, panelMessages } from '@chorus/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, test } from '../fixtures';
import {
  call,
  desktop,
  escapeRegExp,
  expectNoSidewaysScroll,
  phone,
  questionArticle,
} from '../typed-helpers';

/**
 * Market panels from the customer's side: a UK panel of 200 personas drawn
 * with a filter from the Panels page, its build followed to ready and its
 * make-up read; an open question asked of it from the questions page, and
 * its weighted results read (shares, note, a cut by age, the persona
 * answers searched and paged) on a desktop and on a phone.
 */

const panelName = 'UK families';
const questionText = 'Would you try a weekly meal plan delivered to your door?';

/** The panel's card on the Panels page. */
const panelCard = (page: Page) => page.getByRole('article', { name: panelName, exact: true });

/** A complete panel question's results: weighted shares, note, a cut by age and the answers, paged and searched. */
async function readPanelResults(
  page: Page,
  card: Locator,
  screen: 'desktop' | 'phone',
  shot: (step: string) => Promise<void>,
): Promise<void> {
  const results = card.getByRole('region', { name: 'Market panel results' });
  await expect(results.getByTestId('panel-asked-of')).toHaveText(
    new RegExp(`^Asked of ${escapeRegExp(panelName)} \\(v1, 200 personas drawn to .+\\)$`),
  );
  for (const [opinion, label] of [
    ['positive', 'Positive'],
    ['neutral', 'Neutral'],
    ['negative', 'Negative'],
  ] as const) {
    await expect(results.getByTestId(`weighted-${opinion}`)).toHaveText(
      new RegExp(`^${label}\\s*\\d+% \\(likely \\d+–\\d+%\\)$`),
    );
  }
  await expect(results.getByRole('img', { name: 'Weighted shares of all answers' })).toBeVisible();
  await expect(results.getByTestId('panel-note')).toHaveText(/\S/);
  const weights = results.getByTestId('panel-design-effect');
  await expect(weights).toContainText(
    /Weighting to the population (makes [\d,]+ answers count like [\d,]+ independent ones|leaves [\d,]+ answers worth)/,
  );
  await weights.getByText('Technical details').click();
  await expect(weights).toContainText(/Kish design effect \d+\.\d\d, effective sample size [\d,]+/);
  await results.getByTestId('panel-note').scrollIntoViewIfNeeded();
  await shot(`${screen}-weighted`);

  // A cut by age band: its table of groups, each with its shares or "Too few to say".
  const cuts = results.getByTestId('weighted-cuts');
  const cutBy = cuts.getByLabel('Cut by');
  const traits = await cutBy.locator('option').allTextContents();
  const age = traits.find((trait) => /^age/i.test(trait.trim()));
  expect(age, `a cut by age among ${traits.join(', ')}`).toBeDefined();
  await cutBy.selectOption({ label: age! });
  const table = cuts.getByRole('table', { name: `Weighted shares by ${age!.toLowerCase()}` });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(2);
  for (const row of (await rows.all()).slice(1)) {
    await expect(row).toHaveText(/\d+% \(likely \d+–\d+%\)|Too few to say/);
  }
  await table.scrollIntoViewIfNeeded();
  await shot(`${screen}-cut-by-age`);

  // The persona answers: 200 of them, 25 a page; the next page, then a search.
  const pager = results.getByRole('navigation', { name: 'Pages of persona answers' });
  const pageText = pager.getByTestId('panel-answers-page');
  await expect(pageText).toHaveText('Page 1 of 8');
  const answers = results.getByTestId('panel-answer');
  await expect(answers).toHaveCount(25);
  const firstOnPage1 = await answers.first().textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pageText).toHaveText('Page 2 of 8');
  await expect(answers.first()).not.toHaveText(firstOnPage1 ?? '');
  await expect(answers).toHaveCount(25);
  await pager.scrollIntoViewIfNeeded();
  await shot(`${screen}-answers-page-2`);

  // A persona's first name, searched: every answer shown has it, from the first page.
  const name = (await answers.first().locator('p').first().textContent())?.trim() ?? '';
  const word = name.split(/\s+/)[0] ?? '';
  expect(word.length, `a name to search in "${name}"`).toBeGreaterThan(1);
  await results.getByLabel('Search persona answers').fill(word);
  await expect(
    results.getByText(new RegExp(`^[\\d,]+ answers? matching “${escapeRegExp(word)}”$`)),
  ).toBeVisible();
  await expect(pageText).toHaveText(/^Page 1 of \d+$/);
  const found = await answers.count();
  expect(found).toBeGreaterThan(0);
  for (const answer of (await answers.all()).slice(0, 5)) {
    await expect(answer).toContainText(new RegExp(escapeRegExp(word), 'i'));
  }
  await results.getByLabel('Search persona answers').fill('');
  await expect(pageText).toHaveText('Page 1 of 8');
}

test.describe('market panels', () => {
  test('a UK panel of 200 is drawn with a filter, built, asked an open question and read on a desktop and a phone', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(300_000);
    const { token } = await register(newAccount({ productName: 'Tidy Meals' }));
    const [product] = await call<{ id: string }[]>(request, token, 'get', '/api/products');
    const productId = product!.id;

    // From the dashboard to the Panels page.
    await page.setViewportSize(desktop);
    await signIn(token, `/products/${productId}/dashboard`);
    await page.getByRole('link', { name: /^Panels\b/ }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${productId}/panels$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Market panels');
    await expect(page.getByText('No panels yet')).toBeVisible();

    // Draw a UK panel of 200 personas in households with children.
    const form = page.getByRole('form', { name: 'Draw a panel' });
    await form.getByLabel('Panel name', { exact: true }).fill(panelName);
    await form.getByLabel('Population', { exact: true }).selectOption('uk');
    await form.getByText(/^About this population/).click();
    const about = form.getByTestId('population-about');
    await expect(about.getByRole('link').first()).toBeVisible();
    await form.getByLabel('Size (personas)').fill('200');
    // Households with children (not "without children").
    await form
      .getByRole('checkbox', { name: /^(?!.*\b(without|no)\b).*\bchildren\b/i })
      .first()
      .check();
    const estimate = form.getByTestId('panel-estimate');
    await expect(estimate).toContainText(/200 personas drawn to /);
    await expect(estimate).toContainText(
      /Built on this server at no cost|model calls? to .+: (\$[\d.,]+|price unknown)/,
    );
    await shot('draw-form');

    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `/api/products/${productId}/panels`,
    );
    await form.getByRole('button', { name: 'Build panel' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const drawn = (await response.json()) as MarketPanelView;
    expect(drawn).toMatchObject({ name: panelName, size: 200, status: 'building', version: 1 });

    // The build's progress, then ready (a local build may finish before the first look).
    const card = panelCard(page);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('panel-filters')).toContainText(/children/i);
    const bar = card.getByRole('progressbar', { name: 'Personas built' });
    const ready = card.getByText('Ready', { exact: true });
    await expect(bar.or(ready)).toBeVisible();
    const max = await bar.getAttribute('aria-valuemax', { timeout: 500 }).catch(() => null);
    if (max !== null) {
      expect(max).toBe('200');
      await shot('building');
    }
    await expect(ready).toBeVisible({ timeout: 180_000 });
    await expect(bar).toHaveCount(0);

    // Ready: what it is made of against the population, its gaps and its weights in words.
    await expect(
      card.getByRole('img', { name: /: the panel beside the population$/ }),
    ).toBeVisible();
    await expect(
      card.getByTestId('panel-gap').first().or(card.getByTestId('panel-no-gaps')),
    ).toBeVisible();
    const weights = card.getByTestId('panel-weights');
    await expect(weights).toContainText(/^Weighting to the population (makes|leaves) 200 answers/);
    await weights.getByText('Technical details').click();
    await expect(weights).toContainText('raking (iterative proportional fitting)');
    await card.scrollIntoViewIfNeeded();
    await shot('ready');

    // Ask an open question of the panel from the questions page.
    await card.getByRole('link', { name: 'Ask this panel' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${productId}/questions\\?panel=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Strategic Questions');
    const who = page.getByLabel('Who answers', { exact: true });
    await expect(who).toHaveValue(drawn.id);
    await expect(who.locator('option:checked')).toHaveText(`${panelName}, 200 personas`);
    await expect(page.getByRole('checkbox', { name: /Check wording sensitivity/ })).toBeDisabled();
    await expect(page.getByText(panelMessages.noWordingCheck)).toBeVisible();
    await page.getByLabel('Your question').fill(questionText);
    await page.getByRole('button', { name: 'Ask Question' }).click();
    await expect(page.getByLabel('Your question')).toHaveValue('');

    const question = questionArticle(page, questionText);
    await expect(question).toBeVisible();
    await expect(
      question.getByRole('region', { name: 'Market panel results' }).getByTestId('panel-asked-of'),
    ).toBeVisible();
    await expect(question.getByText('Complete', { exact: true })).toBeVisible({ timeout: 180_000 });
    await readPanelResults(page, question, 'desktop', shot);
    // A panel question lists no per-persona responses of its own.
    await expect(question.getByRole('button', { name: /persona responses?$/ })).toHaveCount(0);

    // The same reading on a phone: nothing wider than the screen.
    await page.setViewportSize(phone);
    await signIn(token, `/products/${productId}/questions`);
    const onPhone = questionArticle(page, questionText);
    await expect(onPhone.getByText('Complete', { exact: true })).toBeVisible();
    await readPanelResults(page, onPhone, 'phone', shot);
    await expectNoSidewaysScroll(page, 'the questions page with a panel question (phone)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );

    await signIn(token, `/products/${productId}/panels`);
    await expect(panelCard(page).getByText('Ready', { exact: true })).toBeVisible();
    await expect(
      panelCard(page).getByRole('img', { name: /: the panel beside the population$/ }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, 'the Panels page (phone)');
    await shot('phone-panels');
  });
});
