import type { PublicQuestionLinkView } from '@chorus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** A link asking one question of every type, as the gateway answers it. */
export const surveyLink: PublicQuestionLinkView = {
  productName: 'Acme Analytics',
  title: 'Pricing for Chorus Pro',
  expiresAt: '2026-12-31T00:00:00.000Z',
  myAnswers: null,
  questions: [
    {
      id: 'q-scale',
      questionText: 'How satisfied are you with your planner?',
      spec: {
        type: 'scale',
        points: 5,
        lowLabel: 'Very unhappy',
        highLabel: 'Very happy',
        pointLabels: [],
        ratingMethod: 'direct',
      },
      maxDiffSets: [],
    },
    {
      id: 'q-nps',
      questionText: 'How likely are you to recommend Chorus to a friend?',
      spec: { type: 'nps' },
      maxDiffSets: [],
    },
    {
      id: 'q-single',
      questionText: 'Which channel do you use most for support?',
      spec: { type: 'single_choice', options: ['Email', 'Chat', 'Phone'], noneOption: true },
      maxDiffSets: [],
    },
    {
      id: 'q-multi',
      questionText: 'Which of these features do you use?',
      spec: {
        type: 'multiple_choice',
        options: ['Reports', 'Alerts', 'Exports'],
        noneOption: true,
      },
      maxDiffSets: [],
    },
    {
      id: 'q-number',
      questionText: 'How much do you spend on planning tools?',
      spec: { type: 'number', unit: 'dollars a month', min: 0, max: 500 },
      maxDiffSets: [],
    },
    {
      id: 'q-rank',
      questionText: 'Rank what matters when you choose a planner',
      spec: { type: 'ranking', items: ['Speed', 'Price', 'Support'] },
      maxDiffSets: [],
    },
    {
      id: 'q-maxdiff',
      questionText: 'Which of these matter to you in a planner?',
      spec: {
        type: 'maxdiff',
        items: ['Calendar sync', 'Shared lists', 'Reminders', 'Offline mode', 'Dark theme'],
        perSet: 4,
        sets: 3,
      },
      maxDiffSets: [
        [0, 1, 2, 3],
        [4, 0, 1, 2],
        [3, 4, 0, 1],
      ],
    },
    {
      id: 'q-ladder',
      questionText: 'Would you buy Chorus Pro at these prices?',
      spec: {
        type: 'price_ladder',
        offer: 'Chorus Pro',
        currency: 'USD',
        period: 'month',
        prices: [10, 20, 30, 40],
      },
      maxDiffSets: [],
    },
    {
      id: 'q-range',
      questionText: 'What would you pay for Chorus Pro?',
      spec: {
        type: 'price_range',
        offer: 'Chorus Pro',
        currency: 'USD',
        period: 'month',
        likelihood: true,
      },
      maxDiffSets: [],
    },
  ],
};

// jsdom has no fetch: the page's requests are answered here, as the gateway would.
export const json = (status: number, body: unknown) =>
  ({ ok: status < 400, status, json: () => Promise.resolve(body) }) as Response;

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit?]>;

/** Answers the page's load with `link` and every send with `sent`. */
export function answerFetch(
  link: PublicQuestionLinkView = surveyLink,
  sent: Response = json(200, { replaced: false }),
): FetchMock {
  const mock: FetchMock = jest.fn((_url: string, init?: RequestInit) =>
    Promise.resolve(init?.method === 'POST' ? sent : json(200, link)),
  );
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

export const posts = (mock: FetchMock) =>
  mock.mock.calls.filter(([, init]) => init?.method === 'POST');

/**
 * The fieldset of one question (or of one part of it), found by its legend:
 * quicker than a role query over the whole page, which names every group.
 */
export function group(legend: RegExp | string) {
  const fieldset = screen.getByText(legend, { selector: 'legend' }).closest('fieldset');
  if (!fieldset) throw new Error(`No fieldset for ${String(legend)}`);
  return within(fieldset);
}

export const priceLabels = {
  tooCheap:
    'At what price would you consider Chorus Pro so cheap that you would doubt its quality?',
  bargain: 'At what price would you consider Chorus Pro a bargain — a great buy for the money?',
  expensive:
    'At what price would you consider Chorus Pro starting to get expensive, but still worth considering?',
  tooExpensive:
    'At what price would you consider Chorus Pro so expensive that you would not consider buying it?',
};

/** Fills in every question of the fixture, the four prices as given. */
export async function fillAll(prices: [string, string, string, string] = ['5', '15', '30', '60']) {
  const user = userEvent.setup();
  await user.click(group(/How satisfied/).getByRole('radio', { name: '4' }));
  await user.click(group(/recommend Chorus/).getByRole('radio', { name: '9' }));
  await user.click(group(/channel/).getByRole('radio', { name: 'Chat' }));
  await user.click(group(/features/).getByRole('checkbox', { name: 'Reports' }));
  await user.click(group(/features/).getByRole('checkbox', { name: 'Exports' }));
  await user.type(screen.getByLabelText('Your answer, in dollars a month'), '25');
  await user.click(screen.getByRole('button', { name: 'Move Support up' }));
  await user.click(screen.getByRole('button', { name: 'Move Support up' }));
  for (const [set, best, worst] of [
    [1, 'Calendar sync', 'Offline mode'],
    [2, 'Dark theme', 'Shared lists'],
    [3, 'Calendar sync', 'Dark theme'],
  ] as const) {
    const picks = group(new RegExp(`^Set ${set} of 3`));
    await user.click(picks.getByRole('radio', { name: `Most important: ${best}` }));
    await user.click(picks.getByRole('radio', { name: `Least important: ${worst}` }));
  }
  await user.click(
    group('Would you buy Chorus Pro at $10 a month?').getByRole('radio', { name: 'Yes' }),
  );
  await user.click(
    group('Would you buy Chorus Pro at $20 a month?').getByRole('radio', { name: 'Yes' }),
  );
  await user.click(
    group('Would you buy Chorus Pro at $30 a month?').getByRole('radio', { name: 'No' }),
  );
  const [tooCheap, bargain, expensive, tooExpensive] = prices;
  await user.type(screen.getByLabelText(priceLabels.tooCheap), tooCheap);
  await user.type(screen.getByLabelText(priceLabels.bargain), bargain);
  await user.type(screen.getByLabelText(priceLabels.expensive), expensive);
  await user.type(screen.getByLabelText(priceLabels.tooExpensive), tooExpensive);
  const [atBargain, atExpensive] = screen
    .getAllByText(/^How likely would you be to buy it at/, { selector: 'legend' })
    .map((legend) => legend.closest('fieldset')!);
  await user.click(within(atBargain!).getByRole('radio', { name: '8' }));
  await user.click(within(atExpensive!).getByRole('radio', { name: '3' }));
  return user;
}
