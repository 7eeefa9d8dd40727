import { unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';
import type {
  Estimate,
  SpecOf,
  TypedAnswer,
  TypedQuestionSpec,
  TypedResult,
} from '@chorus/contracts';
import { BOOTSTRAP_RESAMPLES, typedResultOf } from '../src';

/**
 * The intervals of every typed figure: a seeded percentile bootstrap (Efron
 * & Tibshirani, An Introduction to the Bootstrap, Chapman & Hall, 1993,
 * ch. 13) over personas, then one of each persona's draws.
 */

const scale: SpecOf<'scale'> = {
  type: 'scale',
  points: 5,
  lowLabel: 'Very poor',
  highLabel: 'Excellent',
  pointLabels: [],
  ratingMethod: 'direct',
};
const choice: SpecOf<'single_choice'> = {
  type: 'single_choice',
  options: ['Email', 'Chat', 'Phone'],
  noneOption: true,
};
const number: SpecOf<'number'> = { type: 'number', unit: 'hours a week', min: 0, max: 40 };
const ranking: SpecOf<'ranking'> = { type: 'ranking', items: ['Price', 'Speed', 'Support'] };
const ladder: SpecOf<'price_ladder'> = {
  type: 'price_ladder',
  offer: 'Chorus Pro',
  currency: 'USD',
  period: 'month',
  prices: [10, 20, 30, 40],
};

/** Seeded answers: `personas` personas of `draws` draws, each persona leaning its own way. */
function panel(spec: TypedQuestionSpec, personas: number, draws: number, seed = 1): TypedAnswer[] {
  const rng = xoroshiro128plus(seed);
  const int = (from: number, to: number) => unsafeUniformIntDistribution(from, to, rng);
  return Array.from({ length: personas }, (): TypedAnswer => {
    const lean = int(0, 2);
    const many = <T>(f: () => T) => Array.from({ length: draws }, f);
    switch (spec.type) {
      case 'scale':
        return { type: 'scale', draws: many(() => Math.min(5, 1 + lean + int(0, 2))), noAnswer: 0 };
      case 'nps':
        return { type: 'nps', draws: many(() => Math.min(10, 4 * lean + int(0, 3))), noAnswer: 0 };
      case 'single_choice':
        return {
          type: 'single_choice',
          draws: many(() => (int(0, 1) ? lean : int(0, 3))),
          noAnswer: 0,
        };
      case 'number':
        return { type: 'number', draws: many(() => 10 * lean + int(0, 10)), noAnswer: 0 };
      case 'ranking': {
        const orders = [
          [0, 1, 2],
          [1, 0, 2],
          [2, 1, 0],
        ];
        return {
          type: 'ranking',
          draws: many(() => orders[int(0, 1) ? lean : int(0, 2)]!),
          noAnswer: 0,
        };
      }
      case 'price_ladder':
        return {
          type: 'price_ladder',
          draws: many(() => Math.min(4, lean + int(0, 2))),
          buyProbability: [],
          noAnswer: 0,
        };
      default:
        throw new Error(spec.type);
    }
  });
}

/** Every estimate in a result, by name. */
function estimates(result: TypedResult): [string, Estimate][] {
  const found: [string, Estimate][] = [];
  const visit = (value: unknown, path: string) => {
    if (value && typeof value === 'object') {
      if ('value' in value && 'low' in value && 'high' in value) {
        found.push([path, value as Estimate]);
        return;
      }
      for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`);
    }
  };
  visit(result, result.type);
  return found;
}

const specs: [string, TypedQuestionSpec][] = [
  ['scale', scale],
  ['nps', { type: 'nps' }],
  ['single choice', choice],
  ['number', number],
  ['ranking', ranking],
  ['price ladder', ladder],
];

describe('intervals of the typed figures', () => {
  it('resample 1,000 times, as the opinion shares do', () => {
    expect(BOOTSTRAP_RESAMPLES).toBe(1_000);
  });

  it.each(specs)('%s: every interval holds its estimate', (_name, spec) => {
    const result = typedResultOf(spec, panel(spec, 30, 20), 17);
    const all = estimates(result);
    expect(all.length).toBeGreaterThan(2);
    for (const [path, e] of all) {
      expect([path, e.low <= e.value && e.value <= e.high]).toEqual([path, true]);
    }
  });

  it.each(specs)(
    '%s: the same seed gives the same intervals, another seed others',
    (_name, spec) => {
      const answers = panel(spec, 30, 20);
      expect(typedResultOf(spec, answers, 17)).toEqual(typedResultOf(spec, answers, 17));
      const one = estimates(typedResultOf(spec, answers, 17));
      const other = estimates(typedResultOf(spec, answers, 18));
      // Point estimates never depend on the seed; some interval does.
      expect(other.map(([, e]) => e.value)).toEqual(one.map(([, e]) => e.value));
      expect(other).not.toEqual(one);
    },
  );

  it.each([
    ['scale mean', scale, (r: TypedResult) => (r.type === 'scale' ? r.mean : undefined)],
    [
      'NPS score',
      { type: 'nps' } as const,
      (r: TypedResult) => (r.type === 'nps' ? r.score : undefined),
    ],
    [
      'share choosing Email',
      choice,
      (r: TypedResult) => ('options' in r ? r.options[0]!.share : undefined),
    ],
    ['median', number, (r: TypedResult) => (r.type === 'number' ? r.median : undefined)],
    [
      'mean rank',
      ranking,
      (r: TypedResult) => (r.type === 'ranking' ? r.items[0]!.meanRank : undefined),
    ],
    [
      'demand at $20',
      ladder,
      (r: TypedResult) => (r.type === 'price_ladder' ? r.points[1]!.demand : undefined),
    ],
  ] as const)('%s: narrows as personas grow, about as 1/√n', (_name, spec, pick) => {
    const width = (personas: number) => {
      const e = pick(typedResultOf(spec, panel(spec, personas, 20), 3))!;
      return e.high - e.low;
    };
    const [w20, w200, w2000] = [width(20), width(200), width(2000)];
    expect(w200).toBeLessThan(w20);
    expect(w2000).toBeLessThan(w200);
    // Ten times the personas: about a third of the width (1/√10 = 0.32); a
    // hundred times: about a tenth.
    expect(w200 / w20).toBeGreaterThan(0.15);
    expect(w200 / w20).toBeLessThan(0.6);
    expect(w2000 / w20).toBeGreaterThan(0.04);
    expect(w2000 / w20).toBeLessThan(0.2);
  });

  it('takes the persona as the sampling unit: many draws from few personas stay wide', () => {
    // Three personas rating 1, 3 and 5 every time. However many draws, the
    // resampled mean is the mean of three picks from {1, 3, 5}, from 1 to 5.
    const answers: TypedAnswer[] = [1, 3, 5].map((v) => ({
      type: 'scale',
      draws: new Array<number>(500).fill(v),
      noAnswer: 0,
    }));
    const result = typedResultOf(scale, answers, 4);
    if (result.type !== 'scale') throw new Error(result.type);
    expect(result.mean.value).toBe(3);
    // P(mean ≤ 5/3) = P(all three picks 1, or two 1s and a 3) = 4/27 > 2.5 %.
    expect(result.mean.low).toBeLessThanOrEqual(5 / 3 + 0.01);
    expect(result.mean.high).toBeGreaterThanOrEqual(13 / 3 - 0.01);
    // Equally many draws (1,500) from 300 personas like them: a tight interval.
    const wide = result.mean.high - result.mean.low;
    const many: TypedAnswer[] = Array.from({ length: 100 }, () => [1, 3, 5])
      .flat()
      .map((v) => ({ type: 'scale', draws: new Array<number>(5).fill(v), noAnswer: 0 }));
    const tight = typedResultOf(scale, many, 4);
    if (tight.type !== 'scale') throw new Error(tight.type);
    expect(tight.mean.high - tight.mean.low).toBeLessThan(wide / 5);
  });

  it('resamples personas with unequal numbers of draws: a persona, then one of its draws', () => {
    // Persona 1 rates 5 in 1 of 10 draws, persona 2 rates 5 once in 1: each
    // resample's top-two share is the share of picks that land on a 5.
    const answers: TypedAnswer[] = [
      { type: 'scale', draws: [5, 1, 1, 1, 1, 1, 1, 1, 1, 1], noAnswer: 0 },
      { type: 'scale', draws: [5], noAnswer: 0 },
    ];
    const result = typedResultOf(scale, answers, 8);
    if (result.type !== 'scale') throw new Error(result.type);
    // Point estimate: (0.1 + 1) / 2.
    expect(result.topTwoBox.value).toBe(0.55);
    // Both picks miss the 5 with chance 0.5 × 0.9 squared, about 20 %; both
    // land on it with chance 0.55² = 30 %: the interval runs from 0 to 1.
    expect(result.topTwoBox).toEqual({ value: 0.55, low: 0, high: 1 });
    expect(typedResultOf(scale, answers, 8)).toEqual(result);
  });

  it('gives a persona always answering the same no width', () => {
    const result = typedResultOf(
      { type: 'nps' },
      [{ type: 'nps', draws: [10, 10, 10], noAnswer: 0 }],
      4,
    );
    if (result.type !== 'nps') throw new Error(result.type);
    expect(result.score).toEqual({ value: 100, low: 100, high: 100 });
  });

  it('reads a panel of 5,000 personas × 20 draws, every persona a respondent', () => {
    const answers = panel({ type: 'nps' }, 5_000, 20);
    const result = typedResultOf({ type: 'nps' }, answers, 4);
    expect(result.respondents).toBe(5_000);
    if (result.type !== 'nps') throw new Error(result.type);
    expect(result.score.high - result.score.low).toBeLessThan(10);
  });
});

describe('answers the figures use', () => {
  it('ignores answers of another type, counts respondents with a usable draw and adds up noAnswer', () => {
    const answers: TypedAnswer[] = [
      { type: 'nps', draws: [9, 10], noAnswer: 1 },
      { type: 'nps', draws: [11, -1], noAnswer: 2 },
      { type: 'nps', draws: [], noAnswer: 20 },
      { type: 'scale', draws: [5, 5], noAnswer: 7 },
      { type: 'nps', draws: [0], noAnswer: 0 },
    ];
    const result = typedResultOf({ type: 'nps' }, answers, 1);
    if (result.type !== 'nps') throw new Error(result.type);
    expect(result.respondents).toBe(2);
    expect(result.noAnswer).toBe(23);
    // One promoter persona, one detractor persona: 0.
    expect(result.score.value).toBe(0);
  });
});
