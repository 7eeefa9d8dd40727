import { parseCalibrationCsv, ratingOpinion } from '@chorus/contracts';
import {
  calibrationTrend,
  fidelity,
  jensenShannonDistance,
  kolmogorovSurvival,
  ksFromCounts,
  ksTwoSample,
  opinionVariance,
  spreadRatio,
} from '../src';

describe('Jensen-Shannon distance (log base 2)', () => {
  // Hand-worked: p = (1/2, 1/2, 0), q = (1, 0, 0) -> m = (3/4, 1/4, 0).
  // KL(p||m) = 1/2 log2(2/3) + 1/2 log2(2) = 1/2 (1 - log2 3) + 1/2 = 1 - log2(3)/2
  // KL(q||m) = log2(4/3) = 2 - log2 3
  // JSD = (3 - 1.5 log2 3) / 2 = 1.5 - 0.75 log2 3 ~ 0.3113; distance = sqrt ~ 0.5579
  const handWorked = Math.sqrt(1.5 - 0.75 * Math.log2(3));
  it.each([
    ['identical', [3, 2, 1], [3, 2, 1], 0],
    ['identical after scaling', [1, 1, 2], [10, 10, 20], 0],
    ['disjoint', [5, 0, 0], [0, 0, 7], 1],
    ['hand-worked half against all', [1, 1, 0], [4, 0, 0], handWorked],
  ])('%s', (_label, a, b, expected) => {
    expect(jensenShannonDistance(a, b)).toBeCloseTo(expected, 10);
  });
  it('the hand-worked value is about 0.558', () => {
    expect(handWorked).toBeCloseTo(0.5579, 3);
  });
});

describe('spread ratio (persona variance / human variance)', () => {
  it.each<[string, [number, number, number], [number, number, number], number | null]>([
    // human: half +1, half -1 -> variance 1; persona: all neutral -> 0
    ['uniform panel', [0, 10, 0], [5, 0, 5], 0],
    ['same spread', [2, 0, 2], [5, 0, 5], 1],
    // persona (1/2,1/2,0): mean .5, E[x^2] .5 -> .25; human (1,1,1)/3: mean 0, E[x^2] 2/3
    ['hand-worked', [1, 1, 0], [1, 1, 1], 0.25 / (2 / 3)],
    ['humans all agree', [1, 1, 1], [0, 4, 0], null],
  ])('%s', (_label, persona, human, expected) => {
    const ratio = spreadRatio(persona, human);
    if (expected === null) expect(ratio).toBeNull();
    else expect(ratio).toBeCloseTo(expected, 10);
  });
  it('variance of a one-sided panel is 0', () => {
    expect(opinionVariance([7, 0, 0])).toBe(0);
  });
});

describe('two-sample Kolmogorov–Smirnov', () => {
  it.each([
    ['identical', [1, 1, 1, 1, 1], [2, 2, 2, 2, 2], 0],
    ['all 1 against all 5', [4, 0, 0, 0, 0], [0, 0, 0, 0, 9], 1],
    // cumulative a: .5 .5 .5 .5 1; b: 0 0 .5 .5 1 -> largest gap .5
    ['half 1 half 5 against half 3 half 5', [1, 0, 0, 0, 1], [0, 0, 1, 0, 1], 0.5],
    // cumulative a: .25 .5 .75 1 1; b: .1 .2 .4 .7 1 -> gaps .15 .3 .35 .3 0
    ['uneven', [1, 1, 1, 1, 0], [1, 1, 2, 3, 3], 0.35],
  ])('D over counts: %s', (_label, a, b, expected) => {
    expect(ksFromCounts(a, b).d).toBeCloseTo(expected, 10);
  });

  it('matches the worked example x = 1..5, y = 3..7 (D = 0.4, as R ks.test and SciPy ks_2samp give)', () => {
    // Cumulative shares: x .2 .4 .6 .8 1 1 1; y 0 0 .2 .4 .6 .8 1 -> largest gap .4 at 2.
    const result = ksTwoSample([1, 2, 3, 4, 5], [3, 4, 5, 6, 7]);
    expect(result.d).toBeCloseTo(0.4, 12);
    // Asymptotic p at √(5·5/10)·0.4 = 0.632: SciPy's kstwobign.sf gives 0.8186.
    expect(result.p).toBeCloseTo(0.8186, 3);
  });

  it.each([
    // Smirnov's published critical values of √(nm/(n+m))·D, two-sided (Smirnov 1948,
    // "Table for estimating the goodness of fit of empirical distributions",
    // Annals of Mathematical Statistics 19(2): 279–281).
    [1.224, 0.1],
    [1.358, 0.05],
    [1.628, 0.01],
    [1.731, 0.005],
  ])('the limiting distribution at %s leaves %s in the tail', (t, alpha) => {
    expect(kolmogorovSurvival(t)).toBeCloseTo(alpha, 3);
  });

  it('gives a large p-value for ratings from the same shape and a small one for opposite ones', () => {
    expect(ksFromCounts([4, 6, 10, 12, 8], [1, 2, 5, 8, 4])).toMatchObject({
      d: expect.closeTo(0.1, 10),
    });
    expect(ksFromCounts([4, 6, 10, 12, 8], [1, 2, 5, 8, 4]).p).toBeGreaterThan(0.9);
    expect(ksFromCounts([40, 0, 0, 0, 0], [0, 0, 0, 0, 40]).p).toBeLessThan(0.001);
  });
});

describe('fidelity', () => {
  it('sets human against persona with segments by age band and gender', () => {
    const parsed = parseCalibrationCsv(
      'opinion,age,gender\npositive,25,female\nnegative,25,male\npositive,50,female\nneutral,50,male\n',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const card = fidelity(
      parsed.answers,
      [
        { opinion: 'positive', age: 22, gender: 'Female' },
        { opinion: 'positive', age: 55, gender: 'Male' },
      ],
      parsed.source,
    );
    expect(card.n).toBe(4);
    expect(card.human).toEqual([2, 1, 1]);
    expect(card.persona).toEqual([2, 0, 0]);
    // p = (1/2,1/4,1/4), q = (1,0,0): m = (3/4,1/8,1/8)
    // KL(p||m) = 1/2 log2(2/3) + 2 * 1/4 log2 2 = 1 - log2(3)/2 ; KL(q||m) = log2(4/3) = 2 - log2 3
    expect(card.distance).toBeCloseTo(Math.sqrt(1.5 - 0.75 * Math.log2(3)), 10);
    expect(card.ks).toBeNull();
    expect(card.spreadRatio).toBe(0);
    expect(card.spreadMeaning).toBe('the panel is more uniform than real customers');
    expect(card.segments.map((s) => s.label)).toEqual(['Age 18-30', 'Age 46-60', 'Female', 'Male']);
    expect(card.distanceMeaning).toBe('far from the real answers');
    expect(card.distanceText).toBe(
      `How far people and personas differ: ${card.distance.toFixed(2)} of 1, far from the real answers.`,
    );
    expect(card.distanceTechnical).toMatch(/^Jensen–Shannon distance 0\.56/);
    expect(card.spreadText).toMatch(
      /^How varied the personas’ answers are next to people’s: 0\.00 times/,
    );
    expect(card.segments[2]).toEqual({
      label: 'Female',
      human: [2, 0, 0],
      persona: [1, 0, 0],
      distance: 0,
    });
  });

  it('compares ratings over the 1-5 scale when the personas rated too', () => {
    // People 1,1,2,4,5: cumulative .4 .6 .6 .8 1; personas 2,3,4,4,5: 0 .2 .4 .8 1.
    // Gaps .4 .4 .2 0 0 -> D = .4. Over three collapsed opinions it would be .4 as well
    // at "negative" but the scale is what the file holds.
    const parsed = parseCalibrationCsv('rating\n1\n1\n2\n4\n5\n');
    if (!parsed.ok) throw new Error(parsed.message);
    const personas = [2, 3, 4, 4, 5].map((rating) => ({
      opinion: ratingOpinion(rating)!,
      age: null,
      gender: null,
      rating,
    }));
    const card = fidelity(parsed.answers, personas, 'rating');
    expect(card.ks).toBeCloseTo(0.4, 10);
    expect(card.ksOver).toBe('ratings');
    expect(card.ksText).toMatch(/^Largest gap between their ratings: 0\.40 of 1, .*1–5 scale/);
    expect(card.ksTechnical).toMatch(/Kolmogorov–Smirnov D = 0\.40 over ratings 1–5/);
  });

  it('says so when personas answered opinions against a file of ratings', () => {
    const parsed = parseCalibrationCsv('rating\n1\n5\n');
    if (!parsed.ok) throw new Error(parsed.message);
    const card = fidelity(
      parsed.answers,
      [{ opinion: 'positive', age: null, gender: null }],
      'rating',
    );
    // ordered negative, neutral, positive: human .5 .5 1, persona 0 0 1 -> .5
    expect(card.ks).toBeCloseTo(0.5, 10);
    expect(card.ksOver).toBe('opinions');
    expect(card.ksText).toContain('because the personas answer with an opinion, not a rating');
    expect(card.ksTechnical).toContain('over the three ordered opinions');
    expect(card.segments).toEqual([]);
  });

  it('reads gender codes in the file and in stored answers the one way', () => {
    const card = fidelity(
      [
        {
          row: 2,
          opinion: 'positive',
          rating: null,
          age: null,
          gender: 'F',
          income: null,
          occupation: null,
        },
        {
          row: 3,
          opinion: 'negative',
          rating: null,
          age: null,
          gender: 'm',
          income: null,
          occupation: null,
        },
      ],
      [
        { opinion: 'positive', age: 30, gender: 'Female' },
        { opinion: 'negative', age: 30, gender: 'Male' },
      ],
      'opinion',
    );
    expect(card.segments.map((s) => s.label)).toEqual(['Female', 'Male']);
    expect(card.segments.every((s) => s.distance === 0)).toBe(true);
  });
});

describe('the trend of a product’s calibrated questions', () => {
  const at = (...distances: number[]) => distances.map((distance) => ({ fidelity: { distance } }));
  it.each([
    [at(), 'No question has been compared with real answers yet.'],
    [
      at(0.42),
      'One calibrated question so far, at a distance of 0.42 from real answers. Calibrate more questions to see a trend.',
    ],
    [
      at(0.42, 0.3, 0.18),
      "The panel's distance from real answers went from 0.42 to 0.18 over 3 calibrated questions: getting better.",
    ],
    [
      at(0.1, 0.35),
      "The panel's distance from real answers went from 0.10 to 0.35 over 2 calibrated questions: getting worse.",
    ],
    [
      at(0.3, 0.5, 0.32),
      "The panel's distance from real answers went from 0.30 to 0.32 over 3 calibrated questions: steady.",
    ],
  ])('%#', (views, expected) => {
    expect(calibrationTrend(views)).toBe(expected);
  });
});
