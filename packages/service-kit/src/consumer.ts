import type { Knex } from 'knex';
import type { Migration } from './database';
import type { BusMessage, EventBus } from './event-bus';
import {
  decodeEnvelope,
  type DomainEvent,
  type Envelope,
  type EventCase,
  type EventOf,
  type Topic,
} from './events';
import type { Logger } from './logger';

export const processedEventsMigration: Migration = {
  name: '0001_processed_events',
  async up(knex) {
    await knex.schema.createTable('processed_events', (t) => {
      t.string('consumer').notNullable();
      t.uuid('event_id').notNullable();
      t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['consumer', 'event_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('processed_events');
  },
};

export interface EventContext<T> {
  envelope: Envelope;
  message: BusMessage;
  /** The transaction in which the event is marked processed (idempotent consumers only). */
  trx: T;
}

export type EventHandlers<T> = {
  [C in EventCase]?: (event: EventOf<C>, context: EventContext<T>) => Promise<void>;
};

function dispatch<T>(
  handlers: EventHandlers<T>,
  event: DomainEvent,
  context: EventContext<T>,
): Promise<void> | undefined {
  const handler = handlers[event.$case] as
    ((value: DomainEvent['value'], context: EventContext<T>) => Promise<void>) | undefined;
  return handler?.(event.value, context);
}

/** The event cases a handler map reacts to. */
function handles<T>(
  handlers: EventHandlers<T>,
  event: DomainEvent | undefined,
): event is DomainEvent {
  return event !== undefined && handlers[event.$case] !== undefined;
}

/**
 * Consumes events exactly once in effect: the event id is recorded in the
 * same transaction as the handler's changes, so a redelivered event (Kafka is
 * at-least-once) finds its id and is skipped.
 */
export async function consumeEvents(options: {
  bus: EventBus;
  db: Knex;
  groupId: string;
  topics: Topic[];
  logger: Logger;
  handlers: EventHandlers<Knex.Transaction>;
}): Promise<void> {
  const { db, groupId, handlers, logger } = options;
  await options.bus.subscribe({
    groupId,
    topics: options.topics,
    async handle(message) {
      const envelope = decodeEnvelope(message.value);
      if (!handles(handlers, envelope.event)) return;
      const event = envelope.event;
      const handled = await db.transaction(async (trx) => {
        const inserted = await trx('processed_events')
          .insert({ consumer: groupId, event_id: envelope.id })
          .onConflict(['consumer', 'event_id'])
          .ignore()
          .returning('event_id');
        if (inserted.length === 0) return false;
        await dispatch(handlers, event, { envelope, message, trx });
        return true;
      });
      if (!handled) logger.debug({ eventId: envelope.id, groupId }, 'duplicate event skipped');
    },
  });
}

/**
 * For stateless consumers (inference workers): no database to record ids in,
 * so their handlers must be safe to repeat, and their outputs are deduplicated
 * downstream.
 */
export async function consumeEventsStateless(options: {
  bus: EventBus;
  groupId: string;
  topics: Topic[];
  handlers: EventHandlers<undefined>;
  fromBeginning?: boolean;
  /** Partitions handled at once by this member (see BusSubscription.concurrency). */
  concurrency?: number;
}): Promise<void> {
  const { handlers } = options;
  await options.bus.subscribe({
    groupId: options.groupId,
    topics: options.topics,
    fromBeginning: options.fromBeginning,
    concurrency: options.concurrency,
    async handle(message) {
      const envelope = decodeEnvelope(message.value);
      if (!handles(handlers, envelope.event)) return;
      await dispatch(handlers, envelope.event, { envelope, message, trx: undefined });
    },
  });
}
