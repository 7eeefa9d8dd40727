import {
  type CreatePanelRequest,
  type MarketPanelView,
  panelMessages,
  type ProductView,
} from '@chorus/contracts';
import { IDEMPOTENCY_HEADER, queryClient } from '@chorus/platform';
import { productRights } from '@chorus/platform/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ProductPanels } from '../src/pages/PanelsPage';
import { panel, reply, ukFrame, usFrame } from './panel-fixtures';

const product = (role: ProductView['role'] = 'owner') =>
  ({
    id: 'prod-1',
    name: 'Chorus Meals',
    subscriptionStatus: 'active',
    subscriptionEndDate: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    role,
  }) as ProductView;

const estimate = (body: CreatePanelRequest) => ({
  engine: 'local',
  model: 'local',
  size: body.size,
  modelCalls: 0,
  costUsd: 0,
  frame: { ...ukFrame, population: 'Adults in the United Kingdom living with children.' },
  budget: { monthlyBudgetUsd: 20, spentThisMonthUsd: 1.5, questionsThisMonth: 3 },
});

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit?]>;
let listed: MarketPanelView[];
/** What GET of a building panel answers, in turn; the last one repeats. */
let builds: MarketPanelView[];

beforeEach(() => {
  queryClient.clear();
  listed = [];
  builds = [];
  fetchMock = jest.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/panel-frames')
      return Promise.resolve(reply(200, { frames: [ukFrame, usFrame] }));
    if (url === '/api/products/prod-1/panels' && method === 'GET') {
      return Promise.resolve(reply(200, { panels: listed }));
    }
    if (url === '/api/products/prod-1/panels/estimate') {
      const body = JSON.parse(init?.body as string) as CreatePanelRequest;
      if (body.sharesCsv !== undefined) {
        return Promise.resolve(
          reply(400, { message: 'Row 2: "18-29" is not a level of Age band.' }),
        );
      }
      return Promise.resolve(reply(200, estimate(body)));
    }
    if (url === '/api/products/prod-1/panels' && method === 'POST') {
      const body = JSON.parse(init?.body as string) as CreatePanelRequest;
      return Promise.resolve(
        reply(
          201,
          panel({
            id: 'pan9',
            name: body.name,
            size: body.size,
            status: 'building',
            built: 0,
            makeUp: [],
            gaps: [],
            weights: null,
          }),
        ),
      );
    }
    if (url.startsWith('/api/products/prod-1/panels/') && url.endsWith('/redraw')) {
      return Promise.resolve(
        reply(
          200,
          panel({ version: 2, status: 'building', built: 0, makeUp: [], gaps: [], weights: null }),
        ),
      );
    }
    if (url.startsWith('/api/products/prod-1/panels/') && method === 'DELETE') {
      return Promise.resolve(reply(204, undefined));
    }
    if (url.startsWith('/api/products/prod-1/panels/') && method === 'GET') {
      const next = builds.length > 1 ? builds.shift() : builds[0];
      return Promise.resolve(next ? reply(200, next) : reply(404, { message: 'Panel not found' }));
    }
    return Promise.resolve(reply(404, { message: 'Not found' }));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const calls = (method: string, url: string) =>
  fetchMock.mock.calls.filter(
    ([called, init]) => called === url && (init?.method ?? 'GET') === method,
  );
const lastEstimate = () => {
  const sent = calls('POST', '/api/products/prod-1/panels/estimate');
  return JSON.parse(sent.at(-1)?.[1]?.body as string) as CreatePanelRequest;
};

function renderPage(role: ProductView['role'] = 'owner') {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ProductPanels product={product(role)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const form = () => screen.getByRole('form', { name: 'Draw a panel' });

describe('Panels page: drawing a panel', () => {
  it('lists the populations with their sources and shows the live estimate of the build', async () => {
    renderPage();
    const population = await screen.findByLabelText('Population');
    expect(
      within(population)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['United Kingdom adults', 'United States adults']);
    expect(population).toHaveValue('uk');
    const about = screen.getByTestId('population-about');
    expect(about).toHaveTextContent(ukFrame.population);
    expect(
      within(about).getByRole('link', {
        name: 'Office for National Statistics: Census 2021 (2023)',
      }),
    ).toHaveAttribute('href', 'https://www.ons.gov.uk/census');

    // The estimate comes without a name typed: the population's stands in.
    const shown = await screen.findByTestId('panel-estimate', {}, { timeout: 3000 });
    expect(shown).toHaveTextContent('Built on this server at no cost');
    expect(shown).toHaveTextContent('This month: $1.50 of $20.00 budget');
    expect(lastEstimate()).toEqual({
      name: 'United Kingdom adults',
      frame: 'uk',
      size: 1000,
      filters: [],
    });

    // Filters: levels ticked per trait, and an income's "at least" in pounds.
    await userEvent.type(screen.getByLabelText(/Panel name/), 'UK families');
    await userEvent.click(screen.getByRole('checkbox', { name: /Household with children/ }));
    await userEvent.type(screen.getByLabelText('At least (£ a year)'), '40000');
    await waitFor(
      () =>
        expect(lastEstimate()).toEqual({
          name: 'UK families',
          frame: 'uk',
          size: 1000,
          filters: [
            { trait: 'household', levels: ['children'] },
            { trait: 'income', min: 40000 },
          ],
        }),
      { timeout: 3000 },
    );
    expect(await screen.findByTestId('panel-estimate')).toHaveTextContent(
      'Adults in the United Kingdom living with children.',
    );
  });

  it('shows the server’s refusal of a shares file under the form, and refuses a file over 1 MB before reading it', async () => {
    renderPage();
    await screen.findByLabelText('Population');
    await userEvent.click(
      screen.getByRole('radio', { name: /Match your own shares \(CSV: trait, level, share\)/ }),
    );
    const file = screen.getByLabelText('CSV file');

    const big = new File(['x'.repeat(1_000_001)], 'big.csv', { type: 'text/csv' });
    await userEvent.upload(file, big);
    expect(screen.getByText(panelMessages.csvTooLong)).toBeInTheDocument();

    const shares = new File(['trait,level,share\nAge band,18-29,0.5\n'], 'shares.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(file, shares);
    expect(
      await screen.findByText('Row 2: "18-29" is not a level of Age band.', {}, { timeout: 3000 }),
    ).toHaveAttribute('role', 'alert');
    expect(lastEstimate().sharesCsv).toBe('trait,level,share\nAge band,18-29,0.5\n');
    expect(screen.queryByText(panelMessages.csvTooLong)).not.toBeInTheDocument();
  });

  it('refuses a size of 0 in the contract’s words and sends nothing', async () => {
    renderPage();
    await screen.findByLabelText('Population');
    await userEvent.type(screen.getByLabelText(/Panel name/), 'UK adults');
    const size = screen.getByLabelText('Size (personas)');
    await userEvent.clear(size);
    await userEvent.type(size, '0');
    await userEvent.click(within(form()).getByRole('button', { name: 'Build panel' }));
    expect(await screen.findByText(panelMessages.size)).toBeInTheDocument();
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/api/products/prod-1/panels')).toHaveLength(0);
  });

  it('builds a panel once with an Idempotency-Key, and lists it building', async () => {
    renderPage();
    await screen.findByLabelText('Population');
    expect(await screen.findByText('No panels yet')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Panel name/), 'UK families');
    const size = screen.getByLabelText('Size (personas)');
    await userEvent.clear(size);
    await userEvent.type(size, '200');
    await userEvent.click(screen.getByRole('checkbox', { name: /Household with children/ }));
    builds = [panel({ id: 'pan9', name: 'UK families', size: 200, status: 'building', built: 40 })];
    await userEvent.dblClick(within(form()).getByRole('button', { name: 'Build panel' }));

    const card = await screen.findByRole('article', { name: 'UK families' });
    const posts = calls('POST', '/api/products/prod-1/panels');
    expect(posts).toHaveLength(1);
    const [, init] = posts[0]!;
    expect((init?.headers as Record<string, string>)[IDEMPOTENCY_HEADER]).toMatch(/\S{16,}/);
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'UK families',
      frame: 'uk',
      size: 200,
      filters: [{ trait: 'household', levels: ['children'] }],
    });
    expect(within(card).getByText('Building')).toBeInTheDocument();
    expect(
      await within(card).findByRole('progressbar', { name: 'Personas built' }),
    ).toBeInTheDocument();
  });
});

describe('Panels page: the list', () => {
  it('shows a building panel’s progress, read again until it is ready', async () => {
    listed = [
      panel({
        status: 'building',
        built: 1_240,
        filters: [{ trait: 'household', levels: ['children'] }],
        makeUp: [],
        gaps: [],
        weights: null,
      }),
    ];
    builds = [
      panel({ status: 'building', built: 2_500, makeUp: [], gaps: [], weights: null }),
      panel(),
    ];
    renderPage();
    const card = await screen.findByRole('article', { name: 'UK adults' });
    expect(card).toHaveTextContent('Population:United Kingdom adults');
    expect(within(card).getByTestId('panel-filters')).toHaveTextContent(
      'Household: Household with children',
    );
    expect(card).toHaveTextContent('5,000 personas');
    expect(card).toHaveTextContent('Version 1');
    const bar = within(card).getByRole('progressbar', { name: 'Personas built' });
    expect(bar).toHaveAttribute('aria-valuemax', '5000');
    expect(within(card).getByText('1,240 of 5,000 personas built')).toBeInTheDocument();

    expect(await within(card).findByText('2,500 of 5,000 personas built')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2500');
    expect(await within(card).findByText('Ready', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a ready panel’s make-up beside the population, its gaps and its weights in words', async () => {
    listed = [panel()];
    renderPage();
    const card = await screen.findByRole('article', { name: 'UK adults' });
    expect(within(card).getByRole('img', { name: 'Age band: the panel beside the population' }));
    const table = within(card).getByRole('table', {
      name: 'Age band: the panel beside the population',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['18–29', '8%', '', '21%', '']);

    // Another trait is one choice away.
    await userEvent.selectOptions(within(card).getByLabelText('Trait'), 'Household');
    expect(within(card).getByRole('img', { name: 'Household: the panel beside the population' }));

    expect(within(card).getByTestId('panel-gap')).toHaveTextContent(
      'The panel has 8 % aged 18–29; the population has 21 %.',
    );
    const weights = within(card).getByTestId('panel-weights');
    expect(weights).toHaveTextContent(
      'Weighting to the population makes 5,000 answers count like 4,700 independent ones.',
    );
    await userEvent.click(within(weights).getByText('Technical details'));
    expect(weights).toHaveTextContent(
      'Kish design effect 1.06, effective sample size 4,700, largest weight 2.1; weights from raking (iterative proportional fitting)',
    );
    expect(within(card).getByRole('link', { name: 'Ask this panel' })).toHaveAttribute(
      'href',
      '/products/prod-1/questions?panel=pan1',
    );
  });

  it('says why a panel failed, and draws it again or deletes it after confirming', async () => {
    listed = [panel({ status: 'failed', errorReason: 'The model refused to build personas.' })];
    builds = [panel({ version: 2, status: 'building', built: 300 })];
    renderPage();
    const card = await screen.findByRole('article', { name: 'UK adults' });
    expect(card).toHaveTextContent('The model refused to build personas.');

    await userEvent.click(within(card).getByRole('button', { name: 'Draw again' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Draw this panel again?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Draw again' }));
    const redraws = calls('POST', '/api/products/prod-1/panels/pan1/redraw');
    expect(redraws).toHaveLength(1);
    expect((redraws[0]![1]?.headers as Record<string, string>)[IDEMPOTENCY_HEADER]).toBeTruthy();
    expect(await within(card).findByText('Version 2')).toBeInTheDocument();
    expect(await within(card).findByRole('progressbar')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const remove = screen.getByRole('alertdialog', { name: 'Delete this panel?' });
    expect(remove).toHaveTextContent('the build stops');
    await userEvent.click(within(remove).getByRole('button', { name: 'Delete panel' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'UK adults' })).not.toBeInTheDocument(),
    );
    expect(calls('DELETE', '/api/products/prod-1/panels/pan1')).toHaveLength(1);
  });

  it('shows a viewer the panels without any control that changes them', async () => {
    listed = [panel()];
    renderPage('viewer');
    const card = await screen.findByRole('article', { name: 'UK adults' });
    expect(within(card).getByTestId('panel-weights')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Build panel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Draw again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ask this panel' })).not.toBeInTheDocument();
    expect(screen.getByText(productRights('viewer').editRefusal!)).toBeInTheDocument();
    expect(calls('POST', '/api/products/prod-1/panels/estimate')).toHaveLength(0);
  });
});
