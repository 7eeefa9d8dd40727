import {
  historyLength,
  monthStart,
  type RevenueMonth,
  revenueMonths,
  revenueSummary,
} from './domain/revenue';
import { type RevenueStore, viewOfRows } from './store';

/**
 * The admin dashboard's revenue figures, priced by the same pricing rules
 * the customers' billing page uses.
 */
export class Revenue {
  constructor(private readonly deps: { revenue: RevenueStore; now: () => Date }) {}

  /** What the running subscriptions bring in each month. */
  async stats() {
    const now = this.deps.now();
    const running = await this.deps.revenue.runningSubscriptions();
    return revenueSummary(
      running.map(({ product, subscription }) => viewOfRows(product, subscription, now)),
    );
  }

  /** Per month, oldest first: paid invoices and the subscriptions running in it. */
  async history(months: number): Promise<RevenueMonth[]> {
    const count = historyLength(months);
    const now = this.deps.now();
    const [paid, spans] = await Promise.all([
      this.deps.revenue.paidPerMonth(monthStart(now, -(count - 1)), monthStart(now, 1)),
      this.deps.revenue.subscriptionSpans(),
    ]);
    return revenueMonths(
      count,
      now,
      paid,
      spans.map((span) => ({
        startedAt: span.started_at,
        canceledAt: span.canceled_at,
        providerStatus: span.provider_status,
      })),
    );
  }
}
