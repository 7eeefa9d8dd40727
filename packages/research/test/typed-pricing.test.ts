import type { PriceRangeDraw, SpecOf, TypedAnswer, TypedResult } from '@chorus/contracts';
import { crossing, PRICE_GRID_POINTS, purchaseLikelihood, typedResultOf } from '../src';

type Ladder = Extract<TypedResult, { type: 'price_ladder' }>;
type Range = Extract<TypedResult, { type: 'price_range' }>;

const ladderSpec = (
  prices: number[],
  period: SpecOf<'price_ladder'>['period'] = 'month',
  currency = 'USD',
): SpecOf<'price_ladder'> => ({
  type: 'price_ladder',
  offer: 'Chorus Pro, a planner for small teams',
  currency,
  period,
  prices,
});

/** One persona per count, each with one draw: it buys at the ladder's `k` lowest prices. */
const ladderAnswers = (counts: number[][]): TypedAnswer[] =>
  counts.map((draws) => ({ type: 'price_ladder', draws, buyProbability: [], noAnswer: 0 }));

const ladder = (spec: SpecOf<'price_ladder'>, counts: number[][], seed = 5) =>
  typedResultOf(spec, ladderAnswers(counts), seed) as Ladder;

/** `n` personas each drawing `k` once. */
const times = (k: number, n: number) => Array.from({ length: n }, () => [k]);

describe('Gabor–Granger price ladder', () => {
  // Gabor & Granger, "Price as an indicator of quality", Economica 33(129),
  // 1966: demand at each price of a ladder, revenue = price × demand, the
  // revenue-maximising price. Hand-computed: 10 personas at $10, $20, $30,
  // $40 buy at 0, 0, 1, 1, 2, 2, 2, 3, 3, 4 prices from the lowest, so demand
  // is 8, 6, 3 and 1 in 10, revenue $8, $12, $9 and $4: the best price is $20.
  const spec = ladderSpec([10, 20, 30, 40]);
  const counts = [...times(0, 2), ...times(1, 2), ...times(2, 3), ...times(3, 2), ...times(4, 1)];

  it('gives demand and revenue at each price and the revenue-maximising price', () => {
    const result = ladder(spec, counts);
    expect(result.points.map((p) => p.demand.value)).toEqual([0.8, 0.6, 0.3, 0.1]);
    expect(result.points.map((p) => p.revenue.value)).toEqual([8, 12, 9, 4]);
    expect(result.bestPrice.value).toBe(20);
    expect(result.bestDemand.value).toBe(0.6);
    expect(result.summary).toBe('Most revenue at $20 a month: 60% would buy; at $30, 30%.');
    expect(result.respondents).toBe(10);
    expect(result.currency).toBe('USD');
    expect(result.period).toBe('month');
  });

  it.each([
    // All 10 buy at every price: revenue rises with the price, so the best
    // is the top of the ladder and the summary names the price below it.
    [
      'everyone buys at every price',
      [5, 10, 15, 20],
      times(4, 10),
      'one-off',
      20,
      1,
      'Most revenue at $20: 100% would buy; at $15, 100%.',
    ],
    // 4 buy only at $9, 6 at $9 and $19: revenue $9 × 1 = 9 against $19 × 0.6 = 11.4.
    [
      'a cheap best price',
      [9, 19, 29, 39],
      [...times(1, 4), ...times(2, 6)],
      'year',
      19,
      0.6,
      'Most revenue at $19 a year: 60% would buy; at $29, 0%.',
    ],
    // Revenue ties ($10 × 1 = $20 × 0.5): the lower price, which more would buy at.
    [
      'a tie',
      [10, 20, 30, 40],
      [...times(1, 5), ...times(2, 5)],
      'week',
      10,
      1,
      'Most revenue at $10 a week: 100% would buy; at $20, 50%.',
    ],
  ] as const)('%s', (_name, prices, draws, period, best, demand, summary) => {
    const result = ladder(
      ladderSpec([...prices], period),
      draws.map((d) => [...d]),
    );
    expect(result.bestPrice.value).toBe(best);
    expect(result.bestDemand.value).toBe(demand);
    expect(result.summary).toBe(summary);
  });

  it('writes prices with cents only when they have some, in the currency', () => {
    const result = ladder(ladderSpec([9.5, 19.99, 29, 39], 'month', 'EUR'), times(2, 6));
    expect(result.summary).toBe('Most revenue at €19.99 a month: 100% would buy; at €29, 0%.');
  });

  it('never lets demand rise with the price, in the estimate or its interval', () => {
    const mixed = Array.from({ length: 40 }, (_, i) => [i % 5, (i * 7) % 5, (i * 3) % 5]);
    const result = ladder(ladderSpec([10, 20, 30, 40]), mixed);
    for (let j = 1; j < result.points.length; j++) {
      const [before, after] = [result.points[j - 1]!.demand, result.points[j]!.demand];
      expect(after.value).toBeLessThanOrEqual(before.value);
      expect(after.low).toBeLessThanOrEqual(before.low);
      expect(after.high).toBeLessThanOrEqual(before.high);
    }
  });

  it('gives the best price an interval from the best price of each resample', () => {
    const result = ladder(spec, counts);
    expect(result.bestPrice.low).toBeLessThanOrEqual(20);
    expect(result.bestPrice.high).toBeGreaterThanOrEqual(20);
    // Each end is a price of the ladder.
    expect([10, 20, 30, 40]).toContain(result.bestPrice.low);
    expect([10, 20, 30, 40]).toContain(result.bestPrice.high);
    // With 10 personas the best price is uncertain; with 1,000 like them it is not.
    const many = ladder(spec, Array.from({ length: 100 }, () => counts).flat());
    expect(many.bestPrice).toEqual({ value: 20, low: 20, high: 20 });
    expect(result.bestPrice.high - result.bestPrice.low).toBeGreaterThan(0);
  });

  it('says when no one would buy', () => {
    expect(ladder(spec, times(0, 6)).summary).toBe(
      'No one would buy at any price from $10 to $40 a month.',
    );
    expect(ladder(spec, []).summary).toBe('No answers yet.');
  });
});

const rangeSpec = (likelihood = false): SpecOf<'price_range'> => ({
  type: 'price_range',
  offer: 'Chorus Pro, a planner for small teams',
  currency: 'USD',
  period: 'month',
  likelihood,
});

const draw = (
  tooCheap: number,
  bargain: number,
  expensive: number,
  tooExpensive: number,
  buyAtBargain = 0,
  buyAtExpensive = 0,
): PriceRangeDraw => ({ tooCheap, bargain, expensive, tooExpensive, buyAtBargain, buyAtExpensive });

const rangeAnswers = (draws: PriceRangeDraw[][], outOfOrder = 0): TypedAnswer[] =>
  draws.map((d) => ({ type: 'price_range', draws: d, outOfOrder, noAnswer: 0 }));

describe('Van Westendorp price sensitivity meter', () => {
  // Van Westendorp, "NSS Price Sensitivity Meter: a new approach to study
  // consumer perception of prices", ESOMAR congress, 1976. A hand-built
  // example: persona i = 1…10 answers too cheap i, bargain i + 3, expensive
  // i + 6, too expensive i + 10 (the last one 60, so the grid of 60 prices
  // runs over the whole dollars 1…60). At whole-dollar p ≤ 10 too cheap is
  // (11 − p)/10, bargain (14 − p)/10 for 4 ≤ p ≤ 13, expensive (p − 6)/10 for
  // 7 ≤ p ≤ 16 and too expensive (p − 10)/10 for 11 ≤ p ≤ 19, so:
  //  - marginal cheapness: (11 − p) = (p − 4) between $7 (0.4 against 0.3) and
  //    $8 (0.3 against 0.4): $7.50;
  //  - marginal expensiveness: (p − 10) = (16 − p) at $13 (0.3 each);
  //  - optimal price: too cheap 0.1 against too expensive 0 at $10, 0 against
  //    0.1 at $11: $10.50;
  //  - indifference price: bargain = expensive at $10 (0.4 each).
  const personas = Array.from({ length: 10 }, (_, k) => {
    const i = k + 1;
    return [draw(i, i + 3, i + 6, i === 10 ? 60 : i + 10)];
  });

  it('finds the four prices where the curves cross', () => {
    const result = typedResultOf(rangeSpec(), rangeAnswers(personas), 9) as Range;
    expect(result.marginalCheapness?.value).toBe(7.5);
    expect(result.marginalExpensiveness?.value).toBe(13);
    expect(result.optimalPrice?.value).toBe(10.5);
    expect(result.indifferencePrice?.value).toBe(10);
    expect(result.summary).toBe(
      'Acceptable from $7.50 to $13 a month; the optimal price is $10.50.',
    );
    expect(result.likelihood).toBeNull();
  });

  it('draws the four cumulative curves on a grid of 60 prices from the lowest answer to the highest', () => {
    const result = typedResultOf(rangeSpec(), rangeAnswers(personas), 9) as Range;
    expect(result.curves).toHaveLength(PRICE_GRID_POINTS);
    expect(result.curves[0]).toEqual({
      price: 1,
      tooCheap: 1,
      bargain: 1,
      expensive: 0,
      tooExpensive: 0,
    });
    expect(result.curves[59]!.price).toBe(60);
    // At $10: too cheap 1 in 10, bargain 4, expensive 4, too expensive none.
    expect(result.curves[9]).toEqual({
      price: 10,
      tooCheap: 0.1,
      bargain: 0.4,
      expensive: 0.4,
      tooExpensive: 0,
    });
    // Falling and rising as they should.
    for (let g = 1; g < result.curves.length; g++) {
      const [a, b] = [result.curves[g - 1]!, result.curves[g]!];
      expect(b.tooCheap).toBeLessThanOrEqual(a.tooCheap);
      expect(b.bargain).toBeLessThanOrEqual(a.bargain);
      expect(b.expensive).toBeGreaterThanOrEqual(a.expensive);
      expect(b.tooExpensive).toBeGreaterThanOrEqual(a.tooExpensive);
    }
  });

  it('gives each price an interval that holds it', () => {
    const result = typedResultOf(rangeSpec(), rangeAnswers(personas), 9) as Range;
    for (const e of [
      result.marginalCheapness,
      result.marginalExpensiveness,
      result.optimalPrice,
      result.indifferencePrice,
    ]) {
      expect(e).not.toBeNull();
      expect(e!.low).toBeLessThanOrEqual(e!.value);
      expect(e!.high).toBeGreaterThanOrEqual(e!.value);
      expect(e!.high).toBeGreaterThan(e!.low);
    }
  });

  it('sets aside draws whose prices are out of order and counts them', () => {
    const answers = rangeAnswers([
      ...personas,
      // Bargain above expensive, and a tie: both out of order.
      [draw(5, 30, 20, 40), draw(5, 5, 20, 40)],
    ]);
    (answers[0] as Extract<TypedAnswer, { type: 'price_range' }>).outOfOrder = 3;
    const result = typedResultOf(rangeSpec(), answers, 9) as Range;
    expect(result.outOfOrder).toBe(5);
    expect(result.respondents).toBe(10);
    expect(result.optimalPrice?.value).toBe(10.5);
  });

  it('finds crossings between grid points by linear interpolation', () => {
    const grid = [1, 2, 3, 4];
    // f − h: 1, 0.6, −0.4, −1: from $2 a share 0.6 / 1.0 of the way to $3.
    expect(crossing(grid, [1, 0.8, 0.2, 0], [0, 0.2, 0.6, 1])).toBeCloseTo(2.6, 10);
    // Equal over a stretch: its middle.
    expect(crossing(grid, [1, 0.5, 0.5, 0], [0, 0.5, 0.5, 1])).toBe(2.5);
    // Equal at one grid price: that price.
    expect(crossing(grid, [1, 0.5, 0.2, 0], [0, 0.5, 0.6, 1])).toBe(2);
    // Never crossing: none.
    expect(crossing(grid, [0.2, 0.1, 0, 0], [0.5, 0.6, 0.8, 1])).toBeNaN();
    expect(crossing(grid, [1, 1, 1, 1], [0, 0, 0, 0])).toBeNaN();
  });

  it('has no prices without answers', () => {
    const result = typedResultOf(rangeSpec(), [], 9) as Range;
    expect(result.optimalPrice).toBeNull();
    expect(result.curves).toEqual([]);
    expect(result.summary).toBe('No answers yet.');
  });
});

describe('Newton–Miller–Smith extension', () => {
  // Newton, Miller & Smith, "A market acceptance extension to traditional
  // price sensitivity measurement", AMA Advanced Research Techniques Forum,
  // 1993. A persona with too cheap $10, bargain $20, expensive $40, too
  // expensive $50, 80 % likely to buy at $20 and 40 % at $40.
  const d = draw(10, 20, 40, 50, 0.8, 0.4);

  it.each([
    [5, 0],
    [10, 0.8],
    [15, 0.8],
    [20, 0.8],
    [30, 0.6],
    [40, 0.4],
    [45, 0.2],
    [50, 0],
    [70, 0],
  ])('at $%s the likelihood to buy is %s', (price, likelihood) => {
    expect(purchaseLikelihood(d, price)).toBeCloseTo(likelihood, 10);
  });

  it('finds the price of most expected revenue', () => {
    // Revenue p × L(p) is 0.8p up to $20 (16), p(1.2 − 0.02p) from $20 to $40
    // (highest at $30: 18) and 0.04p(50 − p) above (16 at $40, falling): the
    // best grid price lies within a grid step (40 / 59) of $30.
    const result = typedResultOf(rangeSpec(true), rangeAnswers([[d]]), 9) as Range;
    expect(result.likelihood).not.toBeNull();
    const { points, bestPrice } = result.likelihood!;
    expect(points).toHaveLength(PRICE_GRID_POINTS);
    expect(Math.abs(bestPrice - 30)).toBeLessThanOrEqual(40 / 59);
    const best = points.find((p) => p.price === bestPrice)!;
    expect(best.revenue).toBeCloseTo(18, 1);
    expect(points[0]).toEqual({ price: 10, trial: 0.8, revenue: 8 });
    expect(points[59]).toEqual({ price: 50, trial: 0, revenue: 0 });
    // The two grid prices either side of $30 give the same revenue (17.998):
    // 29.66 × 0.6068 and 30.34 × 0.5932.
    expect(result.summary).toMatch(
      /Expected revenue is highest at \$(29\.66 a month, where 61%|30\.34 a month, where 59%) would be likely to buy\.$/,
    );
  });

  it('averages the likelihoods over personas, each weighted equally', () => {
    // Two personas: one certain at every acceptable price, one never buying.
    const result = typedResultOf(
      rangeSpec(true),
      rangeAnswers([[draw(1, 2, 3, 4, 1, 1), draw(1, 2, 3, 4, 1, 1)], [draw(1, 2, 3, 4, 0, 0)]]),
      9,
    ) as Range;
    // The grid runs from $1 to $4; at $1 the first persona buys (1) and the second not (0).
    expect(result.likelihood!.points[0]).toEqual({ price: 1, trial: 0.5, revenue: 0.5 });
  });
});
