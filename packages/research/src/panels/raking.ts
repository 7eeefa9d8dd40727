import { levelPredicate, type PopulationFrame, wholePercent } from './frame';

/**
 * Raking: weights that make a panel's shares match the population's on
 * several traits at once, when the panel does not (answers missing from a
 * group, a filter of answers, a panel drawn elsewhere).
 */

export interface RakeTarget {
  trait: string;
  shares: Record<string, number>;
  /** The trait's label and its levels' labels, for problems in words ("Age band", "75 and over"). */
  label?: string;
  levels?: { id: string; label: string }[];
}

interface RakeOptions {
  /** weights trimmed to at most cap × mean and at least mean / cap */
  cap?: number /* default 5 */;
  maxIterations?: number /* 100 */;
  tolerance?: number /* 1e-6 on max margin error */;
  /** Design weights to start from (one per unit, not negative), e.g. a cell's count; 1 each when left out. */
  baseWeights?: readonly number[];
}

interface RakeResult {
  weights: number[] /* mean 1 */;
  /** Full cycles over the targets. */
  iterations: number;
  converged: boolean;
  /** Units whose weight the last cycle's trimming moved to a bound. */
  trimmed: number;
  /** The largest difference, over every target level, between the weighted share and the target share. */
  maxMarginError: number;
  problem?: string;
}

/** Weights are trimmed to at most 5 times the mean weight (and at least a fifth of it) unless told otherwise. */
const DEFAULT_WEIGHT_CAP = 5;

interface Margin {
  target: RakeTarget;
  /** The level index of each unit in this target, or -1 when the unit lacks the trait or has a level the target does not list. */
  index: Int32Array;
  levels: string[];
  shares: number[];
}

function marginsOf(
  units: readonly { traits: Record<string, string> }[],
  targets: readonly RakeTarget[],
): Margin[] {
  return targets.map((target) => {
    const levels = Object.keys(target.shares);
    const total = levels.reduce((sum, l) => sum + Math.max(0, target.shares[l]!), 0);
    const position = new Map(levels.map((l, i) => [l, i]));
    const index = new Int32Array(units.length);
    units.forEach((unit, u) => {
      const level = unit.traits[target.trait];
      index[u] = level === undefined ? -1 : (position.get(level) ?? -1);
    });
    return {
      target,
      index,
      levels,
      shares: levels.map((l) => (total > 0 ? Math.max(0, target.shares[l]!) / total : 0)),
    };
  });
}

/** Each level's weighted share among the units that have one of the target's levels. */
function weightedShares(
  margin: Margin,
  weights: Float64Array,
): { totals: number[]; known: number } {
  const totals = margin.levels.map(() => 0);
  let known = 0;
  for (let u = 0; u < weights.length; u++) {
    const k = margin.index[u]!;
    if (k < 0) continue;
    totals[k]! += weights[u]!;
    known += weights[u]!;
  }
  return { totals, known };
}

function maxError(margins: readonly Margin[], weights: Float64Array): number {
  let worst = 0;
  for (const margin of margins) {
    const { totals, known } = weightedShares(margin, weights);
    if (known <= 0) continue;
    margin.shares.forEach((share, k) => {
      worst = Math.max(worst, Math.abs(totals[k]! / known - share));
    });
  }
  return worst;
}

/**
 * Trimming: weights above cap × mean are set to cap × mean and weights
 * below mean / cap to mean / cap, repeated (the mean moves when weights are
 * clipped) until none is out of bounds. A weight of 0 (a level whose target
 * share is 0) stays 0. Returns how many units were moved.
 */
function trim(weights: Float64Array, cap: number): number {
  if (!Number.isFinite(cap)) return 0;
  const moved = new Set<number>();
  for (let pass = 0; pass < 50; pass++) {
    let sum = 0;
    let positive = 0;
    for (const w of weights) {
      sum += w;
      if (w > 0) positive += 1;
    }
    if (positive === 0) return 0;
    const mean = sum / weights.length;
    const high = mean * cap;
    const low = mean / cap;
    let changed = false;
    for (let u = 0; u < weights.length; u++) {
      const w = weights[u]!;
      if (w > high * (1 + 1e-12)) {
        weights[u] = high;
        moved.add(u);
        changed = true;
      } else if (w > 0 && w < low * (1 - 1e-12)) {
        weights[u] = low;
        moved.add(u);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return moved.size;
}

function levelWords(target: RakeTarget, level: string): string {
  const label = target.levels?.find((l) => l.id === level)?.label ?? level;
  return levelPredicate(target.trait, target.label ?? target.trait, { id: level, label });
}

/**
 * Raking (iterative proportional fitting, Deming & Stephan 1940): starting
 * from the base weights (1 each unless given), each cycle goes through the
 * targets in turn and scales the weights of every level's units so the
 * level's weighted share equals its target share; one target's adjustment
 * disturbs the others', so cycles repeat until the largest difference
 * between a weighted share and its target (the max margin error) is at most
 * `tolerance`, or `maxIterations` cycles have run.
 *
 * After each full cycle the weights are trimmed to at most `cap` times the
 * mean weight and at least the mean divided by `cap` (default 5), and the
 * next cycle rakes the trimmed weights again. A few people weighted many
 * times over make every estimate lean on them and widen its interval
 * (design effect), so the cap trades a little bias for much less variance.
 * When the cap binds, the margins may stay off target; the result then says
 * not converged and gives the margin error left.
 *
 * A unit whose trait is missing for a target (or whose level the target
 * does not list) is left out of that target: it keeps its weight there and
 * is weighted by the other targets only; the target's shares apply to the
 * units that have the trait. A target level with a share above 0 that no
 * unit has cannot be reached: the result is then the base weights with a
 * problem in plain words. Weights are returned with mean 1.
 */
export function rake(
  units: readonly { traits: Record<string, string> }[],
  targets: readonly RakeTarget[],
  options: RakeOptions = {},
): RakeResult {
  const n = units.length;
  const cap = Math.max(1, options.cap ?? DEFAULT_WEIGHT_CAP);
  const maxIterations = Math.max(1, Math.floor(options.maxIterations ?? 100));
  const tolerance = Math.max(0, options.tolerance ?? 1e-6);
  const fail = (problem: string, weights: number[] = []): RakeResult => ({
    weights,
    iterations: 0,
    converged: false,
    trimmed: 0,
    maxMarginError: Number.NaN,
    problem,
  });
  if (n === 0) return fail('The panel has nobody in it to weight.');
  const base = options.baseWeights;
  if (base && base.length !== n) {
    return fail(`There are ${base.length} base weights for ${n} people: give one each.`);
  }
  if (base && base.some((w) => !Number.isFinite(w) || w < 0)) {
    return fail('A base weight is negative or not a number.');
  }
  const weights = Float64Array.from({ length: n }, (_, u) => base?.[u] ?? 1);
  const startTotal = weights.reduce((s, w) => s + w, 0);
  if (startTotal <= 0) return fail('Every base weight is 0: there is nobody to weight.');
  const meanOne = () => {
    const total = weights.reduce((s, w) => s + w, 0);
    return Array.from(weights, (w) => (total > 0 ? (w * n) / total : 0));
  };

  const margins = marginsOf(units, targets);
  for (const margin of margins) {
    const { totals } = weightedShares(margin, weights);
    const missing = margin.levels.findIndex((_, k) => margin.shares[k]! > 0 && totals[k]! <= 0);
    if (missing >= 0) {
      return fail(
        `Nobody in the panel is ${levelWords(margin.target, margin.levels[missing]!)}, so it cannot be weighted to the population's ${wholePercent(margin.shares[missing]!)}.`,
        meanOne(),
      );
    }
  }

  let iterations = 0;
  let trimmed = 0;
  let error = maxError(margins, weights);
  let converged = error <= tolerance;
  while (!converged && iterations < maxIterations) {
    for (const margin of margins) {
      const { totals, known } = weightedShares(margin, weights);
      const factors = totals.map((t, k) => (t > 0 ? (margin.shares[k]! * known) / t : 0));
      for (let u = 0; u < n; u++) {
        const k = margin.index[u]!;
        if (k >= 0) weights[u]! *= factors[k]!;
      }
    }
    trimmed = trim(weights, cap);
    iterations += 1;
    error = maxError(margins, weights);
    converged = error <= tolerance;
  }
  return { weights: meanOne(), iterations, converged, trimmed, maxMarginError: error };
}

/** Rake targets from a frame's shares: one per trait (all of them, or those named, in that order). */
export function frameTargets(frame: PopulationFrame, traits?: readonly string[]): RakeTarget[] {
  const chosen = traits
    ? traits.flatMap((id) => frame.traits.filter((t) => t.id === id))
    : frame.traits;
  return chosen.map((trait) => ({
    trait: trait.id,
    label: trait.label,
    shares: Object.fromEntries(trait.levels.map((l) => [l.id, l.share])),
    levels: trait.levels.map((l) => ({ id: l.id, label: l.label })),
  }));
}

/**
 * Kish's design effect of unequal weights and the effective sample size
 * (L. Kish, Survey Sampling, 1965): deff = n Σw² / (Σw)², ESS = (Σw)² / Σw²
 * = n / deff. Equal weights give deff 1 and ESS n; the more unequal the
 * weights, the fewer people the panel is worth. An empty panel (or all
 * weights 0) gives deff 1 and ESS 0.
 */
export function kish(weights: readonly number[]): {
  designEffect: number;
  effectiveSampleSize: number;
} {
  let sum = 0;
  let squares = 0;
  for (const w of weights) {
    sum += w;
    squares += w * w;
  }
  if (weights.length === 0 || squares <= 0) return { designEffect: 1, effectiveSampleSize: 0 };
  return {
    designEffect: (weights.length * squares) / (sum * sum),
    effectiveSampleSize: (sum * sum) / squares,
  };
}
