import { findMoney, readIncome, yearlyUsd } from '../src/domain/money';
import { occupationPhrase, readPersona } from '../src/domain/persona-reading';
import { readQuestion } from '../src/domain/question-themes';
import { personas } from './fixtures';

describe('readIncome', () => {
  it.each([
    ['$78,000 per year', 'middle', 'salary', 78_000],
    ['$31,000 per year (pension and Social Security)', 'low', 'pension', 31_000],
    ['£17,500 per year (stipend and part-time work)', 'low', 'limited', 22_750],
    ['$650,000 per year including bonus', 'high', 'salary', 650_000],
    ['€64,000 per year (variable)', 'middle', 'irregular', 70_400],
    ['₹3,600,000 per year', 'high', 'salary', 43_200],
    ['¥4,800,000 per year', 'middle', 'salary', 32_640],
    ['CA$9,000 per year (part-time job)', 'low', 'limited', 6_570],
    ['R540,000 per year (variable)', 'high', 'irregular', 29_700],
    ['CHF 140,000 per year', 'middle', 'salary', 161_000],
    ['$4,000/month', 'middle', 'salary', 48_000],
    ['$40k-$60k', 'middle', 'salary', 50_000],
    ['€1.200.000 per year', 'high', 'salary', 1_320_000],
  ])('%s -> %s, %s', (text, band, kind, usd) => {
    const income = readIncome(text);
    expect(income.band).toBe(band);
    expect(income.kind).toBe(kind);
    expect(income.yearlyUsd).toBeCloseTo(usd, 0);
  });

  it('has no amount or band for words alone, unless they say it is little', () => {
    expect(readIncome('Comfortable')).toEqual({
      band: undefined,
      kind: 'salary',
      text: 'Comfortable',
    });
    expect(readIncome('Minimum wage').band).toBe('low');
  });
});

describe('findMoney', () => {
  it.each([
    ['$49 a month', '$49', 'month', 588],
    ['only €10 per month', '€10', 'month', 132],
    ['a one-off $120', '$120', 'once', 120],
    ['NOK 99 a year', 'NOK 99', 'year', 9.405],
  ] as const)('%s', (text, written, period, usd) => {
    const [money] = findMoney(text, 'once');
    expect(money).toMatchObject({ text: written, period });
    expect(yearlyUsd(money!)).toBeCloseTo(usd, 2);
  });

  it('ignores numbers without a currency and letters that only look like one', () => {
    expect(findMoney('We have 300 stores and FOR500 codes', 'once')).toEqual([]);
  });
});

describe('readQuestion', () => {
  it.each([
    ['We are raising the monthly price from $29 to $49.', ['price'], 'up'],
    ['Would you pay $15 a month for this?', ['price'], 'ask'],
    ['We could offer a 20% discount for annual plans.', ['price'], 'down'],
    ['Should we add an AI assistant?', ['technology'], undefined],
    ['We are switching to plastic-free packaging.', ['environment'], undefined],
    ['Would you share your location data with us?', ['privacy'], undefined],
    ['Should we move to an unproven crypto provider?', ['risk'], undefined],
    ['Would same-day delivery make your life easier?', ['convenience'], undefined],
  ])('%s', (text, themes, direction) => {
    const reading = readQuestion(text);
    expect(reading.themes).toEqual(expect.arrayContaining(themes));
    expect(reading.priceDirection).toBe(direction);
  });

  it('knows a price named before its period ("the monthly price from $29 to $49")', () => {
    expect(readQuestion('Raising the monthly price from $29 to $49?').price).toMatchObject({
      text: '$49',
      period: 'month',
    });
  });

  it('does not read "plastic-free" as a price', () => {
    expect(readQuestion('Plastic-free refills for everyone').themes).not.toContain('price');
  });
});

describe('readPersona', () => {
  it('finds traits with the attribute that shows them', () => {
    const dorothy = readPersona(personas.dorothy);
    expect(dorothy.traits.get('riskAverse')).toBe('personality');
    expect(dorothy.traits.get('techWary')).toBe('personality');
    expect(dorothy.traits.get('priceConscious')).toBe('motivations');
    expect(dorothy).toMatchObject({ retired: true, place: 'Savannah', lifeStage: 'senior' });
  });

  it.each([
    ['Software Engineer', true],
    ['DevOps Engineer working fully remote', true],
    ['Civil Engineer on infrastructure projects', false],
    ['Construction Site Foreman', false],
  ])('%s works in technology: %s', (occupation, expected) => {
    expect(readPersona({ ...personas.marcus, occupation }).worksInTech).toBe(expected);
  });

  it.each([
    ['Software Engineer', 'software engineer'],
    ['IT Director at a regional hospital network', 'IT director at a regional hospital network'],
    [
      'B2B Sales Lead at an enterprise SaaS company',
      'B2B sales lead at an enterprise SaaS company',
    ],
  ])('speaks of "%s" as "%s"', (occupation, phrase) => {
    expect(occupationPhrase(occupation)).toBe(phrase);
  });
});
