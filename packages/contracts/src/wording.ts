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
});
export type WordingJudge = z.output<typeof wordingJudgeSchema>;

export const wordingCheckSchema = z.object({
  /** True when there is any finding (or the model judge found the question leading). */
  leading: z.boolean(),
  findings: z.array(wordingFindingSchema).max(20),
  /** A neutral rewording: grammatical, and itself free of findings. The question itself when nothing was found. */
  neutral: z.string().max(1_000),
  /** The same question framed the other way round, itself free of findings: the sensitivity check asks it too. */
  reversed: z.string().max(1_000),
  judge: wordingJudgeSchema.optional(),
});
export type WordingCheck = z.output<typeof wordingCheckSchema>;
