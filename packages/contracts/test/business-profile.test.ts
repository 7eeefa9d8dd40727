import {
  businessProfileFields,
  businessProfileInput,
  isProfileFieldAnswered,
  profileCompletion,
  profileMessages,
  profileTabs,
} from '../src';

describe('the business profile field catalogue', () => {
  it('lists every field of the data model once, in five tabs', () => {
    const names = businessProfileFields.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(52);
    expect(profileTabs.map((t) => t.label)).toEqual([
      'Core',
      'Market',
      'Operations',
      'Experience',
      'Performance',
    ]);
  });

  it.each([
    ['companyName', 'core', 'Product Name', 'single'],
    ['yearsInOperation', 'core', 'Years in Operation', 'number'],
    ['primaryProducts', 'core', 'Primary Products', 'multi'],
    ['marketShare', 'market', 'Market Share', 'single'],
    ['customerDemographics', 'market', 'Customer Demographics', 'multi'],
    ['crmSystems', 'operations', 'CRM Systems', 'single'],
    ['qualityMetrics', 'experience', 'Quality Metrics', 'multi'],
    ['retentionRates', 'performance', 'Retention Rates', 'single'],
  ])('%s: tab %s, label %s, %s', (name, tab, label, kind) => {
    expect(businessProfileFields.find((f) => f.name === name)).toEqual({ name, tab, label, kind });
  });

  it('has exactly one numeric field', () => {
    expect(businessProfileFields.filter((f) => f.kind === 'number').map((f) => f.name)).toEqual([
      'yearsInOperation',
    ]);
  });
});

describe('isProfileFieldAnswered', () => {
  it.each([
    ['text', false, true],
    ['', false, false],
    ['   ', false, false],
    [null, false, false],
    [undefined, false, false],
    [0, false, false],
    [12, false, true],
    ['', true, true],
    [null, true, true],
    [0, true, true],
  ])('value %j with Unknown %s -> %s', (value, unknown, answered) => {
    expect(isProfileFieldAnswered(value, unknown)).toBe(answered);
  });
});

describe('profileCompletion', () => {
  it('is 0 for an empty profile', () => {
    expect(profileCompletion({})).toEqual({ answered: 0, total: 52, percent: 0 });
  });

  it('counts answered values and Unknown flags, rounding the percentage', () => {
    expect(
      profileCompletion({
        companyName: 'Lantern',
        industry: 'technology',
        yearsInOperation: 0,
        marketShareUnknown: true,
        profitability: '   ',
      }),
    ).toEqual({ answered: 3, total: 52, percent: 6 });
  });

  it('is 100 when every field is answered or unknown', () => {
    const profile = Object.fromEntries(
      businessProfileFields.map((f, i) =>
        i % 2 === 0 ? [f.name, f.kind === 'number' ? 3 : 'x'] : [`${f.name}Unknown`, true],
      ),
    );
    expect(profileCompletion(profile).percent).toBe(100);
  });

  it('accepts form text for the numeric field', () => {
    expect(profileCompletion({ yearsInOperation: '4' }).answered).toBe(1);
  });
});

describe('businessProfileInput', () => {
  const parse = (body: unknown) => businessProfileInput.safeParse(body);
  const message = (body: unknown) => {
    const result = parse(body);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('accepts a partial profile and leaves absent fields absent', () => {
    const result = businessProfileInput.parse({ companyName: '  Lantern ', industryUnknown: true });
    expect(result.companyName).toBe('Lantern');
    expect(result.industryUnknown).toBe(true);
    expect('businessModel' in result && result.businessModel !== undefined).toBe(false);
    expect(result.yearsInOperation).toBeUndefined();
  });

  it('keeps null as an explicit clear and accepts numbers as text', () => {
    expect(businessProfileInput.parse({ marketSize: null, employeeCount: 45 })).toMatchObject({
      marketSize: null,
      employeeCount: '45',
    });
  });

  it('ignores keys that are not profile fields', () => {
    const result = businessProfileInput.parse({ id: 'x', productId: 'y', companyName: 'A' });
    expect(result).not.toHaveProperty('id');
    expect(result).not.toHaveProperty('productId');
  });

  it.each([
    ['', 0],
    ['  ', 0],
    [null, 0],
    ['12', 12],
    [' 7 ', 7],
    [25, 25],
    [0, 0],
  ])('years in operation %j becomes %j', (years, expected) => {
    expect(businessProfileInput.parse({ yearsInOperation: years }).yearsInOperation).toBe(expected);
  });

  it.each([
    ['abc', profileMessages.yearsNotANumber],
    ['5 years', profileMessages.yearsNotANumber],
    [true, profileMessages.yearsNotANumber],
    [{}, profileMessages.yearsNotANumber],
    ['2.5', profileMessages.yearsOutOfRange],
    [-1, profileMessages.yearsOutOfRange],
    [1001, profileMessages.yearsOutOfRange],
  ])('years in operation %j is refused: %s', (years, expected) => {
    expect(message({ yearsInOperation: years })).toBe(expected);
  });

  it('refuses a non-text value and an over-long text with the field label', () => {
    expect(message({ companyName: { a: 1 } })).toBe('Product Name must be text');
    expect(message({ marketShare: 'x'.repeat(501) })).toBe(
      'Market Share must be at most 500 characters',
    );
    expect(parse({ customerJourney: 'x'.repeat(5000) }).success).toBe(true);
  });

  it('refuses an Unknown flag that is not a boolean', () => {
    expect(message({ companyNameUnknown: 'yes' })).toBe(
      'Product Name: Unknown must be true or false',
    );
  });
});
