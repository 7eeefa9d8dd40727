import {
  type PublicQuestionLinkView,
  questionLinkMessages,
  type QuestionView,
} from '@chorus/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, test } from '../fixtures';
import {
  askTyped,
  awaitAllComplete,
  call,
  createStudy,
  desktop,
  escapeRegExp,
  expectNoSidewaysScroll,
  linkResults,
  offer,
  phone,
  productWithPersonas,
  questionArticle,
  questionsOfEveryType,
  shareStudy,
  surveyQuestion,
} from '../typed-helpers';

/**
 * Typed questions from the customer's side: every type asked through the
 * question form and read as charts and plain-words figures (on a desktop
 * and on a phone), a pricing study started from its own form, a study
 * answered by people on the public survey page, and people's answers to a
 * price ladder beside the personas'.
 */

type Type = keyof typeof questionsOfEveryType;

const money = String.raw`\$[\d,]+(?:\.\d+)?`;

/** What a complete question of each type shows: its results' name, chart and headline figures. */
const expectedFigures: Record<
  Type,
  { results: string; chart: string; figures: { testId: string; text: RegExp }[] }
> = {
  scale: {
    results: 'Rating scale results',
    chart: 'Share at each point of the scale',
    figures: [
      { testId: 'scale-mean', text: /^Average rating [\d.]+ of 5 \(likely/ },
      { testId: 'scale-top-two', text: /^\d+% chose 4 or 5 \(likely/ },
    ],
  },
  nps: {
    results: 'Net Promoter Score results',
    chart: 'Promoters, passives and detractors',
    figures: [
      {
        testId: 'nps-score',
        text: /^Net Promoter Score [+-]?\d+ \(likely .+\), on a scale from −100 to \+100$/,
      },
    ],
  },
  single_choice: {
    results: 'Single choice results',
    chart: 'Share who chose each option',
    figures: [
      { testId: 'choice-top', text: /^Most chose “(Email|Live chat|Phone call)”: \d+% \(likely/ },
    ],
  },
  multiple_choice: {
    results: 'Multiple choice results',
    chart: 'Share of people who picked each option',
    figures: [
      {
        testId: 'choice-top',
        text: /^Most picked “(Paper notebook|Calendar app|Spreadsheet|None of these)”: \d+% \(likely/,
      },
    ],
  },
  number: {
    results: 'Number results',
    chart: 'How the answers spread, in hours a week',
    figures: [{ testId: 'number-median', text: /^Median [\d.,]+ hours a week \(likely/ }],
  },
  ranking: {
    results: 'Ranking results',
    chart: 'Average place of each item (1 is first)',
    figures: [
      {
        testId: 'ranking-top',
        text: /^Ranked best on average: “(Reminders|Shared boards|Time tracking)”, at place [\d.]+ \(likely/,
      },
    ],
  },
  maxdiff: {
    results: 'Best–worst results',
    chart: 'Best–worst score of each item',
    figures: [
      { testId: 'maxdiff-best', text: /^Most preferred: “.+”, score [+-]?\d+ \(likely/ },
      { testId: 'maxdiff-worst', text: /^Least preferred: “.+”, score [+-]?\d+ \(likely/ },
    ],
  },
  price_ladder: {
    results: 'Price ladder results',
    chart: 'Who would buy, and the revenue, at each price a month',
    figures: [
      {
        testId: 'typed-summary',
        text: new RegExp(
          `^Most revenue at ${money} a month: \\d+% would buy; at ${money}, \\d+%\\.$`,
        ),
      },
      {
        testId: 'ladder-best',
        text: new RegExp(`^Best price ${money} a month \\(likely .+\\): the most revenue`),
      },
    ],
  },
  price_range: {
    results: 'Price range results',
    chart:
      'Share who find each price too cheap, a bargain, getting expensive or too expensive a month',
    figures: [
      {
        testId: 'range-acceptable',
        text: new RegExp(`^Acceptable range ${money} to ${money} a month: the low end likely`),
      },
      {
        testId: 'range-likelihood',
        text: new RegExp(
          `^From how likely they said they are to buy: the most revenue at ${money}`,
        ),
      },
    ],
  },
};

/** A complete typed question's results in `scope`: its chart, and each figure in plain words. */
async function expectFigures(scope: Locator, type: Type): Promise<Locator> {
  const expected = expectedFigures[type];
  const results = scope.getByRole('region', { name: expected.results });
  await expect(results).toBeVisible();
  await expect(results).toContainText(/^.+ results\s*From \d+ personas/);
  await expect(results.getByRole('img', { name: expected.chart })).toBeVisible();
  for (const { testId, text } of expected.figures) {
    const line = results.getByTestId(testId);
    await expect(line).toBeVisible();
    await expect(line).toHaveText(text);
  }
  return results;
}

async function expectComplete(card: Locator): Promise<void> {
  await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 45_000 });
}

// ---------------------------------------------------------------------------
// The question form.

/** Fills the settings of `type` in the form, as a customer would for the question of that type. */
async function fillSettings(page: Page, type: Type): Promise<void> {
  const settings = page.getByRole('group', { name: 'Question settings' });
  switch (type) {
    case 'scale':
      await settings.getByLabel('Points on the scale').selectOption({ label: '5 points' });
      await settings.getByLabel('Label of the lowest point (1)').fill('Not useful at all');
      await settings.getByLabel('Label of the highest point (5)').fill('Very useful');
      return;
    case 'nps':
      await expect(page.getByText('Nothing to set.', { exact: false })).toBeVisible();
      return;
    case 'single_choice':
      await settings.getByLabel('Option 1', { exact: true }).fill('Email');
      await settings.getByLabel('Option 2', { exact: true }).fill('Live chat');
      await settings.getByRole('button', { name: 'Add option' }).click();
      await settings.getByLabel('Option 3', { exact: true }).fill('Phone call');
      return;
    case 'multiple_choice': {
      // The options of the single choice asked before stay, to be rewritten.
      const options = ['Paper notebook', 'Calendar app', 'Spreadsheet'];
      for (const [index, option] of options.entries()) {
        const box = settings.getByLabel(`Option ${index + 1}`, { exact: true });
        if ((await box.count()) === 0) {
          await settings.getByRole('button', { name: 'Add option' }).click();
        }
        await box.fill(option);
      }
      await settings.getByLabel('Offer “None of these”').check();
      return;
    }
    case 'number':
      await settings.getByLabel('What the number counts').fill('hours a week');
      await settings.getByLabel('Lowest answer').fill('0');
      await settings.getByLabel('Highest answer').fill('40');
      return;
    case 'ranking':
      await settings
        .getByLabel('Items to rank (one per line)')
        .fill('Reminders\nShared boards\nTime tracking');
      return;
    case 'maxdiff':
      await settings
        .getByLabel('Items to compare (one per line)')
        .fill('Low price\nMobile app\nIntegrations\nOffline mode\nGood support');
      await settings.getByLabel('Items shown at a time').selectOption({ label: '4 items' });
      await expect(settings).toContainText('Each respondent sees 4 sets');
      return;
    case 'price_ladder':
      await settings.getByLabel('The offer').fill(offer);
      await settings.getByLabel('Currency').fill('usd');
      await settings.getByLabel('Paid').selectOption({ label: 'Per month' });
      await settings.getByLabel('Prices, lowest first').fill('9, 19, 29, 39');
      // A price question starts from one made of its offer.
      await expect(page.getByLabel('Your question')).toHaveValue(
        'Would you buy Tidy Pro, a planner for small teams at this price?',
      );
      return;
    case 'price_range':
      // The offer typed for the ladder stays; the question follows it.
      await expect(settings.getByLabel('The offer')).toHaveValue(offer);
      await expect(page.getByLabel('Your question')).toHaveValue(
        'What would you pay for Tidy Pro, a planner for small teams?',
      );
      await settings.getByLabel('Also ask how likely they are to buy').check();
      return;
  }
}

/** Chooses the type, fills its settings and the question, and asks; answers the question's card. */
async function askThroughForm(page: Page, type: Type): Promise<Locator> {
  const { questionText } = questionsOfEveryType[type];
  await page.getByLabel('Question type').selectOption(type);
  await fillSettings(page, type);
  await expect(page.getByTestId('typed-preview')).toBeVisible();
  const question = page.getByLabel('Your question');
  await question.fill(questionText);
  await expect(page.getByTestId('typed-preview')).toContainText(questionText);
  await page.getByRole('button', { name: 'Ask Question' }).click();
  await expect(question).toHaveValue('');
  const card = questionArticle(page, questionText);
  await expect(card).toBeVisible();
  return card;
}

test.describe('typed questions through the form', () => {
  test('every type is asked through the form and its card shows the chart and the figures in words', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(120_000);
    const { token } = await register(newAccount({ productName: 'Tidy Planner' }));
    const productId = await productWithPersonas(request, token, 6);
    await signIn(token, `/products/${productId}/questions`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Strategic Questions');

    // The open question is the default, and has nothing to set.
    await expect(page.getByLabel('Question type')).toHaveValue('opinion');
    await expect(page.getByRole('group', { name: 'Question settings' })).toHaveCount(0);
    await expect(page.getByTestId('typed-preview')).toHaveCount(0);

    const cards = new Map<Type, Locator>();
    for (const kind of Object.keys(questionsOfEveryType) as Type[]) {
      cards.set(kind, await askThroughForm(page, kind));
      if (kind === 'maxdiff' || kind === 'price_range') await shot(`asked-${kind}`);
    }

    for (const [kind, card] of cards) {
      await expectComplete(card);
      const results = await expectFigures(card, kind);
      if (['nps', 'price_ladder', 'price_range'].includes(kind)) {
        await results.scrollIntoViewIfNeeded();
        await shot(`answered-${kind}`);
      }
    }
    // Each persona's answer in words too, e.g. the ladder's highest price it would pay.
    const ladder = cards.get('price_ladder')!;
    const toggle = ladder.getByRole('button', { name: /^(Show|Hide) 6 persona responses$/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const answers = ladder.getByTestId('typed-answer');
    await expect(answers).toHaveCount(6);
    for (const answer of await answers.all()) {
      await expect(answer).toHaveText(/^(Would buy up to \$\d+ a month|Would not buy at any)/);
    }

    // The server kept each type's settings as the form sent them.
    const questions = await call<QuestionView[]>(
      request,
      token,
      'get',
      `/api/products/${productId}/questions`,
    );
    const byType = new Map(questions.map((q) => [q.type, q]));
    for (const kind of Object.keys(questionsOfEveryType) as Type[]) {
      expect(byType.get(kind)?.spec, kind).toMatchObject(questionsOfEveryType[kind].spec);
    }
  });
});

// ---------------------------------------------------------------------------

test.describe('typed results on a desktop and a phone', () => {
  test('the charts and figures of every type fit a 1280 px and a 390 px screen', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(120_000);
    const { token } = await register(newAccount({ productName: 'Tidy Phones' }));
    const productId = await productWithPersonas(request, token, 6);
    const kinds = Object.keys(questionsOfEveryType) as Type[];
    for (const kind of kinds) await askTyped(request, token, productId, questionsOfEveryType[kind]);
    await awaitAllComplete(request, token, productId, kinds.length);

    for (const [viewport, name] of [
      [desktop, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await signIn(token, `/products/${productId}/questions`);
      for (const kind of kinds) {
        const card = questionArticle(page, questionsOfEveryType[kind].questionText);
        const results = await expectFigures(card, kind);
        // Every chart is drawn inside the screen.
        const chart = results.getByRole('img', { name: expectedFigures[kind].chart });
        await chart.scrollIntoViewIfNeeded();
        const box = await chart.boundingBox();
        expect(box, `${kind} chart on the ${name}`).not.toBeNull();
        expect(box!.width, `${kind} chart on the ${name}`).toBeGreaterThan(200);
        expect(box!.x + box!.width, `${kind} chart on the ${name}`).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await expectNoSidewaysScroll(page, `the questions page (${name})`);
      for (const kind of ['nps', 'maxdiff', 'price_ladder', 'price_range'] as const) {
        await questionArticle(page, questionsOfEveryType[kind].questionText)
          .getByRole('region', { name: expectedFigures[kind].results })
          .scrollIntoViewIfNeeded();
        await shot(`${name}-${kind}`);
      }
    }
  });
});

// ---------------------------------------------------------------------------

test.describe('pricing study form', () => {
  test('a study of a price ladder, a price range and NPS is started from its tab and read on its page', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(90_000);
    const { token } = await register(newAccount({ productName: 'Tidy Studies' }));
    const productId = await productWithPersonas(request, token, 6);
    await call(request, token, 'post', `/api/products/${productId}/business-profile`, {
      companyName: 'Tidy Pro',
      primaryProducts: 'A planner for small teams.',
      pricingModels: 'Tidy Pro is $20 a month per team',
    });
    await signIn(token, `/products/${productId}/questions`);
    await page.getByRole('tab', { name: 'New pricing study' }).click();
    const form = page.getByRole('form', { name: 'New pricing study' });
    await expect(form).toBeVisible();
    // Started from the business profile: the offer, and a ladder around the price it states.
    await expect(form.getByLabel('Study name')).toHaveValue('Pricing of Tidy Studies');
    await expect(form.getByLabel('The offer')).toHaveValue(offer);
    await expect(form.getByLabel('Currency')).toHaveValue('USD');
    await expect(form.getByLabel('Paid')).toHaveValue('month');
    const prices = form.getByLabel('Prices, lowest first');
    await expect(prices).toHaveAccessibleDescription(
      'From half to twice $20, the price stated in your business profile (Pricing Models). Lowest first, 4 to 10 prices.',
    );
    await expect(prices).toHaveValue(/^10, .+, 40$/);
    for (const part of [
      'Price ladder (Gabor–Granger)',
      'Price range (Van Westendorp)',
      'Net Promoter Score',
    ]) {
      await expect(
        form.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(part)}`) }),
      ).toBeChecked();
    }
    await expect(form.getByRole('checkbox', { name: /^Purchase intent/ })).not.toBeChecked();
    await expect(form.getByRole('checkbox', { name: /^Also ask how likely/ })).toBeChecked();
    await shot('study-form');

    // A prices typo is said under the prices, and nothing starts.
    await prices.fill('10, 20, twenty-five, 40');
    await form.getByRole('button', { name: 'Start Study' }).click();
    await expect(prices).toHaveAccessibleDescription(
      'Write each price as a number, e.g. 9, 19, 29, 39',
    );
    await expect(page).toHaveURL(/\/questions$/);
    await prices.fill('10, 20, 30, 40');
    await form.getByLabel('Study name').fill('Spring pricing of Tidy Pro');
    const texts = [
      'Would you buy Tidy Pro, a planner for small teams at this price?',
      'What would you pay for Tidy Pro, a planner for small teams?',
      'How likely are you to recommend Tidy Pro, a planner for small teams to a friend or colleague?',
    ];
    // Each question follows the offer until it is reworded.
    const asked = form.getByLabel('Question asked');
    await expect(asked).toHaveCount(3);
    for (const [index, text] of texts.entries()) await expect(asked.nth(index)).toHaveValue(text);
    await shot('study-form-filled');
    await form.getByRole('button', { name: 'Start Study' }).click();

    await expect(page).toHaveURL(new RegExp(`/products/${productId}/studies/[^/]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spring pricing of Tidy Pro');
    await expect(page.getByText(offer, { exact: true })).toBeVisible();
    await expect(page.getByText(/Tidy Studies: started .+, 3 questions\./)).toBeVisible();
    const kinds: Type[] = ['price_ladder', 'price_range', 'nps'];
    const labels = [
      'Question 1 of 3: Price ladder (Gabor–Granger)',
      'Question 2 of 3: Price range (Van Westendorp)',
      'Question 3 of 3: Net Promoter Score',
    ];
    for (const [index, kind] of kinds.entries()) {
      const card = questionArticle(page, texts[index]!);
      await expect(card).toContainText(labels[index]!);
      await expectComplete(card);
      await expectFigures(card, kind);
    }
    await questionArticle(page, texts[0]!).scrollIntoViewIfNeeded();
    await shot('study-ladder');
    await questionArticle(page, texts[1]!).scrollIntoViewIfNeeded();
    await shot('study-range');

    // The study is listed with its questions' types on the questions page.
    await page.getByRole('link', { name: 'Back to questions' }).click();
    const studies = page.getByRole('list', { name: 'Studies' });
    await expect(
      studies.getByRole('listitem').filter({ hasText: 'Spring pricing of Tidy Pro' }),
    ).toContainText('Price ladder (Gabor–Granger)');
  });
});

// ---------------------------------------------------------------------------
// The public survey page.

/** Fills every control of the question of `kind` on the survey page, as a person would. */
async function answerOnSurvey(page: Page, kind: Type): Promise<void> {
  const { questionText } = questionsOfEveryType[kind];
  const group = surveyQuestion(page, questionText);
  await expect(group).toBeVisible();
  switch (kind) {
    case 'scale':
      await expect(group.getByRole('radio', { name: '1 — Not useful at all' })).toBeVisible();
      await group.getByRole('radio', { name: '4', exact: true }).check();
      return;
    case 'nps':
      await expect(group.getByRole('radio', { name: '10 — Extremely likely' })).toBeVisible();
      await group.getByRole('radio', { name: '9', exact: true }).check();
      return;
    case 'single_choice':
      await group.getByRole('radio', { name: 'Live chat' }).check();
      return;
    case 'multiple_choice':
      await group.getByRole('checkbox', { name: 'Calendar app' }).check();
      await group.getByRole('checkbox', { name: 'Spreadsheet' }).check();
      // "None of these" stands alone: ticking it clears the others.
      await group.getByRole('checkbox', { name: 'None of these' }).check();
      await expect(group.getByRole('checkbox', { name: 'Calendar app' })).not.toBeChecked();
      await group.getByRole('checkbox', { name: 'Calendar app' }).check();
      await expect(group.getByRole('checkbox', { name: 'None of these' })).not.toBeChecked();
      return;
    case 'number':
      await expect(group).toContainText('From 0 to 40 hours a week');
      await group.getByLabel('Your answer, in hours a week').fill('6');
      return;
    case 'ranking':
      await group.getByRole('button', { name: 'Move Time tracking up' }).click();
      await expect(group.getByRole('listitem')).toHaveText([
        /Reminders/,
        /Time tracking/,
        /Shared boards/,
      ]);
      return;
    case 'maxdiff': {
      const sets = group.getByRole('group', { name: /^Set \d+ of \d+: which matters most/ });
      const count = await sets.count();
      expect(count).toBeGreaterThanOrEqual(2);
      for (let index = 0; index < count; index += 1) {
        const set = sets.nth(index);
        const best = set.getByRole('radio', { name: /^Most important: / });
        const worst = set.getByRole('radio', { name: /^Least important: / });
        await best.first().check();
        await worst.last().check();
      }
      return;
    }
    case 'price_ladder': {
      const price = (amount: number) =>
        group.getByRole('group', { name: `Would you buy ${offer} at $${amount} a month?` });
      await price(9).getByRole('radio', { name: 'Yes' }).check();
      await price(19).getByRole('radio', { name: 'Yes' }).check();
      // No at one price: the higher ones not answered yet start at no.
      await price(29).getByRole('radio', { name: 'No' }).check();
      await expect(price(39).getByRole('radio', { name: 'No' })).toBeChecked();
      return;
    }
    case 'price_range':
      await fillPriceRange(page, [5, 12, 25, 40]);
      await group
        .getByRole('group', { name: 'How likely would you be to buy it at $12 a month?' })
        .getByRole('radio', { name: '8', exact: true })
        .check();
      await group
        .getByRole('group', { name: 'How likely would you be to buy it at $25 a month?' })
        .getByRole('radio', { name: '3', exact: true })
        .check();
      return;
  }
}

async function fillPriceRange(page: Page, prices: [number, number, number, number]) {
  const group = surveyQuestion(page, questionsOfEveryType.price_range.questionText);
  const fields = [
    `At what price would you consider ${offer} so cheap that you would doubt its quality?`,
    `At what price would you consider ${offer} a bargain — a great buy for the money?`,
    `At what price would you consider ${offer} starting to get expensive, but still worth considering?`,
    `At what price would you consider ${offer} so expensive that you would not consider buying it?`,
  ];
  for (const [index, label] of fields.entries()) {
    await group.getByLabel(label, { exact: true }).fill(String(prices[index]));
  }
}

/** Opens a survey as a new person would: no cookie from an earlier answer. */
async function openSurvey(page: Page, path: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Send my answers' })).toBeVisible();
}

test.describe('the survey page', () => {
  test('people answer every type on a desktop and on a phone, and prices out of order are refused on the page', async ({
    page,
    request,
    register,
    shot,
  }) => {
    test.setTimeout(120_000);
    const { token } = await register(newAccount({ productName: 'Tidy Survey' }));
    const productId = await productWithPersonas(request, token, 2);
    const first: Type[] = ['scale', 'nps', 'single_choice', 'multiple_choice', 'number'];
    const second: Type[] = ['ranking', 'maxdiff', 'price_ladder', 'price_range'];
    const studies = [
      { name: 'How teams plan', kinds: first },
      { name: 'Tidy Pro priorities and prices', kinds: second },
    ];
    const links: { id: string; path: string; name: string; kinds: Type[] }[] = [];
    for (const study of studies) {
      const made = await createStudy(
        request,
        token,
        productId,
        study.name,
        study.kinds.map((kind) => questionsOfEveryType[kind]),
      );
      links.push({ ...(await shareStudy(request, token, productId, made.id)), ...study });
    }

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/public/question-links/'))
        sent.push(r.url());
    });

    for (const [viewport, screen] of [
      [desktop, 'desktop'],
      [phone, 'phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const link of links) {
        await openSurvey(page, link.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.name);
        await expect(page.getByText('Tidy Survey', { exact: true })).toBeVisible();
        await expect(page.getByRole('group', { name: /^\d+\. / })).toHaveCount(link.kinds.length);
        for (const kind of link.kinds) await answerOnSurvey(page, kind);

        if (link.kinds.includes('price_range')) {
          // A bargain above the too-expensive price: said on the page, nothing sent.
          const before = sent.length;
          await fillPriceRange(page, [5, 45, 25, 40]);
          await page.getByRole('button', { name: 'Send my answers' }).click();
          const range = surveyQuestion(page, questionsOfEveryType.price_range.questionText);
          await expect(range.getByText(questionLinkMessages.priceOrder)).toBeVisible();
          await expect(page.getByRole('alert')).toHaveText(
            'Check the answers marked above before sending',
          );
          await range.getByText(questionLinkMessages.priceOrder).scrollIntoViewIfNeeded();
          await shot(`${screen}-prices-out-of-order`);
          expect(sent.length, 'answers sent with the prices out of order').toBe(before);
          await fillPriceRange(page, [5, 12, 25, 40]);
          await expect(range.getByText(questionLinkMessages.priceOrder)).toHaveCount(0);
        }

        await expectNoSidewaysScroll(page, `the survey ${link.name} (${screen})`);
        await page.getByRole('button', { name: 'Send my answers' }).scrollIntoViewIfNeeded();
        await shot(`${screen}-${link.kinds[0]}-filled`);
        await page.getByRole('button', { name: 'Send my answers' }).click();
        await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeFocused();
        await expect(page.getByText('Your answers were recorded.', { exact: false })).toBeVisible();
        await expectNoSidewaysScroll(page, `the survey's thanks (${screen})`);
        await shot(`${screen}-${link.kinds[0]}-thanks`);
      }
    }

    // The server refuses prices out of order too, whoever sends them.
    const priced = links[1]!;
    const publicPath = `/api/public/question-links/${priced.path.split('/').pop()}`;
    const view = (await (await request.get(publicPath)).json()) as PublicQuestionLinkView;
    const answers = view.questions.map(({ id, spec, maxDiffSets }) => {
      switch (spec.type) {
        case 'ranking':
          return { questionId: id, answer: { type: 'ranking', order: [0, 1, 2] } };
        case 'maxdiff':
          return {
            questionId: id,
            answer: {
              type: 'maxdiff',
              tasks: maxDiffSets.map((shown) => ({ shown, best: shown[0], worst: shown.at(-1) })),
            },
          };
        case 'price_ladder':
          return {
            questionId: id,
            answer: { type: 'price_ladder', wouldBuy: [true, true, false, false] },
          };
        default: {
          const prices = { tooCheap: 5, bargain: 45, expensive: 25, tooExpensive: 40 };
          return {
            questionId: id,
            answer: { type: 'price_range', ...prices, buyAtBargain: 8, buyAtExpensive: 3 },
          };
        }
      }
    });
    const refused = await request.post(`${publicPath}/responses`, { data: { answers } });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(questionLinkMessages.priceOrder);

    // Two people answered each link: what they gave is counted for every question.
    for (const link of links) {
      const results = await linkResults(request, token, productId, link.id);
      expect(results.link.responseCount).toBe(2);
      expect(results.questions.map((q) => q.type)).toEqual(link.kinds);
      for (const question of results.questions) expect(question.responses, question.type).toBe(2);
      const range = results.questions.find((q) => q.type === 'price_range');
      if (range?.people?.type === 'price_range') expect(range.people.outOfOrder).toBe(0);
    }
  });
});

// ---------------------------------------------------------------------------

test.describe('people beside personas', () => {
  test("people answer a study's price ladder and the owner sees both demand curves, both best prices and how close they are", async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(90_000);
    const { token } = await register(newAccount({ productName: 'Tidy People' }));
    const productId = await productWithPersonas(request, token, 4);
    const ladder = questionsOfEveryType.price_ladder;
    const study = await createStudy(request, token, productId, 'Tidy Pro ladder', [ladder]);
    await awaitAllComplete(request, token, productId, 1);

    // The owner shares the study from its page.
    await signIn(token, `/products/${productId}/studies/${study.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tidy Pro ladder');
    await page.getByRole('button', { name: 'Share with people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with people' });
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    const address = page.getByRole('dialog').getByRole('textbox', { name: 'Link for people' });
    await expect(address).toHaveValue(/\/survey\/[A-Za-z0-9_-]{32,64}$/);
    const surveyPath = new URL(await address.inputValue()).pathname;
    await page.getByRole('button', { name: 'Done' }).click();

    // Two people, each in a browser of their own, who would pay up to $19 and $29. (The
    // system takes at most 10 answers a minute from one address, and the survey test
    // before this one sends five.)
    const people: boolean[][] = [
      [true, true, false, false],
      [true, true, true, false],
    ];
    const group = surveyQuestion(page, ladder.questionText);
    for (const wouldBuy of people) {
      await openSurvey(page, surveyPath);
      for (const [index, amount] of [9, 19, 29, 39].entries()) {
        await group
          .getByRole('group', { name: `Would you buy ${offer} at $${amount} a month?` })
          .getByRole('radio', { name: wouldBuy[index] ? 'Yes' : 'No' })
          .check();
      }
      await page.getByRole('button', { name: 'Send my answers' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    }
    await shot('person-answered');

    // From the study page's list of links to the link's results.
    await signIn(token, `/products/${productId}/studies/${study.id}`);
    const row = page.getByRole('list', { name: 'Links for people' }).getByRole('listitem');
    await expect(row).toContainText('2 responses');
    await row.getByRole('link', { name: 'Compare with people' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${productId}/question-links/[^/]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'People and personas compared',
    );
    await expect(page.getByText('2 responses', { exact: true })).toBeVisible();
    const card = questionArticle(page, ladder.questionText);
    await expect(card).toContainText('2 people; 4 personas');
    // People's revenue per person asked: $9 × 1, $19 × 1, $29 × 1/2, $39 × 0: the best is $19.
    await expect(card.getByTestId('people-best-price')).toHaveText(
      /^Best price for people: \$19 a month \(likely .+\), where 100% would buy$/,
    );
    await expect(card.getByTestId('personas-best-price')).toHaveText(
      new RegExp(
        `^Best price for personas: ${money} a month \\(likely .+\\), where \\d+% would buy$`,
      ),
    );
    await expect(card.getByTestId('agreement')).toHaveText(
      /^The personas' answers are (close to|somewhat off from|far from) the real answers: \d\.\d\d of 1 apart, from 2 people\.$/,
    );
    const chart = card.getByRole('img', {
      name: 'Who would buy at each price a month, people and personas',
    });
    await expect(chart).toBeVisible();
    await card.getByTestId('agreement').scrollIntoViewIfNeeded();
    await shot('people-vs-personas');

    // The same page on a phone: both best prices and the sentence, nothing sideways.
    await page.setViewportSize(phone);
    await page.reload();
    await expect(card.getByTestId('people-best-price')).toBeVisible();
    await expect(card.getByTestId('personas-best-price')).toBeVisible();
    await expect(card.getByTestId('agreement')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the people-vs-personas page (phone)');
    await chart.scrollIntoViewIfNeeded();
    await shot('people-vs-personas-phone');

    const results = await linkResults(request, token, productId, page.url().split('/').pop()!);
    const [question] = results.questions;
    expect(question?.responses).toBe(2);
    expect(question?.people?.type === 'price_ladder' && question.people.bestPrice.value).toBe(19);
  });
});
