/**
 * One table of agreement levels, used wherever Chorus says how well the
 * personas matched real people: the calibration card and the share links'
 * results. docs/research.md ("Agreement levels") gives the same table.
 */

type AgreementLevel = 'well' | 'fairly well' | 'poorly';

interface LevelCut {
  level: AgreementLevel;
  /** The level holds below this distance (distance table) or from this correlation up (order table). */
  bound: number;
  /** Against real answers, in plain words. */
  words: string;
  /** Why the cut-off sits where it does. */
  reason: string;
}

/**
 * How far two answer distributions are apart, by Jensen–Shannon distance
 * (base 2: 0 same shares, 1 nothing in common). Over the range that matters
 * the distance is close to the share of answers that would have to change
 * opinion to make the two the same: 0.2 is about 20 in 100.
 */
export const distanceLevels: readonly LevelCut[] = [
  {
    level: 'well',
    bound: 0.2,
    words: 'close to the real answers',
    reason:
      'Below 0.2, fewer than about 20 in 100 answers differ: the gap that two samples of 50 people from the same population show by chance (95% margin of a difference of two shares near 50%).',
  },
  {
    level: 'fairly well',
    bound: 0.4,
    words: 'somewhat off from the real answers',
    reason:
      'From 0.2 to 0.4, 20 to 40 in 100 answers differ: more than chance between samples of 50, not yet enough to turn a clear majority into a minority.',
  },
  {
    level: 'poorly',
    bound: Number.POSITIVE_INFINITY,
    words: 'far from the real answers',
    reason:
      'From 0.4 on, 40 or more in 100 answers differ: enough to reverse a 70/30 majority, so the personas would lead to another decision.',
  },
];

/**
 * How alike two orders of the same items are, by Spearman's rank
 * correlation (1 same order, 0 unrelated, −1 reversed). The cut-offs are the
 * conventional ones of Schober, Boer & Schwarte (2018), "Correlation
 * coefficients: appropriate use and interpretation", Anesthesia & Analgesia
 * 126(5): strong from 0.7, moderate from 0.4.
 */
const orderLevels: readonly LevelCut[] = [
  {
    level: 'well',
    bound: 0.7,
    words: 'in much the same order as real people',
    reason: 'From 0.7 a correlation is conventionally strong (Schober et al. 2018).',
  },
  {
    level: 'fairly well',
    bound: 0.4,
    words: 'in a partly similar order to real people',
    reason: 'From 0.4 to 0.7 a correlation is conventionally moderate (Schober et al. 2018).',
  },
  {
    level: 'poorly',
    bound: Number.NEGATIVE_INFINITY,
    words: 'in a different order from real people',
    reason:
      'Below 0.4 a correlation is weak, none or reversed (Schober et al. 2018): the top items differ.',
  },
];

/** The level of a Jensen–Shannon distance. */
export function distanceLevel(distance: number): LevelCut {
  return distanceLevels.find((cut) => distance < cut.bound) ?? distanceLevels.at(-1)!;
}

/** The level of a rank correlation. */
export function orderLevel(correlation: number): LevelCut {
  return orderLevels.find((cut) => correlation >= cut.bound) ?? orderLevels.at(-1)!;
}

/** "0.28 of 1" — a figure on a 0-to-1 scale as a product manager reads it. */
export function ofOne(value: number): string {
  return `${value.toFixed(2)} of 1`;
}
