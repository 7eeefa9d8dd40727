import {
  type Estimate,
  percent,
  price,
  type TypedDrift,
  type TypedResult,
} from '@chorus/contracts';

/**
 * Drift of a typed question between two runs, read as the opinion shares'
 * drift is: the headline figure of each run with its 95 % interval, and
 * drift when the two intervals no longer overlap.
 */

interface Headline {
  figure: string;
  estimate: Estimate;
  format: (value: number) => string;
}

const two = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The figure a run is summed up by: the scale's mean, the NPS, the leading option's share… */
export function typedHeadline(result: TypedResult): Headline | null {
  switch (result.type) {
    case 'scale':
      return { figure: 'Mean rating', estimate: result.mean, format: two };
    case 'nps':
      return { figure: 'Net Promoter Score', estimate: result.score, format: two };
    case 'single_choice':
    case 'multiple_choice': {
      const top = [...result.options].sort((a, b) => b.share.value - a.share.value)[0];
      return top
        ? { figure: `Share choosing ${top.label}`, estimate: top.share, format: percent }
        : null;
    }
    case 'number':
      return { figure: `Median ${result.unit}`.trim(), estimate: result.median, format: two };
    case 'ranking': {
      const top = [...result.items].sort((a, b) => a.meanRank.value - b.meanRank.value)[0];
      return top
        ? { figure: `Mean rank of ${top.label}`, estimate: top.meanRank, format: two }
        : null;
    }
    case 'maxdiff': {
      const top = result.items[0];
      return top ? { figure: `Score of ${top.label}`, estimate: top.score, format: two } : null;
    }
    case 'price_ladder':
      return {
        figure: 'Price of most revenue',
        estimate: result.bestPrice,
        format: (v) => price(v, result.currency),
      };
    case 'price_range':
      return result.optimalPrice
        ? {
            figure: 'Optimal price',
            estimate: result.optimalPrice,
            format: (v) => price(v, result.currency),
          }
        : null;
  }
}

const overlaps = (a: Estimate, b: Estimate) => a.low <= b.high && b.low <= a.high;

/** The latest run against the one before; null when either has no headline or they differ in type. */
export function typedDrift(previous: TypedResult, current: TypedResult): TypedDrift | null {
  if (previous.type !== current.type) return null;
  const before = typedHeadline(previous);
  const now = typedHeadline(current);
  if (!before || !now || before.figure !== now.figure) return null;
  const drifted = !overlaps(before.estimate, now.estimate);
  const said = (h: Headline) =>
    `${h.format(h.estimate.value)} (likely ${h.format(h.estimate.low)} to ${h.format(h.estimate.high)})`;
  return {
    figure: now.figure,
    previous: before.estimate,
    current: now.estimate,
    drifted,
    text: drifted
      ? `Drift: ${now.figure} moved from ${said(before)} to ${said(now)}; the likely ranges no longer overlap.`
      : `No drift: ${now.figure} was ${said(before)} and is ${said(now)}; the likely ranges overlap.`,
  };
}
