import { adminMessages, type PromoCodeState } from '@chorus/contracts';
import { promoCodeRefusal } from '../src/domain/promo-codes';

describe('promoCodeRefusal: why a customer may not use a code now', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const usable: PromoCodeState = {
    isActive: true,
    discountPercent: 20,
    usageLimit: null,
    usedCount: 0,
    expiresAt: null,
  };

  it.each<[string, PromoCodeState | undefined, string | undefined]>([
    ['an unknown code', undefined, adminMessages.promoUnknown],
    ['a usable code', usable, undefined],
    ['an inactive code', { ...usable, isActive: false }, adminMessages.promoInactive],
    [
      'an expired code',
      { ...usable, expiresAt: new Date('2026-06-15T11:59:59Z') },
      adminMessages.promoExpired,
    ],
    ['a code expiring right now', { ...usable, expiresAt: now }, adminMessages.promoExpired],
    ['a code expiring later', { ...usable, expiresAt: new Date('2026-07-01') }, undefined],
    ['a used-up code', { ...usable, usageLimit: 3, usedCount: 3 }, adminMessages.promoUsedUp],
    ['a code with uses left', { ...usable, usageLimit: 3, usedCount: 2 }, undefined],
    ['a 0% code', { ...usable, discountPercent: 0 }, adminMessages.promoNoDiscount],
  ])('%s', (_, promo, refusal) => {
    expect(promoCodeRefusal(promo, now)).toBe(refusal);
  });
});
