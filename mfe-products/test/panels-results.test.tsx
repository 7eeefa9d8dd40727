import type { QuestionView } from '@chorus/contracts';
import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { tooFewToSay } from '../src/components/panels/WeightedCuts';
import { QuestionCard } from '../src/components/questions/QuestionCard';
import { answersFrom, panelQuestion, panelRun, reply } from './panel-fixtures';

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit?]>;
/** Every persona answer of the question; the mock pages, searches and filters them. */
const TOTAL = 60;

beforeEach(() => {
  queryClient.clear();
  fetchMock = jest.fn((url: string) => {
    const address = new URL(url, 'http://localhost');
    if (address.pathname === '/api/products/prod-1/questions/q1/panel-answers') {
      const page = Number(address.searchParams.get('page'));
      const pageSize = Number(address.searchParams.get('pageSize'));
      const search = (address.searchParams.get('search') ?? '').toLowerCase();
      const matching = answersFrom(1, TOTAL).filter(
        (answer) =>
          !search ||
          `${answer.personaName} ${answer.occupation} ${answer.location} ${answer.response}`
            .toLowerCase()
            .includes(search),
      );
      return Promise.resolve(
        reply(200, {
          answers: matching.slice((page - 1) * pageSize, page * pageSize),
          total: matching.length,
          page,
          pageSize,
        }),
      );
    }
    return Promise.resolve(reply(404, { message: 'Not found' }));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const answerRequests = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((address) => address.pathname.endsWith('/panel-answers'))
    .map((address) => Object.fromEntries(address.searchParams));

function renderCard(question: QuestionView) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <QuestionCard
          question={question}
          highlighted={false}
          defaultExpanded
          deleting={false}
          onDelete={jest.fn()}
          onExport={jest.fn()}
          retrying={false}
          onRetry={jest.fn()}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A table's body rows as their cells' text. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('Results of a question asked of a market panel', () => {
  it('says who answered and how far they have got while it is being answered', () => {
    renderCard(
      panelQuestion({
        status: 'processing',
        panel: panelRun({ size: 5_000, answered: 2_400, weighted: null, cuts: [], gaps: [] }),
      }),
    );
    const results = screen.getByRole('region', { name: 'Market panel results' });
    expect(within(results).getByTestId('panel-asked-of')).toHaveTextContent(
      'Asked of UK adults (v2, 5,000 personas drawn to United Kingdom adults)',
    );
    expect(within(results).getByText('2,400 of 5,000 answered')).toBeInTheDocument();
    const bar = within(results).getByRole('progressbar', { name: 'Panel personas answered' });
    expect(bar).toHaveAttribute('aria-valuenow', '2400');
    expect(bar).toHaveAttribute('aria-valuemax', '5000');
    expect(screen.queryByRole('heading', { name: 'Persona answers' })).not.toBeInTheDocument();
  });

  it('shows the weighted shares with their ranges, the note, the weights and the gaps; no per-persona list from the question', async () => {
    renderCard(panelQuestion());
    const results = screen.getByRole('region', { name: 'Market panel results' });
    expect(within(results).getByTestId('panel-asked-of')).toHaveTextContent(
      'Asked of UK adults (v2, 200 personas drawn to United Kingdom adults)',
    );
    expect(within(results).getByTestId('weighted-positive')).toHaveTextContent(
      'Positive42% (likely 39–45%)',
    );
    expect(within(results).getByTestId('weighted-neutral')).toHaveTextContent(
      'Neutral33% (likely 30–36%)',
    );
    expect(within(results).getByTestId('weighted-negative')).toHaveTextContent(
      'Negative25% (likely 22–28%)',
    );
    expect(
      within(results).getByRole('img', { name: 'Weighted shares of all answers' }),
    ).toBeInTheDocument();
    const chartTable = within(results).getByRole('table', {
      name: 'Weighted shares of all answers',
    });
    expect(bodyRows(chartTable)[0]).toEqual(['Positive', '42%', '39% to 45%']);

    expect(within(results).getByTestId('panel-note')).toHaveTextContent(
      'Weighted to the United Kingdom adults by age band and household (raking).',
    );
    const weights = within(results).getByTestId('panel-design-effect');
    expect(weights).toHaveTextContent(
      'Weighting to the population makes 200 answers count like 180 independent ones.',
    );
    await userEvent.click(within(weights).getByText('Technical details'));
    expect(weights).toHaveTextContent('Kish design effect 1.11, effective sample size 180.');
    expect(results).toHaveTextContent(
      'The people answering have 8 % aged 18–29; the population has 21 %.',
    );

    // The unweighted chart and the per-persona list of an ordinary question are not shown.
    expect(screen.queryByRole('figure', { name: 'Aggregated results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /persona responses?$/ })).not.toBeInTheDocument();
    expect(await screen.findAllByTestId('panel-answer')).toHaveLength(25);
  });

  it('cuts the weighted shares by each trait in a table, with "Too few to say" for a small group', async () => {
    renderCard(panelQuestion());
    const cuts = screen.getByTestId('weighted-cuts');
    const cutBy = within(cuts).getByLabelText('Cut by');
    expect(cutBy).toHaveDisplayValue('Age band');
    const table = within(cuts).getByRole('table', { name: 'Weighted shares by age band' });
    expect(bodyRows(table)).toEqual([
      ['18–29', '16', tooFewToSay],
      ['30–44', '60', '55% (likely 52–58%)', '25% (likely 22–28%)', '20% (likely 17–23%)'],
      ['45–64', '74', '35% (likely 32–38%)', '40% (likely 37–43%)', '25% (likely 22–28%)'],
    ]);
    expect(within(cuts).getByTestId('cut-note')).toHaveTextContent(
      '30–44 are more positive than 45–64: 55 % against 35 %.',
    );
    await userEvent.click(within(cuts).getByText('Which test'));
    expect(within(cuts).getByTestId('cut-note')).toHaveTextContent('z = 2.31, p = 0.021');

    await userEvent.selectOptions(cutBy, 'Household');
    const households = within(cuts).getByRole('table', { name: 'Weighted shares by household' });
    expect(bodyRows(households).map((row) => row.slice(0, 3))).toEqual([
      ['Household with children', '120', '50% (likely 47–53%)'],
      ['Couple without children', '80', '30% (likely 27–33%)'],
    ]);
    expect(within(cuts).queryByText(tooFewToSay)).not.toBeInTheDocument();
    expect(cuts).toHaveTextContent(
      'No difference between these groups is larger than chance alone would give.',
    );
  });

  it('pages through the persona answers, 25 at a time, searched and filtered by opinion', async () => {
    renderCard(panelQuestion());
    const pager = await screen.findByRole('navigation', { name: 'Pages of persona answers' });
    expect(within(pager).getByTestId('panel-answers-page')).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    const list = screen.getByRole('list', { name: 'Persona answers' });
    const first = within(list).getAllByTestId('panel-answer')[0]!;
    expect(first).toHaveTextContent('Oliver Patel 1');
    expect(first).toHaveTextContent('Positive (70%)');
    expect(first).toHaveTextContent('Age band: 30–44 · Household: Household with children');
    expect(within(first).getByTestId('panel-answer-weight')).toHaveTextContent(
      'Counts as 1.12 of an answer. Its 20 draws: 14 positive, 4 neutral, 2 negative.',
    );
    expect(answerRequests()[0]).toEqual({ page: '1', pageSize: '25' });

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(pager).getByTestId('panel-answers-page')).toHaveTextContent('Page 2 of 3'),
    );
    expect(within(list).getAllByTestId('panel-answer')[0]).toHaveTextContent('Oliver Patel 26');
    expect(answerRequests().at(-1)).toEqual({ page: '2', pageSize: '25' });

    // A search starts again from the first page, once typing pauses.
    await userEvent.type(screen.getByLabelText('Search persona answers'), 'nurse');
    await waitFor(() =>
      expect(screen.getByText('20 answers matching “nurse”')).toBeInTheDocument(),
    );
    expect(within(pager).getByTestId('panel-answers-page')).toHaveTextContent('Page 1 of 1');
    expect(answerRequests().at(-1)).toEqual({ page: '1', pageSize: '25', search: 'nurse' });

    await userEvent.selectOptions(screen.getByLabelText('Opinion'), 'Negative');
    await waitFor(() =>
      expect(answerRequests().at(-1)).toEqual({
        page: '1',
        pageSize: '25',
        search: 'nurse',
        opinion: 'negative',
      }),
    );
  });
});

describe('Results of the chosen personas weighted to a population', () => {
  it('shows the weighted shares beside the personas’ own answers, without a panel’s answer pages', () => {
    renderCard(
      panelQuestion({
        panel: panelRun({ panelId: '', panelName: 'Your personas', panelVersion: 0, size: 10 }),
      }),
    );
    const results = screen.getByRole('region', { name: 'Market panel results' });
    expect(within(results).getByTestId('panel-asked-of')).toHaveTextContent(
      'Your personas, weighted to United Kingdom adults',
    );
    expect(within(results).getByTestId('weighted-positive')).toHaveTextContent('42%');
    expect(screen.queryByRole('heading', { name: 'Persona answers' })).not.toBeInTheDocument();
    expect(answerRequests()).toEqual([]);
  });
});
