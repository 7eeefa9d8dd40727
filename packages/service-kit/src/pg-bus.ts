import pg from 'pg';
import { type Knex, type Migration, openDatabase } from './database';
import {
  type BusMessage,
  type BusSubscription,
  type EventBus,
  handleWithRetry,
  memberForKey,
} from './event-bus';
import type { Logger } from './logger';

const CHANNEL = 'chorus_bus';
// Serialises publishers, so a message's sequence number is also its commit
// order: a reader that has seen message n can never later find n-1 appear.
const PUBLISH_LOCK = 0x0c40_b005;

const busMigrations: Migration[] = [
  {
    name: '0000_bus',
    async up(knex) {
      await knex.schema.createTable('bus_messages', (t) => {
        t.bigIncrements('seq');
        t.string('topic').notNullable();
        t.string('key').notNullable();
        t.binary('value').notNullable();
        t.jsonb('headers').notNullable().defaultTo('{}');
        t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      });
      await knex.schema.createTable('bus_groups', (t) => {
        t.string('group_id').primary();
        /** The first message this group has not handled yet. */
        t.bigInteger('next_seq').notNullable();
      });
    },
  },
];

interface MessageRow {
  seq: string;
  topic: string;
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

interface Group {
  id: string;
  topics: Set<string>;
  members: BusSubscription[];
  running: boolean;
  /** Another pass is wanted because something was published during this one. */
  again: boolean;
  /** The first message this group has not handled yet (as stored in bus_groups). */
  next: number;
}

/**
 * The embedded run's event bus, kept in PostgreSQL so that nothing accepted is
 * lost when the process dies: a message is stored before publish() resolves,
 * and a group's position moves past a message only after its handler
 * succeeded, so after a crash every group resumes where it stopped
 * (at-least-once, like Kafka; consumers are idempotent). One process consumes
 * a group at a time — the distributed run uses Kafka, whose consumer groups
 * share work between processes.
 */
export class PostgresEventBus implements EventBus {
  private readonly groups = new Map<string, Group>();
  private readonly abort = new AbortController();
  private listener?: pg.Client;
  private poll?: NodeJS.Timeout;
  private readonly idle = new Set<() => void>();

  private constructor(
    private readonly db: Knex,
    private readonly url: string,
    private readonly logger: Logger,
    private readonly pollMs: number,
  ) {}

  /** Opens (creating when missing) the bus database at `url`. */
  static async open(options: {
    url: string;
    logger: Logger;
    /** How often groups look for messages when no notification arrived. */
    pollMs?: number;
  }): Promise<PostgresEventBus> {
    const db = await openDatabase({
      url: options.url,
      migrations: busMigrations,
      logger: options.logger,
      create: true,
      poolMax: 4,
    });
    const bus = new PostgresEventBus(db, options.url, options.logger, options.pollMs ?? 1_000);
    await bus.listen();
    bus.poll = setInterval(() => bus.wakeAll(), bus.pollMs);
    bus.poll.unref();
    return bus;
  }

  async publish(messages: BusMessage[]): Promise<void> {
    if (this.abort.signal.aborted) throw new Error('event bus is closed');
    if (messages.length === 0) return;
    await this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [PUBLISH_LOCK]);
      await trx('bus_messages').insert(
        messages.map((m) => ({
          topic: m.topic,
          key: m.key,
          value: m.value,
          headers: JSON.stringify(m.headers),
        })),
      );
      await trx.raw('select pg_notify(?, ?)', [CHANNEL, '']);
    });
  }

  async subscribe(subscription: BusSubscription): Promise<void> {
    let group = this.groups.get(subscription.groupId);
    if (!group) {
      const start =
        subscription.fromBeginning === false
          ? this.db.raw('(select coalesce(max(seq), 0) + 1 from bus_messages)')
          : 0;
      await this.db('bus_groups')
        .insert({ group_id: subscription.groupId, next_seq: start })
        .onConflict('group_id')
        .ignore();
      const position = await this.db('bus_groups')
        .where({ group_id: subscription.groupId })
        .first<{ next_seq: string }>('next_seq');
      group = {
        id: subscription.groupId,
        topics: new Set(),
        members: [],
        running: false,
        again: false,
        next: Number(position?.next_seq ?? 0),
      };
      this.groups.set(group.id, group);
    }
    subscription.topics.forEach((t) => group.topics.add(t));
    group.members.push(subscription);
    this.wake(group);
  }

  /** Resolves once every group has handled every message stored so far. */
  async drained(): Promise<void> {
    for (;;) {
      const behind = await this.db('bus_groups')
        .whereIn('group_id', [...this.groups.keys()])
        .where('next_seq', '<=', this.db('bus_messages').max('seq'))
        .first('group_id');
      const busy = [...this.groups.values()].some((g) => g.running);
      if (!behind && !busy) return;
      await new Promise<void>((resolve) => {
        this.idle.add(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async close(): Promise<void> {
    this.abort.abort();
    clearInterval(this.poll);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    // Let the passes under way see the abort and stop before the pool goes; a
    // handler that never returns must not hold shutdown forever.
    const deadline = Date.now() + 5_000;
    while ([...this.groups.values()].some((g) => g.running) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await this.db.destroy();
  }

  private async listen(): Promise<void> {
    if (this.abort.signal.aborted) return;
    const client = new pg.Client({ connectionString: this.url });
    const retry = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      // Polling still delivers meanwhile; notifications only make it prompt.
      setTimeout(() => void this.listen(), this.pollMs).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', () => this.wakeAll());
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      this.logger.warn({ err: error }, 'event bus could not listen; polling meanwhile');
      retry();
    }
  }

  private wakeAll(): void {
    for (const group of this.groups.values()) this.wake(group);
  }

  private wake(group: Group): void {
    if (this.abort.signal.aborted) return;
    if (group.running) {
      group.again = true;
      return;
    }
    group.running = true;
    void this.deliver(group).finally(() => {
      group.running = false;
      for (const resolve of [...this.idle]) {
        this.idle.delete(resolve);
        resolve();
      }
      if (group.again) {
        group.again = false;
        this.wake(group);
      }
    });
  }

  private async deliver(group: Group): Promise<void> {
    try {
      for (;;) {
        if (this.abort.signal.aborted) return;
        group.again = false;
        // Every message up to the newest one seen now is committed (publishers
        // are serialised), so what this group does not find below it, it
        // will never find: it may move past it.
        const newest = await this.db('bus_messages')
          .max<{ max: string | null }>('seq as max')
          .first();
        const end = Number(newest?.max ?? 0) + 1;
        const rows = await this.db<MessageRow>('bus_messages')
          .whereIn('topic', [...group.topics])
          .where('seq', '>=', group.next)
          .where('seq', '<', end)
          .orderBy('seq')
          .limit(100);
        for (const row of rows) {
          if (this.abort.signal.aborted) return;
          await this.handle(group, row);
          await this.moveTo(group, Number(row.seq) + 1);
        }
        if (rows.length < 100) {
          // Past the other groups' messages too, so they can be dropped.
          if (end > group.next) await this.moveTo(group, end);
          await this.compact();
          return;
        }
      }
    } catch (error) {
      // The database is unreachable, or the bus is closing: the group's
      // position is where it was, and the next wake-up tries again.
      if (!this.abort.signal.aborted) {
        this.logger.warn({ err: error, groupId: group.id }, 'event bus delivery paused');
      }
    }
  }

  private async moveTo(group: Group, next: number): Promise<void> {
    await this.db('bus_groups').where({ group_id: group.id }).update({ next_seq: next });
    group.next = next;
  }

  private async handle(group: Group, row: MessageRow): Promise<void> {
    const message: BusMessage = {
      topic: row.topic,
      key: row.key,
      value: row.value,
      headers: { ...row.headers },
    };
    const member = memberForKey(group.members, message.key);
    await handleWithRetry(
      () => member.handle(message),
      this.logger,
      () => ({ topic: message.topic, key: message.key, groupId: group.id }),
      { signal: this.abort.signal },
    );
  }

  /** Drops the messages every known group has handled. */
  private async compact(): Promise<void> {
    await this.db('bus_messages').where('seq', '<', this.db('bus_groups').min('next_seq')).delete();
  }
}
