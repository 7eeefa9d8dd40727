import type { PersonaResponse } from '@chorus/contracts';
import { render, screen, within } from '@testing-library/react';
import { PersonaResponseCard } from '../src/components/questions/PersonaResponseCard';

const answer: PersonaResponse = {
  personaId: 'p1',
  personaName: 'Maya Chen',
  opinion: 'negative',
  confidence: 0.856,
  safetyInfluence: 'high',
  response: 'Thirty dollars a month is too much for me.',
  reasoning: 'I budget every grocery run.',
  grounding: { personaAttributes: ['income'], profileFields: ['pricingModels'] },
  draws: { positive: 2, neutral: 6, negative: 12 },
};

describe('PersonaResponseCard', () => {
  it("shows the persona's opinion, how sure it is, what it said and the grounds it named", () => {
    render(<PersonaResponseCard response={answer} />);

    const card = screen.getByRole('article', { name: 'Maya Chen' });
    expect(within(card).getByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(within(card).getByText('Negative')).toBeInTheDocument();
    const meter = within(card).getByRole('meter', { name: 'Likelihood of this view' });
    expect(meter).toHaveAttribute('aria-valuenow', '86');
    expect(within(card).getByText('86%')).toBeInTheDocument();
    expect(within(card).getByText('High')).toBeInTheDocument();
    expect(within(card).getByText(answer.response)).toBeInTheDocument();
    expect(within(card).getByText(answer.reasoning)).toBeInTheDocument();
    expect(
      within(card).getByText('In 20 draws: 2 positive, 6 neutral, 12 negative'),
    ).toBeInTheDocument();
    const grounds = within(card).getByLabelText('Grounding');
    expect(within(grounds).getByText('Income')).toBeInTheDocument();
    expect(within(grounds).getByText('Pricing Models')).toBeInTheDocument();
  });

  it('leaves out the grounds and the draws when there are none', () => {
    render(
      <PersonaResponseCard
        response={{
          ...answer,
          opinion: 'positive',
          confidence: 0.5,
          draws: undefined,
          grounding: { personaAttributes: [], profileFields: [] },
        }}
      />,
    );

    expect(screen.getByText('Positive')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.queryByLabelText('Grounding')).not.toBeInTheDocument();
    expect(screen.queryByText(/draws:/)).not.toBeInTheDocument();
  });
});
