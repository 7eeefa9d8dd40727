import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Knex } from 'knex';
import type { Migration } from './database';
import type { BusMessage, EventBus } from './event-bus';
import { createEnvelope, type DomainEvent, type Envelope, encodeEnvelope, topicOf } from './events';
import type { Logger } from './logger';

export const outboxMigration: Migration = {
  name: '0000_outbox',
  async up(knex) {
    await knex.schema.createTable('outbox', (t) => {
      t.bigIncrements('seq');
      t.uuid('event_id').notNullable().unique();
      t.string('topic').notNullable();
      t.string('key').notNullable();
      t.binary('payload').notNullable();
      t.jsonb('headers').notNullable().defaultTo('{}');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTable('outbox');
  },
};

/**
 * Records an event in the same transaction as the change it describes, so
 * the event exists exactly when the change does. The current trace context
 * is kept with it and travels on to the consumers.
 */
export async function enqueueEvent(
  trx: Knex.Transaction,
  key: string,
  event: DomainEvent,
): Promise<Envelope> {
  const envelope = createEnvelope(key, event);
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  await trx('outbox').insert({
    event_id: envelope.id,
    topic: topicOf(event),
    key,
    payload: encodeEnvelope(envelope),
    headers: JSON.stringify(headers),
  });
  return envelope;
}

/**
 * Publishes an event at once, for stateless services that have no database
 * and so no outbox (inference workers). The current trace context travels
 * with it. A failure throws: the caller must be safe to repeat, e.g. a
 * consumer whose message is then redelivered.
 */
export async function publishEvent(
  bus: EventBus,
  key: string,
  event: DomainEvent,
): Promise<Envelope> {
  const envelope = createEnvelope(key, event);
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  await bus.publish([{ topic: topicOf(event), key, value: encodeEnvelope(envelope), headers }]);
  return envelope;
}

interface OutboxRow {
  seq: string;
  topic: string;
  key: string;
  payload: Buffer;
  headers: Record<string, string>;
}

// One relay per service database publishes at a time, which keeps each key's
// events in commit order even with several replicas running.
const RELAY_LOCK = 0x0c40_7b05;

/**
 * Publishes outbox rows to the bus in order and deletes them once the bus
 * has them. When the bus is down the rows wait, and the relay keeps trying
 * with backoff; nudge() drains right after a commit instead of at the next tick.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private again = false;
  private stopped = false;
  private failures = 0;

  constructor(
    private readonly options: {
      db: Knex;
      bus: EventBus;
      logger: Logger;
      intervalMs?: number;
      batchSize?: number;
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Drain now; call after committing a transaction that enqueued events. */
  nudge(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.draining;
  }

  /** Publishes everything pending now; resolves when the outbox is empty. */
  async flush(): Promise<void> {
    while ((await this.drainOnce()) > 0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    // The relay's own polling belongs to no request: without this, a nudge
    // from inside a request would make every later poll part of its trace.
    this.timer = setTimeout(() => context.with(ROOT_CONTEXT, () => void this.tick()), delayMs);
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.draining) return;
    let published = 0;
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          published = await this.drainOnce();
        } while (!this.stopped && (published > 0 || this.again));
        if (this.failures > 0) this.options.logger.info('outbox relay publishing again');
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.options.logger.warn(
            { err: error, failures: this.failures },
            'outbox relay could not publish; events wait in the outbox',
          );
        }
      }
    })();
    await this.draining;
    this.draining = undefined;
    if (this.stopped) return;
    const backoff = Math.min(200 * 2 ** Math.min(this.failures, 5), 5_000);
    this.schedule(this.failures > 0 ? backoff : (this.options.intervalMs ?? 1_000));
  }

  private async drainOnce(): Promise<number> {
    const { db, bus } = this.options;
    const batchSize = this.options.batchSize ?? 100;
    return db.transaction(async (trx) => {
      const lock = await trx.raw<{ rows: { locked: boolean }[] }>(
        'select pg_try_advisory_xact_lock(?) as locked',
        [RELAY_LOCK],
      );
      if (!lock.rows[0]?.locked) return 0;
      const rows = await trx<OutboxRow>('outbox')
        .select('seq', 'topic', 'key', 'payload', 'headers')
        .orderBy('seq')
        .limit(batchSize);
      if (rows.length === 0) return 0;
      for (const row of rows) {
        const message: BusMessage = {
          topic: row.topic,
          key: row.key,
          value: row.payload,
          headers: {},
        };
        // Publish inside the originating request's trace, so the producer
        // span (and the consumer after it) join that trace.
        const parent = propagation.extract(ROOT_CONTEXT, row.headers);
        await context.with(parent, async () => {
          propagation.inject(context.active(), message.headers);
          await bus.publish([message]);
        });
      }
      await trx('outbox')
        .whereIn(
          'seq',
          rows.map((r) => r.seq),
        )
        .delete();
      return rows.length;
    });
  }
}
