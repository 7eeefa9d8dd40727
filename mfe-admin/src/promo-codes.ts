import type { PromoCodeState } from '@chorus/contracts';

/** What the admin list shows as a code's status. */
export function promoCodeStatus(
  promo: PromoCodeState,
  at: Date,
): 'active' | 'inactive' | 'expired' | 'used up' {
  if (!promo.isActive) return 'inactive';
  if (promo.expiresAt && promo.expiresAt.getTime() <= at.getTime()) return 'expired';
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) return 'used up';
  return 'active';
}
