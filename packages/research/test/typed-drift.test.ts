import type { TypedResult } from '@chorus/contracts';
import { typedDrift, typedHeadline } from '../src';

const nps = (value: number, low: number, high: number): TypedResult => ({
  type: 'nps',
  respondents: 10,
  noAnswer: 0,
  promoters: { value: 0.5, low: 0.3, high: 0.7 },
  passives: { value: 0.3, low: 0.1, high: 0.5 },
  detractors: { value: 0.2, low: 0.05, high: 0.4 },
  score: { value, low, high },
  scores: [],
});

describe('drift of a typed question between runs', () => {
  it('reads no drift while the likely ranges overlap', () => {
    const drift = typedDrift(nps(30, 10, 48), nps(20, 2, 40))!;
    expect(drift).toMatchObject({ figure: 'Net Promoter Score', drifted: false });
    expect(drift.text).toBe(
      'No drift: Net Promoter Score was 30 (likely 10 to 48) and is 20 (likely 2 to 40); the likely ranges overlap.',
    );
  });

  it('reads drift once the ranges no longer overlap', () => {
    const drift = typedDrift(nps(30, 10, 48), nps(-20, -40, 0))!;
    expect(drift.drifted).toBe(true);
    expect(drift.text).toMatch(/^Drift: Net Promoter Score moved from 30/);
  });

  it('names a price ladder by its price of most revenue, in its currency', () => {
    const ladder: TypedResult = {
      type: 'price_ladder',
      respondents: 5,
      noAnswer: 0,
      currency: 'GBP',
      period: 'month',
      points: [],
      bestPrice: { value: 19, low: 9, high: 29 },
      bestDemand: { value: 0.4, low: 0.2, high: 0.6 },
      summary: '',
    };
    const headline = typedHeadline(ladder)!;
    expect(headline.figure).toBe('Price of most revenue');
    expect(headline.format(19)).toBe('£19');
    expect(typedDrift(ladder, nps(1, 0, 2))).toBeNull();
  });
});
