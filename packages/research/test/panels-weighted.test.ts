import {
  holmAdjust,
  MIN_PANEL_SEGMENT,
  twoSidedP,
  type WeightedUnit,
  weightedOpinions,
  weightedSegmentCuts,
} from '../src';

/** A unit whose draws were `positive` positive, `neutral` neutral and the rest negative. */
const unit = (
  weight: number,
  positive: number,
  neutral: number,
  traits: Record<string, string> = {},
): WeightedUnit => ({
  weight,
  shares: { positive, neutral, negative: 1 - positive - neutral },
  traits,
});

describe('weighted opinions', () => {
  it('matches the hand computation of the share, its linearised variance and interval', () => {
    // Weights 1, 2, 3, 1; positive shares 1, 0, 0.5, 1.
    // Σw = 7, Σwy = 1 + 0 + 1.5 + 1 = 3.5, p = 0.5.
    // Σw²(y − p)² = 1·0.25 + 4·0.25 + 9·0 + 1·0.25 = 1.5.
    // v = n/(n − 1) · 1.5 / 7² = (4/3) · 1.5 / 49 = 2/49; √v = 0.202031.
    // 95 % interval: 0.5 ± 1.959964 × 0.202031 = 0.5 ± 0.395974.
    const result = weightedOpinions([
      unit(1, 1, 0),
      unit(2, 0, 1),
      unit(3, 0.5, 0.5),
      unit(1, 1, 0),
    ]);
    expect(result.positive.share).toBeCloseTo(0.5, 12);
    expect(result.positive.low).toBeCloseTo(0.5 - 1.959964 * Math.sqrt(2 / 49), 5);
    expect(result.positive.high).toBeCloseTo(0.5 + 1.959964 * Math.sqrt(2 / 49), 5);
    expect(result.positive.low).toBeCloseTo(0.104026, 5);
    // Neutral is 1 − positive here: the same variance around 0.5.
    expect(result.neutral.share).toBeCloseTo(0.5, 12);
    expect(result.neutral.high - result.neutral.low).toBeCloseTo(
      result.positive.high - result.positive.low,
      12,
    );
    expect(result.negative).toEqual({ share: 0, low: 0, high: 0 });
    expect(result.respondents).toBe(4);
    // Kish: Σw² = 1 + 4 + 9 + 1 = 15; deff = 4 × 15 / 49; ESS = 49 / 15.
    expect(result.designEffect).toBeCloseTo(60 / 49, 12);
    expect(result.effectiveSampleSize).toBeCloseTo(49 / 15, 12);
  });

  it('with equal weights is the plain mean with standard error sd/√n', () => {
    const ys = [0.2, 0.5, 0.9, 0.4, 0.6, 0.3, 0.7, 0.5];
    const n = ys.length;
    const mean = ys.reduce((s, y) => s + y, 0) / n;
    const sd = Math.sqrt(ys.reduce((s, y) => s + (y - mean) ** 2, 0) / (n - 1));
    for (const weight of [1, 2.5]) {
      const result = weightedOpinions(ys.map((y) => unit(weight, y, 0)));
      expect(result.positive.share).toBeCloseTo(0.5125, 12);
      const se = (result.positive.high - result.positive.low) / 2 / 1.959963984540054;
      expect(se).toBeCloseTo(sd / Math.sqrt(n), 12);
      expect(result.designEffect).toBeCloseTo(1, 12);
      expect(result.effectiveSampleSize).toBeCloseTo(n, 12);
    }
  });

  it('lets weights move the share, and clips intervals to 0 and 1', () => {
    // Two personas all positive weighing 3 each against two all negative weighing 1.
    const result = weightedOpinions([unit(3, 1, 0), unit(3, 1, 0), unit(1, 0, 0), unit(1, 0, 0)]);
    expect(result.positive.share).toBeCloseTo(0.75, 12);
    const sure = weightedOpinions(Array.from({ length: 5 }, () => unit(1, 0.98, 0.02)));
    // Every persona alike: no variance, an interval of one point.
    expect(sure.positive.share).toBeCloseTo(0.98, 12);
    expect(sure.positive.low).toBeCloseTo(0.98, 12);
    expect(sure.positive.high).toBeCloseTo(0.98, 12);
    // Three all positive and one all negative: 0.75 ± 0.49, clipped at 1.
    const wide = weightedOpinions([unit(1, 1, 0), unit(1, 1, 0), unit(1, 1, 0), unit(1, 0, 0)]);
    expect(wide.positive.share).toBeCloseTo(0.75, 12);
    expect(wide.positive.high).toBe(1);
    expect(wide.positive.low).toBeCloseTo(0.75 - 1.959964 * Math.sqrt(0.75 / 12), 5);
    expect(weightedOpinions([unit(1, 0.4, 0.6)]).positive).toEqual({ share: 0.4, low: 0, high: 1 });
  });
});

describe('z-test helpers', () => {
  it('gives the two-sided normal p-value', () => {
    expect(twoSidedP(1.959963984540054)).toBeCloseTo(0.05, 6);
    expect(twoSidedP(0)).toBeCloseTo(1, 6);
    expect(twoSidedP(-2.575829)).toBeCloseTo(0.01, 6);
  });

  it('adjusts by Holm: 0.01, 0.04, 0.03 of three tests become 0.03, 0.06, 0.06', () => {
    // Sorted 0.01, 0.03, 0.04: × 3, × 2, × 1 = 0.03, 0.06, 0.04 → made non-decreasing: 0.06.
    const adjusted = holmAdjust([0.01, 0.04, 0.03]);
    expect(adjusted[0]).toBeCloseTo(0.03, 12);
    expect(adjusted[1]).toBeCloseTo(0.06, 12);
    expect(adjusted[2]).toBeCloseTo(0.06, 12);
  });
});

describe('weighted segment cuts', () => {
  const sex = [
    {
      id: 'sex',
      label: 'Sex',
      levels: [
        { id: 'female', label: 'Women' },
        { id: 'male', label: 'Men' },
      ],
    },
  ];
  /** 60 units of a segment, positive alternating around `positive` ± 0.1, neutral 0.1. */
  const segment = (level: string, positive: number, count = 60) =>
    Array.from({ length: count }, (_, i) =>
      unit(1, positive + (i % 2 === 0 ? 0.1 : -0.1), 0.1, { sex: level }),
    );

  it('notes a large difference, in plain words, with its z-test', () => {
    const [cut] = weightedSegmentCuts([...segment('female', 0.8), ...segment('male', 0.3)], sex);
    expect(cut!.segments.map((s) => [s.level, s.respondents, s.tooFew])).toEqual([
      ['female', 60, false],
      ['male', 60, false],
    ]);
    expect(cut!.segments[0]!.opinions!.positive.share).toBeCloseTo(0.8, 12);
    expect(cut!.notes.map((n) => n.note)).toEqual([
      'Women are more positive than men (80 % vs 30 %), a difference beyond chance.',
      'Men are more negative than women (60 % vs 10 %), a difference beyond chance.',
    ]);
    // v per segment = 60/59 × 60 × 0.01 / 60² = 0.00016949; z = 0.5 / √(2v) = 27.157.
    expect(cut!.notes[0]!.z).toBeCloseTo(0.5 / Math.sqrt((2 * (60 / 59) * 0.6) / 3600), 9);
    expect(cut!.notes[0]!.z).toBeCloseTo(27.157, 2);
    expect(cut!.notes[0]!.difference).toBeCloseTo(0.5, 12);
    expect(cut!.notes[1]!.difference).toBeCloseTo(-0.5, 12);
    expect(cut!.notes[0]!.pValue).toBeLessThan(1e-6);
  });

  it('gives no note when segments are alike', () => {
    const [cut] = weightedSegmentCuts([...segment('female', 0.5), ...segment('male', 0.52)], sex);
    expect(cut!.notes).toEqual([]);
  });

  it(`says too few below ${MIN_PANEL_SEGMENT} respondents, and tests no pair with such a segment`, () => {
    const [cut] = weightedSegmentCuts(
      [...segment('female', 0.8), ...segment('male', 0.2, MIN_PANEL_SEGMENT - 1)],
      sex,
    );
    expect(cut!.segments[1]).toEqual({
      level: 'male',
      label: 'Men',
      respondents: MIN_PANEL_SEGMENT - 1,
      effectiveSampleSize: MIN_PANEL_SEGMENT - 1,
      tooFew: true,
      opinions: null,
    });
    expect(cut!.notes).toEqual([]);
  });

  it('uses the weights: weighting down the positive half of a segment moves its shares', () => {
    const women = segment('female', 0.5).map((u) =>
      u.shares.positive > 0.5 ? { ...u, weight: 0.2 } : u,
    );
    const [cut] = weightedSegmentCuts([...women, ...segment('male', 0.5)], sex);
    // Women: (30 × 0.2 × 0.6 + 30 × 0.4) / (30 × 0.2 + 30) = 0.433…
    expect(cut!.segments[0]!.opinions!.positive.share).toBeCloseTo(15.6 / 36, 12);
    expect(cut!.segments[0]!.effectiveSampleSize).toBeCloseTo(36 ** 2 / (30 * 0.04 + 30), 9);
    expect(cut!.notes.map((n) => n.note)).toEqual([
      'Men are more positive than women (50 % vs 43 %), a difference beyond chance.',
      'Women are more negative than men (47 % vs 40 %), a difference beyond chance.',
    ]);
  });
});
