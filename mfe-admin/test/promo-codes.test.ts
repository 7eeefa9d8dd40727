import type { PromoCodeState } from '@chorus/contracts';
import { promoCodeStatus } from '../src/promo-codes';

describe("promoCodeStatus: what the admin list shows as a code's status", () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const usable: PromoCodeState = {
    isActive: true,
    discountPercent: 20,
    usageLimit: null,
    usedCount: 0,
    expiresAt: null,
  };

  it.each<[string, PromoCodeState, string]>([
    ['a usable code', usable, 'active'],
    ['an inactive code', { ...usable, isActive: false }, 'inactive'],
    ['an expired code', { ...usable, expiresAt: new Date('2026-06-15T11:59:59Z') }, 'expired'],
    ['a code expiring right now', { ...usable, expiresAt: now }, 'expired'],
    ['a code expiring later', { ...usable, expiresAt: new Date('2026-07-01') }, 'active'],
    ['a used-up code', { ...usable, usageLimit: 3, usedCount: 3 }, 'used up'],
    ['a code with uses left', { ...usable, usageLimit: 3, usedCount: 2 }, 'active'],
    ['a 0% code', { ...usable, discountPercent: 0 }, 'active'],
  ])('%s', (_, promo, status) => {
    expect(promoCodeStatus(promo, now)).toBe(status);
  });
});
