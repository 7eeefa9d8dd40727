import type { APIRequestContext, Page } from '@playwright/test';
import { dismissToast, expect, newAccount, test, toast } from '../fixtures';

// Answers a researcher can trust, on the local engine: each persona's
// distribution, the panel's intervals, the run's details, a re-run with its
// drift note, the wording check before asking and on the answers, the
// outcome of a wording-sensitivity check, plain words with the technical names
// one click away, the cost estimate, and the product's monthly budget.

function auth(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function productWithPersonas(request: APIRequestContext, token: string, count: number) {
  const products = await request.get('/api/products', auth(token));
  const [product] = (await products.json()) as { id: string }[];
  const templates = await request.get('/api/persona-templates', auth(token));
  const chosen = ((await templates.json()) as { id: string; name: string }[]).slice(0, count);
  for (const template of chosen) {
    const added = await request.post(`/api/products/${product!.id}/personas`, {
      ...auth(token),
      data: { templateId: template.id },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  return { productId: product!.id, names: chosen.map((t) => t.name) };
}

const questionCard = (page: Page, text: string) => page.getByRole('article', { name: text });

test.describe('answers a researcher can trust', () => {
  test('distributions, intervals, run details, and a re-run compared with the first run', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Weekwise' }));
    const { productId, names } = await productWithPersonas(request, token, 5);
    await signIn(token, `/products/${productId}/questions`);

    const text = 'Would you pay $30 a month for a planner that organises your week?';
    await page.getByLabel('Your question').fill(text);
    // Before asking: what it costs (the local engine makes no model calls).
    const estimate = page.getByTestId('cost-estimate');
    await expect(estimate).toContainText('Estimated cost: $0.00');
    await expect(estimate).toContainText('Local engine: no model calls');
    await expect(page.locator('[data-alarm="leading"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Ask Question' }).click();

    const card = questionCard(page, text);
    await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
    // Each persona's answer is a distribution, shown as a bar beside its opinion.
    for (const name of names) {
      const answer = card.getByRole('article', { name });
      await expect(
        answer.getByRole('img', {
          name: /^Distribution: Positive \d+%, Neutral \d+%, Negative \d+%$/,
        }),
      ).toBeVisible();
    }
    // The panel's shares with the range each would likely fall in, in plain words; the
    // interval's method one click away.
    for (const opinion of ['positive', 'neutral', 'negative']) {
      await expect(card.getByTestId(`interval-${opinion}`)).toContainText(
        /\d+(\.\d)?% \(likely \d+(\.\d)?–\d+(\.\d)?%\)/,
      );
    }
    const measured = card.getByLabel('Shares with likely ranges').getByTestId('how-measured');
    await expect(measured.getByText(/percentile bootstrap/)).toBeHidden();
    await measured.getByText('How this is measured').click();
    await expect(measured).toContainText('Each of the 5 personas answered 20 times');
    await expect(measured).toContainText('Method: 95% percentile bootstrap');
    await expect(card).toContainText('Indicative only: with fewer than 10 personas');
    await expect(card).toContainText(
      /Key insight: .*(leads clearly|No opinion leads beyond the intervals)/,
    );
    await card.getByRole('button', { name: 'Run details' }).click();
    const details = card.getByLabel('Run details');
    await expect(details).toContainText('Enginelocal');
    await expect(details).toContainText('Seed (to repeat the run)1');
    await expect(details).toContainText('Answers per persona20');
    await expect(details).toContainText(/Prompt template[0-9a-f]{12}/);
    await expect(details).toContainText(/Business profile[0-9a-f]{12}/);
    await expect(details).toContainText('Cost$0.00');
    await shot('answered');

    // The same question asked again is the same run: identical answers.
    const first = await request.get(`/api/products/${productId}/questions`, auth(token));
    const [asked] = (await first.json()) as { id: string; responses: unknown[] }[];

    // Re-run: a new seed, the first run kept beside it, with whether the shift is drift.
    // Closed first: the re-run may keep the card (details open) or redraw it (closed).
    const detailsButton = card.getByRole('button', { name: 'Run details' });
    await detailsButton.click();
    await expect(detailsButton).toHaveAttribute('aria-expanded', 'false');
    await dismissToast(page);
    await card.getByRole('button', { name: 'Re-run' }).click();
    await expect(toast(page)).toContainText('Running the question again');
    const runs = card.getByLabel('Runs');
    await expect(runs).toContainText('Run 2 (latest)', { timeout: 30_000 });
    await expect(runs).toContainText('Run 1');
    await expect(card.getByTestId('drift')).toContainText(/^(No drift|Drift): /);
    await expect(detailsButton).toHaveAttribute('aria-expanded', 'false');
    await detailsButton.click();
    await expect(card.getByLabel('Run details')).toContainText('Seed (to repeat the run)2');
    await card.getByLabel('Runs').scrollIntoViewIfNeeded();
    await shot('rerun');

    const after = await request.get(
      `/api/products/${productId}/questions/${asked!.id}`,
      auth(token),
    );
    const rerun = (await after.json()) as {
      seed: number;
      previousRuns: { run: { seed: number } }[];
      drift: { drift: boolean; text: string };
    };
    expect(rerun.seed).toBe(2);
    expect(rerun.previousRuns.map((r) => r.run.seed)).toEqual([1]);
    expect(rerun.drift.text).toMatch(/drift/i);
  });

  test('a leading question is flagged before it is asked, and its answers carry the alarm', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Mealwise' }));
    const { productId } = await productWithPersonas(request, token, 3);
    await signIn(token, `/products/${productId}/questions`);

    // Before asking: the estimate's wording check, each finding's kind in plain words.
    const question = page.getByLabel('Your question');
    await question.fill("Wouldn't you love our amazing meal planner?");
    const alarm = page.getByRole('note', { name: 'Wording check' });
    await expect(alarm).toContainText(
      'Leading question: this wording may lead people to an answer',
    );
    const findings = alarm.getByTestId('wording-finding');
    await expect(findings.filter({ hasText: 'Loaded words' })).toContainText('amazing');
    await expect(findings.filter({ hasText: /^Invites agreement/ })).toContainText(/Wouldn.t you/);
    const neutral = (await alarm.getByTestId('neutral-wording').textContent()) ?? '';
    expect(neutral).not.toMatch(/amazing|wouldn.t you/i);
    await shot('leading');
    await page.setViewportSize({ width: 390, height: 844 });
    await alarm.scrollIntoViewIfNeeded();
    await shot('leading-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await alarm.getByRole('button', { name: 'Use neutral wording' }).click();
    await expect(question).toHaveValue(neutral);
    // The neutral wording is itself free of findings.
    await expect(page.getByTestId('cost-estimate')).toBeVisible();
    await expect(alarm).toHaveCount(0);

    // Asked as it was written anyway, the stored answers carry the leading alarm:
    // the words that steer the answer and a neutral rewording.
    const leading = 'Most of our customers already love our planner. Would you try it too?';
    await question.fill(leading);
    await expect(findings.filter({ hasText: 'Points to what others do' })).toBeVisible();
    await page.getByRole('button', { name: 'Ask Question' }).click();
    const card = questionCard(page, leading);
    await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
    const stored = card.locator('[data-alarm="leading"]');
    await expect(stored).toContainText('Words that steer the answer:');

    // The page shows what the stored analysis holds: the words and the rewording.
    const list = await request.get(`/api/products/${productId}/questions`, auth(token));
    const [asked] = (await list.json()) as {
      analysis: { alarms: { kind: string; words?: string[]; rewording?: string }[] };
    }[];
    const alarmOf = asked!.analysis.alarms.find((a) => a.kind === 'leading');
    expect(alarmOf?.words?.length).toBeGreaterThan(0);
    for (const word of alarmOf!.words!) {
      expect(leading.toLowerCase()).toContain(word.toLowerCase());
      await expect(stored.getByTestId('alarm-words')).toContainText(word);
    }
    expect(alarmOf?.rewording).toBeTruthy();
    await expect(stored).toContainText(`Ask instead: “${alarmOf!.rewording!}”`);
    await stored.scrollIntoViewIfNeeded();
    await shot('leading-answered');
    await page.setViewportSize({ width: 390, height: 844 });
    await stored.scrollIntoViewIfNeeded();
    await shot('leading-answered-390');
  });

  test('a ticked wording check shows its outcome when the answers did not move', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Steadywise' }));
    const { productId } = await productWithPersonas(request, token, 4);
    await signIn(token, `/products/${productId}/questions`);

    const text = 'How likely are you to plan your meals for the coming week?';
    await page.getByLabel('Your question').fill(text);
    await page.getByRole('checkbox', { name: /Check wording sensitivity/ }).check();
    await expect(page.getByRole('note', { name: 'Wording check' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Ask Question' }).click();
    const card = questionCard(page, text);
    await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });

    const got = await request.get(`/api/products/${productId}/questions`, auth(token));
    const [asked] = (await got.json()) as {
      run: { sensitivity: { neutralText: string; reversedText: string } };
      analysis: { alarms: { kind: string }[]; notes?: { kind: string; text: string }[] };
    }[];
    const sensitivity = asked!.run.sensitivity;
    // The outcome is on the page whatever it was: here the answers held.
    expect(asked!.analysis.alarms.map((a) => a.kind)).not.toContain('wording-sensitive');
    const note = asked!.analysis.notes?.find((n) => n.kind === 'wording-stable');
    expect(note).toBeDefined();
    await expect(card.locator('[data-note="wording-stable"]')).toContainText(note!.text);
    const outcome = card.getByRole('region', { name: 'Wording sensitivity check' });
    await expect(outcome).toContainText('the answers held across wordings');
    const framings = outcome.getByTestId('sensitivity-framing');
    await expect(framings).toHaveCount(3);
    await expect(framings.nth(0)).toContainText(text);
    await expect(framings.nth(1)).toContainText(sensitivity.neutralText);
    await expect(framings.nth(2)).toContainText(sensitivity.reversedText);
    for (let i = 0; i < 3; i++) {
      await expect(framings.nth(i)).toContainText(/\d+% positive, \d+% neutral, \d+% negative/);
    }
    await outcome.scrollIntoViewIfNeeded();
    await shot('wording-stable');
    await page.setViewportSize({ width: 390, height: 844 });
    await outcome.scrollIntoViewIfNeeded();
    await shot('wording-stable-390');
  });

  test('research panels speak plain words, with the technical names one click away', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Plainwise' }));
    const { productId } = await productWithPersonas(request, token, 3);
    await signIn(token, `/products/${productId}/questions`);
    const text = 'Would you pay $12 per serving for a weekly meal kit?';
    await page.getByLabel('Your question').fill(text);
    await page.getByRole('button', { name: 'Ask Question' }).click();
    const card = questionCard(page, text);
    await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
    // The newest question opens with its persona answers shown.
    await expect(card.getByRole('button', { name: 'Hide 3 persona responses' })).toBeVisible();
    // The words a statistician uses stay out of what a reader sees first.
    const visible = await card.innerText();
    for (const word of ['entropy', 'bootstrap', 'KS statistic', 'Jensen', 'seeded', 'cached']) {
      expect(visible, word).not.toContain(word);
    }
    // Each persona's answers as draws, in words.
    await expect(card.getByTestId('draw-counts').first()).toHaveText(
      /^In \d+ draws: \d+ positive, \d+ neutral, \d+ negative$/,
    );
    await card.getByRole('article').first().scrollIntoViewIfNeeded();
    await shot('plain-words');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByLabel('Shares with likely ranges').scrollIntoViewIfNeeded();
    await shot('plain-words-390');
    await card.getByRole('article').first().scrollIntoViewIfNeeded();
    await shot('persona-390');
    const measured = card.getByLabel('Shares with likely ranges').getByTestId('how-measured');
    await measured.getByText('How this is measured').click();
    await expect(measured).toContainText('percentile bootstrap');
  });

  test.describe('refused', () => {
    // The estimate of a question in another language is refused (400) as it is typed.
    test.use({ allowConsoleErrors: [/status of 400/] });
    test('a question that cannot be asked says why in plain words, and nothing is asked', async ({
      page,
      request,
      register,
      signIn,
      shot,
    }) => {
      const { token } = await register(newAccount({ productName: 'Oddwise' }));
      const { productId } = await productWithPersonas(request, token, 2);
      await signIn(token, `/products/${productId}/questions`);
      const question = page.getByLabel('Your question');
      for (const [text, message] of [
        ['Subscription', 'Write the question as a whole sentence of at least three words'],
        ['🤔🤔🤔🤔🤔🤔🤔🤔🤔🤔', 'The question has no words'],
        [
          '<b>Would</b> you pay $30 a month?',
          'Write the question as plain text, without HTML tags',
        ],
        [
          '¿Pagarías 30 dólares al mes por un planificador semanal?',
          'Personas answer questions written in English for now',
        ],
        [`Would you pay ${'a lot '.repeat(1_700)}?`, 'Question must be less than 500 characters'],
      ] as const) {
        await question.fill(text);
        await page.getByRole('button', { name: 'Ask Question' }).click();
        // A question in another language is told under the box as it is typed, and again if asked.
        await expect(page.getByText(message).first()).toBeVisible();
      }
      await shot('refused');
      const listed = await request.get(`/api/products/${productId}/questions`, auth(token));
      expect(await listed.json()).toEqual([]);
    });
  });

  test('the dashboard shows this month’s usage and keeps a monthly budget', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Budgetwise' }));
    const { productId } = await productWithPersonas(request, token, 2);
    await signIn(token, `/products/${productId}/dashboard`);
    const usage = page.getByTestId('usage-this-month');
    await expect(usage).toHaveText('This month: $0.00 over 0 runs (no budget set).');
    const budget = page.getByLabel('Monthly budget (USD)');
    await budget.fill('-3');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await expect(page.getByText('Budget cannot be negative')).toBeVisible();
    await budget.fill('25');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await expect(toast(page)).toContainText('Budget saved');
    await expect(usage).toHaveText('This month: $0.00 over 0 runs of a $25.00 monthly budget.');
    await shot('budget');
    await page.reload();
    await expect(budget).toHaveValue('25');
    await dismissToast(page);
    await page.getByRole('button', { name: 'Remove budget' }).click();
    await expect(toast(page)).toContainText('Budget removed');
    await expect(usage).toHaveText('This month: $0.00 over 0 runs (no budget set).');
  });

  test('every persona answers a follow-up from its own reasons', async ({
    page,
    request,
    register,
    signIn,
  }) => {
    const { token } = await register(newAccount({ productName: 'Askwise' }));
    const { productId, names } = await productWithPersonas(request, token, 3);
    await signIn(token, `/products/${productId}/questions`);
    const text = 'Would you pay $30 a month for a planner that organises your week?';
    await page.getByLabel('Your question').fill(text);
    await page.getByRole('button', { name: 'Ask Question' }).click();
    const card = questionCard(page, text);
    await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
    await card
      .getByLabel('Ask every persona a follow-up (each remembers its own answer)')
      .fill('Why do you say that?');
    await card.getByRole('button', { name: 'Send' }).last().click();
    for (const name of names) {
      const conversation = card.getByRole('region', { name: `Follow-up with ${name}` });
      await expect(conversation.locator('li[data-role="asker"]')).toHaveText(
        /Why do you say that\?/,
      );
      await expect(
        conversation.locator('li[data-role="persona"][data-status="complete"]'),
      ).toContainText(/So my view stays (positive|neutral|negative)\./, { timeout: 15_000 });
    }
  });
});
