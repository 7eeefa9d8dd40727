import { z } from 'zod';
import type { TypedAnswer } from './typed-questions';

// Market panels: samples of personas drawn to a population's shares (a
// country's national statistics, or the customer's own target shares),
// weighted to it, and asked like the product's chosen personas.

export const MIN_PANEL_SIZE = 50;
export const MAX_PANEL_SIZE = 5_000;
/** A frame CSV (shares or customers) sent with a panel, at most this many characters. */
export const MAX_FRAME_CSV_LENGTH = 1_000_000;
/** The population frames shipped with Chorus. */
const NATIONAL_FRAME_IDS = ['us', 'uk', 'de', 'in'] as const;
export type NationalFrameId = (typeof NATIONAL_FRAME_IDS)[number];
/** A panel question's persona answers per page, at most. */
const MAX_PANEL_ANSWERS_PAGE = 100;

export const panelMessages = {
  notFound: 'Panel not found',
  name: 'Give the panel a name (at most 100 characters).',
  size: `A panel has between ${MIN_PANEL_SIZE.toLocaleString('en-US')} and ${MAX_PANEL_SIZE.toLocaleString('en-US')} personas.`,
  frame: 'Choose a population: the United States, the United Kingdom, Germany or India.',
  oneCsv: 'Send either your target shares or your customer list, not both.',
  csvTooLong: 'The file is too large: at most 1 MB.',
  notReady: (status: string) =>
    status === 'failed'
      ? 'This panel could not be built. Draw it again or build another.'
      : 'This panel is still being built. Ask it once it is ready.',
  noWordingCheck:
    'The wording sensitivity check asks every persona three times; it runs on your chosen personas, not on a market panel.',
  notPanelQuestion: 'This question was asked of your chosen personas: their answers are on it.',
  deleted: 'The panel this question was asked of has been deleted, so it cannot be asked again.',
  stillBuilding: 'This panel is still being built. Wait for it to finish before drawing it again.',
} as const;

const panelFilterSchema = z.object({
  trait: z.string('Each filter names a trait').trim().min(1, 'Each filter names a trait').max(100),
  /** Keep only these levels of the trait. */
  levels: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  /** Income only: keep bands at or above this yearly amount (the population's currency). */
  min: z.number('The minimum income must be a number').nonnegative().optional(),
  /** Income only: keep bands at or below this yearly amount. */
  max: z.number('The maximum income must be a number').nonnegative().optional(),
});
export type PanelFilter = z.output<typeof panelFilterSchema>;

export const createPanelRequest = z
  .object({
    name: z
      .string(panelMessages.name)
      .trim()
      .min(1, panelMessages.name)
      .max(100, panelMessages.name),
    /** The population drawn to; a CSV adds to or replaces its traits. */
    frame: z.enum(NATIONAL_FRAME_IDS, panelMessages.frame),
    /** Target shares: a CSV of trait, level, share. */
    sharesCsv: z.string().max(MAX_FRAME_CSV_LENGTH, panelMessages.csvTooLong).optional(),
    /** The customer's own records: each column of a few values becomes a trait with its shares. */
    customersCsv: z.string().max(MAX_FRAME_CSV_LENGTH, panelMessages.csvTooLong).optional(),
    filters: z.array(panelFilterSchema).max(12, 'At most 12 filters').default([]),
    size: z
      .number(panelMessages.size)
      .int(panelMessages.size)
      .min(MIN_PANEL_SIZE, panelMessages.size)
      .max(MAX_PANEL_SIZE, panelMessages.size),
  })
  .refine((body) => !(body.sharesCsv && body.customersCsv), { message: panelMessages.oneCsv });
export type CreatePanelRequest = z.output<typeof createPanelRequest>;

export const panelAnswersQuery = z.object({
  page: z.coerce
    .number('page must be a number')
    .int('page must be a whole number')
    .min(1)
    .default(1),
  pageSize: z.coerce
    .number('pageSize must be a number')
    .int('pageSize must be a whole number')
    .min(1, `pageSize is between 1 and ${MAX_PANEL_ANSWERS_PAGE}`)
    .max(MAX_PANEL_ANSWERS_PAGE, `pageSize is between 1 and ${MAX_PANEL_ANSWERS_PAGE}`)
    .default(25),
  search: z.string().trim().max(200, 'Search at most 200 characters').default(''),
  opinion: z
    .enum(['positive', 'neutral', 'negative'], 'opinion is positive, neutral or negative')
    .optional(),
});

// ---------------------------------------------------------------------------
// Views.

interface FrameLevelView {
  id: string;
  label: string;
  share: number;
  min: number | null;
  max: number | null;
}

interface FrameTraitView {
  id: string;
  label: string;
  source: string;
  levels: FrameLevelView[];
}

interface FrameSourceView {
  publisher: string;
  title: string;
  year: number;
  url: string;
}

/** A population a panel is drawn to, with its sources. */
export interface PopulationFrameView {
  id: string;
  name: string;
  country: string;
  currency: string;
  population: string;
  year: number;
  sources: FrameSourceView[];
  traits: FrameTraitView[];
  /** Joint shares of two traits (age band × sex), cells keyed `levelA|levelB`; null: independent. */
  joint: { traits: [string, string]; shares: Record<string, number> } | null;
}

interface MakeUpLevelView {
  id: string;
  label: string;
  panelShare: number;
  frameShare: number;
}

export interface PanelMakeUpView {
  trait: string;
  label: string;
  levels: MakeUpLevelView[];
}

/** Where the people answering differ from the population by 5 points or more. */
export interface FrameGapView {
  trait: string;
  level: string;
  label: string;
  panelShare: number;
  frameShare: number;
  sentence: string;
}

export type PanelStatus = 'building' | 'ready' | 'failed';

export interface MarketPanelView {
  id: string;
  productId: string;
  name: string;
  /** us, uk, de, in, or custom (the customer's own shares over a country). */
  baseFrameId: string;
  /** The population drawn to, filters applied. */
  frame: PopulationFrameView;
  filters: PanelFilter[];
  size: number;
  seed: number;
  version: number;
  status: PanelStatus;
  /** Personas built so far, of size. */
  built: number;
  errorReason: string | null;
  engine: 'local' | 'openai';
  costUsd: number;
  createdAt: string;
  updatedAt: string;
  makeUp: PanelMakeUpView[];
  gaps: FrameGapView[];
  /** Of the raking weights, once ready. */
  weights: { designEffect: number; effectiveSampleSize: number; maxWeight: number } | null;
  /** Questions asked of it. */
  questions: number;
}

export interface PanelBuildEstimate {
  engine: 'local' | 'openai';
  model: string;
  size: number;
  modelCalls: number;
  costUsd: number | null;
  /** The population drawn to, filters applied: what the panel will look like. */
  frame: PopulationFrameView;
}

export interface WeightedShareView {
  share: number;
  low: number;
  high: number;
}

export interface WeightedOpinionsView {
  positive: WeightedShareView;
  neutral: WeightedShareView;
  negative: WeightedShareView;
  respondents: number;
  /** Kish's design effect of the weights: how much the weighting widens the intervals. */
  designEffect: number;
  /** Kish's effective sample size: as many independent respondents as the weighted ones are worth. */
  effectiveSampleSize: number;
}

interface WeightedSegmentView {
  level: string;
  label: string;
  respondents: number;
  effectiveSampleSize: number;
  tooFew: boolean;
  opinions: WeightedOpinionsView | null;
}

interface WeightedCutNoteView {
  opinion: 'positive' | 'neutral' | 'negative';
  segments: [string, string];
  difference: number;
  z: number;
  pValue: number;
  note: string;
}

export interface WeightedCutView {
  trait: string;
  label: string;
  segments: WeightedSegmentView[];
  notes: WeightedCutNoteView[];
}

/** A question asked of a market panel: who answered, and the weighted figures. */
export interface PanelRunView {
  panelId: string;
  panelName: string;
  panelVersion: number;
  size: number;
  answered: number;
  frameName: string;
  weighted: WeightedOpinionsView | null;
  cuts: WeightedCutView[];
  /** What was weighted, in plain words. */
  note: string;
  gaps: FrameGapView[];
}

export interface PanelAnswerView {
  index: number;
  personaName: string;
  age: number;
  occupation: string;
  location: string;
  traits: Record<string, string>;
  weight: number;
  opinion: 'positive' | 'neutral' | 'negative';
  confidence: number;
  /** The persona's seeded draws per opinion: the weighted shares are of these. */
  draws: { positive: number; neutral: number; negative: number };
  /** A typed question's answer: every seeded draw (null for an open opinion question). */
  typed: TypedAnswer | null;
  response: string;
  reasoning: string;
}

export interface PanelAnswersView {
  answers: PanelAnswerView[];
  total: number;
  page: number;
  pageSize: number;
}
