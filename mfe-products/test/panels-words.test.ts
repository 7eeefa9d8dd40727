import { filtersOf } from '../src/components/panels/DrawPanelForm';
import {
  builtText,
  filtersInWords,
  inPercent,
  money,
  opinionsInPercent,
  pageCount,
  panelChoiceLabel,
  pValueText,
  shareWithRange,
  weightsInWords,
  weightsTechnical,
} from '../src/panel-words';
import { ukFrame } from './panel-fixtures';

describe('panel words', () => {
  it.each([
    [1_240, 5_000, '1,240 of 5,000 personas built'],
    [0, 50, '0 of 50 personas built'],
    [1, 1, '1 of 1 persona built'],
  ])('builtText(%i, %i) is "%s"', (built, size, text) => {
    expect(builtText(built, size)).toBe(text);
  });

  it.each([
    [
      1_000,
      940,
      'Weighting to the population makes 1,000 answers count like 940 independent ones.',
    ],
    [
      5_000,
      4_699.6,
      'Weighting to the population makes 5,000 answers count like 4,700 independent ones.',
    ],
    [
      200,
      200,
      'Weighting to the population leaves 200 answers worth 200 independent ones: the panel already matches it.',
    ],
  ])('weightsInWords(%i, %d)', (size, effective, text) => {
    expect(weightsInWords(size, effective)).toBe(text);
  });

  it('names the weights technically', () => {
    expect(
      weightsTechnical({ designEffect: 1.0638, effectiveSampleSize: 940, maxWeight: 2.14 }),
    ).toBe(
      "Kish design effect 1.06, effective sample size 940, largest weight 2.1; weights from raking (iterative proportional fitting) to the population's shares, trimmed at 5× the mean.",
    );
  });

  it.each([
    [[], 'No filters'],
    [[{ trait: 'household', levels: ['children'] }], 'Household: Household with children'],
    [
      [
        { trait: 'age_band', levels: ['18-29', '30-44'] },
        { trait: 'income', min: 40_000 },
      ],
      'Age band: 18–29, 30–44; Household income: at least £40,000',
    ],
    [[{ trait: 'region', levels: ['north'] }], 'region: north'],
  ])('filtersInWords(%j) is "%s"', (filters, text) => {
    expect(filtersInWords(filters, ukFrame)).toBe(text);
  });

  it.each([
    [40_000, 'GBP', '£40,000'],
    [55_000, 'USD', 'US$55,000'],
    [1_200_000, 'INR', '₹1,200,000'],
  ])('money(%i, %s) is "%s"', (amount, currency, text) => {
    expect(money(amount, currency)).toBe(text);
  });

  it('reads shares as fractions of 1, and a set above 1 as percentages already', () => {
    expect(inPercent([0.2, 0.5, 0.3])).toBe(false);
    expect(inPercent([20, 50, 30])).toBe(true);
    const fractions = opinionsInPercent({
      positive: { share: 0.421, low: 0.389, high: 0.452 },
      neutral: { share: 0.33, low: 0.3, high: 0.36 },
      negative: { share: 0.249, low: 0.22, high: 0.28 },
      respondents: 1000,
      designEffect: 1.1,
      effectiveSampleSize: 909,
    });
    expect(fractions.positive).toEqual({ share: 42.1, low: 38.9, high: 45.2 });
    expect(shareWithRange(fractions.positive)).toBe('42% (likely 39–45%)');
    const percents = opinionsInPercent({
      positive: { share: 42.1, low: 38.9, high: 45.2 },
      neutral: { share: 33, low: 30, high: 36 },
      negative: { share: 24.9, low: 22, high: 28 },
      respondents: 1000,
      designEffect: 1.1,
      effectiveSampleSize: 909,
    });
    expect(percents.positive).toEqual(fractions.positive);
  });

  it.each([
    [0, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [5_000, 25, 200],
  ])('pageCount(%i, %i) is %i', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it('writes p-values and panel choices as a reader sees them', () => {
    expect(pValueText(0.0004)).toBe('p < 0.001');
    expect(pValueText(0.0213)).toBe('p = 0.021');
    expect(panelChoiceLabel({ name: 'UK adults', size: 5_000 })).toBe('UK adults, 5,000 personas');
  });
});

describe('the draw form’s filters', () => {
  it.each([
    [{}, []],
    [{ household: { levels: [], min: '' } }, []],
    [
      // In the population's order of traits and levels, whatever the order they were ticked.
      {
        income: { levels: [], min: '40000' },
        household: { levels: ['children'], min: '' },
        age_band: { levels: ['30-44', '18-29'], min: '' },
      },
      [
        { trait: 'age_band', levels: ['18-29', '30-44'] },
        { trait: 'household', levels: ['children'] },
        { trait: 'income', min: 40000 },
      ],
    ],
    [
      { income: { levels: ['high'], min: '50000' } },
      [{ trait: 'income', levels: ['high'], min: 50000 }],
    ],
  ])('filtersOf(%j)', (choices, filters) => {
    expect(filtersOf(ukFrame, choices)).toEqual(filters);
  });
});
