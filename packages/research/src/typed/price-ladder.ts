import type { SpecOf } from '@chorus/contracts';
import {
  type Analysis,
  cents,
  estimateOf,
  flattenNumbers,
  type Headline,
  money,
  percent,
  periodWord,
  replicates,
  resample,
  share3,
} from './bootstrap';
import type { AnswerOf, PriceLadderResult } from './types';

/** The index of the highest revenue (price × demand); a tie goes to the lower price, which more would buy at. */
function bestIndex(prices: readonly number[], demand: ArrayLike<number>): number {
  let best = 0;
  for (let j = 1; j < prices.length; j++) {
    if (prices[j]! * demand[j]! > prices[best]! * demand[best]! + 1e-12) best = j;
  }
  return best;
}

/**
 * Gabor–Granger price ladder (Gabor & Granger 1966): a draw k says the
 * persona would buy at the ladder's k lowest prices. Demand at a price is the
 * share of draws that would buy at it (each persona weighted equally), so it
 * never rises with the price; revenue is price × demand; the best price is
 * the ladder price of highest revenue. Intervals by the bootstrap over
 * personas and draws; the best price's interval spans the 2.5th to 97.5th
 * percentile of the best price of each resample.
 */
export function analysePriceLadder(
  spec: SpecOf<'price_ladder'>,
  answers: readonly AnswerOf<'price_ladder'>[],
  seed: number,
): Analysis<PriceLadderResult> {
  const { prices } = spec;
  const P = prices.length;
  const { layout, values, noAnswer } = flattenNumbers(
    answers,
    (d) => Number.isInteger(d) && d >= 0 && d <= P,
  );
  const n = layout.personas;

  const demand = new Float64Array(P);
  for (let d = 0; d < layout.draws; d++) {
    const k = values[d]!;
    for (let j = 0; j < k; j++) demand[j] = demand[j]! + layout.weights[d]!;
  }
  const best = bestIndex(prices, demand);

  const demandReps = Array.from({ length: P }, replicates);
  const bestReps = replicates();
  const counts = new Int32Array(P + 1);
  const resampled = new Float64Array(P);
  resample(layout, seed, 'price_ladder', (picks, r) => {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const k = values[picks[i]!]!;
      counts[k] = counts[k]! + 1;
    }
    // Those buying at price j are the draws with k > j.
    let buyers = 0;
    for (let j = P - 1; j >= 0; j--) {
      buyers += counts[j + 1]!;
      resampled[j] = buyers / n;
      demandReps[j]![r] = buyers / n;
    }
    bestReps[r] = prices[bestIndex(prices, resampled)]!;
  });

  const any = n > 0;
  const points = prices.map((price, j) => {
    const d = estimateOf(demand[j]!, any ? demandReps[j] : undefined, share3);
    return {
      price,
      demand: d,
      revenue: {
        value: cents(price * demand[j]!),
        low: cents(price * d.low),
        high: cents(price * d.high),
      },
    };
  });
  const bestPoint = points[best]!;
  const result: PriceLadderResult = {
    type: 'price_ladder',
    respondents: n,
    noAnswer,
    currency: spec.currency,
    period: spec.period,
    points,
    bestPrice: estimateOf(prices[best]!, any ? bestReps : undefined, cents),
    bestDemand: bestPoint.demand,
    summary: ladderSummary(spec, points, best, n),
  };
  const headlines: Headline[] = prices.map((price, j) => ({
    key: `demand:${j}`,
    figure: `Share buying at ${money(price, spec.currency)}${periodWord(spec.period)}`,
    kind: 'share',
    value: demand[j]!,
    replicates: demandReps[j]!,
  }));
  return { result, headlines, focus: [`demand:${best}`] };
}

/** "Most revenue at $19 a month: 41% would buy; at $29, 22%." — the neighbour is the next higher price, or the next lower at the top of the ladder. */
function ladderSummary(
  spec: SpecOf<'price_ladder'>,
  points: PriceLadderResult['points'],
  best: number,
  respondents: number,
): string {
  const at = (price: number) => money(price, spec.currency);
  const period = periodWord(spec.period);
  if (respondents === 0) return 'No answers yet.';
  const top = points[best]!;
  if (top.demand.value === 0) {
    return `No one would buy at any price from ${at(spec.prices[0]!)} to ${at(spec.prices[spec.prices.length - 1]!)}${period}.`;
  }
  const neighbour = points[best + 1] ?? points[best - 1]!;
  return `Most revenue at ${at(top.price)}${period}: ${percent(top.demand.value)} would buy; at ${at(neighbour.price)}, ${percent(neighbour.demand.value)}.`;
}
