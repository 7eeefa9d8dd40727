import type { Logger } from './logger';

/** One message as it travels on a topic: bytes plus string headers (trace context). */
export interface BusMessage {
  topic: string;
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

export interface BusSubscription {
  /** Members of one group share the work; each message reaches one member of each group. */
  groupId: string;
  topics: string[];
  handle(message: BusMessage): Promise<void>;
  /**
   * A new group starts from the oldest retained message (the default), or
   * with false only from messages published after it subscribed.
   */
  fromBeginning?: boolean;
  /**
   * How many partitions' messages one member handles at once (Kafka's
   * partitionsConsumedConcurrently; default 1). Order within a partition,
   * and so within a key, is kept. The in-memory bus handles one at a time.
   */
  concurrency?: number;
}

/**
 * Where services publish and consume events. Kafka in distributed runs,
 * in-memory in the embedded run; delivery is at-least-once in both, so
 * consumers must be idempotent (see consumeEvents).
 */
export interface EventBus {
  publish(messages: BusMessage[]): Promise<void>;
  subscribe(subscription: BusSubscription): Promise<void>;
  close(): Promise<void>;
}

/** Retries a failing handler with capped exponential backoff, as a Kafka consumer would. */
export async function handleWithRetry(
  handle: () => Promise<void>,
  logger: Logger,
  describe: () => Record<string, unknown>,
  options: {
    attempts?: number;
    firstDelayMs?: number;
    maxDelayMs?: number;
    signal?: AbortSignal;
  } = {},
): Promise<void> {
  const attempts = options.attempts ?? Number.POSITIVE_INFINITY;
  let delay = options.firstDelayMs ?? 100;
  for (let attempt = 1; ; attempt++) {
    try {
      await handle();
      return;
    } catch (error) {
      if (attempt >= attempts || options.signal?.aborted) throw error;
      logger.warn({ err: error, attempt, ...describe() }, 'event handler failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, options.maxDelayMs ?? 5_000);
    }
  }
}

interface Group {
  topics: Set<string>;
  members: BusSubscription[];
  /** Position in the log of the next message for this group. */
  next: number;
  running: boolean;
}

/**
 * The embedded run's bus: one process, so delivery is a function call, but
 * with Kafka's contract — asynchronous, in order per group, every group sees
 * every message (including those published before it subscribed), a failing
 * handler is retried rather than skipped.
 */
export class InMemoryEventBus implements EventBus {
  private log: BusMessage[] = [];
  /** Log index of log[0]; messages every group has consumed are dropped. */
  private offset = 0;
  private readonly groups = new Map<string, Group>();
  private readonly idle = new Set<() => void>();
  private readonly abort = new AbortController();

  constructor(private readonly logger: Logger) {}

  publish(messages: BusMessage[]): Promise<void> {
    if (this.abort.signal.aborted) return Promise.reject(new Error('event bus is closed'));
    this.log.push(...messages.map((m) => ({ ...m, headers: { ...m.headers } })));
    for (const group of this.groups.values()) this.pump(group);
    return Promise.resolve();
  }

  subscribe(subscription: BusSubscription): Promise<void> {
    let group = this.groups.get(subscription.groupId);
    if (!group) {
      const start =
        subscription.fromBeginning === false ? this.offset + this.log.length : this.offset;
      group = { topics: new Set(), members: [], next: start, running: false };
      this.groups.set(subscription.groupId, group);
    }
    subscription.topics.forEach((t) => group.topics.add(t));
    group.members.push(subscription);
    this.pump(group);
    return Promise.resolve();
  }

  /** Resolves once every group has handled every message published so far. */
  drained(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (this.isIdle()) {
          this.idle.delete(check);
          resolve();
        }
      };
      this.idle.add(check);
    });
  }

  close(): Promise<void> {
    this.abort.abort();
    return Promise.resolve();
  }

  private isIdle(): boolean {
    const end = this.offset + this.log.length;
    return [...this.groups.values()].every((g) => !g.running && g.next >= end);
  }

  private pump(group: Group): void {
    if (group.running) return;
    group.running = true;
    setImmediate(() => void this.deliver(group));
  }

  private async deliver(group: Group): Promise<void> {
    while (!this.abort.signal.aborted && group.next < this.offset + this.log.length) {
      const message = this.log[group.next - this.offset]!;
      group.next += 1;
      if (!group.topics.has(message.topic)) continue;
      const member = memberForKey(group.members, message.key);
      try {
        await handleWithRetry(
          () => member.handle(message),
          this.logger,
          () => ({ topic: message.topic, key: message.key, groupId: member.groupId }),
          { signal: this.abort.signal },
        );
      } catch (error) {
        if (!this.abort.signal.aborted) throw error;
      }
    }
    group.running = false;
    this.compact();
    for (const check of [...this.idle]) check();
  }

  private compact(): void {
    // With no group yet, keep everything for the first subscriber.
    if (this.groups.size === 0) return;
    const lowest = Math.min(...[...this.groups.values()].map((g) => g.next));
    const drop = lowest - this.offset;
    if (drop > 0) {
      this.log = this.log.slice(drop);
      this.offset = lowest;
    }
  }
}

/** Members of a group split the work by key, as Kafka partitions would. */
export function memberForKey<M>(members: M[], key: string): M {
  return members[hash(key) % members.length]!;
}

function hash(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(31, h) + key.charCodeAt(i)) | 0;
  return Math.abs(h);
}
