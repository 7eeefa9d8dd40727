import { z } from 'zod';
import { businessProfileFields, type ProfileFieldName } from './business-profile';
import type { FollowUpTurnView } from './follow-ups';
import type { PanelRunView } from './panels';
import type { PastRun, QuestionAnalysis, RunDetails } from './question-runs';
import {
  type QuestionSpec,
  type SegmentCutView,
  questionSpecSchema,
  type QuestionType,
  type TypedAnswer,
  type TypedDrift,
  type TypedResult,
} from './typed-questions';
import {
  type DriftReport,
  opinionCountsSchema,
  opinionDistributionSchema,
  opinions,
} from './opinions';

/**
 * Strategic questions and the personas' answers: the request, the one schema
 * every answer is checked against (by the inference engines, by the catalog
 * before it stores an answer, and by the browser), and the aggregation of the
 * answers into percentages and a key insight.
 */

export const MIN_QUESTION_LENGTH = 10;
export const MAX_QUESTION_LENGTH = 500;
/** The question list is fetched again this often while any question is processing. */
export const QUESTION_POLL_INTERVAL_MS = 2_000;
/** The question form lists this many selected personas, then "+N more personas". */
export const QUESTION_FORM_PERSONAS_SHOWN = 3;
/** The product dashboard lists this many recent questions. */
export const DASHBOARD_RECENT_QUESTIONS = 5;

export const questionMessages = {
  tooShort: 'Question must be at least 10 characters',
  tooLong: 'Question must be less than 500 characters',
  /** The form's blocking toast when the product has no personas: title and message. */
  noPersonasTitle: 'No personas found',
  noPersonasDescription: 'Select at least one persona before asking questions.',
  /** What the API answers (400) when a product without personas is asked a question. */
  noPersonas: 'No personas found: Select at least one persona before asking questions.',
  productMismatch: 'productId must be the product named in the path',
  notFound: 'Question not found',
  deleted: 'Question deleted',
  submissionFailed: 'Submission failed',
  deleteFailed: 'Failed to delete question',
  /** A question in error asked again (same text, same personas). */
  retried: 'Asking your personas again',
  retryFailed: 'Failed to retry question',
  /** Fewer than three words: personas need a whole question to answer. */
  tooFewWords:
    'Write the question as a whole sentence of at least three words, e.g. "Would you pay $30 a month for a planner that organises your week?"',
  /** Emoji, digits or signs only. */
  noWords:
    'The question has no words. Write it out in letters, e.g. "Would you pay $30 a month for a planner that organises your week?"',
  /** HTML or other markup. */
  markup: 'Write the question as plain text, without HTML tags such as <b> or <script>.',
  /** Most words are not English. */
  notEnglish:
    'Personas answer questions written in English for now. Write the question in English, e.g. "Would you pay $30 a month for a planner that organises your week?"',
} as const;

/**
 * What is wrong with a question's text, in plain words, or null: too few
 * words, no letters at all, or HTML. Length is checked by the schema's own
 * limits; the language by the gateway, whose detector is too large to ship
 * to every page.
 */
function questionTextProblem(text: string): string | null {
  if (/<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i.test(text) || /<!--|&lt;|&#\d+;/i.test(text)) {
    return questionMessages.markup;
  }
  const words = text.match(/[\p{L}\p{M}'’]+/gu) ?? [];
  if (words.length === 0) return questionMessages.noWords;
  // Scripts written without spaces (Chinese, Japanese, Thai) have no word count
  // to check: whether the question is in English is told where it is asked.
  const letters = text.match(/\p{L}/gu) ?? [];
  const latin = text.match(/\p{Script=Latin}/gu) ?? [];
  if (latin.length < letters.length / 2) return null;
  if (words.length < 3) return questionMessages.tooFewWords;
  return null;
}

export const questionStatuses = ['pending', 'processing', 'complete', 'error'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

export const safetyInfluences = ['high', 'medium', 'low'] as const;
export type SafetyInfluence = (typeof safetyInfluences)[number];

/**
 * The persona attributes an answer may name as its grounds, with the label
 * the questions page shows. Safety scores are named one by one.
 */
export const personaAttributes = [
  { name: 'age', label: 'Age' },
  { name: 'gender', label: 'Gender' },
  { name: 'occupation', label: 'Occupation' },
  { name: 'location', label: 'Location' },
  { name: 'income', label: 'Income' },
  { name: 'lifestyle', label: 'Lifestyle' },
  { name: 'motivations', label: 'Motivations' },
  { name: 'personality', label: 'Personality' },
  { name: 'safetyScores.economic', label: 'Economic safety' },
  { name: 'safetyScores.world', label: 'World safety' },
  { name: 'safetyScores.local', label: 'Local safety' },
  { name: 'safetyScores.occupation', label: 'Occupation safety' },
] as const;
export type PersonaAttributeName = (typeof personaAttributes)[number]['name'];

export const personaAttributeNames = personaAttributes.map((a) => a.name) as [
  PersonaAttributeName,
  ...PersonaAttributeName[],
];

export function personaAttributeLabel(name: PersonaAttributeName): string {
  return personaAttributes.find((a) => a.name === name)?.label ?? name;
}

const profileFieldNames = businessProfileFields.map((f) => f.name) as [
  ProfileFieldName,
  ...ProfileFieldName[],
];

/** The business profile label of a field ("pricingModels" -> "Pricing Models"). */
export function profileFieldLabel(name: ProfileFieldName): string {
  return businessProfileFields.find((f) => f.name === name)?.label ?? name;
}

export const MAX_ANSWER_TEXT = 2_000;

const answerText = (what: string) =>
  z
    .string(`${what} must be text`)
    .trim()
    .min(1, `${what} is empty`)
    .max(MAX_ANSWER_TEXT, `${what} must be at most ${MAX_ANSWER_TEXT} characters`);

/**
 * What a persona says about a question: the part an inference engine
 * produces. Grounding names the persona attributes and business-profile
 * fields that drove the answer, so a reader can check the reasons.
 */
export const personaAnswerSchema = z.object({
  opinion: z.enum(opinions),
  confidence: z.number().min(0).max(1),
  safetyInfluence: z.enum(safetyInfluences),
  response: answerText('response'),
  reasoning: answerText('reasoning'),
  grounding: z.object({
    personaAttributes: z.array(z.enum(personaAttributeNames)).max(personaAttributes.length),
    profileFields: z.array(z.enum(profileFieldNames)).max(businessProfileFields.length),
  }),
});
export type PersonaAnswer = z.output<typeof personaAnswerSchema>;

/**
 * What an engine gives for one persona: the probabilities of each opinion
 * (Chorus draws the opinion from them in code), the answer in the persona's
 * voice, the reasoning and its grounds.
 */
export const engineAnswerSchema = personaAnswerSchema
  .omit({ opinion: true, confidence: true })
  .extend({ distribution: opinionDistributionSchema });
export type EngineAnswer = z.output<typeof engineAnswerSchema>;

/**
 * One persona's answer to a question, as stored and shown: the answer plus
 * who gave it. The opinion is the distribution's most likely one and the
 * confidence that opinion's probability; answers stored before distributions
 * have neither.
 */
export const personaResponseSchema = personaAnswerSchema.extend({
  /** The product persona that answered. */
  personaId: z.string().min(1).max(100),
  personaName: z.string().trim().min(1).max(200),
  distribution: opinionDistributionSchema.optional(),
  /** How the persona's seeded draws fell: the panel's intervals are computed over them. */
  draws: opinionCountsSchema.optional(),
  /** The persona's segment on each trait a result can be cut by (age band, income band…). */
  segments: z.record(z.string().max(40), z.string().max(120)).optional(),
  /** A typed question's answer, every seeded draw kept (absent for an open opinion question). */
  typed: z.custom<TypedAnswer>().optional(),
});
export type PersonaResponse = z.output<typeof personaResponseSchema>;

export const aggregatedResultsSchema = z
  .object({
    positive: z.number().int().min(0).max(100),
    neutral: z.number().int().min(0).max(100),
    negative: z.number().int().min(0).max(100),
    keyInsight: z.string().trim().min(1).max(MAX_ANSWER_TEXT),
  })
  .refine((r) => r.positive + r.neutral + r.negative === 100, {
    message: 'percentages must add up to 100',
  });
export type AggregatedResults = z.output<typeof aggregatedResultsSchema>;

/** A question as the API answers it (questions page, dashboard). */
export interface QuestionView {
  id: string;
  productId: string;
  questionText: string;
  status: QuestionStatus;
  createdAt: string;
  updatedAt: string;
  /** Set once the question is complete. */
  aggregatedResults: AggregatedResults | null;
  responses: PersonaResponse[];
  /** Why answering failed (status error), in words a customer can read. */
  errorReason: string | null;
  /** The run's seed: the first run uses 1, each re-run the next. */
  seed: number;
  /** Whether the question is also asked in a neutral and a reversed framing. */
  checkWording: boolean;
  /** While it is being answered: answers stored so far, of how many personas. */
  progress: { answered: number; total: number } | null;
  /** What the run was and what it cost (set once complete). */
  run: RunDetails | null;
  /** The shares with intervals and the alarms, from the answers (set once complete). */
  analysis: QuestionAnalysis | null;
  /** Earlier runs, oldest first. */
  previousRuns: PastRun[];
  /** The latest run against the one before, once there are two. */
  drift: DriftReport | null;
  /** Follow-up conversations with the personas, oldest turn first. */
  followUps: FollowUpTurnView[];
  /** The question's type: `opinion` (the open question) unless a typed one was asked. */
  type: QuestionType;
  /** The type's settings (null for an open opinion question). */
  spec: QuestionSpec | null;
  /** The type's figures with their intervals, computed once when the answers were stored. */
  typedResult: TypedResult | null;
  /** The study the question belongs to, if any. */
  studyId: string | null;
  /** A typed question's figures cut by each persona trait the panel varies in (empty otherwise). */
  segmentCuts: SegmentCutView[];
  /** A typed question's headline figure against the run before (null for a first run). */
  typedDrift: TypedDrift | null;
  /** Asked of a market panel: the panel, how many answered, the weighted figures (null otherwise). */
  panel: PanelRunView | null;
}

/** A study as the API answers it: its questions in the order they were given. */
export interface StudyView {
  id: string;
  productId: string;
  name: string;
  offer: string;
  createdAt: string;
  questions: QuestionView[];
}

/** POST /api/products/{id}/questions. productId repeats the path's id, as the page sends it. */
export const askQuestionRequest = z
  .object({
    questionText: z
      .string(questionMessages.tooShort)
      .trim()
      .min(MIN_QUESTION_LENGTH, questionMessages.tooShort)
      .max(MAX_QUESTION_LENGTH, questionMessages.tooLong)
      .superRefine((text, ctx) => {
        const problem = questionTextProblem(text);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    productId: z.string().max(100).optional(),
    /** Also ask a neutral and a reversed framing, and report how far the answer moves. */
    checkWording: z.boolean('checkWording must be true or false').optional(),
    /** A typed question's settings; absent: the open opinion question. */
    spec: questionSpecSchema.optional(),
    /** Asked of a ready market panel instead of the product's chosen personas. */
    panelId: z.string('panelId must be text').trim().min(1).max(100).optional(),
    /** The chosen personas' answers weighted to a population (a market panel is weighted to its own). */
    weightTo: z.enum(['us', 'uk', 'de', 'in'], 'weightTo is us, uk, de or in').optional(),
  })
  .refine((body) => !(body.panelId && body.weightTo), {
    message: 'A market panel is weighted to its own population: leave out weightTo.',
    path: ['weightTo'],
  });

// ---------------------------------------------------------------------------
// Aggregation.
