import {
  defaultMaxDiffSets,
  type OpinionDistribution,
  type SpecOf,
  type TypedAnswer,
  type TypedQuestionSpec,
} from '@chorus/contracts';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { maxDiffDesign } from '@chorus/research';
import {
  choiceProbabilities,
  itemScores,
  localTypedAnswer,
  npsDistribution,
  numberCentre,
  scaleDistribution,
} from '../src/domain/typed-answers';
import { nonIncreasing, normalCdf, normalQuantile } from '../src/domain/typed-draws';
import { business, everyPersona, type PersonaKey, personas } from './fixtures';

const against: OpinionDistribution = { positive: 0.1, neutral: 0.2, negative: 0.7 };
const weaklyAgainst: OpinionDistribution = { positive: 0.25, neutral: 0.35, negative: 0.4 };
const undecided: OpinionDistribution = { positive: 0.25, neutral: 0.5, negative: 0.25 };
const weaklyFor: OpinionDistribution = { positive: 0.4, neutral: 0.35, negative: 0.25 };
const keen: OpinionDistribution = { positive: 0.7, neutral: 0.2, negative: 0.1 };

const answer = (
  spec: TypedQuestionSpec,
  persona: PersonaProfile = personas.sarah,
  distribution: OpinionDistribution = undecided,
  options: { seed?: number; draws?: number } = {},
): TypedAnswer =>
  localTypedAnswer({
    persona,
    business,
    spec,
    seed: options.seed ?? 1,
    draws: options.draws ?? 20,
    distribution,
  });

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const drawsOf = <T extends TypedAnswer['type']>(a: TypedAnswer, type: T) => {
  if (a.type !== type) throw new Error(`expected ${type}, got ${a.type}`);
  return a.draws as Extract<TypedAnswer, { type: T }>['draws'];
};

const scale = (points: 5 | 7): SpecOf<'scale'> => ({
  type: 'scale',
  points,
  lowLabel: 'Very unlikely',
  highLabel: 'Very likely',
  pointLabels: [],
  ratingMethod: 'direct',
});

describe('rating scales follow the leaning, and no one against a thing rates it high', () => {
  it.each<[string, OpinionDistribution, 5 | 7, number, number, number, number]>([
    // name, distribution, points, lowest allowed, highest allowed, mean from, mean to
    ['against, 5 points', against, 5, 1, 3, 1, 2.5],
    ['weakly against, 5 points', weaklyAgainst, 5, 1, 3, 1.5, 3],
    ['undecided, 5 points', undecided, 5, 1, 5, 2.4, 3.6],
    ['weakly for, 5 points', weaklyFor, 5, 3, 5, 3, 4.5],
    ['keen, 5 points', keen, 5, 3, 5, 3.5, 5],
    ['against, 7 points', against, 7, 1, 4, 1, 3.5],
    ['keen, 7 points', keen, 7, 4, 7, 4.5, 7],
  ])('%s', (_name, d, points, lowest, highest, from, to) => {
    for (const persona of everyPersona) {
      const draws = drawsOf(answer(scale(points), persona, d, { draws: 200 }), 'scale');
      expect(draws).toHaveLength(200);
      expect(Math.min(...draws)).toBeGreaterThanOrEqual(lowest);
      expect(Math.max(...draws)).toBeLessThanOrEqual(highest);
      expect(mean(draws)).toBeGreaterThanOrEqual(from);
      expect(mean(draws)).toBeLessThanOrEqual(to);
    }
  });

  it('rates higher the more the persona leans for it', () => {
    const expected = (d: OpinionDistribution) =>
      scaleDistribution(5, d, 'p-sarah').reduce((s, p, i) => s + p * (i + 1), 0);
    const means = [against, weaklyAgainst, undecided, weaklyFor, keen].map(expected);
    for (let i = 1; i < means.length; i++) expect(means[i]).toBeGreaterThan(means[i - 1]!);
    expect(scaleDistribution(7, keen, 'p-sarah').reduce((s, p) => s + p, 0)).toBeCloseTo(1, 5);
  });

  it.each<[string, OpinionDistribution, number, number]>([
    ['against: a detractor', against, 0, 6],
    ['undecided: anywhere', undecided, 0, 10],
    ['keen: a passive or a promoter', keen, 7, 10],
  ])('NPS, %s', (_name, d, lowest, highest) => {
    const draws = drawsOf(answer({ type: 'nps' }, personas.elena, d, { draws: 200 }), 'nps');
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(lowest);
    expect(Math.max(...draws)).toBeLessThanOrEqual(highest);
    expect(npsDistribution(d, 'p-elena')).toHaveLength(11);
  });
});

describe('options are scored by how well they fit the persona', () => {
  const items = [
    'A lower monthly price',
    'An AI assistant that automates your lights',
    'Plastic-free, recycled packaging',
    'A premium, well-made finish',
  ];

  it.each<[PersonaKey, string]>([
    ['dorothy', 'A lower monthly price'],
    ['rosa', 'A lower monthly price'],
    ['marcus', 'An AI assistant that automates your lights'],
    ['aisha', 'Plastic-free, recycled packaging'],
    ['benjamin', 'A premium, well-made finish'],
  ])('%s fits best with "%s"', (key, best) => {
    const scores = itemScores(items, personas[key]);
    expect(items[scores.indexOf(Math.max(...scores))]).toBe(best);
  });

  it("shares words with the persona's own", () => {
    // Sarah "batch-cooks to save time" and values "tools that save time".
    const [saves, other] = itemScores(['Tools that save time', 'A rooftop garden'], personas.sarah);
    expect(saves!).toBeGreaterThan(other! + 0.5);
  });

  it('keeps a taste of its own, the same in every run', () => {
    expect(itemScores(items, personas.elena)).toEqual(itemScores(items, personas.elena));
    expect(itemScores(['Red', 'Blue'], personas.elena)).not.toEqual(
      itemScores(['Red', 'Blue'], personas.noah),
    );
  });

  const choice: SpecOf<'single_choice'> = {
    type: 'single_choice',
    options: items,
    noneOption: true,
  };

  it('chooses the best fit most often, and "None of these" more when against', () => {
    const draws = drawsOf(
      answer(choice, personas.aisha, undecided, { draws: 400 }),
      'single_choice',
    );
    const counts = [0, 1, 2, 3, 4].map((i) => draws.filter((d) => d === i).length);
    expect(counts.indexOf(Math.max(...counts))).toBe(2);
    const none = (d: OpinionDistribution) => choiceProbabilities(choice, personas.aisha, d)[4]!;
    expect(none(against)).toBeGreaterThan(2 * none(keen));
    expect(
      choiceProbabilities(choice, personas.aisha, keen).reduce((s, p) => s + p, 0),
    ).toBeCloseTo(1, 5);
  });

  it.each([true, false])('ticks options of a multiple choice (None offered: %s)', (noneOption) => {
    const spec: SpecOf<'multiple_choice'> = { type: 'multiple_choice', options: items, noneOption };
    const draws = drawsOf(
      answer(spec, personas.dorothy, against, { draws: 300 }),
      'multiple_choice',
    );
    for (const ticked of draws) {
      expect([...new Set(ticked)].sort((a, b) => a - b)).toEqual(ticked);
      if (ticked.includes(4)) expect(ticked).toEqual([4]);
      if (!noneOption) expect(ticked.every((i) => i < 4)).toBe(true);
    }
    if (noneOption) expect(draws.some((t) => t.length === 1 && t[0] === 4)).toBe(true);
    else expect(draws.some((t) => t.length === 0)).toBe(true);
    // The price option is ticked most by someone careful with money.
    const ticks = [0, 1, 2, 3].map((i) => draws.filter((t) => t.includes(i)).length);
    expect(ticks.indexOf(Math.max(...ticks))).toBe(0);
  });

  it('ranks every item once, the best fit first most often', () => {
    const spec: SpecOf<'ranking'> = { type: 'ranking', items };
    const draws = drawsOf(answer(spec, personas.marcus, undecided, { draws: 200 }), 'ranking');
    for (const order of draws) expect([...order].sort()).toEqual([0, 1, 2, 3]);
    const meanRank = [0, 1, 2, 3].map((item) => mean(draws.map((order) => order.indexOf(item))));
    expect(meanRank.indexOf(Math.min(...meanRank))).toBe(1);
  });

  it('picks the best and the worst of each shown set of a best–worst design', () => {
    const spec: SpecOf<'maxdiff'> = {
      type: 'maxdiff',
      items: [...items, 'Voice control', 'A lifetime warranty'],
      perSet: 4,
      sets: defaultMaxDiffSets(6, 4),
    };
    const draws = drawsOf(answer(spec, personas.aisha, undecided, { draws: 100 }), 'maxdiff');
    expect(draws).toHaveLength(100);
    let best = 0;
    let worst = 0;
    for (const tasks of draws) {
      expect(tasks).toHaveLength(spec.sets);
      // Every draw is shown the same sets: the persona's version of the design.
      expect(tasks.map((t) => t.shown)).toEqual(draws[0]!.map((t) => t.shown));
      for (const task of tasks) {
        expect(task.shown).toContain(task.best);
        expect(task.shown).toContain(task.worst);
        expect(task.best).not.toBe(task.worst);
        if (task.best === 2) best += 1;
        if (task.worst === 2) worst += 1;
      }
    }
    expect(best).toBeGreaterThan(3 * worst);
  });
});

describe('the balanced best–worst design each persona is shown', () => {
  it.each([
    [5, 4, defaultMaxDiffSets(5, 4)],
    [8, 4, defaultMaxDiffSets(8, 4)],
    [12, 5, defaultMaxDiffSets(12, 5)],
    [30, 5, defaultMaxDiffSets(30, 5)],
    [7, 4, 4],
  ])(
    '%d items, %d a set, %d sets: distinct items, each shown as often as any other',
    (items, perSet, sets) => {
      const design = maxDiffDesign(items, perSet, sets, 42);
      expect(design).toHaveLength(sets);
      const shown = new Array<number>(items).fill(0);
      for (const set of design) {
        expect(set).toHaveLength(perSet);
        expect(new Set(set).size).toBe(perSet);
        for (const item of set) shown[item]! += 1;
      }
      expect(Math.max(...shown) - Math.min(...shown)).toBeLessThanOrEqual(1);
      expect(Math.min(...shown)).toBeGreaterThanOrEqual(Math.floor((perSet * sets) / items));
    },
  );

  it('is the same for the same seed, and another version for another', () => {
    expect(maxDiffDesign(12, 4, 9, 1)).toEqual(maxDiffDesign(12, 4, 9, 1));
    expect(maxDiffDesign(12, 4, 9, 1)).not.toEqual(maxDiffDesign(12, 4, 9, 2));
  });
});

describe('numbers', () => {
  const coffee: SpecOf<'number'> = {
    type: 'number',
    unit: 'dollars a month on coffee',
    min: 0,
    max: 300,
  };

  it.each<[string, SpecOf<'number'>]>([
    ['money', coffee],
    ['a count', { type: 'number', unit: 'times a week', min: 0, max: 14 }],
    ['a range below zero', { type: 'number', unit: 'degrees warmer or colder', min: -10, max: 10 }],
    ['a small range', { type: 'number', unit: 'hours a day', min: 0.5, max: 4 }],
  ])('stay within the range (%s)', (_name, spec) => {
    for (const persona of everyPersona) {
      const draws = drawsOf(answer(spec, persona, keen, { draws: 100 }), 'number');
      expect(Math.min(...draws)).toBeGreaterThanOrEqual(spec.min);
      expect(Math.max(...draws)).toBeLessThanOrEqual(spec.max);
    }
  });

  it('spends more with a bigger income and looser habits', () => {
    const centre = (key: PersonaKey) => numberCentre(coffee, personas[key], undecided).centre;
    expect(centre('benjamin')).toBeGreaterThan(centre('sarah'));
    expect(centre('sarah')).toBeGreaterThan(centre('alex'));
    const whole = drawsOf(answer(coffee, personas.benjamin), 'number');
    expect(whole.every(Number.isInteger)).toBe(true);
  });

  it('goes up with the leaning for a count', () => {
    const spec: SpecOf<'number'> = { type: 'number', unit: 'times a week', min: 0, max: 14 };
    expect(numberCentre(spec, personas.noah, keen).centre).toBeGreaterThan(
      numberCentre(spec, personas.noah, against).centre,
    );
  });
});

describe('every type is drawn with the seed: the same seed, the same answer', () => {
  const specs: TypedQuestionSpec[] = [
    scale(5),
    { type: 'nps' },
    { type: 'single_choice', options: ['Yes', 'No', 'Maybe'], noneOption: false },
    { type: 'multiple_choice', options: ['Email', 'Phone', 'Chat'], noneOption: true },
    { type: 'number', unit: 'minutes', min: 0, max: 60 },
    { type: 'ranking', items: ['Price', 'Speed', 'Support'] },
    { type: 'maxdiff', items: ['A', 'B', 'C', 'D', 'E'], perSet: 4, sets: 4 },
    {
      type: 'price_ladder',
      offer: 'Lantern Plus',
      currency: 'USD',
      period: 'month',
      prices: [10, 20, 30, 40],
    },
    {
      type: 'price_range',
      offer: 'Lantern Plus',
      currency: 'USD',
      period: 'month',
      likelihood: false,
    },
  ];

  it.each(specs.map((s) => [s.type, s] as const))('%s', (_type, spec) => {
    const first = answer(spec, personas.chloe, weaklyFor, { seed: 5 });
    expect(JSON.stringify(answer(spec, personas.chloe, weaklyFor, { seed: 5 }))).toBe(
      JSON.stringify(first),
    );
    expect(first.type).toBe(spec.type);
    expect(first.noAnswer).toBe(0);
    expect(first.draws).toHaveLength(20);
    expect(answer(spec, personas.chloe, weaklyFor, { seed: 6 }).draws).not.toEqual(first.draws);
  });
});

describe('the sampling maths', () => {
  it.each([
    [0, 0.5],
    [1.959964, 0.975],
    [-1, 0.158655],
    [3, 0.99865],
  ])('Φ(%s) = %s, and back', (z, p) => {
    expect(normalCdf(z)).toBeCloseTo(p, 5);
    expect(normalQuantile(p)).toBeCloseTo(z, 4);
  });

  it('makes probabilities non-increasing with a running minimum', () => {
    expect(nonIncreasing([0.8, 0.9, 0.5, 0.6, 0.1])).toEqual([0.8, 0.8, 0.5, 0.5, 0.1]);
  });
});
