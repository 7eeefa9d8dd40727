import type { Estimate, TypedResult } from '@chorus/contracts';
import { amount, percent, price, pricePer } from './words';

/**
 * The one figure a segment is compared by, the one its difference notes
 * test: a scale's average, the NPS score, the share choosing the option on
 * top overall, a number's median, the average place or best–worst score of
 * the item on top overall, the share buying at the best ladder price
 * overall, or a price range's optimal price.
 */
interface Headline {
  /** What the figure is, e.g. "Average rating (1–5)". */
  title: string;
  estimate: Estimate | null;
  /** The figure written for reading: "41%", "$19 a month". */
  format: (value: number) => string;
  /** The figure on the chart's axis (shares as percentages). */
  scale: number;
  domain?: [number, number];
}

const signed = (value: number) => {
  const rounded = Math.round(value);
  return rounded > 0 ? `+${rounded}` : String(rounded);
};

const shareOf = (title: string, estimate: Estimate | null): Headline => ({
  title,
  estimate,
  format: (v) => percent(v / 100),
  scale: 100,
  domain: [0, 100],
});

/** The label on top of the overall result, for the figure every segment is read at. */
function topLabel<T extends { label: string }>(items: readonly T[], by: (item: T) => number) {
  return [...items].sort((a, b) => by(b) - by(a))[0]?.label;
}

export function segmentHeadline(result: TypedResult, overall: TypedResult | null): Headline {
  switch (result.type) {
    case 'scale':
      return {
        title: `Average rating (1–${result.points.length})`,
        estimate: result.mean,
        format: (v) => amount(v, 1),
        scale: 1,
        domain: [1, Math.max(result.points.length, 2)],
      };
    case 'nps':
      return {
        title: 'Net Promoter Score (−100 to +100)',
        estimate: result.score,
        format: signed,
        scale: 1,
        domain: [-100, 100],
      };
    case 'single_choice':
    case 'multiple_choice': {
      const base = overall?.type === result.type ? overall.options : result.options;
      const label = topLabel(base, (o) => o.share.value);
      const option = result.options.find((o) => o.label === label);
      return shareOf(`Share choosing “${label ?? ''}”`, option?.share ?? null);
    }
    case 'number':
      return {
        title: `Median, in ${result.unit}`,
        estimate: result.median,
        format: (v) => amount(v, 1),
        scale: 1,
      };
    case 'ranking': {
      const base = overall?.type === 'ranking' ? overall.items : result.items;
      const label = topLabel(base, (i) => -i.meanRank.value);
      const item = result.items.find((i) => i.label === label);
      return {
        title: `Average place of “${label ?? ''}” (1 is first)`,
        estimate: item?.meanRank ?? null,
        format: (v) => amount(v, 1),
        scale: 1,
        domain: [0, Math.max(result.items.length, 1)],
      };
    }
    case 'maxdiff': {
      const base = overall?.type === 'maxdiff' ? overall.items : result.items;
      const label = topLabel(base, (i) => i.score.value);
      const item = result.items.find((i) => i.label === label);
      return {
        title: `Best–worst score of “${label ?? ''}”`,
        estimate: item?.score ?? null,
        format: (v) => signed(v),
        scale: 100,
        domain: [-100, 100],
      };
    }
    case 'price_ladder': {
      const best = overall?.type === 'price_ladder' ? overall.bestPrice.value : null;
      const point = result.points.find((p) => p.price === best) ?? null;
      const at = best === null ? 'the best price' : pricePer(best, result.currency, result.period);
      return shareOf(`Would buy at ${at}`, point?.demand ?? null);
    }
    case 'price_range':
      return {
        title: 'Optimal price',
        estimate: result.optimalPrice,
        format: (v) => price(v, result.currency),
        scale: 1,
      };
  }
}

/** The estimate in the chart's units. */
export function scaled(estimate: Estimate, scale: number): Estimate {
  return { value: estimate.value * scale, low: estimate.low * scale, high: estimate.high * scale };
}
