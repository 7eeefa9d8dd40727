import {
  type ProductPersonaView,
  questionMessages,
  type QuestionEstimate,
  type WordingCheck,
} from '@chorus/contracts';
import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QuestionForm } from '../src/components/questions/QuestionForm';
import { reply } from './panel-fixtures';

// What the form tells as the customer types, from the server's estimate: a
// question in another language, and a sensitivity check that cannot run.

const persona = {
  id: 'pp1',
  productId: 'prod-1',
  templateId: 't1',
  createdAt: '2027-01-01T00:00:00.000Z',
  template: { id: 't1', name: 'Maya Chen' },
} as ProductPersonaView;

function estimateWith(wording: Partial<WordingCheck>): QuestionEstimate {
  return {
    engine: 'local',
    model: 'local',
    personas: 1,
    modelCalls: 0,
    cachedAnswers: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    budget: { monthlyBudgetUsd: null, spentThisMonthUsd: 0, questionsThisMonth: 0 },
    wording: {
      leading: false,
      findings: [],
      neutral: '',
      rewording: 'ready',
      edits: [],
      reversed: '',
      reversedReady: true,
      ...wording,
    },
    optionFindings: [],
  };
}

function renderForm(estimate: () => Response) {
  queryClient.clear();
  globalThis.fetch = jest.fn((url: string) =>
    Promise.resolve(url.endsWith('/estimate') ? estimate() : reply(201, {})),
  ) as unknown as typeof fetch;
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <QuestionForm
          productId="prod-1"
          personas={[persona]}
          personasLoading={false}
          submitting={false}
          panels={[]}
          onAsk={() => Promise.resolve(true)}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the question form, as the customer types', () => {
  it('says under the box that a question in another language cannot be asked', async () => {
    renderForm(() => reply(400, { message: questionMessages.notEnglish }));
    await userEvent.type(
      screen.getByLabelText('Your question'),
      '¿Pagarías 30 dólares al mes por un planificador?',
    );
    expect(await screen.findByText(questionMessages.notEnglish)).toBeVisible();
    expect(screen.getByLabelText('Your question')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the sensitivity check will not run when the question has no fair reversed wording', async () => {
    const text = 'How often do you plan your meals?';
    renderForm(() =>
      reply(200, estimateWith({ neutral: text, reversed: text, reversedReady: false })),
    );
    await userEvent.type(screen.getByLabelText('Your question'), text);
    await userEvent.click(screen.getByRole('checkbox', { name: /Check wording sensitivity/ }));
    expect(await screen.findByText(/no fair reversed wording to compare it with/)).toBeVisible();
  });

  it('says nothing of the kind when both fair wordings exist', async () => {
    const text = 'Would you pay $10 a month for a meal planner?';
    renderForm(() =>
      reply(200, estimateWith({ neutral: text, reversed: 'Would you decide against it?' })),
    );
    await userEvent.type(screen.getByLabelText('Your question'), text);
    await userEvent.click(screen.getByRole('checkbox', { name: /Check wording sensitivity/ }));
    expect(await screen.findByText(/Estimated cost|no model calls|model calls/i)).toBeVisible();
    expect(screen.queryByText(/will not run for it/)).toBeNull();
  });
});
