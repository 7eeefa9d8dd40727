import { formatMoney } from '../src/format';
import {
  annualSavingsCents,
  LEGACY_PLAN,
  personaAdditionCost,
  promoActive,
  quote,
} from '../src/pricing';

describe('quote: current pricing', () => {
  it.each([
    // personas, cycle, period cents, monthly rate cents
    [0, 'monthly', 2500, 2500],
    [10, 'monthly', 2500, 2500],
    [11, 'monthly', 2700, 2700],
    [15, 'monthly', 3500, 3500],
    [10, 'annual', 27000, 2250],
    [12, 'annual', 27000 + 2 * 200 * 12, 2650],
  ] as const)(
    '%i personas, %s: %i per period, %i per month',
    (personas, cycle, period, monthly) => {
      const q = quote({ personaCount: personas, billingCycle: cycle });
      expect(q.periodCents).toBe(period);
      expect(q.monthlyRateCents).toBe(monthly);
    },
  );

  it('counts extra personas above the 10 included', () => {
    expect(quote({ personaCount: 13, billingCycle: 'monthly' })).toMatchObject({
      includedPersonas: 10,
      extraPersonas: 3,
      extrasCents: 600,
    });
  });
});

describe('quote: legacy pricing (the billing page reading)', () => {
  it.each([
    [4, 10000],
    [5, 11000],
    [10, 16000],
  ])('%i personas cost %i cents a month', (personas, monthly) => {
    expect(
      quote({ personaCount: personas, billingCycle: 'monthly', isLegacyPricing: true })
        .monthlyRateCents,
    ).toBe(monthly);
  });

  it('covers 4 personas', () => {
    expect(LEGACY_PLAN.includedPersonas).toBe(4);
  });
});

describe('annual saving', () => {
  it('is twelve monthly payments minus the annual price: $30', () => {
    expect(annualSavingsCents()).toBe(3000);
    expect(formatMoney(annualSavingsCents())).toBe('$30.00');
  });
});

describe('promo discounts', () => {
  const startedAt = new Date('2026-01-15T00:00:00Z');
  const promo = { discountPercent: 20, durationMonths: 3, startedAt };

  it.each([
    ['2026-01-15T00:00:00Z', true],
    ['2026-04-14T23:59:59Z', true],
    ['2026-04-15T00:00:00Z', false],
    ['2026-01-14T00:00:00Z', false],
  ])('at %s active: %s', (at, active) => {
    expect(promoActive(promo, new Date(at))).toBe(active);
  });

  it('takes the percentage off the whole amount while active', () => {
    const during = quote({
      personaCount: 12,
      billingCycle: 'monthly',
      promo,
      at: new Date('2026-02-01T00:00:00Z'),
    });
    expect(during).toMatchObject({ discountPercent: 20, discountCents: 580, periodCents: 2320 });
    const after = quote({
      personaCount: 12,
      billingCycle: 'monthly',
      promo,
      at: new Date('2026-05-01T00:00:00Z'),
    });
    expect(after).toMatchObject({ discountPercent: 0, periodCents: 2900 });
  });

  it('never makes a price negative', () => {
    const q = quote({
      personaCount: 1,
      billingCycle: 'monthly',
      promo: { ...promo, discountPercent: 150 },
      at: new Date('2026-02-01T00:00:00Z'),
    });
    expect(q.periodCents).toBe(0);
  });
});

describe('personaAdditionCost', () => {
  it.each([
    [9, 0],
    [10, 200],
    [14, 200],
  ])('adding to %i personas raises the monthly cost by %i cents', (personas, increase) => {
    expect(personaAdditionCost({ personaCount: personas, billingCycle: 'monthly' })).toMatchObject({
      from: personas,
      to: personas + 1,
      monthlyIncreaseCents: increase,
    });
  });

  it('counts every persona of an import: 3 added to 9 bill the two past the included ten', () => {
    expect(personaAdditionCost({ personaCount: 9, billingCycle: 'monthly' }, 3)).toMatchObject({
      from: 9,
      to: 12,
      monthlyIncreaseCents: 400,
    });
  });
});

describe('one monthly cost, team seats included', () => {
  const product = { personaCount: 10, billingCycle: 'monthly', seats: 1 } as const;

  it('prices a product with one collaborator seat at $50.00 a month', () => {
    expect(formatMoney(quote(product).monthlyRateCents)).toBe('$50.00');
  });

  it('moves that cost from $50.00 to $52.00 when an extra persona is added', () => {
    const cost = personaAdditionCost(product);
    const after = quote({ ...product, personaCount: cost.to });
    expect(formatMoney(quote(product).monthlyRateCents)).toBe('$50.00');
    expect(formatMoney(after.monthlyRateCents)).toBe('$52.00');
    expect(cost.monthlyIncreaseCents).toBe(200);
  });

  it('adds a twelfth of the annual seat price on the annual plan', () => {
    expect(quote({ ...product, billingCycle: 'annual' }).monthlyRateCents).toBe(2250 + 2250);
  });
});

describe('quote: dollars per month', () => {
  it.each([
    [0, 'monthly', false, 25],
    [10, 'monthly', false, 25],
    [11, 'monthly', false, 27],
    [14, 'monthly', false, 33],
    [10, 'annual', false, 22.5],
    [5, 'monthly', true, 110],
  ] as const)(
    '%i personas, %s, legacy %s: $%d a month',
    (personaCount, billingCycle, isLegacyPricing, dollars) => {
      expect(quote({ personaCount, billingCycle, isLegacyPricing }).monthlyRateCents / 100).toBe(
        dollars,
      );
    },
  );
});
