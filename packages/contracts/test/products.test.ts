import {
  createPageIndustryOptions,
  createProductRequest,
  industryOptions,
  industryValue,
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
});
