import { billingCycleOf } from '../src/billing-views';

describe('billingCycleOf', () => {
  it.each([
    ['monthly', 'monthly'],
    ['annual', 'annual'],
    ['price_yearly_270', 'annual'],
    ['price_1Abc', 'monthly'],
    [undefined, 'monthly'],
  ])('%j -> %s', (choice, cycle) => {
    expect(billingCycleOf(choice)).toBe(cycle);
  });
});
