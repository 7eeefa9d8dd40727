import type { Knex, Logger } from '@chorus/service-kit';
import { LRUCache } from 'lru-cache';
import pg from 'pg';

/** The channel every write of the products table notifies, with the owner's id. */
export const productsChannel = 'catalog_products';
/** The channel every write of the collaborators table notifies, with the member's user id. */
export const membershipsChannel = 'catalog_memberships';

/** Announces, inside the writing transaction, that a user's rows on `channel` changed. */
export async function notifyChanged(
  trx: Knex.Transaction,
  channel: string,
  userId: string,
): Promise<void> {
  await trx.raw('SELECT pg_notify(?, ?)', [channel, userId]);
}

/** Announces, inside the writing transaction, that a user's products changed. */
export function notifyProductsChanged(trx: Knex.Transaction, userId: string): Promise<void> {
  return notifyChanged(trx, productsChannel, userId);
}

export interface ProductCacheOptions {
  /** A connection string of the catalog's database, for the LISTEN connection. */
  databaseUrl: string;
  logger: Logger;
  /**
   * The channel whose notifications (payload: a user id) make every process
   * forget that user's rows; the products channel by default.
   */
  channel?: string;
  /** Users whose products are kept (least recently read go first). */
  maxUsers?: number;
  /** An upper bound on staleness should a change ever bypass the notifications. */
  ttlMs?: number;
  /** Wait before listening again after the connection dropped. */
  retryMs?: number;
  /** The longest a writer waits to hear its own notification (settled). */
  settleMs?: number;
}

/**
 * Each user's products in memory, so that the catalog's busiest reads — My
 * Products, one product, every ownership check — do not each cost a query.
 * The same cache, on the memberships channel, keeps each user's accepted
 * memberships for GetAccess (any rows kept per user id work alike).
 *
 * Entries are trusted only while changes can be heard: every write of the
 * products table calls `notifyProductsChanged` in its transaction, which
 * PostgreSQL delivers at commit to every catalog process listening on the
 * channel (all replicas), and the writing process also forgets the user as
 * soon as its own transaction commits, so a caller reads its own writes at
 * once. While the LISTEN connection is down (database restarting, network)
 * nothing is kept and every read goes to the database. A read that was under
 * way when the user's products changed is answered but not kept.
 */
export class ProductCache<Row> {
  private readonly entries: LRUCache<string, Row[]>;
  /** Reads under way per user; a change marks them stale so their rows are not kept. */
  private readonly pending = new Map<string, { rows: Promise<Row[]>; stale: boolean }>();
  private listener: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** Writers' waits for their own notifications, per user id (see settled). */
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly awaited = new Set<Promise<void>>();

  private readonly channel: string;

  constructor(private readonly options: ProductCacheOptions) {
    this.channel = options.channel ?? productsChannel;
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel)) throw new Error('invalid channel name');
    this.entries = new LRUCache({
      max: options.maxUsers ?? 10_000,
      ttl: options.ttlMs ?? 60_000,
    });
  }

  /** Whether reads are served from memory (the LISTEN connection is up). */
  get active(): boolean {
    return this.listening;
  }

  /** Starts listening; resolves once listening or once the first attempt failed (it retries). */
  async start(): Promise<void> {
    await this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.stopTrusting();
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  /**
   * The user's products, from memory when they are known and trusted, else
   * from `load` (a query builder runs once however many wait for it).
   */
  read(userId: string, load: () => PromiseLike<Row[]>): Promise<Row[]> {
    if (!this.listening) return Promise.resolve(load());
    const known = this.entries.get(userId);
    if (known) return Promise.resolve(known);
    const under = this.pending.get(userId);
    if (under) return under.rows;
    const read = { rows: Promise.resolve(load()), stale: false };
    this.pending.set(userId, read);
    read.rows.then(
      (rows) => {
        if (this.pending.get(userId) === read) this.pending.delete(userId);
        if (!read.stale && this.listening) this.entries.set(userId, rows);
      },
      () => {
        if (this.pending.get(userId) === read) this.pending.delete(userId);
      },
    );
    return read.rows;
  }

  /** Forgets the user's products (after a change), including a read under way. */
  forget(userId: string): void {
    this.entries.delete(userId);
    const under = this.pending.get(userId);
    if (under) {
      under.stale = true;
      this.pending.delete(userId);
    }
  }

  /** Forgets the user once the transaction commits: the writer reads its own write. */
  forgetAfterCommit(trx: Knex.Transaction, userId: string): void {
    // Forget now too: a read that starts before the commit must not be kept.
    this.forget(userId);
    const heard = this.expectNotification(userId);
    trx.executionPromise.then(
      () => this.forget(userId),
      () => heard(),
    );
  }

  /**
   * Resolves once this process has heard the notifications of the changes
   * it committed (or after `settleMs`). PostgreSQL hands a notification to
   * every listening process at the same moment, so a writer that waits for
   * its own before answering answers only once the other replicas have
   * theirs too: a member removed through one replica is refused by the next
   * request to any replica.
   */
  async settled(): Promise<void> {
    await Promise.all([...this.awaited]);
  }

  /** Registers, before the commit, a wait for the user's notification; answers its cancel. */
  private expectNotification(userId: string): () => void {
    if (!this.listening) return () => undefined;
    let heard: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => (heard = resolve));
    const timer = setTimeout(heard, this.options.settleMs ?? 1_000);
    timer.unref();
    const waiters = this.waiting.get(userId) ?? new Set();
    waiters.add(heard);
    this.waiting.set(userId, waiters);
    this.awaited.add(promise);
    void promise.then(() => {
      clearTimeout(timer);
      this.awaited.delete(promise);
      waiters.delete(heard);
      if (waiters.size === 0 && this.waiting.get(userId) === waiters) this.waiting.delete(userId);
    });
    return heard;
  }

  private heard(userId: string): void {
    for (const heard of this.waiting.get(userId) ?? []) heard();
  }

  private stopTrusting(): void {
    for (const waiters of this.waiting.values()) for (const heard of waiters) heard();
    this.listening = false;
    this.entries.clear();
    for (const read of this.pending.values()) read.stale = true;
    this.pending.clear();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    this.listener = client;
    const dropped = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.stopTrusting();
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.logger.warn(
        { err: error },
        `cache of ${this.channel}: lost the database notifications; reading from the database until back`,
      );
      this.retry = setTimeout(() => void this.listen(), this.options.retryMs ?? 1_000);
    };
    client.on('error', dropped);
    client.on('end', () => dropped());
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) {
        this.forget(message.payload);
        this.heard(message.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.listener === client) this.listening = true;
    } catch (error) {
      dropped(error as Error);
    }
  }
}
