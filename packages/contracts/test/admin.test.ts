import { adminMessages, parsePromoCode, type PromoCodeForm } from '../src';

describe('parsePromoCode', () => {
  const base = { code: 'spring', discountPercent: '20', durationMonths: '3' };

  it.each<[string, PromoCodeForm, Record<string, unknown>]>([
    [
      'forces the code to upper case and trims it',
      { ...base, code: '  spring25 ' },
      { code: 'SPRING25' },
    ],
    ['reads integer text', base, { discountPercent: 20, durationMonths: 3 }],
    [
      'reads numbers',
      { ...base, discountPercent: 15, durationMonths: 6 },
      { discountPercent: 15, durationMonths: 6 },
    ],
    [
      'truncates decimals as parseInt does',
      { ...base, discountPercent: '12.9', durationMonths: 2.5 },
      { discountPercent: 12, durationMonths: 2 },
    ],
    [
      'makes a non-integer discount 0',
      { ...base, discountPercent: 'lots' },
      { discountPercent: 0 },
    ],
    ['makes an empty discount 0', { ...base, discountPercent: '' }, { discountPercent: 0 }],
    ['makes a missing discount 0', { code: 'X' }, { discountPercent: 0, durationMonths: 1 }],
    [
      'makes a non-integer duration 1',
      { ...base, durationMonths: 'forever' },
      { durationMonths: 1 },
    ],
    ['makes an empty duration 1', { ...base, durationMonths: '' }, { durationMonths: 1 }],
    ['makes an empty usage limit null', { ...base, usageLimit: '' }, { usageLimit: null }],
    ['makes a missing usage limit null', base, { usageLimit: null }],
    ['makes a null usage limit null', { ...base, usageLimit: null }, { usageLimit: null }],
    ['reads a usage limit', { ...base, usageLimit: '100' }, { usageLimit: 100 }],
    ['reads a numeric usage limit', { ...base, usageLimit: 5 }, { usageLimit: 5 }],
    ['keeps a null expiry null', { ...base, expiresAt: null }, { expiresAt: null }],
    [
      'reads an expiry date',
      { ...base, expiresAt: '2030-01-31' },
      { expiresAt: new Date('2030-01-31') },
    ],
    [
      'keeps a description, trimmed',
      { ...base, description: ' Spring sale ' },
      { description: 'Spring sale' },
    ],
    ['makes an empty description null', { ...base, description: '  ' }, { description: null }],
    ['is active unless told', base, { isActive: true }],
    ['keeps an explicit inactive flag', { ...base, isActive: false }, { isActive: false }],
  ])('%s', (_, form, expected) => {
    const parsed = parsePromoCode(form);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value).toMatchObject(expected);
  });

  it.each<[string, PromoCodeForm, string]>([
    ['no code', { ...base, code: '' }, adminMessages.promoCodeRequired],
    ['a blank code', { ...base, code: '   ' }, adminMessages.promoCodeRequired],
    ['a code that is not text', { ...base, code: 12 }, adminMessages.promoCodeRequired],
    [
      'a code over 50 characters',
      { ...base, code: 'A'.repeat(51) },
      adminMessages.promoCodeTooLong,
    ],
    ['a discount over 100', { ...base, discountPercent: '150' }, adminMessages.discountOutOfRange],
    ['a negative discount', { ...base, discountPercent: -5 }, adminMessages.discountOutOfRange],
    ['a zero duration', { ...base, durationMonths: '0' }, adminMessages.durationOutOfRange],
    [
      'a duration over ten years',
      { ...base, durationMonths: 121 },
      adminMessages.durationOutOfRange,
    ],
    ['a usage limit of 0', { ...base, usageLimit: '0' }, adminMessages.usageLimitOutOfRange],
    [
      'a usage limit that is not a number',
      { ...base, usageLimit: 'many' },
      adminMessages.usageLimitOutOfRange,
    ],
    ['an expiry that is not a date', { ...base, expiresAt: 'soon' }, adminMessages.invalidExpiry],
  ])('refuses %s', (_, form, message) => {
    expect(parsePromoCode(form)).toEqual({ ok: false, message });
  });
});
