import type { Knex } from '@chorus/service-kit';
import { type LocalContext, newId, unix } from './context';
import type { EventRow } from './rows';

/** Stripe's event types the local provider emits. */
type LocalEventType =
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'setup_intent.succeeded'
  | 'checkout.session.completed';

// One instance delivers events at a time, which keeps them in order.
const DELIVERY_LOCK = 0x0c40_b111;

/** Records a Stripe-shaped event in the same transaction as the change it tells of. */
export async function recordEvent(
  ctx: LocalContext,
  trx: Knex.Transaction,
  type: LocalEventType,
  object: Record<string, unknown>,
): Promise<void> {
  const created = ctx.now();
  const id = newId('evt');
  await trx('local_events').insert({
    id,
    type,
    created,
    payload: {
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: unix(created),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    },
  });
}

/**
 * Hands undelivered events to the handler in the order they happened; an
 * event whose handling fails stays undelivered and is tried again on the
 * next round, as Stripe retries a webhook.
 */
export async function deliverEvents(
  ctx: LocalContext,
  handler: (event: unknown) => Promise<void>,
): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const lock = await trx.raw<{ rows: { locked: boolean }[] }>(
      'select pg_try_advisory_xact_lock(?) as locked',
      [DELIVERY_LOCK],
    );
    if (!lock.rows[0]?.locked) return;
    for (;;) {
      const events = await trx<EventRow>('local_events')
        .whereNull('delivered_at')
        .orderBy('seq')
        .limit(50)
        .select('seq', 'id', 'type', 'payload');
      if (events.length === 0) return;
      for (const event of events) {
        try {
          await handler(event.payload);
        } catch (error) {
          await ctx.db('local_events').where({ seq: event.seq }).increment('attempts', 1);
          ctx.logger.warn(
            { err: error, eventId: event.id, type: event.type },
            'local payment provider: event not handled; it will be delivered again',
          );
          return;
        }
        await trx('local_events').where({ seq: event.seq }).update({ delivered_at: ctx.now() });
      }
    }
  });
}
