import { informativeSpan } from '../src/components/questions/typed/range-span';

const curve = (price: number, tooCheap: number, tooExpensive: number) => ({
  price,
  tooCheap,
  tooExpensive,
});

describe('the part of the price-range curves worth drawing', () => {
  it('cuts a long tail of prices nearly everyone calls too expensive, one step past it', () => {
    const curves = [
      curve(1, 1, 0),
      curve(2, 1, 0),
      curve(5, 0.6, 0.05),
      curve(10, 0.2, 0.4),
      curve(20, 0, 0.99),
      curve(40, 0, 1),
      curve(80, 0, 1),
      curve(160, 0, 1),
    ];
    expect(informativeSpan(curves).map((c) => c.price)).toEqual([1, 2, 5, 10, 20, 40]);
  });

  it('keeps every price when no tail is flat', () => {
    const curves = [curve(1, 0.9, 0), curve(2, 0.5, 0.5), curve(3, 0.1, 0.9)];
    expect(informativeSpan(curves)).toEqual(curves);
  });
});
