import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';
import { quantileSorted } from 'simple-statistics';
import { z } from 'zod';

/**
 * Answers a researcher can trust: each persona's answer is a probability
 * distribution over the three opinions, and Chorus draws from it in code with
 * a seeded generator (models describe a distribution better than they sample
 * from one). The panel's shares come with 95 % intervals from a seeded
 * bootstrap over personas and draws; an echo-chamber alarm flags a panel that
 * answers with too little spread; two runs of a question are compared for
 * drift. Everything here is pure: the same inputs and seed always give the
 * same numbers, in the service that stores them and in the browser.
 */

export const opinions = ['positive', 'neutral', 'negative'] as const;
export type Opinion = (typeof opinions)[number];

// ---------------------------------------------------------------------------
// Distributions.

/** How far a distribution's probabilities may add up from 1 before it is refused. */
export const DISTRIBUTION_TOLERANCE = 0.02;

export const opinionDistributionSchema = z
  .object({
    positive: z.number().min(0).max(1),
    neutral: z.number().min(0).max(1),
    negative: z.number().min(0).max(1),
  })
  .refine((d) => Math.abs(d.positive + d.neutral + d.negative - 1) <= DISTRIBUTION_TOLERANCE, {
    message: 'probabilities must add up to 1',
  });
export type OpinionDistribution = z.output<typeof opinionDistributionSchema>;

/** Scaled to add up to exactly 1 (a model's 0.33/0.33/0.33 becomes thirds), rounded to 4 places. */
export function normalizeDistribution(d: OpinionDistribution): OpinionDistribution {
  const total = d.positive + d.neutral + d.negative;
  if (total <= 0) return { positive: 0, neutral: 1, negative: 0 };
  const round = (value: number) => Math.round((value / total) * 10_000) / 10_000;
  const positive = round(d.positive);
  const negative = round(d.negative);
  return { positive, neutral: Math.round((1 - positive - negative) * 10_000) / 10_000, negative };
}

/** A persona's confidence is the peak of its distribution, not a separate self-report. */
export function confidenceOfDistribution(d: OpinionDistribution): number {
  return Math.round(Math.max(d.positive, d.neutral, d.negative) * 100) / 100;
}

/** The most likely opinion; ties go neutral first, then positive, so a tie never overstates a side. */
export function modeOf(d: OpinionDistribution): Opinion {
  const order: Opinion[] = ['neutral', 'positive', 'negative'];
  return order.reduce((best, o) => (d[o] > d[best] ? o : best), order[0]!);
}

// ---------------------------------------------------------------------------
// Seeded draws.

/** Draws per persona by default: the panel's intervals are computed over them. */
export const DEFAULT_DRAWS = 20;
/** A question's first run uses this seed, so the same question asked again is the same run. */
export const FIRST_RUN_SEED = 1;

/** FNV-1a, 32 bits: a stable number from text, the same in Node and the browser. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A generator of its own for each persona of a run: its draws do not depend on the others'. */
export function personaGenerator(seed: number, personaId: string): RandomGenerator {
  return xoroshiro128plus(hash32(`${seed}:${personaId}`) ^ Math.imul(seed, 0x9e3779b1));
}

const RESOLUTION = 1_000_000;

function uniform(rng: RandomGenerator): number {
  return unsafeUniformIntDistribution(0, RESOLUTION - 1, rng) / RESOLUTION;
}

/** One opinion drawn from the distribution by its cumulative probabilities (positive, neutral, negative). */
export function drawOpinion(d: OpinionDistribution, rng: RandomGenerator): Opinion {
  const u = uniform(rng);
  if (u < d.positive) return 'positive';
  if (u < d.positive + d.neutral) return 'neutral';
  return 'negative';
}

export type OpinionCounts = Record<Opinion, number>;

/**
 * `draws` opinions drawn for one persona of a run. The first is the persona's
 * opinion; all of them feed the panel's intervals. The same seed, persona and
 * distribution always give the same draws.
 */
export function drawsFor(
  d: OpinionDistribution,
  seed: number,
  personaId: string,
  draws: number = DEFAULT_DRAWS,
): { opinion: Opinion; counts: OpinionCounts } {
  const rng = personaGenerator(seed, personaId);
  const counts: OpinionCounts = { positive: 0, neutral: 0, negative: 0 };
  let first: Opinion | undefined;
  for (let i = 0; i < Math.max(1, draws); i++) {
    const opinion = drawOpinion(d, rng);
    first ??= opinion;
    counts[opinion] += 1;
  }
  return { opinion: first!, counts };
}

export const opinionCountsSchema = z.object({
  positive: z.number().int().min(0),
  neutral: z.number().int().min(0),
  negative: z.number().int().min(0),
});

// ---------------------------------------------------------------------------
// The panel's shares with intervals.

export const BOOTSTRAP_RESAMPLES = 1_000;
/** Fewer personas than this and the page says the result is indicative. */
export const INDICATIVE_BELOW_PERSONAS = 10;

export const intervalMethod =
  '95% percentile bootstrap over personas and draws (1,000 seeded resamples: personas drawn with replacement, then one of each persona’s draws)';

export interface ShareInterval {
  /** Percent, one decimal. */
  low: number;
  high: number;
}

export interface PanelEstimate {
  /** Percent of all draws, one decimal. */
  shares: Record<Opinion, number>;
  intervals: Record<Opinion, ShareInterval>;
  method: string;
  personas: number;
  drawsPerPersona: number;
  /** Too few personas for firm shares. */
  indicative: boolean;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The panel's shares (of every persona's draws) and their 95 % intervals by a
 * seeded percentile bootstrap: each resample draws the personas with
 * replacement and, for each, one of its draws; the interval spans the 2.5th
 * to 97.5th percentile of the resampled shares. Personas are the sampling
 * unit, so a small panel gets wide intervals however many draws it has.
 */
export function estimatePanel(
  personaCounts: readonly OpinionCounts[],
  seed: number,
): PanelEstimate {
  const n = personaCounts.length;
  const totals: OpinionCounts = { positive: 0, neutral: 0, negative: 0 };
  let all = 0;
  for (const c of personaCounts) {
    for (const o of opinions) totals[o] += c[o];
    all += c.positive + c.neutral + c.negative;
  }
  const shares = Object.fromEntries(
    opinions.map((o) => [o, all === 0 ? 0 : oneDecimal((totals[o] * 100) / all)]),
  ) as Record<Opinion, number>;
  const drawsPerPersona = n === 0 ? 0 : Math.round(all / n);
  const empty = { low: 0, high: 0 };
  if (n === 0 || all === 0) {
    return {
      shares,
      intervals: { positive: empty, neutral: empty, negative: empty },
      method: intervalMethod,
      personas: n,
      drawsPerPersona,
      indicative: true,
    };
  }
  const rng = xoroshiro128plus(hash32(`bootstrap:${seed}`));
  const resampled: Record<Opinion, number[]> = { positive: [], neutral: [], negative: [] };
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
    const tally: OpinionCounts = { positive: 0, neutral: 0, negative: 0 };
    for (let i = 0; i < n; i++) {
      const c = personaCounts[unsafeUniformIntDistribution(0, n - 1, rng)]!;
      const size = c.positive + c.neutral + c.negative;
      const k = unsafeUniformIntDistribution(0, Math.max(size, 1) - 1, rng);
      tally[k < c.positive ? 'positive' : k < c.positive + c.neutral ? 'neutral' : 'negative'] += 1;
    }
    for (const o of opinions) resampled[o].push((tally[o] * 100) / n);
  }
  const intervals = Object.fromEntries(
    opinions.map((o) => {
      const sorted = resampled[o].sort((a, b) => a - b);
      return [
        o,
        {
          low: oneDecimal(quantileSorted(sorted, 0.025)),
          high: oneDecimal(quantileSorted(sorted, 0.975)),
        },
      ];
    }),
  ) as Record<Opinion, ShareInterval>;
  return {
    shares,
    intervals,
    method: intervalMethod,
    personas: n,
    drawsPerPersona,
    indicative: n < INDICATIVE_BELOW_PERSONAS,
  };
}

/**
 * The opinion that leads by more than the intervals allow (its interval lies
 * wholly above every other opinion's), or undefined when the lead is within
 * the noise.
 */
export function supportedLead(estimate: PanelEstimate): Opinion | undefined {
  const ranked = [...opinions].sort((a, b) => estimate.shares[b] - estimate.shares[a]);
  const [lead, ...rest] = ranked as [Opinion, ...Opinion[]];
  return rest.every((o) => estimate.intervals[lead].low > estimate.intervals[o].high)
    ? lead
    : undefined;
}

/** The sentence the key insight adds about what the intervals support. */
export function intervalSentence(estimate: PanelEstimate): string {
  if (estimate.personas === 0) return '';
  const lead = supportedLead(estimate);
  const prefix = estimate.indicative
    ? `Indicative only: ${estimate.personas} ${estimate.personas === 1 ? 'persona is' : 'personas are'} too few for firm shares. `
    : '';
  if (lead) {
    const i = estimate.intervals[lead];
    return `${prefix}${capitalize(lead)} leads clearly: ${estimate.shares[lead]}% (95% interval ${i.low}–${i.high}%).`;
  }
  const ranked = [...opinions].sort((a, b) => estimate.shares[b] - estimate.shares[a]);
  return `${prefix}No opinion leads beyond the intervals: ${ranked[0]} and ${ranked[1]} overlap, so treat the difference between them as noise.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------
// Echo chamber.

/** Below this normalised entropy (0 = everyone alike, 1 = an even three-way split) the panel is flagged. */
export const ECHO_ENTROPY_THRESHOLD = 0.5;
/** The alarm needs a panel: one or two personas agreeing says nothing about spread. */
export const ECHO_MIN_PERSONAS = 3;

/** Shannon entropy of the shares, base 3, so 1 is an even split over the three opinions. */
export function normalizedEntropy(shares: Record<Opinion, number>): number {
  const total = shares.positive + shares.neutral + shares.negative;
  if (total <= 0) return 0;
  let h = 0;
  for (const o of opinions) {
    const p = shares[o] / total;
    if (p > 0) h -= p * Math.log(p);
  }
  return Math.round((h / Math.log(3)) * 1000) / 1000;
}

/**
 * True when the panel answers with too little spread: every persona drew the
 * same opinion, or the entropy of the shares is below the threshold.
 */
export function isEchoChamber(
  estimate: PanelEstimate,
  personaOpinions: readonly Opinion[],
): boolean {
  if (personaOpinions.length < ECHO_MIN_PERSONAS) return false;
  const allSame = personaOpinions.every((o) => o === personaOpinions[0]);
  return allSame || normalizedEntropy(estimate.shares) < ECHO_ENTROPY_THRESHOLD;
}

// ---------------------------------------------------------------------------
// Drift between two runs.

export interface DriftReport {
  /** True when some opinion's shares moved further than both runs' intervals allow. */
  drift: boolean;
  /** The opinion that moved most, and by how many points. */
  opinion: Opinion;
  points: number;
  text: string;
}

/**
 * Whether the shift from one run to the next is larger than the intervals:
 * an opinion drifted when its two intervals do not overlap.
 */
export function compareRuns(before: PanelEstimate, after: PanelEstimate): DriftReport {
  const moved = opinions
    .map((o) => ({ o, points: oneDecimal(after.shares[o] - before.shares[o]) }))
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))[0]!;
  const drifted = opinions.filter(
    (o) =>
      after.intervals[o].low > before.intervals[o].high ||
      after.intervals[o].high < before.intervals[o].low,
  );
  const signed = `${moved.points > 0 ? '+' : ''}${moved.points}`;
  const text =
    drifted.length > 0
      ? `Drift: ${drifted.join(' and ')} moved beyond the intervals (${moved.o} ${signed} points). Something changed between the runs — the model, the profile or the personas — so compare their run details before relying on either.`
      : `No drift: the largest shift (${moved.o} ${signed} points) is within the intervals, so the runs agree.`;
  return { drift: drifted.length > 0, opinion: moved.o, points: moved.points, text };
}
