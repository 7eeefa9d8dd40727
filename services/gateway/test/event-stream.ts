import { eventually } from '@chorus/service-kit/testing';

/** One server-sent event, or a comment line (a heartbeat). */
export interface StreamEvent {
  event?: string;
  data?: string;
  id?: string;
  comment?: string;
}

export interface EventStream {
  status: number;
  contentType: string | null;
  events: StreamEvent[];
  /** True once the stream is over, for whatever reason. */
  ended: () => boolean;
  /** True when the server ended the stream properly (not a dropped connection or an abort). */
  endedCleanly: () => boolean;
  /** Waits for an event that passes the check and answers it. */
  next(check: (event: StreamEvent) => boolean, what?: string): Promise<StreamEvent>;
  close(): void;
}

/**
 * Reads a text/event-stream response the way EventSource would, keeping
 * every event and comment, so a test can wait for what it expects.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
  /** A POST that answers with a stream (follow-ups): its method and JSON body. */
  request: { method?: string; json?: unknown } = {},
): Promise<EventStream & { body?: string }> {
  const abort = new AbortController();
  const response = await fetch(url, {
    method: request.method ?? 'GET',
    headers: {
      accept: 'text/event-stream',
      ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: request.json === undefined ? undefined : JSON.stringify(request.json),
    signal: abort.signal,
  });
  let refused: string | undefined;
  const events: StreamEvent[] = [];
  let ended = false;
  let clean = false;
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            clean = true;
            break;
          }
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            events.push(parseBlock(buffer.slice(0, end)));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      } finally {
        ended = true;
      }
    })();
  } else {
    ended = true;
    refused = await response.text();
  }
  return {
    body: refused,
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    ended: () => ended,
    endedCleanly: () => ended && clean,
    next: (check, what) =>
      eventually(() => events.find(check), { what: what ?? 'a stream event', timeoutMs: 10_000 }),
    close: () => abort.abort(),
  };
}

function parseBlock(block: string): StreamEvent {
  const event: StreamEvent = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      event.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event.event = value;
    else if (field === 'data')
      event.data = event.data === undefined ? value : `${event.data}\n${value}`;
    else if (field === 'id') event.id = value;
  }
  return event;
}
