import { quantileSorted } from 'simple-statistics';
import type { SpecOf, TypedAnswer, TypedResult } from '@chorus/contracts';
import { typedResultOf, weightedQuantile } from '../src';

/** Narrow a result to its type, failing the test otherwise. */
function as<T extends TypedResult['type']>(result: TypedResult, type: T) {
  expect(result.type).toBe(type);
  return result as Extract<TypedResult, { type: T }>;
}

/** One persona per entry, each with these draws. */
const personas = <D>(type: string, draws: D[][]) =>
  draws.map((d) => ({ type, draws: d, noAnswer: 0 }) as unknown as TypedAnswer);

/** `count` personas, each answering `value` once. */
const repeat = <D>(value: D, count: number): D[][] => Array.from({ length: count }, () => [value]);

describe('Net Promoter Score', () => {
  // Reichheld, "The One Number You Need to Grow", Harvard Business Review
  // 81(12), 2003: promoters answer 9–10, passives 7–8, detractors 0–6, and the
  // score is the percentage of promoters minus the percentage of detractors.
  it.each([
    [
      '50 promoters, 30 passives, 20 detractors',
      [
        [10, 50],
        [8, 30],
        [3, 20],
      ],
      0.5,
      0.3,
      0.2,
      30,
    ],
    ['every one a promoter', [[9, 40]], 1, 0, 0, 100],
    [
      'every one a detractor',
      [
        [0, 10],
        [6, 10],
      ],
      0,
      0,
      1,
      -100,
    ],
    [
      '20 promoters, 60 passives, 20 detractors',
      [
        [9, 20],
        [7, 60],
        [6, 20],
      ],
      0.2,
      0.6,
      0.2,
      0,
    ],
    // One persona at each score 0…10: 2 promoters, 2 passives, 7 detractors, 100 × (2 − 7) / 11.
    ['one at each score', Array.from({ length: 11 }, (_, s) => [s, 1]), 0.182, 0.182, 0.636, -45.5],
  ])('%s: NPS %s', (_name, groups, promoters, passives, detractors, score) => {
    const draws = groups.flatMap(([value, count]) => repeat(value!, count!));
    const result = as(typedResultOf({ type: 'nps' }, personas('nps', draws), 7), 'nps');
    expect(result.respondents).toBe(draws.length);
    expect(result.promoters.value).toBe(promoters);
    expect(result.passives.value).toBe(passives);
    expect(result.detractors.value).toBe(detractors);
    expect(result.score.value).toBe(score);
    expect(result.scores).toHaveLength(11);
  });

  it('gives the share at each score and an interval for the score from the same resamples', () => {
    const draws = [...repeat(10, 50), ...repeat(8, 30), ...repeat(3, 20)];
    const result = as(typedResultOf({ type: 'nps' }, personas('nps', draws), 7), 'nps');
    expect(result.scores.find((s) => s.score === 10)?.share).toBe(0.5);
    expect(result.scores.find((s) => s.score === 3)?.share).toBe(0.2);
    expect(result.scores.find((s) => s.score === 0)?.share).toBe(0);
    // 100 personas: the standard error of the score is about 8 points, so a
    // 95 % interval spans roughly 30 ± 16.
    expect(result.score.low).toBeGreaterThan(10);
    expect(result.score.low).toBeLessThan(25);
    expect(result.score.high).toBeGreaterThan(35);
    expect(result.score.high).toBeLessThan(50);
  });
});

describe('rating scale', () => {
  const spec: SpecOf<'scale'> = {
    type: 'scale',
    points: 5,
    lowLabel: 'Very poor',
    highLabel: 'Excellent',
    pointLabels: [],
    ratingMethod: 'direct',
  };

  it('gives the share at each point, the mean and the top-two box', () => {
    // Hand-computed: 10 personas rating 1, 2, 3, 3, 4, 4, 4, 5, 5, 5:
    // mean 36 / 10 = 3.6; top-two box (4 or 5) 6 / 10.
    const draws = [1, 2, 3, 3, 4, 4, 4, 5, 5, 5].map((v) => [v]);
    const result = as(typedResultOf(spec, personas('scale', draws), 1), 'scale');
    expect(result.points.map((p) => p.share.value)).toEqual([0.1, 0.1, 0.2, 0.3, 0.3]);
    expect(result.mean.value).toBe(3.6);
    expect(result.topTwoBox.value).toBe(0.6);
    expect(result.points.map((p) => p.label)).toEqual(['Very poor', '2', '3', '4', 'Excellent']);
  });

  it('weights each persona equally, whatever its number of draws', () => {
    // Persona 1 rates 5 four times, persona 2 rates 1 once: the mean is
    // (5 + 1) / 2 = 3, not (20 + 1) / 5 = 4.2.
    const result = as(typedResultOf(spec, personas('scale', [[5, 5, 5, 5], [1]]), 1), 'scale');
    expect(result.mean.value).toBe(3);
    expect(result.points[0]!.share.value).toBe(0.5);
    expect(result.points[4]!.share.value).toBe(0.5);
  });

  it("labels every point with the question's own labels when it has them", () => {
    const labelled: SpecOf<'scale'> = {
      ...spec,
      points: 7,
      pointLabels: ['Awful', 'Bad', 'Poor', 'Fair', 'Good', 'Great', 'Superb'],
      ratingMethod: 'direct',
    };
    const result = as(typedResultOf(labelled, personas('scale', [[6, 7]]), 1), 'scale');
    expect(result.points.map((p) => p.label)).toEqual(labelled.pointLabels);
    // 7-point scale: the top two are 6 and 7.
    expect(result.topTwoBox.value).toBe(1);
    expect(result.mean.value).toBe(6.5);
  });

  it('leaves out draws off the scale and answers of another type', () => {
    const answers: TypedAnswer[] = [
      { type: 'scale', draws: [4, 9, 0, 2.5], noAnswer: 1 },
      { type: 'scale', draws: [6], noAnswer: 2 },
      { type: 'nps', draws: [10, 10], noAnswer: 4 },
    ];
    const result = as(typedResultOf(spec, answers, 1), 'scale');
    expect(result.respondents).toBe(1);
    expect(result.noAnswer).toBe(3);
    expect(result.mean.value).toBe(4);
  });
});

describe('single and multiple choice', () => {
  const options = ['Email', 'Chat', 'Phone'];

  it('gives the share of people choosing each option, "None of these" last', () => {
    // Hand-computed: 4 personas choose Email, Chat, none, Email.
    const spec: SpecOf<'single_choice'> = { type: 'single_choice', options, noneOption: true };
    const result = typedResultOf(spec, personas('single_choice', [[0], [1], [3], [0]]), 2);
    expect(result.type).toBe('single_choice');
    if (result.type !== 'single_choice') return;
    expect(result.options.map((o) => [o.label, o.share.value])).toEqual([
      ['Email', 0.5],
      ['Chat', 0.25],
      ['Phone', 0],
      ['None of these', 0.25],
    ]);
  });

  it('counts a multiple choice by people, not by ticks', () => {
    // 4 personas tick {Email, Chat}, {Chat}, nothing, {Email, Chat, Phone}:
    // Email 2 of 4 people (not 2 of 6 ticks), Chat 3 of 4, Phone 1 of 4, none 1 of 4.
    const spec: SpecOf<'multiple_choice'> = { type: 'multiple_choice', options, noneOption: true };
    const draws = [[[0, 1]], [[1]], [[]], [[0, 1, 2]]];
    const result = typedResultOf(spec, personas('multiple_choice', draws), 2);
    if (result.type !== 'multiple_choice') throw new Error(result.type);
    expect(result.options.map((o) => [o.label, o.share.value])).toEqual([
      ['Email', 0.5],
      ['Chat', 0.75],
      ['Phone', 0.25],
      ['None of these', 0.25],
    ]);
  });

  it('has no "None of these" row when it was not offered, and leaves out draws that name no option', () => {
    const spec: SpecOf<'single_choice'> = { type: 'single_choice', options, noneOption: false };
    const result = typedResultOf(spec, personas('single_choice', [[2, 3, 7], [2]]), 2);
    if (result.type !== 'single_choice') throw new Error(result.type);
    expect(result.options.map((o) => o.label)).toEqual(options);
    expect(result.options[2]!.share.value).toBe(1);
    expect(result.respondents).toBe(2);
  });
});

describe('number', () => {
  const spec: SpecOf<'number'> = { type: 'number', unit: 'dollars a month', min: 0, max: 80 };

  it('gives the median and quartiles as simple-statistics does (type 7)', () => {
    // Hyndman & Fan, "Sample quantiles in statistical packages", The American
    // Statistician 50(4), 1996, definition 7 (R's and numpy's default): the
    // p-quantile of n sorted values lies at index (n − 1)p, interpolated.
    // 1…8: the median at 3.5 is 4.5; the quartiles at 1.75 and 5.25 are 2.75 and 6.25.
    const values = [1, 2, 3, 4, 5, 6, 7, 8];
    const result = as(
      typedResultOf(
        spec,
        personas(
          'number',
          values.map((v) => [v]),
        ),
        3,
      ),
      'number',
    );
    expect(result.median.value).toBe(4.5);
    expect(result.lowerQuartile.value).toBe(2.75);
    expect(result.upperQuartile.value).toBe(6.25);
    expect(result.median.value).toBe(quantileSorted(values, 0.5));
    expect(result.lowerQuartile.value).toBe(quantileSorted(values, 0.25));
    expect(result.unit).toBe('dollars a month');
  });

  it.each([
    [[7, 1, 3], 0.5, 3],
    [[10, 20, 30, 40, 50], 0.5, 30],
    [[10, 20, 30, 40, 50], 0.25, 20],
    [[4, 1, 3, 2], 0.75, 3.25],
    [[2, 4], 0.5, 3],
  ])('with equal weights, weightedQuantile(%j, %s) = %s', (values, p, expected) => {
    const weights = values.map(() => 1 / values.length);
    expect(weightedQuantile(values, weights, p)).toBeCloseTo(expected, 10);
    expect(weightedQuantile(values, weights, p)).toBeCloseTo(
      quantileSorted(
        [...values].sort((a, b) => a - b),
        p,
      ),
      10,
    );
  });

  it('weights each persona equally in the quartiles', () => {
    // Personas answer 10 (four draws), 20 (one) and 30 (two): a third each.
    // Weighted plotting positions (S − w) / (1 − w): the 10s at 0, 1/11, 2/11,
    // 3/11; 20 at (1/3) / (2/3) = 0.5; the 30s at (2/3) / (5/6) = 0.8 and 1.
    // So the median is 20 (counting draws instead would make it 10), the lower
    // quartile 10 and the upper 20 + (0.25 / 0.3) × 10 = 28.33.
    const draws = [[10, 10, 10, 10], [20], [30, 30]];
    const result = as(typedResultOf(spec, personas('number', draws), 3), 'number');
    expect(result.median.value).toBe(20);
    expect(result.lowerQuartile.value).toBe(10);
    expect(result.upperQuartile.value).toBe(28.33);
  });

  it('spreads the answers over eight equal bins of the range', () => {
    // Bins of 10 over 0–80; 80 falls in the last bin.
    const values = [5, 15, 15, 25, 35, 45, 75, 80];
    const result = as(
      typedResultOf(
        spec,
        personas(
          'number',
          values.map((v) => [v]),
        ),
        3,
      ),
      'number',
    );
    expect(result.histogram).toHaveLength(8);
    expect(result.histogram[0]).toEqual({ from: 0, to: 10, share: 0.125 });
    expect(result.histogram.map((b) => b.share)).toEqual([
      0.125, 0.25, 0.125, 0.125, 0.125, 0, 0, 0.25,
    ]);
    expect(result.histogram[7]).toEqual({ from: 70, to: 80, share: 0.25 });
  });
});

describe('ranking', () => {
  const spec: SpecOf<'ranking'> = { type: 'ranking', items: ['Price', 'Speed', 'Support'] };

  it('gives the mean rank of each item and the share placing it first, best first', () => {
    // Hand-computed: Price ranks 1, 1, 2, 2 (mean 1.5); Speed 2, 3, 1, 3
    // (2.25); Support 3, 2, 3, 1 (2.25). First: Price 2 of 4, the others 1.
    const draws = [[[0, 1, 2]], [[0, 2, 1]], [[1, 0, 2]], [[2, 0, 1]]];
    const result = as(typedResultOf(spec, personas('ranking', draws), 4), 'ranking');
    expect(result.items.map((i) => [i.label, i.meanRank.value, i.firstShare.value])).toEqual([
      ['Price', 1.5, 0.5],
      ['Speed', 2.25, 0.25],
      ['Support', 2.25, 0.25],
    ]);
  });

  it('uses only complete rankings', () => {
    const draws = [
      [
        [0, 1, 2],
        [0, 1],
        [0, 0, 1],
        [2, 1, 0],
      ],
    ];
    const result = as(typedResultOf(spec, personas('ranking', draws), 4), 'ranking');
    // Two usable draws: Price ranks 1 and 3, Support 3 and 1.
    expect(result.items.find((i) => i.label === 'Price')!.meanRank.value).toBe(2);
    expect(result.items.find((i) => i.label === 'Speed')!.meanRank.value).toBe(2);
    expect(result.items.find((i) => i.label === 'Price')!.firstShare.value).toBe(0.5);
  });
});

describe('no answers', () => {
  it('gives zeros and no respondents', () => {
    const result = as(typedResultOf({ type: 'nps' }, [], 1), 'nps');
    expect(result.respondents).toBe(0);
    expect(result.score).toEqual({ value: 0, low: 0, high: 0 });
  });
});
