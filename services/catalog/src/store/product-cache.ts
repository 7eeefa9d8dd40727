import type { Knex, Logger } from '@chorus/service-kit';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The channel every write of the products table notifies, with the owner's id. */
const productsChannel = 'catalog_products';
/** The channel every write of the collaborators table notifies, with the member's user id. */
export const membershipsChannel = 'catalog_memberships';

interface ProductCacheOptions {
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
  /** The longest a writer waits for every replica to confirm a change (settled). */
  settleMs?: number;
  /**
   * Told once a transaction that announced the user committed, before
   * `settled()` resolves: readers outside the catalog (the gateway's read
   * cache, through Redis read versions) learn of the change there.
   */
  committed?: (userId: string) => Promise<void>;
}

/**
 * Each user's products in memory, so that the catalog's busiest reads — My
 * Products, one product, every ownership check — do not each cost a query.
 * The same cache, on the memberships channel, keeps each user's accepted
 * memberships for GetAccess (any rows kept per user id work alike).
 *
 * Entries are trusted only while changes can be heard: every write calls
 * `announce` in its transaction, a pg_notify that PostgreSQL delivers at
 * commit to every catalog process listening on the channel (all replicas),
 * and the writing process also forgets the user as soon as its own
 * transaction commits, so a caller reads its own writes at once. Each
 * replica confirms what it forgot on `<channel>_ack`; `settled()` resolves
 * once every listening replica confirmed the writer's changes, so a writer
 * that awaits it before answering knows no replica answers from the old
 * rows any more (a removed member's next request is refused everywhere).
 * While the LISTEN connection is down (database restarting, network)
 * nothing is kept and every read goes to the database. A read that was under
 * way when the user's rows changed is answered but not kept.
 */
export class ProductCache<Row> {
  private readonly entries: LRUCache<string, Row[]>;
  /** Reads under way per user; a change marks them stale so their rows are not kept. */
  private readonly pending = new Map<string, { rows: Promise<Row[]>; stale: boolean }>();
  private listener: pg.Client | undefined;
  private listening = false;
  /** The listener's queries, one at a time: a pg client runs one query at once. */
  private listenerQueries: Promise<unknown> = Promise.resolve();
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** This process's changes waiting for every replica's confirmation, by nonce. */
  private readonly confirmations = new Map<string, Confirmation>();
  private readonly awaited = new Set<Promise<void>>();

  private readonly channel: string;
  private readonly ackChannel: string;
  /** How the listening connections name themselves, so a writer can count the replicas. */
  private readonly applicationName: string;

  constructor(private readonly options: ProductCacheOptions) {
    this.channel = options.channel ?? productsChannel;
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel)) throw new Error('invalid channel name');
    this.ackChannel = `${this.channel}_ack`;
    this.applicationName = `chorus-cache:${this.channel}`;
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

  /**
   * Announces, inside the writing transaction, that the user's rows changed:
   * every replica forgets them at commit (this one too, so the writer reads
   * its own write) and confirms it (see settled).
   */
  async announce(trx: Knex.Transaction, userId: string): Promise<void> {
    // Forget now too: a read that starts before the commit must not be kept.
    this.forget(userId);
    const nonce = randomUUID();
    const confirmation = this.expectConfirmations(nonce);
    await trx.raw('SELECT pg_notify(?, ?)', [this.channel, `${userId} ${nonce}`]);
    trx.executionPromise.then(
      () => {
        this.forget(userId);
        void this.countReplicas(confirmation);
      },
      () => confirmation?.done(),
    );
    const committed = this.options.committed;
    if (committed) {
      // Held like a confirmation: a writer awaiting settled() answers after it.
      const told = trx.executionPromise
        .then(
          () => committed(userId),
          () => undefined,
        )
        .catch((error: unknown) =>
          this.options.logger.warn(
            { err: error, channel: this.channel },
            'cache: a change could not be told to readers outside the catalog',
          ),
        );
      this.awaited.add(told);
      void told.then(() => this.awaited.delete(told));
    }
  }

  /**
   * Resolves once every replica listening when this process's changes
   * committed has confirmed it forgot them (or after `settleMs`, should one
   * be stuck: it is then as stale as its notification is late).
   */
  async settled(): Promise<void> {
    await Promise.all([...this.awaited]);
  }

  private expectConfirmations(nonce: string): Confirmation | undefined {
    if (!this.listening) return undefined;
    let done: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => (done = resolve));
    const confirmation: Confirmation = { received: 0, needed: undefined, done };
    const timer = setTimeout(() => {
      this.options.logger.warn(
        { channel: this.channel },
        'cache: a replica did not confirm a change in time; answering anyway',
      );
      done();
    }, this.options.settleMs ?? 2_000);
    timer.unref();
    this.confirmations.set(nonce, confirmation);
    this.awaited.add(promise);
    void promise.then(() => {
      clearTimeout(timer);
      this.confirmations.delete(nonce);
      this.awaited.delete(promise);
    });
    return confirmation;
  }

  /** After the commit: how many replicas listen, hence how many confirmations to wait for. */
  private async countReplicas(confirmation: Confirmation | undefined): Promise<void> {
    if (!confirmation) return;
    const listener = this.listener;
    if (!listener || !this.listening) return confirmation.done();
    try {
      const { rows } = await this.onListener(() =>
        listener.query<{ replicas: number }>(
          `SELECT count(*)::int AS replicas FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1`,
          [this.applicationName],
        ),
      );
      confirmation.needed = rows[0]?.replicas ?? 0;
      if (confirmation.received >= confirmation.needed) confirmation.done();
    } catch {
      confirmation.done();
    }
  }

  private confirmed(nonce: string): void {
    const confirmation = this.confirmations.get(nonce);
    if (!confirmation) return;
    confirmation.received += 1;
    if (confirmation.needed !== undefined && confirmation.received >= confirmation.needed) {
      confirmation.done();
    }
  }

  private stopTrusting(): void {
    // Confirmations cannot arrive without the connection: nobody waits for them.
    for (const confirmation of this.confirmations.values()) confirmation.done();
    this.listening = false;
    this.entries.clear();
    for (const read of this.pending.values()) read.stale = true;
    this.pending.clear();
  }

  /** Runs `work` (queries on the listener) after its earlier queries finished. */
  private onListener<T>(work: () => Promise<T>): Promise<T> {
    const result = this.listenerQueries.then(work);
    this.listenerQueries = result.catch(() => undefined);
    return result;
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
      if (!message.payload) return;
      if (message.channel === this.ackChannel) return this.confirmed(message.payload);
      if (message.channel !== this.channel) return;
      // "<user id>" or "<user id> <nonce>": a nonce asks for a confirmation.
      const [userId, nonce] = message.payload.split(' ');
      if (userId) this.forget(userId);
      if (nonce) {
        this.onListener(() =>
          client.query('SELECT pg_notify($1, $2)', [this.ackChannel, nonce]),
        ).catch(() => undefined);
      }
    });
    try {
      await client.connect();
      await this.onListener(async () => {
        await client.query(`LISTEN ${this.channel}`);
        await client.query(`LISTEN ${this.ackChannel}`);
        // Named only once listening: a writer counts the replicas that will hear it.
        await client.query(`SET application_name = '${this.applicationName}'`);
      });
      if (this.listener === client) this.listening = true;
    } catch (error) {
      dropped(error as Error);
    }
  }
}

interface Confirmation {
  received: number;
  /** Known once the change committed: the replicas listening then. */
  needed: number | undefined;
  done: () => void;
}
