import type { ProductView, QuestionLinkResultsView, TypedResult } from '@chorus/contracts';
import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QuestionComparison } from '../src/components/share/QuestionComparison';
import { LinkResults } from '../src/pages/PeopleVsPersonasPage';

const est = (value: number, low: number, high: number) => ({ value, low, high });

const ladder = (best: number, demands: number[]): TypedResult => ({
  type: 'price_ladder',
  respondents: 18,
  noAnswer: 0,
  currency: 'USD',
  period: 'month',
  points: [10, 20, 30, 40].map((price, i) => {
    const d = demands[i] ?? 0;
    return {
      price,
      demand: est(d, d - 0.1, d + 0.1),
      revenue: est(price * d, price * (d - 0.1), price * (d + 0.1)),
    };
  }),
  bestPrice: est(best, best - 10, best + 10),
  bestDemand: est(0.5, 0.4, 0.6),
  summary: 'The most revenue at $20 a month.',
});

const nps: TypedResult = {
  type: 'nps',
  respondents: 12,
  noAnswer: 0,
  promoters: est(0.4, 0.3, 0.5),
  passives: est(0.3, 0.2, 0.4),
  detractors: est(0.3, 0.2, 0.4),
  score: est(10, -5, 25),
  scores: [],
};

const results: QuestionLinkResultsView = {
  link: {
    id: 'l1',
    productId: 'prod-1',
    studyId: 'st1',
    questionIds: ['q1', 'q2'],
    title: 'Pricing of Chorus Pro',
    isActive: true,
    createdAt: '2027-01-01T00:00:00.000Z',
    expiresAt: '2099-01-31T00:00:00.000Z',
    responseCount: 18,
    url: null,
  },
  questions: [
    {
      questionId: 'q1',
      questionText: 'Would you buy Chorus Pro at this price?',
      type: 'price_ladder',
      responses: 18,
      people: ladder(20, [0.8, 0.5, 0.2, 0.1]),
      personas: ladder(30, [0.9, 0.7, 0.5, 0.2]),
      agreement: {
        distance: 0.183,
        ks: 0.25,
        level: 'some difference',
        text: 'People would pay less than your personas: their best price is $20 a month against $30.',
      },
    },
    {
      questionId: 'q2',
      questionText: 'How likely are you to recommend Chorus Pro to a friend or colleague?',
      type: 'nps',
      responses: 0,
      people: null,
      personas: nps,
      agreement: { distance: null, ks: null, level: 'no answers', text: 'No answers yet.' },
    },
  ],
};

const reply = (status: number, body: unknown) =>
  ({
    ok: status < 400,
    status,
    statusText: '',
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(JSON.stringify(body)),
  }) as Response;

beforeEach(() => {
  queryClient.clear();
  globalThis.fetch = jest.fn((url: string) =>
    Promise.resolve(
      url === '/api/products/prod-1/question-links/l1/results'
        ? reply(200, results)
        : reply(404, { message: 'Share link not found' }),
    ),
  ) as unknown as typeof fetch;
});

function renderPage(path: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/products/:id/question-links/:linkId"
            element={<LinkResults product={{ id: 'prod-1', name: 'Chorus' } as ProductView} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Compare with people', () => {
  it('puts the agreement first and writes both best prices of a ladder on one chart', async () => {
    renderPage('/products/prod-1/question-links/l1');
    const ladderCard = await screen.findByRole('article', {
      name: 'Would you buy Chorus Pro at this price?',
    });
    expect(screen.getByRole('heading', { name: 'People and personas compared' })).toBeVisible();
    expect(screen.getByText('Pricing of Chorus Pro')).toBeInTheDocument();

    const agreement = within(ladderCard).getByTestId('agreement');
    expect(agreement).toHaveTextContent(
      'People would pay less than your personas: their best price is $20 a month against $30.',
    );
    // Plain words come before the chart.
    const chart = within(ladderCard).getByRole('img', { name: /Who would buy at each price/ });
    expect(
      agreement.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    expect(within(ladderCard).getByTestId('people-best-price')).toHaveTextContent(
      'Best price for people: $20 a month (likely between $10 and $30), where 50% would buy',
    );
    expect(within(ladderCard).getByTestId('personas-best-price')).toHaveTextContent(
      'Best price for personas: $30 a month (likely between $20 and $40), where 50% would buy',
    );
    // Both demand curves are in the chart's table, one row per price.
    const table = within(ladderCard).getByRole('table', { name: /Who would buy at each price/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Price a month',
      'People who would buy',
      'People, likely range',
      'Personas who would buy',
      'Personas, likely range',
    ]);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('$2050%40% to 60%70%60% to 80%');

    // The measures' names and numbers wait behind the disclosure.
    const how = within(ladderCard).getByTestId('how-measured');
    expect(how).not.toHaveAttribute('open');
    expect(how).toHaveTextContent('Jensen–Shannon distance');
    expect(within(how).getByTestId('js-distance')).toHaveTextContent('0.18');
    expect(how).toHaveTextContent('Kolmogorov–Smirnov statistic');
    expect(within(how).getByTestId('ks-statistic')).toHaveTextContent('0.25');
  });

  it('says no one has answered yet, and shows what the personas answered', async () => {
    renderPage('/products/prod-1/question-links/l1');
    const npsCard = await screen.findByRole('article', {
      name: 'How likely are you to recommend Chorus Pro to a friend or colleague?',
    });
    expect(within(npsCard).getByTestId('no-answers')).toHaveTextContent('No one has answered yet');
    expect(within(npsCard).queryByTestId('agreement')).not.toBeInTheDocument();
    expect(within(npsCard).getByTestId('nps-score')).toHaveTextContent('Net Promoter Score +10');
  });

  it('says so when the link is not the product’s', async () => {
    renderPage('/products/prod-1/question-links/other');
    expect(await screen.findByText('Link not found')).toBeInTheDocument();
  });

  it('draws a choice as grouped bars, people beside personas, each with its range', () => {
    const choice = (email: number, text: number): TypedResult => ({
      type: 'single_choice',
      respondents: 10,
      noAnswer: 0,
      options: [
        { label: 'Email', share: est(email, email - 0.1, email + 0.1) },
        { label: 'Text message', share: est(text, text - 0.1, text + 0.1) },
      ],
    });
    render(
      <QuestionComparison
        position={1}
        total={1}
        results={{
          questionId: 'q3',
          questionText: 'How should we remind you?',
          type: 'single_choice',
          responses: 10,
          people: choice(0.6, 0.4),
          personas: choice(0.3, 0.7),
          agreement: { distance: 0.3, ks: null, level: 'apart', text: 'People prefer email.' },
        }}
      />,
    );
    expect(screen.getByTestId('agreement')).toHaveTextContent('People prefer email.');
    expect(screen.getByTestId('compare-headline')).toHaveTextContent(
      'Share choosing “Text message”: people 40% (likely between 30% and 50%); personas 70% (likely between 60% and 80%).',
    );
    const table = screen.getByRole('table', {
      name: 'Share who chose each option, people and personas',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Email', '60%', '50% to 70%', '30%', '20% to 40%'],
      ['Text message', '40%', '30% to 50%', '70%', '60% to 80%'],
    ]);
    // No Kolmogorov–Smirnov for answers without an order.
    expect(screen.queryByTestId('ks-statistic')).not.toBeInTheDocument();
  });
});
