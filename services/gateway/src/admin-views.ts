import type { AuditEntry, PromoCodeView, SeatChangeView, SeatStats } from '@chorus/contracts';
import type { GetRevenueStatsResponse, PromoCode } from '@chorus/proto/billing/v1/billing';
import type { SeatChange } from '@chorus/proto/catalog/v1/teams';
import type { AdminAction } from '@chorus/proto/identity/v1/identity';
import { toAuditEntryView } from './teams-views';

// How the admin area's messages look to the browser.

export const dollars = (cents: number) => Math.round(cents) / 100;

export function toPromoCodeView(promo: PromoCode): PromoCodeView {
  return {
    id: promo.id,
    code: promo.code,
    discountPercent: promo.discountPercent,
    durationMonths: promo.durationMonths,
    description: promo.description || null,
    usageLimit: promo.usageLimit ?? null,
    usedCount: promo.usedCount,
    expiresAt: promo.expiresAt?.toISOString() ?? null,
    isActive: promo.isActive,
    createdAt: promo.createdAt?.toISOString() ?? '',
  };
}

export function toAuditEntry(action: AdminAction): AuditEntry {
  return {
    id: action.id,
    adminId: action.adminId,
    adminEmail: action.adminEmail,
    action: action.action,
    target: action.target,
    details: action.details ?? {},
    createdAt: action.createdAt?.toISOString() ?? '',
  };
}

/** The team seats of the running subscriptions and their monthly revenue, in dollars. */
export function toSeatStats(revenue: GetRevenueStatsResponse): SeatStats {
  return {
    totalSeats: revenue.totalSeats ?? 0,
    seatRevenue: dollars(revenue.seatRevenueCents ?? 0),
  };
}

/** A product's team change that changed its bill, as the admin area lists it. */
export function toSeatChangeViews(changes: SeatChange[]): SeatChangeView[] {
  return changes.flatMap(({ entry, productName }) =>
    entry ? [{ ...toAuditEntryView(entry), productId: entry.productId, productName }] : [],
  );
}
