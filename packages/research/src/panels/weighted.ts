import { errorFunction } from 'simple-statistics';
import { levelGroup, levelSubject, wholePercent } from './frame';
import { kish } from './raking';

/**
 * Weighted opinion shares of a panel with intervals that account for the
 * weights, and cuts by segment with notes where segments differ beyond
 * chance.
 */

type Opinion = 'positive' | 'neutral' | 'negative';
const OPINIONS: readonly Opinion[] = ['positive', 'neutral', 'negative'];

export interface WeightedUnit {
  weight: number;
  /** this persona's share of its draws per opinion (0..1, summing to 1) */
  shares: Record<Opinion, number>;
  traits: Record<string, string>;
}

interface WeightedShare {
  share: number;
  low: number;
  high: number;
}

interface WeightedOpinions {
  positive: WeightedShare;
  neutral: WeightedShare;
  negative: WeightedShare;
  respondents: number;
  designEffect: number;
  effectiveSampleSize: number;
}

/** The 97.5th percentile of the standard normal: a 95 % interval is ± 1.96 standard errors. */
const Z95 = 1.959963984540054;

interface ShareWithVariance extends WeightedShare {
  variance: number;
}

/**
 * The weighted share of one opinion, p = Σwᵢyᵢ / Σwᵢ (yᵢ the persona's share
 * of its draws with that opinion), and its variance by Taylor linearisation
 * of the ratio estimator, treating personas as the sampled units:
 * v = n/(n−1) · Σ wᵢ²(yᵢ − p)² / (Σwᵢ)². With equal weights this is s²/n,
 * the squared standard error of a plain mean.
 */
function shareOf(units: readonly WeightedUnit[], opinion: Opinion): ShareWithVariance {
  const n = units.length;
  let sum = 0;
  let weighted = 0;
  for (const u of units) {
    sum += u.weight;
    weighted += u.weight * (u.shares[opinion] ?? 0);
  }
  if (n === 0 || sum <= 0) return { share: 0, low: 0, high: 0, variance: 0 };
  const p = weighted / sum;
  if (n < 2) return { share: p, low: 0, high: 1, variance: Number.POSITIVE_INFINITY };
  let squares = 0;
  for (const u of units) {
    const d = (u.shares[opinion] ?? 0) - p;
    squares += u.weight * u.weight * d * d;
  }
  const variance = ((n / (n - 1)) * squares) / (sum * sum);
  const half = Z95 * Math.sqrt(variance);
  return {
    share: p,
    low: Math.max(0, p - half),
    high: Math.min(1, p + half),
    variance,
  };
}

function opinionsWithVariance(
  units: readonly WeightedUnit[],
): WeightedOpinions & { variances: Record<Opinion, number> } {
  const positive = shareOf(units, 'positive');
  const neutral = shareOf(units, 'neutral');
  const negative = shareOf(units, 'negative');
  const strip = ({ share, low, high }: ShareWithVariance): WeightedShare => ({ share, low, high });
  return {
    positive: strip(positive),
    neutral: strip(neutral),
    negative: strip(negative),
    respondents: units.length,
    ...kish(units.map((u) => u.weight)),
    variances: {
      positive: positive.variance,
      neutral: neutral.variance,
      negative: negative.variance,
    },
  };
}

/**
 * The panel's weighted share of each opinion with its 95 % interval,
 * p ± 1.96 √v clipped to [0, 1], v the linearised variance (see `shareOf`);
 * with Kish's design effect and effective sample size of the weights. One
 * respondent gives the interval [0, 1]; none gives shares of 0.
 */
export function weightedOpinions(units: readonly WeightedUnit[]): WeightedOpinions {
  const { variances: _variances, ...opinions } = opinionsWithVariance(units);
  return opinions;
}

/** Below this many respondents a segment says "too few to say". */
export const MIN_PANEL_SEGMENT = 30;

interface WeightedSegment {
  level: string;
  label: string;
  respondents: number;
  effectiveSampleSize: number;
  tooFew: boolean;
  opinions: WeightedOpinions | null;
}

interface WeightedCutNote {
  opinion: Opinion;
  segments: [string, string];
  /** First segment's share minus the second's. */
  difference: number;
  z: number;
  /** Two-sided, Holm-adjusted within the cut. */
  pValue: number;
  note: string;
}

interface WeightedCut {
  trait: string;
  label: string;
  segments: WeightedSegment[];
  notes: WeightedCutNote[];
}

/** Notes kept per cut, the largest differences first. */
const MAX_CUT_NOTES = 5;

/** Two-sided p-value of a standard normal z: P(|Z| ≥ |z|). */
export function twoSidedP(z: number): number {
  if (Number.isNaN(z)) return 1;
  if (!Number.isFinite(z)) return 0;
  return Math.min(1, Math.max(0, 1 - errorFunction(Math.abs(z) / Math.SQRT2)));
}

/**
 * Holm's step-down adjustment (S. Holm, 1979): the i-th smallest of m
 * p-values is multiplied by m − i + 1, and each adjusted value is at least
 * the one before it (capped at 1). Rejecting where the adjusted p < 0.05
 * keeps the chance of any false note within the cut at 5 %.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m).fill(1);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

const leaning: Record<Opinion, string> = {
  positive: 'more positive',
  neutral: 'more often neutral',
  negative: 'more negative',
};

/**
 * Each trait's segments (one per level, in the trait's order) with their
 * weighted opinions; a segment with fewer than MIN_PANEL_SEGMENT
 * respondents is too few to say and gets none.
 *
 * Notes: for every pair of segments with enough respondents and every
 * opinion, a two-sided z-test of the difference of the two weighted shares,
 * z = (p₁ − p₂) / √(v₁ + v₂), each v the segment's linearised variance (the
 * segments are independent sets of personas). The p-values of the cut are
 * adjusted by Holm's method; differences with adjusted p < 0.05 get a note
 * in plain words, at most MAX_CUT_NOTES, the largest differences first.
 */
export function weightedSegmentCuts(
  units: readonly WeightedUnit[],
  traits: readonly { id: string; label: string; levels: { id: string; label: string }[] }[],
): WeightedCut[] {
  return traits.map((trait) => {
    const analysed = trait.levels.map((level) => {
      const members = units.filter((u) => u.traits[trait.id] === level.id);
      const respondents = members.length;
      const tooFew = respondents < MIN_PANEL_SEGMENT;
      const result = tooFew ? null : opinionsWithVariance(members);
      return {
        level,
        result,
        segment: {
          level: level.id,
          label: level.label,
          respondents,
          effectiveSampleSize: kish(members.map((u) => u.weight)).effectiveSampleSize,
          tooFew,
          opinions: result ? (({ variances: _v, ...opinions }) => opinions)(result) : null,
        } satisfies WeightedSegment,
      };
    });
    const tests: Omit<WeightedCutNote, 'pValue' | 'note'>[] = [];
    const pValues: number[] = [];
    const usable = analysed.filter((s) => s.result !== null);
    for (let i = 0; i < usable.length; i++) {
      for (let j = i + 1; j < usable.length; j++) {
        const first = usable[i]!;
        const second = usable[j]!;
        for (const opinion of OPINIONS) {
          const gap = first.result![opinion].share - second.result![opinion].share;
          // Differences below 1e-9 are floating-point dust, not differences.
          const difference = Math.abs(gap) < 1e-9 ? 0 : gap;
          const se = Math.sqrt(
            first.result!.variances[opinion] + second.result!.variances[opinion],
          );
          const z =
            difference === 0 ? 0 : se > 0 ? difference / se : Math.sign(difference) * Infinity;
          tests.push({ opinion, segments: [first.level.id, second.level.id], difference, z });
          pValues.push(twoSidedP(z));
        }
      }
    }
    const adjusted = holmAdjust(pValues);
    const labelOf = (id: string) => trait.levels.find((l) => l.id === id)!;
    const notes = tests
      .map((test, k) => ({ ...test, pValue: adjusted[k]! }))
      .filter((test) => test.pValue < 0.05)
      .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))
      .slice(0, MAX_CUT_NOTES)
      .map((test) => {
        // Said with the segment that leans more first.
        const [higher, lower] =
          test.difference >= 0 ? test.segments : [test.segments[1], test.segments[0]];
        const shareOf = (id: string) =>
          analysed.find((s) => s.level.id === id)!.result![test.opinion].share;
        const subject = levelSubject(trait.id, trait.label, labelOf(higher));
        const other = levelGroup(trait.id, trait.label, labelOf(lower));
        const object = other === 'women' || other === 'men' ? other : `people ${other}`;
        return {
          ...test,
          note: `${subject} are ${leaning[test.opinion]} than ${object} (${wholePercent(shareOf(higher))} vs ${wholePercent(shareOf(lower))}), a difference beyond chance.`,
        };
      });
    return { trait: trait.id, label: trait.label, segments: analysed.map((s) => s.segment), notes };
  });
}
