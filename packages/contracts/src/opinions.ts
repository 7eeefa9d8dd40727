import { z } from 'zod';

/**
 * The shapes of a researcher's answers: each persona's answer is a probability
 * distribution over the three opinions, drawn from in code, and the panel's
 * shares come with intervals. The computations live in @chorus/research; the
 * schemas and views that cross a boundary live here.
 */

export const opinions = ['positive', 'neutral', 'negative'] as const;
export type Opinion = (typeof opinions)[number];

/** How far a distribution's probabilities may add up from 1 before it is refused. */
const DISTRIBUTION_TOLERANCE = 0.02;

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

/** Draws per persona by default: the panel's intervals are computed over them. */
export const DEFAULT_DRAWS = 20;
/** A question's first run uses this seed, so the same question asked again is the same run. */
export const FIRST_RUN_SEED = 1;

export type OpinionCounts = Record<Opinion, number>;

export const opinionCountsSchema = z.object({
  positive: z.number().int().min(0),
  neutral: z.number().int().min(0),
  negative: z.number().int().min(0),
});

/** Fewer personas than this and the page says the result is indicative. */
export const INDICATIVE_BELOW_PERSONAS = 10;

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

export interface DriftReport {
  /** True when some opinion's shares moved further than both runs' intervals allow. */
  drift: boolean;
  /** The opinion that moved most, and by how many points. */
  opinion: Opinion;
  points: number;
  text: string;
}
