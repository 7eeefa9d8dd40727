import { spawnChorus, type SpawnedChorus } from '@chorus/launcher/spawn';
import { type FakeOpenAI, startFakeOpenAI, validAnswer } from '@chorus/persona-inference/testing';
import path from 'node:path';
import { expect, newAccount, test, toast } from '../fixtures';
import { artifactsDir } from '../system';

// The same pages when a model answers (an OpenAI-compatible server, a small
// fake speaking the chat-completions protocol): answers appear one by one
// ("1 of 3 answered"), the form estimates model calls, tokens and dollars
// before asking, each question shows what it cost, and the monthly budget
// refuses a question once it is spent. A system of its own, since the
// shared one answers with the local engine.

interface ModelSystem {
  fake: FakeOpenAI;
  chorus: SpawnedChorus;
}

let started: Promise<ModelSystem> | undefined;

/** Started on first use, by the first fixture that needs the address. */
function modelSystem(): Promise<ModelSystem> {
  started ??= (async () => {
    // Each answer takes a moment, and reports 20,000 prompt and 5,000 completion tokens:
    // at gpt-4o-mini's price, $0.006 an answer.
    const fake = await startFakeOpenAI((request) =>
      request.body.stream
        ? // A follow-up reply, streamed slowly enough to watch it being written.
          {
            chunks: ['On my budget, ', 'twelve a month ', 'is more than ', 'I would spend.'],
            chunkDelayMs: 600,
          }
        : {
            content: validAnswer({ distribution: { positive: 0.2, neutral: 0.3, negative: 0.5 } }),
            delayMs: 700,
            usage: { prompt_tokens: 20_000, completion_tokens: 5_000 },
          },
    );
    const chorus = await spawnChorus({
      logFile: path.join(artifactsDir, 'system-model.log'),
      env: {
        OPENAI_API_KEY: 'test-key-for-the-fake-server',
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODEL: 'gpt-4o-mini',
        // One answer at a time, so the page shows them arriving.
        INFERENCE_CONCURRENCY: '1',
        INFERENCE_PROGRESS_MS: '100',
        LOG_LEVEL: 'info',
      },
    });
    return { fake, chorus };
  })();
  return started;
}

test.afterAll(async () => {
  const system = await started;
  await system?.chorus.stop();
  await system?.fake.close();
});

// Every request of these tests goes to this spec's own system.
// eslint-disable-next-line no-empty-pattern
test.use({ baseURL: async ({}, use) => use((await modelSystem()).chorus.url) });

// The refused question is a 429 the browser reports in its console.
test.use({ allowConsoleErrors: [/status of 429/] });

// Starting a second system takes a while on a busy machine.
test.setTimeout(180_000);

function auth(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

test('answers arrive one by one, the cost is shown before and after, and the budget refuses', async ({
  page,
  request,
  register,
  signIn,
  shot,
}) => {
  const { token } = await register(newAccount({ productName: 'Modelwise' }));
  const [product] = (await (await request.get('/api/products', auth(token))).json()) as {
    id: string;
  }[];
  const productId = product!.id;
  const templates = (await (await request.get('/api/persona-templates', auth(token))).json()) as {
    id: string;
  }[];
  for (const template of templates.slice(0, 3)) {
    const added = await request.post(`/api/products/${productId}/personas`, {
      ...auth(token),
      data: { templateId: template.id },
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  await signIn(token, `/products/${productId}/questions`);
  // A question with a fair reversed wording ("…decide against paying…"), so the sensitivity check runs.
  const text = 'Would you pay $10 a month for a meal planner?';
  await page.getByLabel('Your question').fill(text);
  const estimate = page.getByTestId('cost-estimate');
  await expect(estimate).toContainText(/Estimated cost: \$0\.\d{4}/);
  await expect(estimate).toContainText(/3 model calls to gpt-4o-mini, about [\d,]+ tokens/);
  await page.getByLabel('Check wording sensitivity').check();
  await expect(estimate).toContainText(/9 model calls to gpt-4o-mini/);
  await page.getByLabel('Check wording sensitivity').uncheck();
  await expect(estimate).toContainText(/3 model calls to gpt-4o-mini/);
  // What the page shows as it changes, recorded in the page (each state lasts under a second, too
  // short to poll for on a busy machine): the progress line under the form, and the card's
  // progress note with how many answers it holds.
  await page.evaluate((questionText) => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const line = document.querySelector('[data-testid="ask-progress"] [role="status"]');
      const card = Array.from(document.querySelectorAll('[role="article"]')).find(
        (article) => article.querySelector('h3')?.textContent === questionText,
      );
      const note = card?.querySelector('[role="status"]')?.textContent ?? '';
      const answers = card?.querySelectorAll('[role="article"], article').length ?? 0;
      const state = `${line?.textContent ?? ''} | ${note} | ${answers}`;
      if (line && seen.at(-1) !== state) seen.push(state);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
  await page.getByRole('button', { name: 'Ask Question' }).click();

  const card = page.getByRole('article', { name: text });
  // Beside the form too, where the person just clicked: how many have answered so far (read
  // at the end from what the line showed, so the checks of the card below keep their pace).
  const progress = page.getByTestId('ask-progress');
  await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('article')).toHaveCount(3);
  await expect(progress.getByRole('status')).toHaveText('All 3 personas answered.');
  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  );
  // The answers appeared as they were stored, not all at once at the end: the form's line and
  // the card counted up together, the card holding each answer as it was counted.
  expect(seen).toEqual(
    expect.arrayContaining([
      '1 of 3 personas answered | 1 of 3 answered | 1',
      '2 of 3 personas answered | 2 of 3 answered | 2',
    ]),
  );
  expect(seen.at(-1)).toMatch(/^All 3 personas answered\. \| .* \| 3$/);
  await progress.scrollIntoViewIfNeeded();
  await shot('answered-beside-the-form');

  // After: what the question cost, from the usage the API reported.
  await expect(card.getByTestId('question-cost')).toHaveText('Cost $0.02');
  await card.getByRole('button', { name: 'Run details' }).click();
  const details = card.getByLabel('Run details');
  await expect(details).toContainText('Engineopenai');
  await expect(details).toContainText('Modelgpt-4o-mini');
  await expect(details).toContainText('Model calls3 (0 answers given before, not paid again)');
  await expect(details).toContainText('Tokens60,000 in, 15,000 out');
  await expect(details).toContainText('Cost$0.02');
  await shot('cost');

  // The same run asked again comes from the cache: free.
  await page.getByLabel('Your question').fill(text);
  await expect(estimate).toContainText('Estimated cost: $0.00');
  await expect(estimate).toContainText('3 answers were given before and cost nothing again');

  // A budget below this month's spend refuses new questions, with why.
  await page.goto(`/products/${productId}/dashboard`);
  await expect(page.getByTestId('usage-this-month')).toHaveText(
    'This month: $0.02 over 1 run (no budget set).',
  );
  await page.getByLabel('Monthly budget (USD)').fill('0.01');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(toast(page)).toContainText('Budget saved');
  await page.goto(`/products/${productId}/questions`);
  await page.getByLabel('Your question').fill('Would you share this meal planner with a friend?');
  await expect(estimate).toContainText('This month: $0.02 of $0.01 budget');
  // Said before asking, and again when asked anyway.
  await expect(estimate.getByRole('alert')).toContainText('reached its monthly budget of $0.01');
  await page.getByRole('button', { name: 'Ask Question' }).click();
  await expect(toast(page)).toContainText('Submission failed');
  await expect(toast(page)).toContainText(
    'This product has reached its monthly budget of $0.01 ($0.02 used this month). Raise the budget on the dashboard or wait for next month.',
  );
  await shot('budget-refused');
  const refused = await request.post(`/api/products/${productId}/questions`, {
    ...auth(token),
    data: { questionText: 'Would you share this meal planner with a friend?' },
  });
  expect(refused.status()).toBe(429);
  expect(((await refused.json()) as { message: string }).message).toContain(
    'reached its monthly budget',
  );
});

test('a follow-up reply streams onto the page as the model writes it, and stays', async ({
  page,
  request,
  register,
  signIn,
  shot,
}) => {
  const { token } = await register(newAccount({ productName: 'Interviewwise' }));
  const [product] = (await (await request.get('/api/products', auth(token))).json()) as {
    id: string;
  }[];
  const productId = product!.id;
  const templates = (await (await request.get('/api/persona-templates', auth(token))).json()) as {
    id: string;
    name: string;
  }[];
  await request.post(`/api/products/${productId}/personas`, {
    ...auth(token),
    data: { templateId: templates[0]!.id },
  });
  const text = 'Would you pay twelve dollars a month for a meal planner?';
  const asked = await request.post(`/api/products/${productId}/questions`, {
    ...auth(token),
    data: { questionText: text },
  });
  expect(asked.status()).toBe(201);

  await signIn(token, `/products/${productId}/questions`);
  const card = page.getByRole('article', { name: text });
  await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
  const answer = card.getByRole('article', { name: templates[0]!.name });
  await answer.getByRole('button', { name: 'Ask a follow-up' }).click();
  await answer.getByLabel(`Ask ${templates[0]!.name} a follow-up`).fill('Why not?');
  // Every text the reply shows while it is being written, whatever the machine's pace.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { writingTexts: string[] }).writingTexts = seen;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll(
        'li[data-role="persona"][data-status="writing"]',
      )) {
        seen.push(item.textContent ?? '');
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await answer.getByRole('button', { name: 'Send' }).click();

  const conversation = answer.getByRole('region', { name: `Follow-up with ${templates[0]!.name}` });
  // The reply appears piece by piece while it is being written.
  await expect(conversation.locator('li[data-role="persona"]')).toContainText('On my budget,', {
    timeout: 10_000,
  });
  await shot('streaming');
  const reply = conversation.locator('li[data-role="persona"][data-status="complete"]');
  await expect(reply).toContainText('On my budget, twelve a month is more than I would spend.', {
    timeout: 10_000,
  });
  await expect(conversation.locator('li[data-role="asker"]')).toContainText('Why not?');
  const written = await page.evaluate(
    () => (window as unknown as { writingTexts: string[] }).writingTexts,
  );
  // Seen part-written: the first pieces without the last.
  expect(written.some((t) => t.includes('On my budget,') && !t.includes('I would spend.'))).toBe(
    true,
  );
  await shot('replied');

  // Stored with the question: there after a reload.
  await page.reload();
  await expect(
    page
      .getByRole('article', { name: text })
      .getByRole('region', { name: `Follow-up with ${templates[0]!.name}` })
      .locator('li[data-role="persona"]'),
  ).toContainText('is more than I would spend.');
});
