import { type FollowUpEvent, followUpMessages, type FollowUpStatus } from '@chorus/contracts';
import { isServiceError, type Logger } from '@chorus/service-kit';
import type { FollowUpResponse } from '@chorus/proto/inference/v1/answers';
import type { Response } from 'express';
import pLimit from 'p-limit';
import type { ServiceClients } from '../clients';
import { startEventStream } from '../sse';

/** Replies written at once when every persona of a question is asked. */
const REPLIES_AT_ONCE = 4;

function send(res: Response, event: FollowUpEvent): void {
  res.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
}

/**
 * A follow-up interview, streamed to the page as server-sent events: the
 * catalog stores the message and the replies being written and says what
 * each persona remembers; persona inference writes each reply
 * (server-streaming gRPC), whose pieces go to the page as they come
 * (`delta`); each reply is stored as it ended — complete, or partial with
 * what was said when the stream broke or the page went away — and `done`
 * says so, so the page never waits on a reply that will not come.
 */
export async function streamFollowUps(
  res: Response,
  deps: { clients: ServiceClients; logger: Logger },
  ask: {
    userId: string;
    productId: string;
    questionId: string;
    personaId?: string | undefined;
    message?: string | undefined;
    retryOf?: string | undefined;
  },
): Promise<void> {
  const { catalog, inference } = deps.clients;
  // Refusals (another user's question, not answered yet...) answer as JSON, before the stream opens.
  const { contexts } = await catalog.startFollowUps({
    userId: ask.userId,
    productId: ask.productId,
    questionId: ask.questionId,
    personaIds: ask.personaId ? [ask.personaId] : [],
    message: ask.message ?? '',
    retryOf: ask.retryOf ?? '',
  });
  startEventStream(res);
  const pageGone = new AbortController();
  res.on('close', () => pageGone.abort());
  send(res, {
    event: 'start',
    data: {
      replies: contexts.map((context) => ({
        replyId: context.replyId,
        personaId: context.request!.persona!.personaId,
        personaName: context.request!.persona!.name,
      })),
    },
  });
  const limit = pLimit(REPLIES_AT_ONCE);
  await Promise.all(
    contexts.map((context) =>
      limit(async () => {
        let text = '';
        let status: FollowUpStatus = 'complete';
        let error: string | null = null;
        // The reply's usage, said by its last piece; none when the stream broke.
        let usage: Partial<
          Pick<FollowUpResponse, 'inputTokens' | 'outputTokens' | 'modelCalls' | 'costUsd'>
        > = {};
        try {
          for await (const piece of inference.followUp(context.request!, {
            signal: pageGone.signal,
          })) {
            if (piece.done) {
              usage = {
                inputTokens: piece.inputTokens,
                outputTokens: piece.outputTokens,
                modelCalls: piece.modelCalls,
                costUsd: piece.costUsd,
              };
            }
            if (!piece.text) continue;
            text += piece.text;
            if (!pageGone.signal.aborted) {
              send(res, { event: 'delta', data: { replyId: context.replyId, text: piece.text } });
            }
          }
        } catch (failure) {
          status = text ? 'partial' : 'failed';
          error = pageGone.signal.aborted
            ? followUpMessages.closed
            : isServiceError(failure) && failure.details
              ? failure.details
              : 'The reply could not be written. Please retry.';
          deps.logger.warn(
            { err: failure, replyId: context.replyId },
            'follow-up reply ended early',
          );
        }
        if (pageGone.signal.aborted && status === 'complete') {
          status = text ? 'partial' : 'failed';
          error = followUpMessages.closed;
        }
        await catalog
          .finishFollowUp({
            userId: ask.userId,
            productId: ask.productId,
            questionId: ask.questionId,
            replyId: context.replyId,
            text,
            status,
            error: error ?? '',
            ...usage,
          })
          .catch((failure: unknown) =>
            deps.logger.error({ err: failure, replyId: context.replyId }, 'follow-up not stored'),
          );
        if (!pageGone.signal.aborted) {
          send(res, { event: 'done', data: { replyId: context.replyId, status, error, text } });
        }
      }),
    ),
  );
  if (!pageGone.signal.aborted) {
    send(res, { event: 'end', data: {} });
    res.end();
  }
}
