import { AGREEMENT_MIN_RESPONSES } from '@chorus/contracts';
import {
  bordaCount,
  distanceLevel,
  distanceLevels,
  distributionAgreement,
  jensenShannonDistance,
  orderLevel,
  rankCorrelation,
  rankingAgreement,
  ratingHistogram,
  thumbsSplit,
} from '../src';

const ranked = (...rankings: string[][]) => bordaCount(rankings, ['a', 'b', 'c', 'd']);

describe('agreement between people and personas', () => {
  it.each([
    ['identical ratings', [0, 1, 2, 5, 2], [0, 1, 2, 5, 2], 0, 'well'],
    ['same shares, different totals', [0, 2, 4, 10, 4], [0, 1, 2, 5, 2], 0, 'well'],
    ['nothing in common', [10, 0, 0, 0, 0], [0, 0, 0, 0, 3], 1, 'poorly'],
    ['thumbs all up vs all down', [12, 0], [0, 4], 1, 'poorly'],
  ])('%s: distance %s, predicted %s', (_name, human, persona, distance, level) => {
    const agreement = distributionAgreement(human, persona);
    expect(agreement.value).toBeCloseTo(distance);
    expect(agreement.level).toBe(level);
    expect(agreement.tooFew).toBe(false);
    expect(agreement.label).toBe(
      `Your personas predicted this ${level} (${agreement.responses} responses)`,
    );
  });

  it('says the distance in plain words and names the measures one step away', () => {
    // 10 people: 2 rate 3, 8 rate 5; personas 5 and 5.
    const agreement = distributionAgreement([0, 0, 2, 0, 8], [0, 0, 5, 0, 5]);
    expect(agreement.text).toMatch(/^How far people and personas differ: 0\.\d\d of 1, /);
    expect(agreement.text).toContain('The largest gap in the share of ratings');
    expect(agreement.text).not.toMatch(/Jensen|Kolmogorov|entropy|KS/);
    expect(agreement.technical).toMatch(
      /^Jensen–Shannon distance 0\.\d\d over ratings 1–5; two-sample Kolmogorov–Smirnov D = 0\.30/,
    );
  });

  it('a distance between the extremes', () => {
    const d = jensenShannonDistance([1, 1], [1, 0]);
    expect(d).toBeGreaterThan(0.4);
    expect(d).toBeLessThan(0.8);
  });

  it.each([
    ['same order', [['a', 'b', 'c', 'd']], [['a', 'b', 'c', 'd']], 1, 'well'],
    ['reversed order', [['a', 'b', 'c', 'd']], [['d', 'c', 'b', 'a']], -1, 'poorly'],
    // d² = 1 + 1 = 2: rho = 1 - 6·2 / (4·15) = 0.8
    ['one swap', [['a', 'b', 'c', 'd']], [['b', 'a', 'c', 'd']], 0.8, 'well'],
  ])('rankings in %s correlate %s', (_name, human, persona, rho, level) => {
    const agreement = rankingAgreement(ranked(...human), ranked(...persona), 40);
    expect(agreement.value).toBeCloseTo(rho);
    expect(agreement.level).toBe(level);
    expect(agreement.technical).toContain('Spearman rank correlation');
    expect(agreement.text).toMatch(/on a scale from −1 \(reversed\) to 1 \(the same order\)/);
  });

  it('gives tied items their average rank', () => {
    // People: a and b tie on top, c and d tie below (ranks 1.5 1.5 3.5 3.5);
    // personas a b c d (ranks 1 2 3 4): Pearson over those ranks = 2/√5.
    const people = ranked(['a', 'b', 'c', 'd'], ['b', 'a', 'd', 'c']);
    expect(people.map((p) => p.points)).toEqual([5, 5, 1, 1]);
    const agreement = rankingAgreement(people, ranked(['a', 'b', 'c', 'd']), 40);
    expect(agreement.value).toBeCloseTo(2 / Math.sqrt(5), 10);
    // The same ties listed in the other order give the same figure.
    expect(rankCorrelation([5, 5, 1, 1], [3, 2, 1, 0])).toBeCloseTo(
      rankCorrelation([5, 5, 1, 1].reverse(), [3, 2, 1, 0].reverse()),
      12,
    );
  });

  it('says people showed no order when every item ties, instead of a figure', () => {
    // Half one order, half the reverse: every item gets the same points.
    const people = ranked(
      ...Array.from({ length: 10 }, () => ['a', 'b', 'c', 'd']),
      ...Array.from({ length: 10 }, () => ['d', 'c', 'b', 'a']),
    );
    expect(new Set(people.map((p) => p.points)).size).toBe(1);
    const agreement = rankingAgreement(people, ranked(['a', 'b', 'c', 'd']), 20);
    expect(agreement.value).toBeNull();
    expect(agreement.level).toBeNull();
    expect(agreement.label).toBe(
      'People showed no preferred order, so there is nothing to compare (20 responses)',
    );
    expect(agreement.label).not.toContain('predicted');
  });

  it('says the personas showed no order when theirs all tie', () => {
    const agreement = rankingAgreement(
      ranked(['a', 'b', 'c', 'd']),
      ranked(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a']),
      12,
    );
    expect(agreement.value).toBeNull();
    expect(agreement.label).toMatch(/^Your personas showed no preferred order/);
  });

  it.each([
    ['ratings', () => distributionAgreement([0, 0, 1, 1, 1], [0, 0, 1, 1, 1])],
    ['rankings', () => rankingAgreement(ranked(['a', 'b']), ranked(['a', 'b']), 3)],
  ])('%s from fewer than the minimum of responses are flagged as too few', (_kind, figure) => {
    const agreement = figure();
    expect(agreement.tooFew).toBe(true);
    expect(agreement.responses).toBe(3);
    expect(agreement.label).toBe(
      `Too few responses to judge (3 responses; at least ${AGREEMENT_MIN_RESPONSES} needed)`,
    );
  });

  it.each([
    [
      'no responses',
      () => distributionAgreement([0, 0, 0, 0, 0], [0, 1, 0, 0, 0]),
      'No responses yet',
    ],
    [
      'no persona prediction',
      () => distributionAgreement([0, 0, 0, 0, 11], [0, 0, 0, 0, 0]),
      'No persona predictions to compare (11 responses)',
    ],
    [
      'no persona ranking',
      () => rankingAgreement(ranked(['a', 'b']), [], 1),
      'No persona predictions to compare (1 response)',
    ],
  ])('%s has no figure', (_name, figure, label) => {
    const agreement = figure();
    expect(agreement.value).toBeNull();
    expect(agreement.label).toBe(label);
  });
});

describe('the agreement levels', () => {
  it.each([
    [0, 'well'],
    [0.19, 'well'],
    [0.2, 'fairly well'],
    [0.39, 'fairly well'],
    [0.4, 'poorly'],
    [1, 'poorly'],
  ])('a distance of %s predicted %s', (distance, level) => {
    expect(distanceLevel(distance).level).toBe(level);
  });

  it.each([
    [1, 'well'],
    [0.7, 'well'],
    [0.69, 'fairly well'],
    [0.4, 'fairly well'],
    [0.39, 'poorly'],
    [-1, 'poorly'],
  ])('a rank correlation of %s predicted %s', (rho, level) => {
    expect(orderLevel(rho).level).toBe(level);
  });

  it('a 20-point gap between two opinions sits at the first cut-off, as its reason says', () => {
    // 50/50 against 70/30 (20 in 100 answers elsewhere) and 60/20/20 against 40/40/20.
    expect(jensenShannonDistance([50, 50], [70, 30])).toBeCloseTo(0.2, 1);
    expect(jensenShannonDistance([60, 20, 20], [40, 40, 20])).toBeCloseTo(0.2, 1);
    expect(distanceLevels.every((cut) => cut.reason.length > 0)).toBe(true);
  });
});

describe('counting answers', () => {
  it('histograms ratings 1-5 and ignores anything else', () => {
    expect(ratingHistogram([1, 5, 5, 3, 0, 6, 2.5])).toEqual([1, 0, 1, 0, 2]);
    expect(thumbsSplit(['up', 'down', 'up'])).toEqual([2, 1]);
  });

  it.each([
    [[['a', 'b', 'c']], ['a', 'b', 'c'], [2, 1, 0]],
    [
      [
        ['a', 'b', 'c'],
        ['c', 'b', 'a'],
        ['b', 'a', 'c'],
      ],
      ['b', 'a', 'c'],
      [4, 3, 2],
    ],
    [[], ['a', 'b', 'c'], [0, 0, 0]],
  ])('Borda count of %j', (rankings, order, points) => {
    const result = bordaCount(rankings, ['a', 'b', 'c']);
    expect(result.map((r) => r.itemId)).toEqual(order);
    expect(result.map((r) => r.points)).toEqual(points);
  });
});
