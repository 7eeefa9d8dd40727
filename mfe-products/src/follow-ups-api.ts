import type { FollowUpEvent, FollowUpStatus } from '@chorus/contracts';
import { apiRequest, queryClient } from '@chorus/platform';
import { useCallback, useState } from 'react';
import { productKeys } from './api';

/** A reply as it is being written on this page, before the stored one replaces it. */
export interface LiveReply {
  replyId: string;
  personaId: string;
  personaName: string;
  /** The asker's message it answers. */
  message: string;
  text: string;
  status: FollowUpStatus;
  error: string | null;
}

/** Reads a text/event-stream body block by block, calling `onEvent` for each event. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: FollowUpEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) onEvent({ event, data: JSON.parse(data) } as FollowUpEvent);
    }
  }
}

/**
 * Follow-up interviews on one question: sends a message (to one persona, or
 * every persona when none is named) or a retry, and keeps the replies as
 * they stream in. Once the stream ends the question is read again, and the
 * stored conversation takes over from the live replies.
 */
export function useFollowUps(productId: string, questionId: string) {
  const [live, setLive] = useState<LiveReply[]>([]);
  const [sending, setSending] = useState(false);
  const path = `${productKeys.questions(productId).join('/')}/${encodeURIComponent(questionId)}/follow-ups`;

  const send = useCallback(
    async (body: { message?: string; personaId?: string; retryOf?: string }) => {
      setSending(true);
      const message = body.message ?? '';
      try {
        const response = await apiRequest('POST', path, body);
        if (!response.body) return;
        await readEvents(response.body, (event) => {
          if (event.event === 'start') {
            setLive((known) => [
              ...known.filter((reply) => reply.replyId !== body.retryOf),
              ...event.data.replies.map((reply) => ({
                ...reply,
                message,
                text: '',
                status: 'writing' as const,
                error: null,
              })),
            ]);
          } else if (event.event === 'delta') {
            setLive((known) =>
              known.map((reply) =>
                reply.replyId === event.data.replyId
                  ? { ...reply, text: reply.text + event.data.text }
                  : reply,
              ),
            );
          } else if (event.event === 'done') {
            setLive((known) =>
              known.map((reply) =>
                reply.replyId === event.data.replyId
                  ? {
                      ...reply,
                      text: event.data.text,
                      status: event.data.status,
                      error: event.data.error,
                    }
                  : reply,
              ),
            );
          }
        });
      } finally {
        setSending(false);
        await queryClient.invalidateQueries({ queryKey: productKeys.questions(productId) });
        setLive([]);
      }
    },
    [path, productId],
  );

  return { live, sending, send };
}
