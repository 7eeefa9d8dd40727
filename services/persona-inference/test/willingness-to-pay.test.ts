import type { SpecOf } from '@chorus/contracts';
import { personaGenerator } from '@chorus/research';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { currencyByCode } from '../src/domain/money';
import { localTypedAnswer, offerLeaning } from '../src/domain/typed-answers';
import {
  buyProbability,
  ladderAnswer,
  perPeriod,
  rangeAnswer,
  referencePrice,
  willingnessToPay,
} from '../src/domain/willingness-to-pay';
import { business, everyPersona, noBusiness, personas } from './fixtures';
import { templatePersonas } from './templates';

const usd = currencyByCode('USD')!;
const gbp = currencyByCode('GBP')!;
const mxn = currencyByCode('MXN')!;

const withFacts = (industry: string, ...facts: [string, string][]): BusinessContext => ({
  productName: 'Lantern',
  productDescription: 'Smart lights for the home',
  industry,
  facts: facts.map(([field, value]) => ({ field, label: field, value })),
});

const monthly = { currency: 'USD', period: 'month' as const };
const offer = 'Lantern Plus, smart lights with a monthly plan';

/** The persona's willingness to pay for the offer, leaning as the local engine reads it. */
const wtpOf = (persona: PersonaProfile, context = business, price = monthly) =>
  willingnessToPay(persona, context, price, offerLeaning(offer, { persona, business: context }));

describe('the reference price: what people usually pay for the same need', () => {
  it.each<
    [string, BusinessContext, 'USD' | 'GBP', SpecOf<'price_ladder'>['period'], number, string]
  >([
    ["the profile's own monthly price", business, 'USD', 'month', 29, 'profile'],
    ['the same price a year', business, 'USD', 'year', 348, 'profile'],
    ['the same price in pounds', business, 'GBP', 'month', 29 / 1.3, 'profile'],
    [
      "the middle of its and its competitors' prices, each per month",
      withFacts(
        'technology',
        ['pricingModels', 'Monthly subscription at $29'],
        ['directCompetitors', 'Hue Sync at $15 a month; LIFX Pro at $240 a year'],
      ),
      'USD',
      'month',
      20,
      'profile',
    ],
    [
      'a competitor priced in pounds, converted',
      withFacts('technology', ['directCompetitors', 'Glow at £20 a month']),
      'USD',
      'month',
      26,
      'profile',
    ],
    [
      'one-off prices for a one-off offer, not the subscriptions',
      withFacts(
        'technology',
        ['pricingModels', 'Monthly subscription at $29'],
        ['avgTransactionValue', '$120'],
      ),
      'USD',
      'one-off',
      120,
      'profile',
    ],
    [
      'the industry when the profile names no price',
      withFacts('technology', ['directCompetitors', 'Philips Hue, LIFX']),
      'USD',
      'month',
      20,
      'industry',
    ],
    [
      'an hourly rate is no price of the offer',
      withFacts('consulting', ['pricingModels', '$150 an hour']),
      'USD',
      'month',
      150,
      'industry',
    ],
    ['a one-off in an industry nobody listed', noBusiness, 'USD', 'one-off', 80, 'industry'],
  ])('%s', (_name, context, code, period, price, source) => {
    const reference = referencePrice(context, currencyByCode(code)!, period);
    expect(reference.price).toBeCloseTo(price, 6);
    expect(reference.source).toBe(source);
  });

  it.each([
    [10, 'month', 'year', 120],
    [120, 'year', 'month', 10],
    [7, 'week', 'month', (7 * 52) / 12],
    [50, 'once', 'one-off', 50],
  ] as const)('%s a %s, per %s, is %s', (amount, from, to, expected) => {
    expect(perPeriod(amount, from, to)).toBeCloseTo(expected, 9);
  });
});

describe('the demand curve is the shape a pricing researcher recognises', () => {
  const ladder = [0.25, 0.5, 0.75, 1, 1.5, 2, 3].map((m) => 29 * m);

  it.each([
    ['the fixture panel', everyPersona],
    ['every persona template', templatePersonas],
  ])('%s: most buy well below the reference, few well above, revenue peaks inside', (_n, panel) => {
    const wtps = panel.map((p) => wtpOf(p));
    const share = (price: number) =>
      wtps.reduce((sum, w) => sum + buyProbability(w, price), 0) / wtps.length;
    expect(share(29 * 0.5)).toBeGreaterThan(0.7);
    expect(share(29 * 2)).toBeLessThan(0.3);
    const revenue = ladder.map((p) => p * share(p));
    const best = revenue.indexOf(Math.max(...revenue));
    expect(best).toBeGreaterThan(0);
    expect(best).toBeLessThan(ladder.length - 1);
  });

  it('never rises with the price, for any persona, and its draws count from the lowest price', () => {
    for (const persona of everyPersona) {
      const answer = ladderAnswer(
        wtpOf(persona),
        ladder,
        personaGenerator(1, persona.personaId),
        200,
      );
      for (let i = 1; i < ladder.length; i++) {
        expect(answer.buyProbability[i]).toBeLessThanOrEqual(answer.buyProbability[i - 1]!);
      }
      for (const k of answer.draws) {
        expect(Number.isInteger(k) && k >= 0 && k <= ladder.length).toBe(true);
      }
      // The share of draws buying at each price follows its probability.
      ladder.forEach((_, i) => {
        const share = answer.draws.filter((k) => k > i).length / answer.draws.length;
        expect(Math.abs(share - answer.buyProbability[i]!)).toBeLessThan(0.12);
      });
    }
  });

  it('leans with income and habits: the banker pays more than the barista', () => {
    expect(wtpOf(personas.benjamin).median).toBeGreaterThan(2 * wtpOf(personas.alex).median);
    expect(wtpOf(personas.alex).factors.habits).toBeLessThan(1);
    expect(wtpOf(personas.benjamin).factors.habits).toBeGreaterThan(1);
  });
});

describe("a persona's price ladder and price range agree", () => {
  const ladderSpec: SpecOf<'price_ladder'> = {
    type: 'price_ladder',
    offer,
    currency: 'USD',
    period: 'month',
    prices: [9, 19, 29, 39, 49, 69],
  };
  const rangeSpec: SpecOf<'price_range'> = {
    type: 'price_range',
    offer,
    currency: 'USD',
    period: 'month',
    likelihood: true,
  };
  const ask = (persona: PersonaProfile, spec: SpecOf<'price_ladder'> | SpecOf<'price_range'>) =>
    localTypedAnswer({
      persona,
      business,
      spec,
      seed: 4,
      draws: 50,
      distribution: { positive: 0.3, neutral: 0.4, negative: 0.3 },
    });

  it.each(everyPersona.map((p) => [p.name, p] as const))(
    '%s never calls a price it would not pay a bargain',
    (_name, persona) => {
      const ladder = ask(persona, ladderSpec);
      const range = ask(persona, rangeSpec);
      if (ladder.type !== 'price_ladder' || range.type !== 'price_range') throw new Error('type');
      expect(range.draws).toHaveLength(50);
      range.draws.forEach((draw, k) => {
        const bought = ladder.draws[k]!;
        // Draw k of both comes from the same willingness to pay.
        const boughtPrices = ladderSpec.prices.slice(0, bought);
        const refused = ladderSpec.prices.slice(bought);
        for (const price of refused) expect(draw.bargain).toBeLessThan(price);
        for (const price of boughtPrices) expect(draw.expensive).toBeGreaterThan(price);
        expect(draw.tooCheap).toBeLessThan(draw.bargain);
        expect(draw.bargain).toBeLessThan(draw.expensive);
        expect(draw.expensive).toBeLessThan(draw.tooExpensive);
        expect(draw.buyAtBargain).toBeGreaterThan(draw.buyAtExpensive);
      });
      // Its typical bargain is a price it would more likely buy at than not.
      const bargains = range.draws.map((d) => d.bargain).sort((a, b) => a - b);
      const wtp = willingnessToPay(
        persona,
        business,
        ladderSpec,
        offerLeaning(offer, { persona, business }),
      );
      expect(buyProbability(wtp, bargains[25]!)).toBeGreaterThan(0.5);
      expect(range.outOfOrder).toBe(0);
    },
  );

  it('gives the likelihoods only when asked, as P(buy) at the two prices', () => {
    const wtp = wtpOf(personas.sarah);
    const plain = rangeAnswer(wtp, false, personaGenerator(1, 'p-sarah'), 5);
    expect(plain.draws.every((d) => d.buyAtBargain === 0 && d.buyAtExpensive === 0)).toBe(true);
    const asked = rangeAnswer(wtp, true, personaGenerator(1, 'p-sarah'), 5);
    for (const d of asked.draws) {
      expect(d.buyAtBargain).toBeCloseTo(buyProbability(wtp, d.bargain), 4);
      expect(d.buyAtExpensive).toBeCloseTo(buyProbability(wtp, d.expensive), 4);
    }
    // The same generator gives the same prices, likelihoods or not.
    expect(asked.draws.map((d) => d.bargain)).toEqual(plain.draws.map((d) => d.bargain));
  });

  it('is the same for the same seed, and another seed draws anew', () => {
    const draw = (seed: number) =>
      localTypedAnswer({
        persona: personas.elena,
        business,
        spec: ladderSpec,
        seed,
        draws: 20,
        distribution: { positive: 0.3, neutral: 0.4, negative: 0.3 },
      });
    expect(JSON.stringify(draw(3))).toBe(JSON.stringify(draw(3)));
    expect(draw(4)).not.toEqual(draw(3));
    // The persona's chance of buying is its own, not the run's.
    expect((draw(4) as { buyProbability: number[] }).buyProbability).toEqual(
      (draw(3) as { buyProbability: number[] }).buyProbability,
    );
  });
});

describe('a persona living where another currency is used', () => {
  it("says its willingness to pay in its own currency too, at money.ts's rates", () => {
    const wtp = wtpOf(personas.aisha);
    expect(wtp.own?.currency.code).toBe('GBP');
    expect(wtp.own!.median).toBeCloseTo((wtp.median * usd.usd) / gbp.usd, 6);
    expect(wtpOf(personas.sarah).own).toBeUndefined();
  });

  it('weighs a price by the incomes where it lives, whatever currency the ladder is in', () => {
    // Rosa earns a typical income in Cancún: less than a typical income in US dollars.
    const inDollars = wtpOf(personas.rosa);
    expect(inDollars.factors.place).toBeLessThan(0.7);
    expect(inDollars.own?.currency.code).toBe('MXN');
    // The same offer asked in pesos: the reference converted, the same real willingness.
    const inPesos = wtpOf(personas.rosa, business, { currency: 'MXN', period: 'month' });
    expect(inPesos.reference.price).toBeCloseTo((29 * usd.usd) / mxn.usd, 6);
    expect(inPesos.median).toBeCloseTo((inDollars.median * usd.usd) / mxn.usd, 6);
    expect(buyProbability(inPesos, 300)).toBeCloseTo(
      buyProbability(inDollars, (300 * mxn.usd) / usd.usd),
      9,
    );
    // Someone of the same standing living in the US pays more in dollars.
    const inAustin = wtpOf({
      ...personas.rosa,
      location: 'Austin, Texas, USA',
      income: '$60,000 per year',
    });
    expect(inAustin.median).toBeGreaterThan(1.5 * inDollars.median);
  });
});
