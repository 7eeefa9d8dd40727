import { z } from 'zod';
import { MAX_FEEDBACK_PERSONAS } from './roadmap-feedback';

/*
 * Share links: public pages where real people rate an item or rank several,
 * and the figures that set their answers beside the personas' predictions.
 * The same schemas check a response in the browser and in the gateway.
 */

export const SHARE_DEFAULT_DAYS = 14;
export const SHARE_MAX_DAYS = 90;
export const SHARE_COMMENT_MAX = 2000;
const SHARE_NAME_MAX = 100;
const SHARE_EMAIL_MAX = 254;
const COMPARE_MIN_ITEMS = 2;
export const COMPARE_MAX_ITEMS = 10;
/** Below this many human responses an agreement figure is shown as "too few to judge". */
export const AGREEMENT_MIN_RESPONSES = 10;
/** How long a response is kept after its link expires; the public page says so. */
export const SHARE_RETENTION_DAYS = 365;

export const shareFeedbackTypes = ['rating', 'thumbs', 'text'] as const;
export type ShareFeedbackType = (typeof shareFeedbackTypes)[number];
export type ShareKind = 'item' | 'comparison';

export const shareMessages = {
  feedbackType: 'Choose rating, thumbs or text',
  expiry: `A link expires after 1 to ${SHARE_MAX_DAYS} days`,
  tooManyPersonas: `Choose at most ${MAX_FEEDBACK_PERSONAS} personas`,
  items: `Choose ${COMPARE_MIN_ITEMS} to ${COMPARE_MAX_ITEMS} items to compare`,
  duplicateItems: 'Each item can be chosen once',
  commentTooLong: `Comments can be at most ${SHARE_COMMENT_MAX} characters`,
  nameTooLong: `Names can be at most ${SHARE_NAME_MAX} characters`,
  email: 'Enter a valid e-mail address or leave it empty',
  rating: 'Choose a rating from 1 to 5',
  thumbs: 'Choose thumbs up or thumbs down',
  text: 'Write your answer',
  ranking: 'Rank every item once',
  wrongAnswer: 'This link asks for a different kind of answer',
  commentsOff: 'This link does not take comments',
  unavailable: 'This link has expired or is no longer active.',
  linkNotFound: 'Share link not found',
  tooMany: 'Too many responses from here. Try again in a minute.',
  copied: 'Copied',
  copyFailed: 'Unable to copy to clipboard.',
} as const;

const expiresInDays = z
  .number({ error: shareMessages.expiry })
  .int(shareMessages.expiry)
  .min(1, shareMessages.expiry)
  .max(SHARE_MAX_DAYS, shareMessages.expiry)
  .default(SHARE_DEFAULT_DAYS);

const personaIds = z
  .array(z.string().trim().min(1).max(100))
  .max(MAX_FEEDBACK_PERSONAS, shareMessages.tooManyPersonas)
  .default([]);

/** The share dialog's form: a public link to one item. */
export const createShareLinkRequest = z.object({
  feedbackType: z.enum(shareFeedbackTypes, { error: shareMessages.feedbackType }).default('rating'),
  allowComments: z.boolean().default(true),
  expiresInDays,
  personaIds,
});
export type CreateShareLinkRequest = z.infer<typeof createShareLinkRequest>;

/** A public link asking people to rank 2-10 items of one roadmap. */
export const createComparisonLinkRequest = z.object({
  itemIds: z
    .array(z.string().trim().min(1).max(100))
    .min(COMPARE_MIN_ITEMS, shareMessages.items)
    .max(COMPARE_MAX_ITEMS, shareMessages.items)
    .refine((ids) => new Set(ids).size === ids.length, shareMessages.duplicateItems),
  title: z.string().trim().max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  allowComments: z.boolean().default(true),
  expiresInDays,
  personaIds,
});
export type CreateComparisonLinkRequest = z.infer<typeof createComparisonLinkRequest>;

/** One answer; which kind a link takes is its feedback type (ranking for a comparison). */
export const shareAnswer = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('rating'),
      rating: z
        .number({ error: shareMessages.rating })
        .int(shareMessages.rating)
        .min(1, shareMessages.rating)
        .max(5, shareMessages.rating),
    }),
    z.object({
      type: z.literal('thumbs'),
      thumbs: z.enum(['up', 'down'], { error: shareMessages.thumbs }),
    }),
    z.object({
      type: z.literal('text'),
      text: z
        .string({ error: shareMessages.text })
        .trim()
        .min(1, shareMessages.text)
        .max(SHARE_COMMENT_MAX, shareMessages.commentTooLong),
    }),
    z.object({
      type: z.literal('ranking'),
      ranking: z
        .array(z.string().min(1).max(100), { error: shareMessages.ranking })
        .min(COMPARE_MIN_ITEMS, shareMessages.ranking)
        .max(COMPARE_MAX_ITEMS, shareMessages.ranking),
    }),
  ],
  { error: shareMessages.wrongAnswer },
);
export type ShareAnswer = z.infer<typeof shareAnswer>;

/** What the public page sends. */
export const shareResponseRequest = z.object({
  answer: shareAnswer,
  comment: z.string().trim().max(SHARE_COMMENT_MAX, shareMessages.commentTooLong).optional(),
  name: z.string().trim().max(SHARE_NAME_MAX, shareMessages.nameTooLong).optional(),
  email: z
    .union([
      z.literal(''),
      z.email({ error: shareMessages.email }).max(SHARE_EMAIL_MAX, shareMessages.email),
    ])
    .optional(),
});
export type ShareResponseRequest = z.infer<typeof shareResponseRequest>;

/*
 * Agreement between people and personas: the figures are computed in
 * @chorus/research (agreement.ts); this is their shape.
 */

type AgreementMethod = 'jensen-shannon' | 'spearman';

export interface Agreement {
  method: AgreementMethod;
  /** Jensen-Shannon distance (0 best) or Spearman correlation (1 best); null without both sides or without an order. */
  value: number | null;
  responses: number;
  tooFew: boolean;
  /** "well", "fairly well", "poorly" (the agreement levels of docs/research.md), or null when there is nothing to compare. */
  level: 'well' | 'fairly well' | 'poorly' | null;
  /** The headline in plain words. */
  label: string;
  /** What the figure means, in plain words ("How far people and personas differ: 0.28 of 1, ..."). */
  text?: string | undefined;
  /** The measure by its technical name and value, shown one click away. */
  technical?: string | undefined;
}

/*
 * What the browser sees.
 */

export interface ShareLinkView {
  id: string;
  kind: ShareKind;
  feedbackType: ShareFeedbackType | 'ranking';
  allowComments: boolean;
  isActive: boolean;
  /** active, expired or deactivated */
  status: 'active' | 'expired' | 'deactivated';
  expiresAt: string;
  accessCount: number;
  responseCount: number;
  personaIds: string[];
  itemId: string | null;
  roadmapId: string;
  itemIds: string[];
  title: string;
  createdAt: string;
  /** The public page's path, for its owner to copy again; null for links made before addresses were kept. */
  path: string | null;
}

/** A new link, with its token. */
export interface CreatedShareLinkView extends ShareLinkView {
  token: string;
  path: string;
}

export interface PublicShareView {
  kind: ShareKind;
  feedbackType: ShareFeedbackType | 'ranking';
  allowComments: boolean;
  productName: string;
  title: string;
  description: string;
  items: { id: string; title: string; description: string }[];
  expiresAt: string;
  retentionDays: number;
  /**
   * This browser's last answer to the link (read from its respondent
   * cookie), shown filled in so sending again replaces it; null when it
   * has not answered.
   */
  myResponse: OwnShareResponseView | null;
}

/** What a respondent sent last: their own answer, comment, name and e-mail. */
export interface OwnShareResponseView {
  answer: ShareAnswer;
  comment: string;
  name: string;
  email: string;
  updatedAt: string;
}

export interface ShareResponseView {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  answer: ShareAnswer;
  comment: string;
  sentiment: string;
}

export interface PersonaPredictionView {
  personaId: string;
  personaName: string;
  rating: number | null;
  order: string[];
}

export type ShareDistribution =
  | { kind: 'rating'; human: number[]; persona: number[] }
  | { kind: 'thumbs'; human: number[]; persona: number[] }
  | { kind: 'text' }
  | {
      kind: 'ranking';
      human: { itemId: string; title: string; points: number }[];
      persona: { itemId: string; title: string; points: number }[];
    };

export interface ShareResultsView {
  link: ShareLinkView;
  items: { id: string; title: string; description: string }[];
  responseCount: number;
  distribution: ShareDistribution;
  /** Null for text answers, which have nothing to compare. */
  agreement: Agreement | null;
  sentiment: { positive: number; neutral: number; negative: number };
  /** Responses per day, oldest first. */
  overTime: { date: string; count: number }[];
  comments: { name: string; text: string; createdAt: string }[];
  predictions: PersonaPredictionView[];
  responses: ShareResponseView[];
}
