import { panelMessages, type ProductPersonaView, type ProductView } from '@chorus/contracts';
import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QuestionForm } from '../src/components/questions/QuestionForm';
import { PricingStudyForm } from '../src/components/studies/PricingStudyForm';
import { useAskQuestion } from '../src/questions-api';
import { panel, reply } from './panel-fixtures';

const persona = {
  id: 'pp1',
  productId: 'prod-1',
  templateId: 't1',
  createdAt: '2027-01-01T00:00:00.000Z',
  template: { id: 't1', name: 'Maya Chen' },
} as ProductPersonaView;

const panels = [
  panel({ id: 'pan1', name: 'UK adults', size: 5_000 }),
  panel({ id: 'pan2', name: 'UK families', size: 200, status: 'building', built: 80 }),
];

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit?]>;

beforeEach(() => {
  queryClient.clear();
  fetchMock = jest.fn((url: string) =>
    Promise.resolve(
      url.endsWith('/estimate')
        ? reply(503, { message: 'Estimates are resting' })
        : reply(201, { id: 'q1', productId: 'prod-1', status: 'pending' }),
    ),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const sent = (path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && url === path)
    .map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);

function Page({ initialPanelId }: { initialPanelId?: string }) {
  const ask = useAskQuestion('prod-1');
  return (
    <QuestionForm
      productId="prod-1"
      personas={[persona]}
      personasLoading={false}
      submitting={ask.isPending}
      panels={panels}
      initialPanelId={initialPanelId}
      onAsk={async (questionText, checkWording, spec, panelId) => {
        await ask.mutateAsync({ questionText, checkWording, spec, panelId });
        return true;
      }}
    />
  );
}

function renderForm(initialPanelId?: string) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Page initialPanelId={initialPanelId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const question = 'Would you pay for a weekly meal plan delivered to your door?';

describe('Who answers a question', () => {
  it('offers the chosen personas and the ready panels only', () => {
    renderForm();
    const who = screen.getByLabelText('Who answers');
    expect(
      within(who)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Your personas (1)', 'UK adults, 5,000 personas']);
    expect(who).toHaveDisplayValue('Your personas (1)');
  });

  it('asks a panel: no wording check, and the panel goes with the estimate and the question', async () => {
    renderForm();
    const check = screen.getByRole('checkbox', { name: /Check wording sensitivity/ });
    await userEvent.click(check);
    expect(check).toBeChecked();

    await userEvent.selectOptions(
      screen.getByLabelText('Who answers'),
      'UK adults, 5,000 personas',
    );
    expect(check).toBeDisabled();
    expect(check).not.toBeChecked();
    expect(screen.getByText(panelMessages.noWordingCheck)).toBeInTheDocument();
    expect(screen.getByLabelText('Panel asked')).toHaveTextContent(
      'Asking UK adults (5,000 personas drawn to United Kingdom adults, weighted to it)',
    );

    await userEvent.type(screen.getByLabelText('Your question'), question);
    await waitFor(
      () =>
        expect(sent('/api/products/prod-1/questions/estimate').at(-1)).toEqual({
          questionText: question,
          checkWording: false,
          panelId: 'pan1',
        }),
      { timeout: 3000 },
    );

    await userEvent.click(screen.getByRole('button', { name: 'Ask Question' }));
    expect(sent('/api/products/prod-1/questions')).toEqual([
      { questionText: question, checkWording: false, productId: 'prod-1', panelId: 'pan1' },
    ]);
  });

  it('opens with the panel named by the panels page chosen', () => {
    renderForm('pan1');
    expect(screen.getByLabelText('Who answers')).toHaveValue('pan1');
    expect(screen.getByRole('checkbox', { name: /Check wording sensitivity/ })).toBeDisabled();
  });
});

describe('Who answers a study', () => {
  it('sends the chosen panel with the study', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <PricingStudyForm
          product={{ id: 'prod-1', name: 'Chorus Meals', description: 'Meal kits.' } as ProductView}
          panels={panels}
          personaCount={3}
          onCreated={jest.fn()}
        />
      </QueryClientProvider>,
    );
    const who = await screen.findByLabelText('Who answers');
    expect(
      within(who)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Your personas (3)', 'UK adults, 5,000 personas']);
    await userEvent.selectOptions(who, 'UK adults, 5,000 personas');
    expect(
      screen.getByText('Every persona of UK adults answers every question of the study.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start Study' }));
    await waitFor(() => expect(sent('/api/products/prod-1/studies')).toHaveLength(1));
    expect(sent('/api/products/prod-1/studies')[0]).toMatchObject({ panelId: 'pan1' });
  });
});
