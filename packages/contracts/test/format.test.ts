import {
  formatBillingDate,
  formatDate,
  formatDollars,
  formatMoney,
  formatWholeDollars,
} from '../src';

describe('formatMoney: cents with their cents', () => {
  it.each([
    [2500, undefined, '$25.00'],
    [27000, 'USD', '$270.00'],
    [199, 'usd', '$1.99'],
    [0, undefined, '$0.00'],
    [123456789, undefined, '$1,234,567.89'],
    [-250, undefined, '-$2.50'],
    [2500, 'eur', '€25.00'],
  ])('formatMoney(%d, %p) -> %s', (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toBe(text);
  });
});

describe('formatDollars: the billing api’s dollar amounts', () => {
  it.each([
    [25, 'usd', '$25.00'],
    [29.5, 'USD', '$29.50'],
    [270, undefined, '$270.00'],
  ])('formatDollars(%d, %p) -> %s', (amount, currency, text) => {
    expect(formatDollars(amount, currency)).toBe(text);
  });
});

describe('formatWholeDollars: headline prices, cents only when there are some', () => {
  it.each([
    [2500, 'usd', '$25'],
    [27000, 'USD', '$270'],
    [2750, 'USD', '$27.50'],
    [200, undefined, '$2'],
    [1000000, undefined, '$10,000'],
  ])('formatWholeDollars(%d, %p) -> %s', (cents, currency, text) => {
    expect(formatWholeDollars(cents, currency)).toBe(text);
  });
});

describe('formatDate', () => {
  const utc = { timeZone: 'UTC' };
  it.each([
    ['2027-03-03T23:30:00.000Z', 'long', utc, 'March 3, 2027'],
    ['2027-03-03T23:30:00.000Z', 'medium', utc, 'Mar 3, 2027'],
    ['2027-03-03T09:05:00.000Z', 'dateTime', utc, 'Mar 3, 2027, 9:05 AM'],
    ['2027-11-01T00:00:00Z', 'month', utc, 'Nov'],
    [new Date(Date.UTC(2025, 0, 6)), 'medium', utc, 'Jan 6, 2025'],
    [Date.UTC(2025, 0, 6), 'long', utc, 'January 6, 2025'],
    // The same instant is the next day further east.
    ['2027-03-03T23:30:00.000Z', 'long', { timeZone: 'Asia/Tokyo' }, 'March 4, 2027'],
  ] as const)('formatDate(%p, %s, %p) -> %s', (date, style, options, text) => {
    expect(formatDate(date, style, options)).toBe(text);
  });

  it.each([null, undefined, '', 'garbage'])('%p -> the fallback', (date) => {
    expect(formatDate(date)).toBe('Not available');
    expect(formatDate(date, 'medium', { fallback: '—' })).toBe('—');
  });

  it.each([
    ['2027-03-03T23:30:00.000Z', 'March 3, 2027'],
    [null, 'Not available'],
    ['', 'Not available'],
    ['garbage', 'Not available'],
  ])('formatBillingDate(%p) -> %s: the UTC day', (date, text) => {
    expect(formatBillingDate(date)).toBe(text);
  });
});
