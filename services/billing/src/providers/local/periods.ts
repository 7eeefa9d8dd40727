import type { Knex } from '@chorus/service-kit';
import { addMonths, monthsPerPeriod } from '../../domain/billing-cycle';
import type { LocalContext } from './context';
import { recordEvent } from './event-log';
import { invoicePeriod } from './invoices';
import type { SubscriptionRow } from './rows';
import { subscriptionObject } from './subscriptions';

/**
 * Every period that has ended gets its successor and its invoice, charged
 * to the subscription's card (past_due when the charge fails); a
 * subscription cancelled at period end ends instead.
 */
export async function renewDuePeriods(ctx: LocalContext): Promise<void> {
  for (;;) {
    const renewed = await ctx.db.transaction(async (trx) => {
      const now = ctx.now();
      const due = await trx<SubscriptionRow>('local_subscriptions')
        .whereIn('status', ['active', 'past_due', 'trialing'])
        .andWhere('current_period_end', '<=', now)
        .orderBy('current_period_end')
        .limit(20)
        .forUpdate()
        .skipLocked();
      for (const row of due) await renew(ctx, trx, row);
      return due.length;
    });
    // A subscription several periods behind moves one period per round.
    if (renewed === 0) return;
    ctx.nudge();
  }
}

async function renew(ctx: LocalContext, trx: Knex.Transaction, row: SubscriptionRow) {
  if (row.cancel_at_period_end) {
    const [ended] = await trx<SubscriptionRow>('local_subscriptions')
      .where({ id: row.id })
      .update({ status: 'canceled', ended_at: row.current_period_end })
      .returning('*');
    await recordEvent(ctx, trx, 'customer.subscription.deleted', subscriptionObject(ended!));
    return;
  }
  const months = monthsPerPeriod(row.billing_cycle);
  const index = row.period_index + 1;
  const [next] = await trx<SubscriptionRow>('local_subscriptions')
    .where({ id: row.id })
    .update({
      period_index: index,
      current_period_start: row.current_period_end,
      current_period_end: addMonths(row.billing_cycle_anchor, (index + 1) * months),
    })
    .returning('*');
  const invoiced = await invoicePeriod(ctx, trx, next!);
  await recordEvent(ctx, trx, 'customer.subscription.updated', subscriptionObject(invoiced));
}
