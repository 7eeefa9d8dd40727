import type { QuestionView } from '@chorus/contracts';
import type { QuestionDeleted, QuestionUpdated } from '@chorus/proto/events/v1/events';
import { isServiceError, type Logger } from '@chorus/service-kit';
import { status } from '@grpc/grpc-js';
import type { Response } from 'express';
import type { CatalogClient } from './clients/catalog';
import { toQuestionView } from './question-views';
import { startEventStream } from './sse';

/** One open event stream: a page watching a product's questions. */
interface Watcher {
  /** Whose questions: the product's owner. */
  userId: string;
  /** Who watches: the owner, or a member of the product. */
  viewerId: string;
  sessionId: string;
  res: Response;
  timers: NodeJS.Timeout[];
  /** The version (updatedAt) of each question last sent, so a state is pushed once. */
  sent: Map<string, string>;
}

/** Longest setTimeout Node accepts; a token living longer is re-checked when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The questions pages' event streams on this gateway replica. When the
 * catalog has stored a question's new state (QuestionUpdated, heard by this
 * replica's own consumer group), every page watching that product gets the
 * question as the API answers it. Streams send heartbeat comments so proxies
 * keep them open, and close when the page goes, when the token expires or is
 * revoked, and when the gateway stops.
 */
export class QuestionStreams {
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** Each question's pushes still in progress, chained. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      catalog: Pick<CatalogClient, 'getQuestion'>;
      logger: Logger;
      heartbeatMs: number;
    },
  ) {}

  /**
   * Opens a stream on an authorised request: `userId` is the product's
   * owner (whose questions they are), `viewerId` who watches (a member, or
   * the owner; the owner when left out).
   */
  open(
    res: Response,
    watch: {
      productId: string;
      userId: string;
      viewerId?: string;
      sessionId: string;
      expiresAt: Date;
    },
  ): void {
    startEventStream(res);
    const watcher: Watcher = {
      userId: watch.userId,
      viewerId: watch.viewerId ?? watch.userId,
      sessionId: watch.sessionId,
      res,
      timers: [],
      sent: new Map(),
    };
    const close = () => this.close(watch.productId, watcher);
    watcher.timers.push(
      setInterval(() => res.write(': heartbeat\n\n'), this.deps.heartbeatMs),
      setTimeout(
        close,
        Math.min(Math.max(watch.expiresAt.getTime() - Date.now(), 0), MAX_TIMER_MS),
      ),
    );
    res.on('close', close);
    const set = this.watchers.get(watch.productId) ?? new Set<Watcher>();
    set.add(watcher);
    this.watchers.set(watch.productId, set);
    // Reconnect after 3 s if the connection drops; "ready" tells the page it is watching.
    res.write(
      `retry: 3000\nevent: ready\ndata: ${JSON.stringify({ productId: watch.productId })}\n\n`,
    );
  }

  /** Open streams, for tests and diagnostics. */
  get size(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  /** Pushes the question's stored state to the pages watching its product. */
  questionUpdated(event: QuestionUpdated): void {
    if (this.audience(event.productId, event.userId).length === 0) return;
    this.inOrder(event.questionId, async () => {
      let view: QuestionView;
      try {
        const { question } = await this.deps.catalog.getQuestion({
          userId: event.userId,
          productId: event.productId,
          questionId: event.questionId,
        });
        view = toQuestionView(question!);
      } catch (error) {
        // Deleted meanwhile: its QuestionDeleted follows. Otherwise the page's polling covers it.
        if (isServiceError(error) && error.code === status.NOT_FOUND) return;
        this.deps.logger.warn({ err: error, questionId: event.questionId }, 'question push failed');
        return;
      }
      for (const watcher of this.audience(event.productId, event.userId)) {
        // Events arrive per stored state, but each fetch reads the latest: skip repeats.
        if (watcher.sent.get(view.id) === view.updatedAt) continue;
        watcher.sent.set(view.id, view.updatedAt);
        send(watcher, 'question', view, `${view.id}:${view.updatedAt}`);
      }
    });
  }

  questionDeleted(event: QuestionDeleted): void {
    this.inOrder(event.questionId, async () => {
      for (const watcher of this.audience(event.productId, event.userId)) {
        watcher.sent.delete(event.questionId);
        send(watcher, 'question-deleted', { id: event.questionId });
      }
    });
  }

  /**
   * Runs one question's pushes one after another, in event order, so a fetch
   * that is slow to return never overtakes a later state or a deletion. Not
   * awaited by the caller: a slow catalog must not hold up the replica's other events.
   */
  private inOrder(questionId: string, push: () => Promise<void>): void {
    const previous = this.queues.get(questionId) ?? Promise.resolve();
    const next = previous.then(push).finally(() => {
      if (this.queues.get(questionId) === next) this.queues.delete(questionId);
    });
    this.queues.set(questionId, next);
  }

  /** A logout elsewhere ends that session's streams too. */
  sessionRevoked(sessionId: string): void {
    for (const [productId, set] of this.watchers) {
      for (const watcher of set)
        if (watcher.sessionId === sessionId) this.close(productId, watcher);
    }
  }

  /** A member removed from a product (or who left it) stops watching it at once. */
  memberLeft(productId: string, memberUserId: string): void {
    for (const watcher of this.watchers.get(productId) ?? []) {
      if (watcher.viewerId === memberUserId) this.close(productId, watcher);
    }
  }

  /** Ends every stream, so the gateway can stop without waiting for pages to leave. */
  closeAll(): void {
    for (const [productId, set] of this.watchers) {
      for (const watcher of set) this.close(productId, watcher);
    }
  }

  private audience(productId: string, userId: string): Watcher[] {
    return [...(this.watchers.get(productId) ?? [])].filter((w) => w.userId === userId);
  }

  private close(productId: string, watcher: Watcher): void {
    const set = this.watchers.get(productId);
    if (!set?.delete(watcher)) return;
    if (set.size === 0) this.watchers.delete(productId);
    for (const timer of watcher.timers) clearTimeout(timer);
    watcher.res.end();
  }
}

function send(watcher: Watcher, event: string, data: unknown, id?: string): void {
  watcher.res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
