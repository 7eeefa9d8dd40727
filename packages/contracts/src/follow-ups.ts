import { z } from 'zod';

/**
 * Follow-up interviews: after a question is answered, the asker talks with
 * one persona (or every persona of the question at once), which remembers
 * its earlier answer and the conversation so far.
 */

export const MAX_FOLLOW_UP_LENGTH = 1_000;

export const followUpMessages = {
  empty: 'Write a follow-up question first',
  tooLong: `A follow-up must be at most ${MAX_FOLLOW_UP_LENGTH.toLocaleString('en-US')} characters`,
  notAnswered: 'Follow-ups can be asked once the question is answered.',
  personaNotAsked: 'That persona did not answer this question.',
  personaGone: 'That persona is no longer on this product, so it cannot be interviewed.',
  nothingToRetry: 'Only a reply that was cut off or failed can be retried.',
  interrupted: 'The reply was interrupted before it finished. Retry to ask again.',
  closed: 'The page was closed before the reply finished. Retry to ask again.',
} as const;

/** POST /api/products/{id}/questions/{questionId}/follow-ups */
export const followUpRequest = z
  .object({
    message: z
      .string(followUpMessages.empty)
      .trim()
      .max(MAX_FOLLOW_UP_LENGTH, followUpMessages.tooLong)
      .optional(),
    /** One persona of the question; absent: every persona that answered it. */
    personaId: z.string().min(1).max(100).optional(),
    /** A reply that was cut off or failed, asked again with its own message. */
    retryOf: z.string().min(1).max(100).optional(),
  })
  .refine((body) => body.retryOf !== undefined || (body.message ?? '').length > 0, {
    message: followUpMessages.empty,
    path: ['message'],
  });

export const followUpStatuses = ['complete', 'writing', 'partial', 'failed'] as const;
export type FollowUpStatus = (typeof followUpStatuses)[number];

/** One turn of a follow-up conversation, as the API answers it. */
export interface FollowUpTurnView {
  id: string;
  personaId: string;
  personaName: string;
  role: 'asker' | 'persona';
  text: string;
  status: FollowUpStatus;
  /** Why a reply is partial or failed. */
  error: string | null;
  createdAt: string;
}

/** The events of the follow-up stream, as the page reads them. */
export type FollowUpEvent =
  | {
      event: 'start';
      data: { replies: { replyId: string; personaId: string; personaName: string }[] };
    }
  | { event: 'delta'; data: { replyId: string; text: string } }
  | {
      event: 'done';
      data: { replyId: string; status: FollowUpStatus; error: string | null; text: string };
    }
  | { event: 'end'; data: Record<string, never> };
