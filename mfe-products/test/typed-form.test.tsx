import {
  type ProductPersonaView,
  questionTypeLabels,
  typedQuestionMessages,
} from '@chorus/contracts';
import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QuestionForm } from '../src/components/questions/QuestionForm';
import { vanWestendorpQuestions } from '../src/components/questions/typed/TypedPreview';
import { useAskQuestion } from '../src/questions-api';

const persona: ProductPersonaView = {
  id: 'pp1',
  productId: 'prod-1',
  templateId: 't1',
  createdAt: '2027-01-01T00:00:00.000Z',
  template: {
    id: 't1',
    name: 'Maya Chen',
    age: 34,
    gender: 'female',
    occupation: 'Nurse',
    location: 'Lisbon',
    income: '$40k',
    iq: null,
    lifestyle: 'Busy',
    motivations: 'Time',
    personality: 'Careful',
    safetyScores: { economic: 5, world: 5, local: 5, occupation: 5 },
    isActive: true,
  },
};

// jsdom has no fetch: the form's requests are answered here, as the gateway would.
const reply = (status: number, body: unknown) =>
  ({
    ok: status < 400,
    status,
    statusText: '',
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(JSON.stringify(body)),
  }) as Response;

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit?]>;

beforeEach(() => {
  queryClient.clear();
  fetchMock = jest.fn((url: string) =>
    Promise.resolve(
      // The estimate is not what these tests are about: it is left unavailable.
      url.endsWith('/estimate')
        ? reply(503, { message: 'Estimates are resting' })
        : reply(201, { id: 'q1', productId: 'prod-1', status: 'pending' }),
    ),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const asks = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => init?.method === 'POST' && url === '/api/products/prod-1/questions',
  );

/** The form as the questions page wires it: asking goes through the real request. */
function Page() {
  const ask = useAskQuestion('prod-1');
  return (
    <QuestionForm
      productId="prod-1"
      personas={[persona]}
      personasLoading={false}
      submitting={ask.isPending}
      onAsk={async (questionText, checkWording, spec) => {
        await ask.mutateAsync({ questionText, checkWording, spec });
        return true;
      }}
    />
  );
}

function renderForm() {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const chooseType = (label: string) =>
  userEvent.selectOptions(screen.getByLabelText('Question type'), label);

describe('QuestionForm with typed questions', () => {
  it('asks an open opinion question by default, exactly as before', async () => {
    renderForm();
    expect(screen.getByLabelText('Question type')).toHaveDisplayValue('Open opinion');
    expect(screen.queryByRole('group', { name: 'Question settings' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('typed-preview')).not.toBeInTheDocument();

    await userEvent.type(
      screen.getByLabelText('Your question'),
      'Would you pay $30 a month for a weekly planner?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask Question' }));

    expect(asks()).toHaveLength(1);
    expect(JSON.parse(asks()[0]![1]!.body as string)).toEqual({
      questionText: 'Would you pay $30 a month for a weekly planner?',
      checkWording: false,
      productId: 'prod-1',
    });
  });

  it("offers every type and shows each one's settings", async () => {
    renderForm();
    const types = within(screen.getByLabelText('Question type'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(types).toEqual(Object.values(questionTypeLabels));

    await chooseType('Rating scale');
    expect(screen.getByLabelText('Points on the scale')).toHaveDisplayValue('5 points');
    expect(screen.getByLabelText('Label of the lowest point (1)')).toHaveValue(
      'Definitely would not buy',
    );
    expect(screen.getByLabelText('Label of the highest point (5)')).toHaveValue(
      'Definitely would buy',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Label every point/ }));
    expect(screen.getByLabelText('Point 2')).toHaveValue('Probably would not buy');

    await chooseType('Net Promoter Score');
    expect(screen.getByText(/from 0 to 10 how likely they are to recommend/)).toBeInTheDocument();

    await chooseType('Single choice');
    expect(screen.getByLabelText('Option 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Option 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
    expect(screen.getByLabelText('Option 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove option 3' }));
    expect(screen.queryByLabelText('Option 3')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Offer “None of these”' })).not.toBeChecked();

    await chooseType('Multiple choice');
    expect(screen.getByLabelText('Option 1')).toBeInTheDocument();

    await chooseType('Number');
    expect(screen.getByLabelText('What the number counts')).toBeInTheDocument();
    expect(screen.getByLabelText('Lowest answer')).toHaveValue(0);
    expect(screen.getByLabelText('Highest answer')).toHaveValue(100);

    await chooseType('Ranking');
    expect(screen.getByLabelText('Items to rank (one per line)')).toBeInTheDocument();

    await chooseType('Best–worst (MaxDiff)');
    expect(screen.getByLabelText('Items to compare (one per line)')).toBeInTheDocument();
    expect(screen.getByLabelText('Items shown at a time')).toHaveDisplayValue('4 items');

    await chooseType('Price ladder (Gabor–Granger)');
    expect(screen.getByLabelText('The offer')).toBeInTheDocument();
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(screen.getByLabelText('Paid')).toHaveDisplayValue('Per month');
    expect(screen.getByLabelText('Prices, lowest first')).toBeInTheDocument();

    await chooseType('Price range (Van Westendorp)');
    expect(screen.getByLabelText('The offer')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: /Also ask how likely they are to buy/ }),
    ).not.toBeChecked();
  });

  it('refuses a price ladder whose prices do not rise, with the message under the prices', async () => {
    renderForm();
    await chooseType('Price ladder (Gabor–Granger)');
    await userEvent.type(
      screen.getByLabelText('The offer'),
      'Chorus Pro, a planner for small teams',
    );
    await userEvent.type(screen.getByLabelText('Prices, lowest first'), '9, 29, 19, 39');
    await userEvent.click(screen.getByRole('button', { name: 'Ask Question' }));

    const prices = screen.getByLabelText('Prices, lowest first');
    expect(prices).toHaveAttribute('aria-invalid', 'true');
    expect(prices).toHaveAccessibleDescription(typedQuestionMessages.ladderOrder);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'List the prices from lowest to highest, each higher than the one before',
    );
    expect(asks()).toHaveLength(0);

    // Editing the prices takes the message away.
    await userEvent.clear(prices);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a valid price ladder with its settings, the question made from the offer', async () => {
    renderForm();
    await chooseType('Price ladder (Gabor–Granger)');
    await userEvent.type(
      screen.getByLabelText('The offer'),
      'Chorus Pro, a planner for small teams',
    );
    expect(screen.getByLabelText('Your question')).toHaveValue(
      'Would you buy Chorus Pro, a planner for small teams at this price?',
    );
    const currency = screen.getByLabelText('Currency');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'usd');
    await userEvent.type(screen.getByLabelText('Prices, lowest first'), '9, 19, $29, 39');
    await userEvent.click(screen.getByRole('button', { name: 'Ask Question' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asks()).toHaveLength(1);
    expect(JSON.parse(asks()[0]![1]!.body as string)).toEqual({
      questionText: 'Would you buy Chorus Pro, a planner for small teams at this price?',
      checkWording: false,
      productId: 'prod-1',
      spec: {
        type: 'price_ladder',
        offer: 'Chorus Pro, a planner for small teams',
        currency: 'USD',
        period: 'month',
        prices: [9, 19, 29, 39],
      },
    });
  });

  it('checks the settings and the text together, each message under its field', async () => {
    renderForm();
    await chooseType('Single choice');
    await userEvent.type(screen.getByLabelText('Option 1'), 'Email');
    await userEvent.click(screen.getByRole('button', { name: 'Ask Question' }));

    expect(screen.getByLabelText('Option 2')).toHaveAccessibleDescription(
      typedQuestionMessages.optionEmpty,
    );
    expect(screen.getByLabelText('Your question')).toHaveAttribute('aria-invalid', 'true');
    expect(asks()).toHaveLength(0);
  });

  it('sends a rating scale and a single choice with the schema’s output', async () => {
    renderForm();
    await chooseType('Rating scale');
    await userEvent.selectOptions(screen.getByLabelText('Points on the scale'), '7 points');
    await userEvent.type(
      screen.getByLabelText('Your question'),
      'How likely are you to buy a weekly planner?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask Question' }));
    expect(JSON.parse(asks()[0]![1]!.body as string).spec).toEqual({
      type: 'scale',
      points: 7,
      lowLabel: 'Definitely would not buy',
      highLabel: 'Definitely would buy',
      pointLabels: [],
      ratingMethod: 'direct',
    });

    await chooseType('Single choice');
    await userEvent.type(screen.getByLabelText('Option 1'), ' Email ');
    await userEvent.type(screen.getByLabelText('Option 2'), 'Text message');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Offer “None of these”' }));
    await userEvent.type(
      screen.getByLabelText('Your question'),
      'How would you like to hear from us?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask Question' }));
    expect(JSON.parse(asks()[1]![1]!.body as string).spec).toEqual({
      type: 'single_choice',
      options: ['Email', 'Text message'],
      noneOption: true,
    });
  });
});

describe('The wording check of the answers offered', () => {
  it('sends the settings with the estimate and shows an option that leans one way', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url.endsWith('/estimate')
          ? reply(200, {
              engine: 'local',
              model: 'local',
              personas: 1,
              modelCalls: 0,
              cachedAnswers: 0,
              inputTokens: 0,
              outputTokens: 0,
              costUsd: 0,
              budget: { monthlyBudgetUsd: null, spentThisMonthUsd: 0, questionsThisMonth: 0 },
              wording: { leading: false, findings: [], neutral: '', reversed: '' },
              optionFindings: [
                {
                  where: 'option',
                  phrase: 'Our amazing planner',
                  why: '"amazing" praises this option while the others are described plainly.',
                },
              ],
            })
          : reply(201, { id: 'q1', productId: 'prod-1', status: 'pending' }),
      ),
    );
    renderForm();
    await chooseType('Single choice');
    await userEvent.type(screen.getByLabelText('Option 1'), 'A paper list');
    await userEvent.type(screen.getByLabelText('Option 2'), 'Our amazing planner');
    await userEvent.type(
      screen.getByLabelText('Your question'),
      'Which of these would you use to plan your meals?',
    );
    const findings = await screen.findByTestId('option-findings', {}, { timeout: 3_000 });
    expect(findings).toHaveTextContent('The answers you offer may lean one way');
    expect(findings).toHaveTextContent('“Our amazing planner”: "amazing" praises this option');
    const estimates = fetchMock.mock.calls.filter(([url]) => url.endsWith('/estimate'));
    expect(JSON.parse(estimates.at(-1)![1]!.body as string).spec).toEqual({
      type: 'single_choice',
      options: ['A paper list', 'Our amazing planner'],
      noneOption: false,
    });
  });
});

describe('The preview of what respondents see', () => {
  it("shows a scale's labelled points under the question", async () => {
    renderForm();
    await chooseType('Rating scale');
    await userEvent.type(
      screen.getByLabelText('Your question'),
      'How likely are you to buy a weekly planner?',
    );
    const preview = screen.getByRole('region', { name: 'Preview of what respondents see' });
    expect(within(preview).getByText('How likely are you to buy a weekly planner?')).toBeVisible();
    expect(
      within(preview)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['1 Definitely would not buy', '2', '3', '4', '5 Definitely would buy']);

    await userEvent.selectOptions(screen.getByLabelText('Points on the scale'), '7 points');
    expect(within(preview).getAllByRole('radio')).toHaveLength(7);
    expect(within(preview).getByRole('radio', { name: '7 Definitely would buy' })).toBeVisible();
  });

  it('shows the four price questions of a price range in their standard wording', async () => {
    renderForm();
    await chooseType('Price range (Van Westendorp)');
    await userEvent.type(screen.getByLabelText('The offer'), 'Chorus Pro');
    expect(screen.getByLabelText('Your question')).toHaveValue(
      'What would you pay for Chorus Pro?',
    );

    const preview = screen.getByRole('region', { name: 'Preview of what respondents see' });
    expect(within(preview).getByText('Chorus Pro')).toBeVisible();
    for (const text of [
      'At what price would you consider it so cheap that you would doubt its quality?',
      'At what price would you consider it a bargain — a great buy for the money?',
      'At what price would you consider it starting to get expensive, but still worth considering?',
      'At what price would you consider it so expensive that you would not consider buying it?',
    ]) {
      expect(within(preview).getByLabelText(text)).toHaveAttribute('type', 'number');
    }
    expect(vanWestendorpQuestions).toHaveLength(4);
    expect(within(preview).queryByText(/How likely would you be to buy/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: /Also ask how likely/ }));
    expect(
      within(preview).getByRole('group', {
        name: 'How likely would you be to buy it at the bargain price you gave?',
      }),
    ).toBeVisible();
  });

  it('writes each ladder price as the question a respondent answers', async () => {
    renderForm();
    await chooseType('Price ladder (Gabor–Granger)');
    await userEvent.type(screen.getByLabelText('Prices, lowest first'), '9, 19.5, 29');
    const preview = screen.getByRole('region', { name: 'Preview of what respondents see' });
    const asked = within(within(preview).getByRole('list', { name: 'Prices asked' }))
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
    expect(asked).toEqual([
      'Would you buy it at $9 a month?',
      'Would you buy it at $19.50 a month?',
      'Would you buy it at $29 a month?',
    ]);
  });
});
