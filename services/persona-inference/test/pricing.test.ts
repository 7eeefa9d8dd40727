import { answerAs } from '../src/domain/local-reasoning';
import { readPersona } from '../src/domain/persona-reading';
import { buyingOf, priceIn, priceText } from '../src/domain/price-reading';
import { business, noBusiness, personas } from './fixtures';
import { templatePersonas } from './templates';

describe('a price is read with its unit and quantities', () => {
  it.each<[string, number, string, string, string, Record<string, number | boolean>]>([
    [
      'Would you order our meal kit at $12 per serving?',
      12,
      'serving',
      'once',
      '$12 per serving',
      {},
    ],
    [
      'Meals cost £8.50 a serving, three meals a week for two people.',
      8.5,
      'serving',
      'once',
      '£8.50 per serving',
      { servingsPerWeek: 3, people: 2, mealsForEveryone: true },
    ],
    [
      'Dinners are A$14 per meal, 5 meals a week.',
      14,
      'serving',
      'once',
      'A$14 per meal',
      { servingsPerWeek: 5, mealsForEveryone: true },
    ],
    ['Would you pay 12 dollars per serving?', 12, 'serving', 'once', '12 dollars per serving', {}],
    ['€9.99 per month per seat', 9.99, 'seat', 'month', '€9.99 per seat a month', {}],
    ['Only $2 per day', 2, 'item', 'day', '$2 a day', {}],
    ['Would you pay $15 a head for a cooking class?', 15, 'person', 'once', '$15 per head', {}],
    [
      'Would you pay €40 per person for a tasting dinner?',
      40,
      'person',
      'once',
      '€40 per person',
      {},
    ],
    [
      'Would your team pay $15 per user per month?',
      15,
      'seat',
      'month',
      '$15 per user a month',
      {},
    ],
    [
      'Our plan is $10/user/month for a team of 25.',
      10,
      'seat',
      'month',
      '$10 per user a month',
      { seats: 25 },
    ],
    [
      'Would you pay $8 per seat a year for 40 seats?',
      8,
      'seat',
      'year',
      '$8 per seat a year',
      { seats: 40 },
    ],
    ['We are raising the monthly price from $29 to $49.', 49, 'item', 'month', '$49 a month', {}],
    ['Would you pay $49 a year for the app?', 49, 'item', 'year', '$49 a year', {}],
    ['A weekly box for $60 a week', 60, 'item', 'week', '$60 a week', {}],
    [
      '4 servings a week at $9.99 per serving',
      9.99,
      'serving',
      'once',
      '$9.99 per serving',
      { servingsPerWeek: 4 },
    ],
    ['A one-off fee of CHF 120', 120, 'item', 'once', 'CHF 120', {}],
    [
      'A family of four pays $7 per person each week',
      7,
      'person',
      'week',
      '$7 per person a week',
      { people: 4 },
    ],
  ])('%s', (text, amount, unit, period, said, quantities) => {
    const price = priceIn(text)!;
    expect(price.money.value).toBe(amount);
    expect(price.unit).toBe(unit);
    expect(price.period).toBe(period);
    expect(priceText(price).replace('per user', /seat/.test(text) ? 'per seat' : 'per user')).toBe(
      said,
    );
    expect(price.quantities).toEqual(quantities);
  });

  it('works out what a household buys: servings a week, people, seats', () => {
    const perServing = priceIn('$12 per serving')!;
    expect(buyingOf(perServing, 4)).toMatchObject({ units: 12, timesAYear: 52 });
    // Five meals a week for a household of four are twenty servings; five servings are five.
    expect(buyingOf(priceIn('$12 per serving, 5 meals a week')!, 4)).toMatchObject({ units: 20 });
    expect(buyingOf(priceIn('$12 per serving, 5 servings a week')!, 4)).toMatchObject({
      units: 5,
    });
    expect(
      buyingOf(priceIn('$10 per serving for 3 recipes for 2 people a week')!, 4),
    ).toMatchObject({ units: 6, timesAYear: 52 });
    expect(buyingOf(priceIn('$15 per user per month for 10 users')!, 1)).toMatchObject({
      units: 10,
      timesAYear: 12,
    });
    expect(buyingOf(priceIn('$40 per person')!, 3)).toMatchObject({ units: 3, timesAYear: 1 });
  });

  it('says the price back in the unit asked, never as another period, and in the persona currency for income', () => {
    const question = 'Would you order our weekly meal kit at $12 per serving?';
    for (const persona of templatePersonas) {
      const { response, reasoning } = answerAs(question, persona, noBusiness);
      for (const text of [response, reasoning]) {
        if (!text.includes('$12')) continue;
        expect(text).toContain('$12 per serving');
        expect(text).not.toMatch(/\$12 (?:a|per) (?:week|month|year)/);
      }
      const currency = readPersona(persona).income.currency!;
      if (currency.code !== 'USD' && reasoning.includes('$12 per serving')) {
        // The cost is converted to the currency the persona earns in.
        expect(reasoning).toMatch(/\$12 per serving \(about [^)]+\)/);
        expect(reasoning).not.toMatch(/about \$[\d,]+ a year/);
      }
    }
  });

  it("reads the profile's price with its unit and quantities, and says it back so", () => {
    const mealKit = {
      ...noBusiness,
      facts: [
        {
          field: 'pricingModels' as const,
          label: 'Pricing Models',
          value: 'Weekly meal kit at $12 per serving, 3 meals a week for 2 people',
        },
      ],
    };
    const { reasoning, grounding } = answerAs(
      'Would you subscribe to our meal kit?',
      personas.sarah,
      mealKit,
    );
    expect(reasoning).toContain(
      '$12 per serving comes to about $3,740 a year at 6 servings a week',
    );
    expect(reasoning).not.toMatch(/\$12 a week/);
    expect(grounding.profileFields).toContain('pricingModels');
  });

  it('reads the price from the business profile when the question names none', () => {
    const answer = answerAs('Is our service worth paying for?', personas.alex, business);
    expect(answer.reasoning).toContain('$29 a month');
    expect(answer.grounding.profileFields).toContain('pricingModels');
  });
});

describe('a higher price never reads better', () => {
  const steps = [5, 6, 8, 10, 12, 15, 20, 25, 35, 50];
  const kinds = [
    (p: number) => `Would you order our weekly meal kit at $${p} per serving?`,
    (p: number) => `Would you pay $${p} a month for our planning app?`,
    (p: number) => `Would your team pay $${p} per user per month for our scheduling software?`,
    (p: number) => `With our launch discount, would you pay $${p} a month for the premium plan?`,
    (p: number) => `We are raising the price from $4 to $${p} a month. Would you stay?`,
  ];

  it.each(kinds.map((kind) => [kind(10)]))(
    'for every template persona, %s: the chance of a positive answer never rises and falls across a tenfold range',
    (example) => {
      const kind = kinds.find((k) => k(10) === example)!;
      const flat: string[] = [];
      for (const persona of templatePersonas) {
        const positive = steps.map(
          (price) => answerAs(kind(price), persona, noBusiness).distribution.positive,
        );
        for (let i = 1; i < positive.length; i++) {
          expect(positive[i]).toBeLessThanOrEqual(positive[i - 1]!);
        }
        if (!(positive[positive.length - 1]! < positive[0]!))
          flat.push(`${persona.name}: ${positive.join(', ')}`);
      }
      expect(flat).toEqual([]);
    },
  );

  it('moves a $650,000-a-year persona too', () => {
    const positive = [5, 12, 25, 60].map(
      (price) =>
        answerAs(
          `Would you order our weekly meal kit at $${price} per serving?`,
          personas.benjamin,
          noBusiness,
        ).distribution.positive,
    );
    expect(new Set(positive).size).toBe(4);
    expect([...positive].sort((a, b) => b - a)).toEqual(positive);
  });
});

describe('each persona reasons from its own circumstances', () => {
  const questions = [
    'Would you order our weekly meal kit at $12 per serving?',
    'Should we add an AI assistant that plans your week automatically?',
    'We are switching to 100% recycled, plastic-free packaging.',
    'Would you share your location data with us in exchange for personalised offers?',
    'What do you think of our new logo?',
  ];

  it.each(questions)(
    'no two template personas share a reasoning once names are removed: %s',
    (question) => {
      const seen = new Map<string, string>();
      for (const persona of templatePersonas) {
        const { reasoning } = answerAs(question, persona, business);
        const nameless = persona.name
          .split(/\s+/)
          .reduce((text, part) => text.split(part).join('NAME'), reasoning);
        expect(seen.get(nameless)).toBeUndefined();
        seen.set(nameless, persona.name);
      }
    },
  );

  it("cites the persona's own words for the traits it names", () => {
    const { reasoning } = answerAs(
      'Would you order our weekly meal kit at $12 per serving?',
      personas.rosa,
      noBusiness,
    );
    expect(reasoning).toContain('careful with every peso');
    expect(reasoning).toContain('52, hotel housekeeping supervisor in Cancún');
  });
});
