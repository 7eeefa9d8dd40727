import type { Response } from 'express';

/** Starts a server-sent event stream on the response: its headers, sent at once. */
export function startEventStream(res: Response): void {
  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // Nginx-style proxies would otherwise buffer the stream.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
}
