import { isLive } from './status';

export interface RevenueMonth {
  month: string;
  revenueCents: number;
  activeSubscriptions: number;
}

/** When a subscription ran: from `startedAt` until it was cancelled (or still). */
interface RunningSpan {
  startedAt: Date;
  canceledAt: Date | null;
  providerStatus: string;
}

/** First day of the month `offset` months from `date`'s month, UTC. */
export function monthStart(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
}

/** 'YYYY-MM' of a month start. */
function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** How many months the history shows: 12 unless asked, at least 1, at most 60. */
export function historyLength(months: number): number {
  return Math.min(Math.max(months || 12, 1), 60);
}

/**
 * The last `count` months up to `now`'s, oldest first: the paid invoices
 * issued in each (`paid` by month key), and the subscriptions running at
 * some time in it (started before its end, not cancelled before its start).
 */
export function revenueMonths(
  count: number,
  now: Date,
  paid: ReadonlyMap<string, number>,
  spans: readonly RunningSpan[],
): RevenueMonth[] {
  return Array.from({ length: count }, (_, index) => {
    const start = monthStart(now, -(count - 1) + index);
    const stop = monthStart(now, -(count - 1) + index + 1);
    const running = spans.filter(
      (s) =>
        s.startedAt < stop && (s.canceledAt ? s.canceledAt >= start : isLive(s.providerStatus)),
    ).length;
    return {
      month: monthKey(start),
      revenueCents: paid.get(monthKey(start)) ?? 0,
      activeSubscriptions: running,
    };
  });
}

/** What one running subscription brings in per month, its team seats' part included. */
interface RunningRate {
  monthlyRateCents: number;
  seats: number;
  seatsMonthlyRateCents: number;
}

/**
 * The dashboard's figures over the running subscriptions: their monthly
 * rates added up and averaged, and the team seats they bill with the
 * monthly revenue those seats bring.
 */
export function revenueSummary(running: readonly RunningRate[]) {
  const monthlyRevenueCents = running.reduce((sum, rate) => sum + rate.monthlyRateCents, 0);
  const activeSubscriptions = running.length;
  return {
    monthlyRevenueCents,
    activeSubscriptions,
    averageRateCents: activeSubscriptions
      ? Math.round(monthlyRevenueCents / activeSubscriptions)
      : 0,
    totalSeats: running.reduce((sum, rate) => sum + rate.seats, 0),
    seatRevenueCents: running.reduce((sum, rate) => sum + rate.seatsMonthlyRateCents, 0),
  };
}
