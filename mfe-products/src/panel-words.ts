import type {
  MarketPanelView,
  PanelFilter,
  PopulationFrameView,
  WeightedOpinionsView,
  WeightedShareView,
} from '@chorus/contracts';

// The panels pages' words: counts, money, shares as percentages, a panel's
// filters and weights in plain sentences.

const numberFormat = new Intl.NumberFormat('en-US');

/** 1240 -> "1,240". */
export function count(value: number): string {
  return numberFormat.format(Math.round(value));
}

/** "1 persona", "5,000 personas". */
export function personas(value: number): string {
  return `${count(value)} ${value === 1 ? 'persona' : 'personas'}`;
}

/** A yearly amount in the population's currency, without cents: "£40,000". */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    }).format(amount);
  } catch {
    return `${count(amount)} ${currency}`;
  }
}

/** The currency's sign as the money is written ("£", "$", "€", "₹"), or its code. */
export function currencySign(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-GB', { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * Whether a set of shares is written in percent: shares are fractions of 1,
 * and a set holding a figure above 1 is read as percentages already.
 */
export function inPercent(values: readonly number[]): boolean {
  return values.some((value) => value > 1);
}

/** A share as a percentage (one decimal at most), given whether its set is in percent. */
export function percentOf(value: number, percent: boolean): number {
  return Math.round((percent ? value : value * 100) * 10) / 10;
}

/** "21%", rounded to a whole percent. */
export function percentText(value: number): string {
  return `${Math.round(value)}%`;
}

interface ShareInPercent {
  share: number;
  low: number;
  high: number;
}

type OpinionsInPercent = Record<'positive' | 'neutral' | 'negative', ShareInPercent>;

/** Weighted opinion shares with their intervals, each in percent. */
export function opinionsInPercent(opinions: WeightedOpinionsView): OpinionsInPercent {
  const percent = inPercent([
    opinions.positive.share,
    opinions.neutral.share,
    opinions.negative.share,
  ]);
  const of = (share: WeightedShareView): ShareInPercent => ({
    share: percentOf(share.share, percent),
    low: percentOf(share.low, percent),
    high: percentOf(share.high, percent),
  });
  return {
    positive: of(opinions.positive),
    neutral: of(opinions.neutral),
    negative: of(opinions.negative),
  };
}

/** "42% (likely 39–45%)". */
export function shareWithRange(share: ShareInPercent): string {
  return `${percentText(share.share)} (likely ${Math.round(share.low)}–${percentText(share.high)})`;
}

/** A trait's and a level's labels in a population, by their ids (the ids themselves if unknown). */
function frameLabels(frame: Pick<PopulationFrameView, 'traits'>) {
  const traits = new Map(frame.traits.map((trait) => [trait.id, trait]));
  return {
    trait: (id: string) => traits.get(id)?.label ?? id,
    level: (traitId: string, levelId: string) =>
      traits.get(traitId)?.levels.find((level) => level.id === levelId)?.label ?? levelId,
  };
}

/**
 * A panel's filters in words: "Household: With children; Income: at least
 * £40,000"; "No filters" without any.
 */
export function filtersInWords(
  filters: readonly PanelFilter[],
  frame: Pick<PopulationFrameView, 'traits' | 'currency'>,
): string {
  if (filters.length === 0) return 'No filters';
  const labels = frameLabels(frame);
  return filters
    .map((filter) => {
      const parts: string[] = [];
      if (filter.levels && filter.levels.length > 0) {
        parts.push(filter.levels.map((level) => labels.level(filter.trait, level)).join(', '));
      }
      if (filter.min !== undefined) parts.push(`at least ${money(filter.min, frame.currency)}`);
      if (filter.max !== undefined) parts.push(`at most ${money(filter.max, frame.currency)}`);
      return `${labels.trait(filter.trait)}: ${parts.join(', ') || 'all'}`;
    })
    .join('; ');
}

/** "Weighting to the population makes 1,000 answers count like 940 independent ones." */
export function weightsInWords(size: number, effectiveSampleSize: number): string {
  const worth = Math.round(effectiveSampleSize);
  if (worth >= size) {
    return `Weighting to the population leaves ${count(size)} answers worth ${count(size)} independent ones: the panel already matches it.`;
  }
  return `Weighting to the population makes ${count(size)} answers count like ${count(worth)} independent ones.`;
}

/** The weights' technical names and figures, for the disclosure under the plain words. */
export function weightsTechnical(weights: NonNullable<MarketPanelView['weights']>): string {
  return `Kish design effect ${weights.designEffect.toFixed(2)}, effective sample size ${count(weights.effectiveSampleSize)}, largest weight ${weights.maxWeight.toFixed(1)}; weights from raking (iterative proportional fitting) to the population's shares, trimmed at 5× the mean.`;
}

/** "1,240 of 5,000 personas built". */
export function builtText(built: number, size: number): string {
  return `${count(built)} of ${personas(size)} built`;
}

/** "2,400 of 5,000 answered". */
export function answeredText(answered: number, size: number): string {
  return `${count(answered)} of ${count(size)} answered`;
}

/** A ready panel as the "Who answers" choice names it: "UK adults, 5,000 personas". */
export function panelChoiceLabel(panel: Pick<MarketPanelView, 'name' | 'size'>): string {
  return `${panel.name}, ${personas(panel.size)}`;
}

/** The page count of `total` answers at `pageSize` a page (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A p-value as a reader sees it: "p < 0.001", "p = 0.021". */
export function pValueText(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}
