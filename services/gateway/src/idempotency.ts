import type { Logger } from '@chorus/service-kit';
import type { Request, Response } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { stringify } from 'safe-stable-stringify';
import { HttpError, toHttpError } from './http-errors';
import type { IdempotencyEntries } from './idempotency-store';

/** The request header naming one user action, as payment APIs (Stripe) spell it. */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that was stored from an earlier request with the same key. */
const REPLAYED_HEADER = 'Idempotent-Replayed';
const MAX_KEY_LENGTH = 255;

export const idempotencyMessages = {
  keyTooLong: `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters.`,
  differentRequest:
    'This request was already sent with different details. Reload the page and try again.',
  stillProcessing:
    'A request with this key is still being processed. Please wait a moment and try again.',
} as const;

/** What a route answered: its status and JSON body (none for 204). */
export interface RouteAnswer {
  status: number;
  body?: unknown;
}

/** One key's entry: who holds it while it runs, and the answer once it has one. */
interface Entry {
  /** Method, path and body of the request that first used the key. */
  fingerprint: string;
  /** The request working on it (pending) or that answered it. */
  owner: string;
  answer?: RouteAnswer;
}

interface IdempotencyOptions {
  /** How long an answer is kept for replays (24 hours unless said). */
  keepMs?: number;
  /** How long a request may hold a key while working before another may take it over. */
  holdMs?: number;
  /** How long a second request with the key waits for the first before answering 409. */
  waitMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Idempotency keys for the routes declaring `idempotent: true`.
 *
 * A key is the client's name for one user action, kept per signed-in user
 * for 24 hours. The first request with a key does the work and its answer is
 * stored; a later request with the same key and the same method, path and
 * body gets that answer again (with `Idempotent-Replayed: true`) without the
 * work being done twice. A request arriving while the first still runs waits
 * for its answer (up to `waitMs`, then 409). The same key with another
 * method, path or body is refused with 422.
 *
 * Like Stripe: a request refused before it started (no access, invalid
 * input) stores nothing; an answer of the route itself, success or 4xx, is
 * stored; a 5xx or a 429 is not, so retrying with the same key can succeed.
 */
export class Idempotency {
  private readonly keepMs: number;
  private readonly holdMs: number;
  private readonly waitMs: number;

  constructor(
    private readonly entries: IdempotencyEntries,
    private readonly logger: Logger,
    options: IdempotencyOptions = {},
  ) {
    this.keepMs = options.keepMs ?? DAY_MS;
    this.holdMs = options.holdMs ?? 10 * 60 * 1000;
    this.waitMs = options.waitMs ?? 60 * 1000;
  }

  /**
   * Runs `work` once per key: without the header, simply runs it. `scope`
   * is whose keys these are (the signed-in user's id).
   */
  async run(
    req: Request,
    res: Response,
    scope: string,
    work: () => Promise<RouteAnswer | undefined>,
  ): Promise<RouteAnswer | undefined> {
    const key = idempotencyKeyOf(req);
    if (key === undefined) return work();
    const storeKey = `${scope}:${createHash('sha256').update(key).digest('base64url')}`;
    const fingerprint = fingerprintOf(req);
    const deadline = Date.now() + this.waitMs;
    for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
      const mine: Entry = { fingerprint, owner: randomUUID() };
      const held = JSON.stringify(mine);
      let existing: string | undefined;
      try {
        existing = await this.entries.claim(storeKey, held, this.holdMs);
      } catch (error) {
        // The store is out of reach: the work goes on without the guarantee
        // rather than nobody being able to ask or pay.
        this.logger.warn({ err: error }, 'idempotency store unavailable');
        return work();
      }
      if (existing === undefined) return this.execute(storeKey, held, fingerprint, work);
      const entry = JSON.parse(existing) as Entry;
      if (entry.fingerprint !== fingerprint) {
        throw new HttpError(422, idempotencyMessages.differentRequest);
      }
      if (entry.answer) {
        res.setHeader(REPLAYED_HEADER, 'true');
        return entry.answer;
      }
      // The first request with this key is still working: wait for its answer.
      if (Date.now() + delay > deadline) {
        res.setHeader('Retry-After', '1');
        throw new HttpError(409, idempotencyMessages.stillProcessing);
      }
      await sleep(delay);
    }
  }

  private async execute(
    storeKey: string,
    held: string,
    fingerprint: string,
    work: () => Promise<RouteAnswer | undefined>,
  ): Promise<RouteAnswer | undefined> {
    const owner = (JSON.parse(held) as Entry).owner;
    let answer: RouteAnswer | undefined;
    try {
      answer = await work();
    } catch (error) {
      const failure = toHttpError(error);
      const kept = failure.status < 500 && failure.status !== 429;
      await (kept
        ? this.keep(storeKey, held, {
            fingerprint,
            owner,
            answer: { status: failure.status, body: { message: failure.message } },
          })
        : this.release(storeKey, held));
      throw error;
    }
    // An answer the route wrote itself (a file, a stream) cannot be replayed.
    await (answer
      ? this.keep(storeKey, held, { fingerprint, owner, answer })
      : this.release(storeKey, held));
    return answer;
  }

  private async keep(storeKey: string, held: string, entry: Entry): Promise<void> {
    try {
      await this.entries.settle(storeKey, held, JSON.stringify(entry), this.keepMs);
    } catch (error) {
      this.logger.warn({ err: error }, 'idempotency store unavailable; answer not kept');
    }
  }

  private async release(storeKey: string, held: string): Promise<void> {
    try {
      await this.entries.release(storeKey, held);
    } catch (error) {
      this.logger.warn({ err: error }, 'idempotency store unavailable; key not released');
    }
  }
}

/** The request's key, undefined without the header; 400 for an empty or too long one. */
function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (key === undefined) return undefined;
  const value = Array.isArray(key) ? key.join(', ') : key;
  if (value.length === 0 || value.length > MAX_KEY_LENGTH) {
    throw new HttpError(400, idempotencyMessages.keyTooLong);
  }
  return value;
}

/** Method, path with query, and the body with its keys in a fixed order. */
function fingerprintOf(req: Request): string {
  const body: unknown = req.body;
  const text = `${req.method} ${req.originalUrl}\n${stringify(body ?? null)}`;
  return createHash('sha256').update(text).digest('base64url');
}
