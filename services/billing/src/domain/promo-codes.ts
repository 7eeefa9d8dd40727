import { adminMessages, type PromoCodeState } from '@chorus/contracts';

/** Why a code cannot be used now (the message a customer reads), or undefined when it can. */
export function promoCodeRefusal(promo: PromoCodeState | undefined, at: Date): string | undefined {
  if (!promo) return adminMessages.promoUnknown;
  if (!promo.isActive) return adminMessages.promoInactive;
  if (promo.expiresAt && promo.expiresAt.getTime() <= at.getTime()) {
    return adminMessages.promoExpired;
  }
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) {
    return adminMessages.promoUsedUp;
  }
  if (promo.discountPercent <= 0) return adminMessages.promoNoDiscount;
  return undefined;
}
