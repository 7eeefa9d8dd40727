import {
  cardMonthlyRate,
  industryLabel,
  needsPersonaCostConfirmation,
  profileFieldDisplay,
  profileFieldsOfTab,
  profileFormText,
  profileNumberValue,
  roadmapTotals,
} from '../src/product-pages';

describe('profileFieldDisplay', () => {
  it.each([
    ['Lumen Coffee', false, 'Lumen Coffee', true],
    ['  padded  ', false, 'padded', true],
    [12, false, '12', true],
    ['', false, 'Not specified', false],
    ['   ', false, 'Not specified', false],
    [null, false, 'Not specified', false],
    [undefined, undefined, 'Not specified', false],
    [0, false, 'Not specified', false],
    ['', true, 'Unknown', false],
    ['kept but unknown', true, 'Unknown', false],
  ] as const)('%j (unknown: %s) reads %j', (value, unknown, text, given) => {
    expect(profileFieldDisplay(value, unknown)).toEqual({ text, given });
  });
});

describe('profileFormText', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [0, ''],
    [7, '7'],
    ['B2B SaaS', 'B2B SaaS'],
  ] as const)('%j -> %j', (value, text) => {
    expect(profileFormText(value)).toBe(text);
  });
});

describe('profileNumberValue', () => {
  it.each([
    ['', ''],
    ['  ', ''],
    ['12', 12],
    [' 3 ', 3],
    ['0', 0],
    ['2.5', 2.5],
    ['twelve', 'twelve'],
  ] as const)('%j -> %j', (text, value) => {
    expect(profileNumberValue(text)).toBe(value);
  });
});

describe('needsPersonaCostConfirmation', () => {
  it.each([
    [0, false, false],
    [9, false, false],
    [10, false, true],
    [11, false, true],
    [3, true, false],
    [4, true, true],
  ])('%i selected (legacy: %s): %s', (count, isLegacyPricing, expected) => {
    expect(needsPersonaCostConfirmation(count, { isLegacyPricing })).toBe(expected);
  });
});

describe('roadmapTotals', () => {
  it.each([
    [[], { features: 0, completed: 0, inProgress: 0 }],
    [
      [{ itemCount: 5, completedCount: 2, inProgressCount: 1 }],
      { features: 5, completed: 2, inProgress: 1 },
    ],
    [
      [
        { itemCount: 5, completedCount: 2, inProgressCount: 1 },
        { itemCount: 3, completedCount: 0, inProgressCount: 3 },
        { itemCount: 0, completedCount: 0, inProgressCount: 0 },
      ],
      { features: 8, completed: 2, inProgress: 4 },
    ],
  ])('%j', (roadmaps, totals) => {
    expect(roadmapTotals(roadmaps)).toEqual(totals);
  });
});

describe('profileFieldsOfTab: the business profile form by tab', () => {
  it.each([
    ['core', 11],
    ['market', 12],
    ['operations', 14],
    ['experience', 7],
    ['performance', 8],
  ] as const)('the %s tab has %i fields', (tab, count) => {
    expect(profileFieldsOfTab(tab)).toHaveLength(count);
  });
});

describe('industryLabel: a stored industry as the product pages show it', () => {
  it.each([
    ['e-commerce', 'E-commerce'],
    ['non-profit', 'Non-Profit'],
    ['general', 'General'],
    ['space mining', 'Space Mining'],
  ])('%s is shown as %s', (value, label) => {
    expect(industryLabel(value)).toBe(label);
  });
});

describe('cardMonthlyRate', () => {
  it.each([
    [{ monthlyRate: 27 }, 27],
    [{}, 100],
    [null, 100],
    [undefined, 100],
  ])('a card with billing %j shows %i', (billing, rate) => {
    expect(cardMonthlyRate(billing)).toBe(rate);
  });
});
