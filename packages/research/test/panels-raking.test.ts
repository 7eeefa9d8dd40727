import {
  frameById,
  frames,
  frameTargets,
  kish,
  type PanelMember,
  quotaSample,
  rake,
  type RakeTarget,
} from '../src';

/**
 * The worked example of the Wikipedia article "Iterative proportional
 * fitting" (section "Example", https://en.wikipedia.org/wiki/Iterative_proportional_fitting#Example):
 * a 4 × 4 seed table fitted to row totals 150, 300, 400, 150 and column
 * totals 200, 300, 400, 100. The article prints the table after three full
 * cycles (rows, then columns) to two decimals; its margins are then within
 * 0.1 % of the targets (the first row adds to 150.13).
 */
const seed = [
  [40, 30, 20, 10],
  [35, 50, 100, 75],
  [30, 80, 70, 120],
  [20, 30, 40, 50],
];
const rowTotals = [150, 300, 400, 150];
const columnTotals = [200, 300, 400, 100];
const published = [
  [64.61, 46.28, 35.42, 3.83],
  [49.95, 68.15, 156.49, 25.37],
  [56.7, 144.4, 145.06, 53.76],
  [28.74, 41.18, 63.03, 17.03],
];

/** One unit per cell, its seed count as its base weight. */
const cells = seed.flatMap((row, i) =>
  row.map((count, j) => ({ traits: { row: `r${i}`, column: `c${j}` }, count })),
);
const targets: RakeTarget[] = [
  { trait: 'row', shares: Object.fromEntries(rowTotals.map((t, i) => [`r${i}`, t / 1000])) },
  { trait: 'column', shares: Object.fromEntries(columnTotals.map((t, j) => [`c${j}`, t / 1000])) },
];
/** Weights have mean 1 over 16 cells, so a cell's fitted count is its weight × 1000 / 16. */
const fitted = (weights: number[]) =>
  seed.map((row, i) => row.map((_, j) => (weights[i * 4 + j]! * 1000) / 16));

describe('raking: the published worked example (Wikipedia, iterative proportional fitting)', () => {
  it('reproduces the published table after three cycles, to its two decimals', () => {
    const result = rake(cells, targets, {
      baseWeights: cells.map((c) => c.count),
      maxIterations: 3,
      tolerance: 0,
      cap: Infinity,
    });
    expect(result.iterations).toBe(3);
    expect(result.converged).toBe(false);
    const table = fitted(result.weights);
    table.forEach((row, i) =>
      row.forEach((value, j) => expect(value).toBeCloseTo(published[i]![j]!, 2)),
    );
    // The published margins: rows 150.13, 299.96, 399.92, 149.99 (within 0.1 %), columns exact.
    table.forEach((row, i) => {
      const sum = row.reduce((s, v) => s + v, 0);
      expect(Math.abs(sum - rowTotals[i]!) / rowTotals[i]!).toBeLessThan(0.001);
    });
    expect(table[0]!.reduce((s, v) => s + v, 0)).toBeCloseTo(150.13, 2);
    columnTotals.forEach((total, j) =>
      expect(table.reduce((s, row) => s + row[j]!, 0)).toBeCloseTo(total, 9),
    );
  });

  it('converges to margins within 0.1 % (here within 1e-6 of every share)', () => {
    const result = rake(cells, targets, { baseWeights: cells.map((c) => c.count), cap: Infinity });
    expect(result.converged).toBe(true);
    expect(result.maxMarginError).toBeLessThanOrEqual(1e-6);
    expect(result.iterations).toBeLessThan(10);
    const table = fitted(result.weights);
    rowTotals.forEach((total, i) =>
      expect(Math.abs(table[i]!.reduce((s, v) => s + v, 0) - total) / total).toBeLessThan(0.001),
    );
    // The fixed point, to two decimals, differs from the three-cycle table in the first row.
    expect(table[0]![0]).toBeCloseTo(64.56, 2);
    expect(table[0]![3]).toBeCloseTo(3.82, 2);
  });
});

describe('Kish design effect and effective sample size', () => {
  it('matches the hand computation', () => {
    // Weights 1, 1, 2, 4: Σw = 8, Σw² = 1 + 1 + 4 + 16 = 22.
    // deff = n Σw² / (Σw)² = 4 × 22 / 64 = 1.375; ESS = (Σw)² / Σw² = 64 / 22 = 2.9090…
    const { designEffect, effectiveSampleSize } = kish([1, 1, 2, 4]);
    expect(designEffect).toBeCloseTo(1.375, 12);
    expect(effectiveSampleSize).toBeCloseTo(64 / 22, 12);
    expect(kish([3, 3, 3])).toEqual({ designEffect: 1, effectiveSampleSize: 3 });
    expect(kish([])).toEqual({ designEffect: 1, effectiveSampleSize: 0 });
  });
});

describe('trimming', () => {
  // 95 units of "a" and 5 of "b", raked to half and half: untrimmed, each b would weigh
  // 0.5 / 0.05 = 10 and each a 0.5 / 0.95 = 0.526 (mean 1).
  const units = Array.from({ length: 100 }, (_, i) => ({ traits: { group: i < 95 ? 'a' : 'b' } }));
  const half: RakeTarget[] = [{ trait: 'group', shares: { a: 0.5, b: 0.5 } }];

  it('without a cap, reaches the targets with weights of 10', () => {
    const result = rake(units, half, { cap: Infinity });
    expect(result.converged).toBe(true);
    expect(result.weights[99]).toBeCloseTo(10, 9);
    expect(result.weights[0]).toBeCloseTo(0.5 / 0.95, 9);
  });

  it('caps weights at 5 × the mean, and says the margins are then off', () => {
    const result = rake(units, half);
    const mean = result.weights.reduce((s, w) => s + w, 0) / result.weights.length;
    expect(mean).toBeCloseTo(1, 12);
    expect(Math.max(...result.weights)).toBeCloseTo(5, 9);
    expect(Math.min(...result.weights)).toBeGreaterThanOrEqual(0.2);
    expect(result.trimmed).toBe(5);
    // b weighs 5 × 5 = 25 of 100: a share of 0.25 against the target's 0.5.
    expect(result.converged).toBe(false);
    expect(result.maxMarginError).toBeCloseTo(0.25, 9);
    // The others share the rest: (100 − 25) / 95 each.
    expect(result.weights[0]).toBeCloseTo(75 / 95, 9);
  });

  it('caps at any cap given', () => {
    const result = rake(units, half, { cap: 3 });
    expect(Math.max(...result.weights)).toBeCloseTo(3, 9);
    expect(result.maxMarginError).toBeCloseTo(0.5 - 15 / 100, 9);
  });
});

describe('raking a quota sample', () => {
  it('converges on 5,000 members with 18–29 under-represented, and weights them up', () => {
    const us = frameById('us')!;
    // Two in three of the 18–29s dropped.
    const panel = quotaSample(us, 5000, 3).filter(
      (m, i) => m.traits.age !== '18-29' || i % 3 === 0,
    );
    const young = panel.filter((m) => m.traits.age === '18-29').length;
    expect(young / panel.length).toBeLessThan(0.1);
    const result = rake(panel, frameTargets(us));
    expect(result.problem).toBeUndefined();
    expect(result.converged).toBe(true);
    expect(result.maxMarginError).toBeLessThanOrEqual(1e-6);
    expect(result.trimmed).toBe(0);
    const weightedShare = (trait: string, level: string) =>
      panel.reduce((s, m, i) => s + (m.traits[trait] === level ? result.weights[i]! : 0), 0) /
      panel.length;
    for (const trait of us.traits) {
      for (const level of trait.levels) {
        expect(Math.abs(weightedShare(trait.id, level.id) - level.share)).toBeLessThan(1e-5);
      }
    }
    const meanWeight = (test: (m: PanelMember) => boolean) => {
      const ws = panel.flatMap((m, i) => (test(m) ? [result.weights[i]!] : []));
      return ws.reduce((s, w) => s + w, 0) / ws.length;
    };
    expect(meanWeight((m) => m.traits.age === '18-29')).toBeGreaterThan(2.5);
    expect(meanWeight((m) => m.traits.age === '45-59')).toBeLessThan(1);
    const { designEffect } = kish(result.weights);
    expect(designEffect).toBeGreaterThan(1.1);
    expect(designEffect).toBeLessThan(1.5);
  });

  it('leaves a balanced quota sample as it is', () => {
    const uk = frameById('uk')!;
    const result = rake(quotaSample(uk, 1000, 1), frameTargets(uk, ['age', 'region']));
    expect(result.iterations).toBe(0);
    expect(result.converged).toBe(true);
    expect(result.weights.every((w) => w === 1)).toBe(true);
  });
});

describe('raking problems and missing traits', () => {
  it('says when nobody in the panel has a level the population has', () => {
    const us = frameById('us')!;
    const panel = quotaSample(us, 500, 1).filter((m) => m.traits.age !== '75+');
    const result = rake(panel, frameTargets(us));
    expect(result.problem).toBe(
      "Nobody in the panel is aged 75 and over, so it cannot be weighted to the population's 10 %.",
    );
    expect(result.converged).toBe(false);
    expect(result.weights.every((w) => w === 1)).toBe(true);
    const first = frames[0]!;
    const men = quotaSample(first, 100, 1).filter((m) => m.traits.sex === 'male');
    expect(rake(men, frameTargets(first, ['sex'])).problem).toBe(
      "Nobody in the panel is a woman, so it cannot be weighted to the population's 51 %.",
    );
  });

  it('weights a unit without a trait by the other traits only', () => {
    // Sex is missing for the last 4; the 6 with a sex are raked to half women, everyone to half north.
    const units = [
      ...Array.from({ length: 2 }, () => ({ traits: { sex: 'female', region: 'n' } })),
      ...Array.from({ length: 2 }, () => ({ traits: { sex: 'female', region: 's' } })),
      ...Array.from({ length: 2 }, () => ({ traits: { sex: 'male', region: 's' } })),
      ...Array.from({ length: 2 }, () => ({ traits: { region: 'n' } })),
      ...Array.from({ length: 2 }, (): { traits: Record<string, string> } => ({
        traits: { region: 's' },
      })),
    ];
    const result = rake(units, [
      { trait: 'sex', shares: { female: 0.5, male: 0.5 } },
      { trait: 'region', shares: { n: 0.5, s: 0.5 } },
    ]);
    expect(result.converged).toBe(true);
    const w = result.weights;
    const sum = (from: number, to: number) => w.slice(from, to).reduce((s, x) => s + x, 0);
    // Women against men, among the 6 with a sex.
    expect(sum(0, 4) / sum(0, 6)).toBeCloseTo(0.5, 6);
    // North against everyone, the 4 without a sex included.
    expect((sum(0, 2) + sum(6, 8)) / sum(0, 10)).toBeCloseTo(0.5, 6);
    // Without a sex, a unit's weight follows its region alone: north up, south down.
    expect(w[6]).toBeGreaterThan(1);
    expect(w[8]).toBeLessThan(1);
  });
});
