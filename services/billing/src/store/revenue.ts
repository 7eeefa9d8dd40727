import type { Knex } from '@chorus/service-kit';
import { isLive } from '../domain/status';
import type { ProductRow, SubscriptionRow } from './rows';

/** When a subscription ran: from its first invoiced period until it was cancelled. */
type SubscriptionSpan = Pick<SubscriptionRow, 'canceled_at' | 'provider_status'> & {
  started_at: Date;
};

/** The queries behind the admin dashboard's revenue figures. */
export class RevenueStore {
  constructor(readonly db: Knex) {}

  /** Every running subscription with its product (those of deleted products left out). */
  async runningSubscriptions(): Promise<{ product: ProductRow; subscription: SubscriptionRow }[]> {
    const subscriptions = (await this.db<SubscriptionRow>('subscriptions')).filter((row) =>
      isLive(row.provider_status),
    );
    const products = new Map(
      (
        await this.db<ProductRow>('products')
          .whereIn(
            'id',
            subscriptions.map((row) => row.product_id),
          )
          .whereNull('deleted_at')
      ).map((product) => [product.id, product]),
    );
    return subscriptions.flatMap((subscription) => {
      const product = products.get(subscription.product_id);
      return product ? [{ product, subscription }] : [];
    });
  }

  /** Paid invoices' totals per month ('YYYY-MM', UTC) issued in [from, to). */
  async paidPerMonth(from: Date, to: Date): Promise<Map<string, number>> {
    const rows = (await this.db('invoices')
      .where('status', 'paid')
      .andWhere('issued_at', '>=', from)
      .andWhere('issued_at', '<', to)
      .select(
        this.db.raw(
          `to_char(date_trunc('month', issued_at at time zone 'UTC'), 'YYYY-MM') as month`,
        ),
        this.db.raw('sum(amount_cents)::int as cents'),
      )
      .groupBy('month')) as { month: string; cents: number }[];
    return new Map(rows.map((row) => [row.month, Number(row.cents)]));
  }

  /**
   * A subscription started with its first invoiced period (its row may be
   * younger, e.g. when it came from a provider event); never invoiced, when
   * its row was made.
   */
  subscriptionSpans(): Promise<SubscriptionSpan[]> {
    return this.db('subscriptions as s').select(
      's.canceled_at',
      's.provider_status',
      this.db.raw(
        `coalesce((select min(i.period_start) from invoices i
          where i.provider_subscription_id = s.provider_subscription_id), s.created_at) as started_at`,
      ),
    );
  }
}
