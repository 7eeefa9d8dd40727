import { type PublicQuestionLinkView, questionLinkMessages } from '@chorus/contracts';
import type { Page } from '@playwright/test';
import { expect, newAccount, test } from '../fixtures';
import {
  awaitAllComplete,
  createStudy,
  desktop,
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
import { type Type, money } from '../typed-results';

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
