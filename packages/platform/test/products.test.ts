import { subscriptionSettling } from '../src/ui/products';

describe('a product whose subscription may still be settling', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const createdAgo = (ms: number) => new Date(now.getTime() - ms).toISOString();
  test.each([
    ['inactive, created 5 s ago', 'inactive', createdAgo(5_000), true],
    ['inactive, created just under 2 minutes ago', 'inactive', createdAgo(119_000), true],
    ['inactive, created 2 minutes ago: simply unpaid', 'inactive', createdAgo(120_000), false],
    ['active, created 5 s ago', 'active', createdAgo(5_000), false],
    ['past_due, created 5 s ago', 'past_due', createdAgo(5_000), false],
    ['inactive, created in the future (clock skew)', 'inactive', createdAgo(-5_000), false],
  ])('%s', (_case, subscriptionStatus, createdAt, settling) => {
    expect(subscriptionSettling({ subscriptionStatus, createdAt }, now)).toBe(settling);
  });
});
