import {
  subscriptionSettling,
  billingCycleOf,
  cardMonthlyRate,
  createPageIndustryOptions,
  createProductRequest,
  industryLabel,
  industryOptions,
  industryValue,
  monthlyCostDisplay,
  monthlyRate,
  productMessages,
} from '../src';

describe('createProductRequest', () => {
  const message = (body: unknown) => createProductRequest.safeParse(body).error?.issues[0]?.message;

  it('accepts name and industry, storing the industry lower case', () => {
    expect(createProductRequest.parse({ name: ' Lantern ', industry: 'Real Estate' })).toEqual({
      name: 'Lantern',
      description: '',
      industry: 'real estate',
      billingCycle: 'monthly',
      savePaymentMethod: false,
    });
  });

  it.each([
    [{ industry: 'Technology' }, productMessages.nameRequired],
    [{ name: '   ', industry: 'Technology' }, productMessages.nameRequired],
    [{ name: 7, industry: 'Technology' }, productMessages.nameRequired],
    [{ name: 'Lantern' }, productMessages.industryRequired],
    [{ name: 'Lantern', industry: '' }, productMessages.industryRequired],
    [
      { name: 'Lantern', industry: 'Retail', billingCycle: 'weekly' },
      productMessages.billingCycleInvalid,
    ],
  ])('%j -> %s', (body, expected) => {
    expect(message(body)).toBe(expected);
  });

  it('accepts annual billing and a null description', () => {
    expect(
      createProductRequest.parse({
        name: 'A',
        industry: 'Retail',
        billingCycle: 'annual',
        description: null,
      }),
    ).toMatchObject({ billingCycle: 'annual', description: '' });
  });
});

describe('industry options', () => {
  it('offers the dialog list with E-commerce', () => {
    expect(industryOptions).toEqual([
      'Technology',
      'Healthcare',
      'Finance',
      'E-commerce',
      'Education',
      'Real Estate',
      'Manufacturing',
      'Consulting',
      'Retail',
      'Other',
    ]);
  });

  it('offers the standalone page list: four more, no E-commerce', () => {
    expect(createPageIndustryOptions).not.toContain('E-commerce');
    for (const added of ['Food & Beverage', 'Entertainment', 'Transportation', 'Non-Profit']) {
      expect(createPageIndustryOptions).toContain(added);
    }
    expect(createPageIndustryOptions).toHaveLength(13);
  });

  it.each([
    ['E-commerce', 'e-commerce'],
    [' Food & Beverage ', 'food & beverage'],
    [undefined, ''],
  ])('%j is stored as %j', (label, value) => {
    expect(industryValue(label)).toBe(value);
  });

  it.each([
    ['e-commerce', 'E-commerce'],
    ['non-profit', 'Non-Profit'],
    ['general', 'General'],
    ['space mining', 'Space Mining'],
  ])('%s is shown as %s', (value, label) => {
    expect(industryLabel(value)).toBe(label);
  });
});

describe('billingCycleOf', () => {
  it.each([
    ['monthly', 'monthly'],
    ['annual', 'annual'],
    ['price_yearly_270', 'annual'],
    ['price_1Abc', 'monthly'],
    [undefined, 'monthly'],
  ])('%j -> %s', (choice, cycle) => {
    expect(billingCycleOf(choice)).toBe(cycle);
  });
});

describe('monthly cost', () => {
  it.each([
    [0, 'monthly', false, 25, '$25.00/month'],
    [10, 'monthly', false, 25, '$25.00/month'],
    [11, 'monthly', false, 27, '$27.00/month'],
    [14, 'monthly', false, 33, '$33.00/month'],
    [10, 'annual', false, 22.5, '$22.50/month'],
    [5, 'monthly', true, 110, '$110.00/month'],
  ] as const)(
    '%i personas, %s, legacy %s: $%d a month',
    (personaCount, billingCycle, isLegacyPricing, dollars, text) => {
      const product = { personaCount, billingCycle, isLegacyPricing };
      expect(monthlyRate(product)).toBe(dollars);
      expect(monthlyCostDisplay(product)).toBe(text);
    },
  );

  it.each([
    [{ monthlyRate: 27 }, 27],
    [{}, 100],
    [null, 100],
    [undefined, 100],
  ])('a card with billing %j shows %i', (billing, rate) => {
    expect(cardMonthlyRate(billing)).toBe(rate);
  });
});

describe('a product whose subscription may still be settling', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const createdAgo = (ms: number) => new Date(now.getTime() - ms).toISOString();
  test.each([
    ['inactive, created 5 s ago', 'inactive', createdAgo(5_000), true],
    ['inactive, created just under 2 minutes ago', 'inactive', createdAgo(119_000), true],
    ['inactive, created 2 minutes ago: simply unpaid', 'inactive', createdAgo(120_000), false],
    ['active, created 5 s ago', 'active', createdAgo(5_000), false],
    ['past_due, created 5 s ago', 'past_due', createdAgo(5_000), false],
    ['inactive, created in the future (clock skew)', 'inactive', createdAgo(-5_000), false],
  ])('%s', (_case, subscriptionStatus, createdAt, settling) => {
    expect(subscriptionSettling({ subscriptionStatus, createdAt }, now)).toBe(settling);
  });
});
