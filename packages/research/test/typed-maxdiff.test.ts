import type { MaxDiffTask, SpecOf, TypedAnswer, TypedResult } from '@chorus/contracts';
import { maxDiffDesign, typedResultOf } from '../src';

type MaxDiff = Extract<TypedResult, { type: 'maxdiff' }>;

const items = ['Price', 'Speed', 'Support', 'Design', 'Privacy'];
const spec: SpecOf<'maxdiff'> = { type: 'maxdiff', items, perSet: 4, sets: 5 };

/**
 * The five sets of four of five items (a balanced design: each item shown 4
 * times, each pair together 3 times), answered by someone whose order of
 * preference is `order`: best is the set's first item in that order, worst
 * its last.
 */
function pass(order: number[]): MaxDiffTask[] {
  return [0, 1, 2, 3, 4].map((left) => {
    const shown = [0, 1, 2, 3, 4].filter((i) => i !== left);
    const ranked = [...shown].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    return { shown, best: ranked[0]!, worst: ranked[ranked.length - 1]! };
  });
}

const answer = (...draws: MaxDiffTask[][]): TypedAnswer => ({
  type: 'maxdiff',
  draws,
  noAnswer: 0,
});

describe('best–worst scores by counts', () => {
  // Louviere, Flynn & Marley, Best–Worst Scaling: Theory, Methods and
  // Applications, Cambridge University Press, 2015, ch. 1 and 5: the count
  // score is (times best − times worst) / times shown. Hand-computed on the
  // five sets of four: someone with the order Price > Speed > Support >
  // Design > Privacy picks Price best in the 4 sets that show it and Speed in
  // the other; Privacy worst in its 4 sets and Design in the other. Scores:
  // Price 4/4 = 1, Speed 1/4, Support 0, Design −1/4, Privacy −4/4 = −1.
  const forward = [0, 1, 2, 3, 4];
  const backward = [4, 3, 2, 1, 0];

  it.each([
    [
      'one persona, one order',
      [answer(pass(forward))],
      [
        ['Price', 1, 1, 0],
        ['Speed', 0.25, 0.25, 0],
        ['Support', 0, 0, 0],
        ['Design', -0.25, 0, 0.25],
        ['Privacy', -1, 0, 1],
      ],
    ],
    [
      // Three personas one way, one the other: Price (3 × 4 − 4) / 16 = 0.5,
      // best 12 of 16 times shown, worst 4; Speed (3 − 1) / 16 = 0.125.
      'three personas one way, one the other',
      [answer(pass(forward)), answer(pass(forward)), answer(pass(forward)), answer(pass(backward))],
      [
        ['Price', 0.5, 0.75, 0.25],
        ['Speed', 0.125, 0.188, 0.063],
        ['Support', 0, 0, 0],
        ['Design', -0.125, 0.063, 0.188],
        ['Privacy', -0.5, 0.25, 0.75],
      ],
    ],
  ])('%s', (_name, answers, expected) => {
    const result = typedResultOf(spec, answers, 3) as MaxDiff;
    expect(result.type).toBe('maxdiff');
    expect(result.items.map((i) => [i.label, i.score.value, i.bestShare, i.worstShare])).toEqual(
      expected,
    );
  });

  it('weights each persona equally, whatever its number of draws', () => {
    // One persona answers forward twice, another backward once: each counts
    // half, so every score is 0.
    const result = typedResultOf(
      spec,
      [answer(pass(forward), pass(forward)), answer(pass(backward))],
      3,
    ) as MaxDiff;
    expect(result.items.map((i) => i.score.value)).toEqual([0, 0, 0, 0, 0]);
  });

  it('leaves out tasks that break the design and answers of no use', () => {
    const broken: MaxDiffTask[] = [
      { shown: [0, 0, 1, 2], best: 0, worst: 2 },
      { shown: [0, 1, 2, 3], best: 4, worst: 2 },
      { shown: [0, 1, 2, 3], best: 1, worst: 1 },
    ];
    const result = typedResultOf(
      spec,
      [answer(pass(forward)), answer(broken), { type: 'maxdiff', draws: [], noAnswer: 2 }],
      3,
    ) as MaxDiff;
    expect(result.respondents).toBe(1);
    expect(result.noAnswer).toBe(2);
    expect(result.items[0]!.score.value).toBe(1);
  });

  it('gives intervals that hold each score and close in as personas grow', () => {
    const mixed = (n: number) =>
      Array.from({ length: n }, (_, i) => answer(pass(i % 3 === 0 ? backward : forward)));
    const few = typedResultOf(spec, mixed(12), 3) as MaxDiff;
    const many = typedResultOf(spec, mixed(1200), 3) as MaxDiff;
    for (const result of [few, many]) {
      for (const item of result.items) {
        expect(item.score.low).toBeLessThanOrEqual(item.score.value);
        expect(item.score.high).toBeGreaterThanOrEqual(item.score.value);
      }
    }
    const width = (r: MaxDiff) => r.items[0]!.score.high - r.items[0]!.score.low;
    expect(width(many)).toBeLessThan(width(few) / 4);
  });
});

describe('best–worst design', () => {
  /** How often each item is shown and each pair shown together. */
  function tally(design: number[][], n: number) {
    const shown = new Array<number>(n).fill(0);
    const pairs = new Map<string, number>();
    for (const set of design) {
      for (const i of set) shown[i] = shown[i]! + 1;
      for (const i of set)
        for (const j of set) if (i < j) pairs.set(`${i}-${j}`, (pairs.get(`${i}-${j}`) ?? 0) + 1);
    }
    return { shown, pairs };
  }

  it.each([
    [5, 4, 5],
    [8, 4, 6],
    [10, 4, 8],
    [12, 5, 8],
    [13, 4, 10],
    [20, 5, 12],
    [30, 5, 18],
  ])('%s items in sets of %s, %s sets: balanced, no repeats, pairs spread', (n, perSet, sets) => {
    const design = maxDiffDesign(n, perSet, sets, 11);
    expect(design).toHaveLength(sets);
    for (const set of design) {
      expect(set).toHaveLength(perSet);
      expect(new Set(set).size).toBe(perSet);
      for (const i of set) expect(i >= 0 && i < n).toBe(true);
    }
    const { shown, pairs } = tally(design, n);
    // Each item shown as often as the others, or once more.
    expect(Math.max(...shown) - Math.min(...shown)).toBeLessThanOrEqual(1);
    expect(shown.reduce((a, b) => a + b, 0)).toBe(sets * perSet);
    // Pairs spread: no pair meets much more often than the average pair does.
    const average = (sets * perSet * (perSet - 1)) / 2 / ((n * (n - 1)) / 2);
    expect(Math.max(...pairs.values())).toBeLessThanOrEqual(Math.ceil(average) + 1);
  });

  it('is the same design for the same seed and another for another seed', () => {
    expect(maxDiffDesign(10, 4, 8, 1)).toEqual(maxDiffDesign(10, 4, 8, 1));
    expect(maxDiffDesign(10, 4, 8, 1)).not.toEqual(maxDiffDesign(10, 4, 8, 2));
  });

  it('shows every pair of five items in sets of four as often as the balanced design does', () => {
    // Five sets of four of five items can only be the five "all but one" sets:
    // each pair together 3 times.
    const { pairs } = tally(maxDiffDesign(5, 4, 5, 4), 5);
    expect([...pairs.values()]).toEqual(new Array(10).fill(3));
  });
});
