import { z } from 'zod';

/**
 * The shape of a wording check of a survey question (computed by
 * `checkWording` in @chorus/research, and by a model judge when a model is
 * configured): the kinds of leading wording survey methodology names, each
 * finding with its words and why it steers, a neutral rewording, and the
 * question framed the other way round for the wording-sensitivity check.
 */

export const leadingKinds = [
  'loaded-words',
  'presupposition',
  'social-proof',
  'agreement-framing',
  'identity-appeal',
  'assumptive-why',
  'loaded-choice',
  'double-barrelled',
  'praise-hypothetical',
] as const;
export type LeadingKind = (typeof leadingKinds)[number];

/** Each kind in plain words, as a product manager reads it. */
export const leadingKindLabels: Record<LeadingKind, string> = {
  'loaded-words': 'Loaded words',
  presupposition: 'Assumes something',
  'social-proof': 'Points to what others do',
  'agreement-framing': 'Invites agreement',
  'identity-appeal': 'Appeals to identity or feelings',
  'assumptive-why': 'A "why" that assumes the answer',
  'loaded-choice': 'A loaded either-or',
  'double-barrelled': 'Two questions in one',
  'praise-hypothetical': 'Praise in a "what if"',
};

const wordingFindingSchema = z.object({
  kind: z.enum(leadingKinds),
  /** The words in the question that steer the answer, as written. */
  phrase: z.string().max(500),
  /** One plain sentence: why these words steer the answer. */
  why: z.string().max(500),
});
export type WordingFinding = z.output<typeof wordingFindingSchema>;

/** A model's verdict on the wording, when a model is configured (cached like answers). */
export const wordingJudgeSchema = z.object({
  leading: z.boolean(),
  kinds: z.array(z.enum(leadingKinds)).max(leadingKinds.length),
  reason: z.string().max(1_000),
  model: z.string().max(200),
  /**
   * The neutral and reversed framings the model wrote, as it wrote them:
   * kept with the verdict (and cached with it) and vetted by the same gates
   * as the rules' before either is offered. Not sent on to readers.
   */
  framings: z
    .object({ neutral: z.string().max(1_000), reversed: z.string().max(1_000) })
    .optional(),
});
export type WordingJudge = z.output<typeof wordingJudgeSchema>;

/** One change to make by hand when no rewording can be offered safely. */
const wordingEditSchema = z.object({
  /** The words in the question to change, as written. */
  phrase: z.string().max(500),
  change: z.enum(['remove', 'replace']),
  /** The words to put in their place, when there is a clear one. */
  suggestion: z.string().max(500).optional(),
  /** Plain words: why, and what to do. */
  why: z.string().max(1_000),
});
export type WordingEdit = z.output<typeof wordingEditSchema>;

export const wordingCheckSchema = z.object({
  /** True when there is any finding (or the model judge found the question leading). */
  leading: z.boolean(),
  findings: z.array(wordingFindingSchema).max(20),
  /**
   * A neutral rewording that passed every check of a rewording (free of
   * findings, nothing said twice, no pronoun left without what it stood for,
   * the question's verb and offer kept). The question as written when nothing
   * was found, or when no rewording passed (`rewording` is then 'edit-yourself').
   */
  neutral: z.string().max(1_000),
  /**
   * 'ready': `neutral` may be used as it stands. 'edit-yourself': no safe
   * rewording was found; `edits` says which words to remove or change.
   */
  rewording: z.enum(['ready', 'edit-yourself']).default('ready'),
  /** The changes to make by hand when `rewording` is 'edit-yourself'; empty otherwise. */
  edits: z.array(wordingEditSchema).max(20).default([]),
  /**
   * The same question framed the other way round, passing the same checks:
   * the sensitivity check asks it too. The question as written when
   * `reversedReady` is false, and then the sensitivity check does not run.
   */
  reversed: z.string().max(1_000),
  reversedReady: z.boolean().default(false),
  judge: wordingJudgeSchema.optional(),
});
export type WordingCheck = z.output<typeof wordingCheckSchema>;
