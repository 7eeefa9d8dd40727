import type { Estimate, PriceRangeDraw, SpecOf } from '@chorus/contracts';
import {
  type Analysis,
  cents,
  estimateOf,
  type Headline,
  layoutOf,
  money,
  percent,
  periodWord,
  replicates,
  resample,
  share3,
} from './bootstrap';
import type { AnswerOf, PriceRangeResult } from './types';

/** Prices of the grid the curves are drawn on, from the lowest answer to the highest. */
export const PRICE_GRID_POINTS = 60;

/** Whether the four prices rise strictly: too cheap < bargain < expensive < too expensive. */
function inOrder(d: PriceRangeDraw): boolean {
  return d.tooCheap < d.bargain && d.bargain < d.expensive && d.expensive < d.tooExpensive;
}

/** How many grid prices are at most `value` (upper) or below it (lower). */
function countBelow(grid: Float64Array, value: number, orEqual: boolean): number {
  let lo = 0;
  let hi = grid.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const g = grid[mid]!;
    if (g < value || (orEqual && g === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where a falling curve f meets a rising curve h on the grid: the first grid
 * price where they are equal (the middle of the stretch where they stay
 * equal), or between the two grid prices where f − h changes sign, by
 * linear interpolation. NaN when they do not cross.
 */
export function crossing(
  grid: ArrayLike<number>,
  f: ArrayLike<number>,
  h: ArrayLike<number>,
  tolerance = 1e-9,
): number {
  const gap = (g: number) => f[g]! - h[g]!;
  for (let g = 0; g < grid.length; g++) {
    const d = gap(g);
    if (Math.abs(d) <= tolerance) {
      let last = g;
      while (last + 1 < grid.length && Math.abs(gap(last + 1)) <= tolerance) last += 1;
      return (grid[g]! + grid[last]!) / 2;
    }
    if (d < 0) {
      if (g === 0) return NaN;
      const before = gap(g - 1);
      return grid[g - 1]! + ((grid[g]! - grid[g - 1]!) * before) / (before - d);
    }
  }
  return NaN;
}

/** A likelihood held to 0–1 (comparisons rather than Math.min and Math.max, which this runs millions of times). */
function unit(x: number): number {
  return x > 1 ? 1 : x > 0 ? x : 0;
}

/**
 * Newton–Miller–Smith: the likelihood a draw buys at a price — none below
 * too cheap, its likelihood at the bargain price up to the bargain price,
 * straight lines from there to its likelihood at the expensive price and on
 * to none at the too-expensive price, and none from there up.
 */
export function purchaseLikelihood(d: PriceRangeDraw, price: number): number {
  const atBargain = unit(d.buyAtBargain);
  const atExpensive = unit(d.buyAtExpensive);
  if (price < d.tooCheap || price >= d.tooExpensive) return 0;
  if (price <= d.bargain) return atBargain;
  if (price <= d.expensive) {
    return (
      atBargain + ((atExpensive - atBargain) * (price - d.bargain)) / (d.expensive - d.bargain)
    );
  }
  return (atExpensive * (d.tooExpensive - price)) / (d.tooExpensive - d.expensive);
}

const curveNames = ['tooCheap', 'bargain', 'expensive', 'tooExpensive'] as const;

/**
 * Van Westendorp's price sensitivity meter (1976): four cumulative curves on
 * a grid of 60 prices from the lowest answer to the highest — too cheap (the
 * share whose too-cheap price is at or above the price) and bargain, both
 * falling; expensive (the share whose expensive price is at or below it) and
 * too expensive, both rising — each persona weighted equally. Draws whose
 * four prices do not rise are set aside and counted. Marginal cheapness is
 * where too cheap meets "not a bargain" (1 − bargain), marginal
 * expensiveness where too expensive meets "not expensive" (1 − expensive),
 * the optimal price where too cheap meets too expensive, and the indifference
 * price where bargain meets expensive; each with an interval by the
 * bootstrap over personas and draws. When the likelihoods were asked, the
 * Newton–Miller–Smith extension gives the share expected to buy at each grid
 * price and the price of most expected revenue.
 */
export function analysePriceRange(
  spec: SpecOf<'price_range'>,
  answers: readonly AnswerOf<'price_range'>[],
  seed: number,
): Analysis<PriceRangeResult> {
  const kept: PriceRangeDraw[] = [];
  const sizes: number[] = [];
  let noAnswer = 0;
  let outOfOrder = 0;
  for (const answer of answers) {
    noAnswer += answer.noAnswer;
    outOfOrder += answer.outOfOrder;
    let size = 0;
    for (const draw of answer.draws) {
      if (!inOrder(draw)) {
        outOfOrder += 1;
        continue;
      }
      kept.push(draw);
      size += 1;
    }
    if (size > 0) sizes.push(size);
  }
  const layout = layoutOf(sizes);
  const n = layout.personas;

  let lowest = Infinity;
  let highest = -Infinity;
  for (const d of kept) {
    lowest = Math.min(lowest, d.tooCheap);
    highest = Math.max(highest, d.tooExpensive);
  }
  const G = n === 0 ? 0 : PRICE_GRID_POINTS;
  const grid = Float64Array.from({ length: G }, (_, g) =>
    g === G - 1 ? highest : lowest + ((highest - lowest) * g) / (G - 1),
  );

  // Each draw's place on the grid: falling curves count the grid prices at
  // or below its price, rising ones the grid prices below it.
  const places = curveNames.map((name, c) =>
    Int32Array.from(kept, (d) => countBelow(grid, d[name], c < 2)),
  ) as [Int32Array, Int32Array, Int32Array, Int32Array];

  /** The four curves from per-place totals (falling: those with place above g; rising: place at most g). */
  const curvesFrom = (totals: Float64Array[], into: Float64Array[]) => {
    for (let c = 0; c < 4; c++) {
      const t = totals[c]!;
      const out = into[c]!;
      let run = 0;
      if (c < 2) {
        for (let g = G - 1; g >= 0; g--) {
          run += t[g + 1]!;
          out[g] = run;
        }
      } else {
        for (let g = 0; g < G; g++) {
          run += t[g]!;
          out[g] = run;
        }
      }
    }
  };
  const fresh = () => Array.from({ length: 4 }, () => new Float64Array(G + 1));

  const totals = fresh();
  for (let d = 0; d < layout.draws; d++) {
    for (let c = 0; c < 4; c++) {
      const t = totals[c]!;
      const at = places[c]![d]!;
      t[at] = t[at]! + layout.weights[d]!;
    }
  }
  const curves = fresh();
  curvesFrom(totals, curves);
  const [tooCheap, bargain, expensive, tooExpensive] = curves as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const intersections = (
    tc: Float64Array,
    b: Float64Array,
    e: Float64Array,
    te: Float64Array,
    whole: number,
    tolerance: number,
  ) => {
    const notBargain = b.map((x) => whole - x);
    const notExpensive = e.map((x) => whole - x);
    return [
      crossing(grid, tc, notBargain, tolerance),
      // Too expensive rises and "not expensive" falls.
      crossing(grid, notExpensive, te, tolerance),
      crossing(grid, tc, te, tolerance),
      crossing(grid, b, e, tolerance),
    ];
  };
  const points = intersections(tooCheap, bargain, expensive, tooExpensive, 1, 1e-9);

  const reps = Array.from({ length: 4 }, replicates);
  const counts = fresh();
  const resampled = fresh();
  resample(layout, seed, 'price_range', (picks, r) => {
    for (const t of counts) t.fill(0);
    for (let i = 0; i < n; i++) {
      const d = picks[i]!;
      for (let c = 0; c < 4; c++) {
        const t = counts[c]!;
        const at = places[c]![d]!;
        t[at] = t[at]! + 1;
      }
    }
    curvesFrom(counts, resampled);
    // Counts are whole numbers, so the curves meet exactly where they meet.
    const [tc, b, e, te] = resampled as [Float64Array, Float64Array, Float64Array, Float64Array];
    intersections(tc, b, e, te, n, 0).forEach((price, k) => (reps[k]![r] = price));
  });

  const estimates = points.map((price, k) =>
    Number.isNaN(price) ? null : estimateOf(price, reps[k], cents),
  ) as [Estimate | null, Estimate | null, Estimate | null, Estimate | null];
  const [marginalCheapness, marginalExpensiveness, optimalPrice, indifferencePrice] = estimates;

  const likelihood = kept.some((d) => d.buyAtBargain > 0 || d.buyAtExpensive > 0)
    ? newtonMillerSmith(grid, kept, layout.weights)
    : null;

  const result: PriceRangeResult = {
    type: 'price_range',
    respondents: n,
    noAnswer,
    outOfOrder,
    currency: spec.currency,
    period: spec.period,
    curves: Array.from(grid, (price, g) => ({
      price: cents(price),
      tooCheap: share3(tooCheap[g]!),
      bargain: share3(bargain[g]!),
      expensive: share3(expensive[g]!),
      tooExpensive: share3(tooExpensive[g]!),
    })),
    marginalCheapness,
    marginalExpensiveness,
    optimalPrice,
    indifferencePrice,
    likelihood,
    summary: rangeSummary(
      spec,
      n,
      marginalCheapness,
      marginalExpensiveness,
      optimalPrice,
      likelihood,
    ),
  };
  const headlines: Headline[] = [
    {
      key: 'optimal',
      figure: 'Optimal price',
      kind: 'price',
      value: points[2]!,
      replicates: reps[2]!,
    },
  ];
  return { result, headlines, focus: ['optimal'] };
}

function newtonMillerSmith(
  grid: Float64Array,
  draws: readonly PriceRangeDraw[],
  weights: Float64Array,
): NonNullable<PriceRangeResult['likelihood']> {
  const trial = new Float64Array(grid.length);
  draws.forEach((d, i) => {
    const w = weights[i]!;
    for (let g = 0; g < grid.length; g++) {
      const price = grid[g]!;
      if (price < d.tooCheap) continue;
      if (price >= d.tooExpensive) break;
      trial[g] = trial[g]! + w * purchaseLikelihood(d, price);
    }
  });
  let best = 0;
  for (let g = 1; g < grid.length; g++) {
    if (grid[g]! * trial[g]! > grid[best]! * trial[best]! + 1e-12) best = g;
  }
  return {
    points: Array.from(grid, (price, g) => ({
      price: cents(price),
      trial: share3(trial[g]!),
      revenue: cents(price * trial[g]!),
    })),
    bestPrice: cents(grid[best] ?? 0),
  };
}

/** "Acceptable from $X to $Y a month; the optimal price is $Z." */
function rangeSummary(
  spec: SpecOf<'price_range'>,
  respondents: number,
  from: Estimate | null,
  to: Estimate | null,
  optimal: Estimate | null,
  likelihood: PriceRangeResult['likelihood'],
): string {
  if (respondents === 0) return 'No answers yet.';
  const at = (price: number) => money(price, spec.currency);
  const period = periodWord(spec.period);
  const parts: string[] = [];
  if (from && to) parts.push(`Acceptable from ${at(from.value)} to ${at(to.value)}${period}`);
  if (optimal) parts.push(`the optimal price is ${at(optimal.value)}`);
  let text = parts.length
    ? `${capitalise(parts.join('; '))}.`
    : 'The answers give no acceptable range.';
  if (likelihood) {
    const best = likelihood.points.find((p) => p.price === likelihood.bestPrice);
    text += ` Expected revenue is highest at ${at(likelihood.bestPrice)}${period}${best ? `, where ${percent(best.trial)} would be likely to buy` : ''}.`;
  }
  return text;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
