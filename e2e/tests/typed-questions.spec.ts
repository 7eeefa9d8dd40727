import type { QuestionView } from '@chorus/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, test } from '../fixtures';
import {
  askTyped,
  awaitAllComplete,
  call,
  desktop,
  escapeRegExp,
  expectNoSidewaysScroll,
  offer,
  phone,
  productWithPersonas,
  questionArticle,
  questionsOfEveryType,
} from '../typed-helpers';
import { type Type, expectComplete, expectFigures, expectedFigures } from '../typed-results';

/**
 * Typed questions from the customer's side: every type asked through the
 * question form and read as charts and plain-words figures (on a desktop
 * and on a phone), and a pricing study started from its own form. A study
 * answered by people on the public survey page, and people's answers to a
 * price ladder beside the personas', are in typed-surveys.spec.ts.
 */

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
      // Ten charts are drawn at once: on a busy machine that takes seconds.
      await expect(page.getByRole('heading', { name: 'Question History' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('Loading questions...')).toBeHidden({ timeout: 30_000 });
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
