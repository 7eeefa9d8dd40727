import {
  type BusinessProfileView,
  type ProductView,
  typedQuestionMessages,
} from '@chorus/contracts';
import { IDEMPOTENCY_HEADER, queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PricingStudyForm } from '../src/components/studies/PricingStudyForm';
import { ladderAround, pricesIn, profilePricing } from '../src/components/studies/profile-prices';
import { studyDraftFrom } from '../src/components/studies/study-draft';
import { purchaseIntentLabels } from '../src/components/questions/typed/spec-draft';

const product = {
  id: 'prod-1',
  name: 'Chorus Planner',
  description: 'A weekly planner for small teams.',
} as ProductView;

/** A profile with only the fields these tests read; every other is unknown. */
const profile = (fields: Partial<BusinessProfileView>) =>
  ({
    id: 'bp1',
    productId: 'prod-1',
    companyName: 'Chorus Pro',
    primaryProducts: 'A planner that organises your week. It syncs with your calendar.',
    pricingModels: null,
    avgTransactionValue: null,
    directCompetitors: null,
    indirectCompetitors: null,
    marketPositioning: null,
    ...fields,
  }) as BusinessProfileView;

const reply = (status: number, body: unknown) =>
  ({
    ok: status < 400,
    status,
    statusText: '',
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(JSON.stringify(body)),
  }) as Response;

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit?]>;

function answer(profileBody: BusinessProfileView | null) {
  fetchMock = jest.fn((url: string, init?: RequestInit) => {
    if (url === '/api/products/prod-1/business-profile') {
      return Promise.resolve(
        profileBody ? reply(200, profileBody) : reply(404, { message: 'Not found' }),
      );
    }
    if (url === '/api/products/prod-1/studies' && init?.method === 'POST') {
      return Promise.resolve(
        reply(201, {
          id: 'st1',
          productId: 'prod-1',
          name: 'x',
          offer: '',
          createdAt: '2027-01-01T00:00:00.000Z',
          questions: [],
        }),
      );
    }
    return Promise.resolve(reply(404, { message: 'Not found' }));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
}

const posts = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === '/api/products/prod-1/studies' && init?.method === 'POST',
  );

function renderForm(onCreated = jest.fn()) {
  render(
    <QueryClientProvider client={queryClient}>
      <PricingStudyForm product={product} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return onCreated;
}

beforeEach(() => queryClient.clear());

describe('reading prices out of a business profile', () => {
  it('finds amounts written with a currency, and the period after them', () => {
    expect(pricesIn('Team plan $20 per month; Enterprise US$1,200/year; 50 seats')).toEqual([
      { amount: 20, currency: 'USD', period: 'month' },
      { amount: 1200, currency: 'USD', period: 'year' },
    ]);
    expect(pricesIn('Starter 9 EUR a week, Pro €15/user/month, £40k')).toEqual([
      { amount: 9, currency: 'EUR', period: 'week' },
      { amount: 15, currency: 'EUR', period: 'month' },
      { amount: 40_000, currency: 'GBP', period: null },
    ]);
  });

  it('prefers the product’s own prices to its competitors’, and builds half to twice', () => {
    const own = profilePricing(
      profile({ pricingModels: 'Subscription, $20 a month', directCompetitors: 'Asana $11' }),
    );
    expect(own).toMatchObject({ anchor: 20, currency: 'USD', period: 'month', competitors: false });
    const theirs = profilePricing(
      profile({ directCompetitors: 'Asana €11, Trello €5, Notion €8' }),
    );
    expect(theirs).toMatchObject({ anchor: 8, currency: 'EUR', competitors: true });
    expect(ladderAround(20)).toEqual([10, 15, 20, 25, 30, 40]);
    expect(ladderAround(9.99)).toEqual([5, 7.5, 10, 12.5, 15, 20]);
    expect(studyDraftFrom(product, null).draft.prices).toBe('5, 10, 15, 20, 30, 40');
  });
});

describe('PricingStudyForm', () => {
  it('starts from the business profile and sends the study the contract asks for', async () => {
    answer(profile({ pricingModels: 'Subscription: $20 per month per team' }));
    const onCreated = renderForm();

    expect(await screen.findByLabelText('Study name')).toHaveValue('Pricing of Chorus Planner');
    expect(screen.getByLabelText('The offer')).toHaveValue(
      'Chorus Pro, a planner that organises your week',
    );
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(screen.getByLabelText('Paid')).toHaveDisplayValue('Per month');
    expect(screen.getByLabelText('Prices, lowest first')).toHaveValue('10, 15, 20, 25, 30, 40');
    expect(screen.getByText(/From half to twice \$20/)).toHaveTextContent('Pricing Models');

    // Every field stays editable: a shorter offer, and the purchase-intent scale as well.
    const offer = screen.getByLabelText('The offer');
    await userEvent.clear(offer);
    await userEvent.type(offer, 'Chorus Pro');
    await userEvent.click(screen.getByRole('checkbox', { name: /Purchase intent/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Start Study' }));

    expect(posts()).toHaveLength(1);
    const [, init] = posts()[0]!;
    expect((init?.headers as Record<string, string>)[IDEMPOTENCY_HEADER]).toMatch(/\S+/);
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Pricing of Chorus Planner',
      offer: 'Chorus Pro',
      questions: [
        {
          questionText: 'Would you buy Chorus Pro at this price?',
          spec: {
            type: 'price_ladder',
            offer: 'Chorus Pro',
            currency: 'USD',
            period: 'month',
            prices: [10, 15, 20, 25, 30, 40],
          },
        },
        {
          questionText: 'What would you pay for Chorus Pro?',
          spec: {
            type: 'price_range',
            offer: 'Chorus Pro',
            currency: 'USD',
            period: 'month',
            likelihood: true,
          },
        },
        {
          questionText: 'How likely are you to recommend Chorus Pro to a friend or colleague?',
          spec: { type: 'nps' },
        },
        {
          questionText: 'How likely are you to buy Chorus Pro?',
          // The body is the contract's own reading, so any default it adds comes along.
          spec: expect.objectContaining({
            type: 'scale',
            points: 5,
            lowLabel: 'Definitely would not buy',
            highLabel: 'Definitely would buy',
            pointLabels: purchaseIntentLabels,
          }),
        },
      ],
    });
    await screen.findByRole('button', { name: 'Start Study' });
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'st1' }));
  });

  it('refuses prices that do not rise, in the contract’s words, and sends nothing', async () => {
    answer(null);
    renderForm();
    const prices = await screen.findByLabelText('Prices, lowest first');
    // No profile: the usual ladder to start from.
    expect(prices).toHaveValue('5, 10, 15, 20, 30, 40');
    await userEvent.clear(prices);
    await userEvent.type(prices, '10, 30, 20, 40');
    await userEvent.click(screen.getByRole('button', { name: 'Start Study' }));

    expect(await screen.findByText(typedQuestionMessages.ladderOrder)).toBeInTheDocument();
    expect(prices).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);

    // Editing the prices clears the message; a study without questions is refused too.
    await userEvent.type(prices, '0');
    expect(screen.queryByText(typedQuestionMessages.ladderOrder)).not.toBeInTheDocument();
    for (const name of [/Price ladder/, /Price range/, /Net Promoter Score/]) {
      await userEvent.click(screen.getByRole('checkbox', { name }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Start Study' }));
    expect(await screen.findByText(typedQuestionMessages.studyQuestions)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });
});
