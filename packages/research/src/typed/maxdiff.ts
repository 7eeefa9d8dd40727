import { unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';
import type { MaxDiffTask, SpecOf } from '@chorus/contracts';
import { hash32 } from '../sampling';
import {
  type Analysis,
  estimateOf,
  type Headline,
  layoutOf,
  replicates,
  resample,
  share3,
} from './bootstrap';
import type { AnswerOf, MaxDiffResult } from './types';

/**
 * The sets a best–worst question shows: `sets` sets of `perSet` different
 * items. First each set takes the items shown least so far, so every item is
 * shown as often as the others or once more, picking among them, one by one,
 * the item that has met the set's items least often. Then seeded swaps of
 * two items between two sets, which leave every item's count as it is, are
 * kept when they do not make pairs meet more unevenly (the sum of squares of
 * the times each pair is shown together), so pairs spread over the sets.
 * Each set is shown in a seeded order. The same arguments always give the
 * same design.
 */
export function maxDiffDesign(
  items: number,
  perSet: number,
  sets: number,
  seed: number,
): number[][] {
  const size = Math.min(perSet, items);
  if (items <= 0 || size <= 0 || sets <= 0) return [];
  const rng = xoroshiro128plus(hash32(`maxdiff-design:${items}:${perSet}:${sets}:${seed}`));
  const random = (to: number) => unsafeUniformIntDistribution(0, to, rng);
  const shown = new Int32Array(items);
  const together = new Int32Array(items * items);
  /** Adds `by` to the times i and j are shown together; the change in the sum of squares. */
  const meet = (i: number, j: number, by: 1 | -1) => {
    const before = together[i * items + j]!;
    together[i * items + j] = before + by;
    together[j * items + i] = before + by;
    return by * (2 * before + by);
  };
  const design: number[][] = [];
  for (let s = 0; s < sets; s++) {
    // Every item is shown c or c + 1 times: the set must take all those at c
    // when there are too few of them to fill it, and may take any of them otherwise.
    const least = Math.min(...shown);
    const atLeast = [...shown.keys()].filter((i) => shown[i] === least);
    const must = atLeast.length <= size ? atLeast : [];
    const pool =
      atLeast.length <= size ? [...shown.keys()].filter((i) => shown[i] === least + 1) : atLeast;
    const set = [...must];
    while (set.length < size) {
      let best: number[] = [];
      let bestMet = Infinity;
      for (const i of pool) {
        if (set.includes(i)) continue;
        const met = set.reduce((sum, j) => sum + together[i * items + j]!, 0);
        if (met < bestMet) {
          bestMet = met;
          best = [i];
        } else if (met === bestMet) best.push(i);
      }
      set.push(best[random(best.length - 1)]!);
    }
    for (const i of set) shown[i] = shown[i]! + 1;
    set.forEach((i, a) => set.slice(a + 1).forEach((j) => meet(i, j, 1)));
    design.push(set);
  }

  // Swap item x of set A with item y of set B when neither set has the other's.
  const moveOut = (set: number[], x: number, y: number, by: 1 | -1) =>
    set.reduce((change, k) => (k === x || k === y ? change : change + meet(x, k, by)), 0);
  const swap = (a: number, pa: number, b: number, pb: number) => {
    const A = design[a]!;
    const B = design[b]!;
    const x = A[pa]!;
    const y = B[pb]!;
    let change = moveOut(A, x, y, -1) + moveOut(B, y, x, -1);
    A[pa] = y;
    B[pb] = x;
    change += moveOut(A, y, x, 1) + moveOut(B, x, y, 1);
    return change;
  };
  if (sets > 1) {
    const tries = 2_000 + 200 * sets;
    for (let t = 0; t < tries; t++) {
      const a = random(sets - 1);
      const b = random(sets - 1);
      const pa = random(size - 1);
      const pb = random(size - 1);
      const x = design[a]![pa]!;
      const y = design[b]![pb]!;
      if (a === b || design[a]!.includes(y) || design[b]!.includes(x)) continue;
      // Undo a swap that makes the pairs meet more unevenly.
      if (swap(a, pa, b, pb) > 0) swap(a, pa, b, pb);
    }
  }

  for (const set of design) {
    for (let i = set.length - 1; i > 0; i--) {
      const j = random(i);
      [set[i], set[j]] = [set[j]!, set[i]!];
    }
  }
  return design;
}

/** Whether a task shows distinct items of the question and picks a different best and worst among them. */
function isUsableTask(task: MaxDiffTask, items: number): boolean {
  const { shown, best, worst } = task;
  if (shown.length < 2 || best === worst) return false;
  let hasBest = false;
  let hasWorst = false;
  for (let a = 0; a < shown.length; a++) {
    const i = shown[a]!;
    // (i | 0) === i: a whole number (the item counts are small), cheaper than Number.isInteger in a hot loop.
    if (!(i >= 0 && i < items && (i | 0) === i)) return false;
    for (let b = 0; b < a; b++) if (shown[b] === i) return false;
    if (i === best) hasBest = true;
    if (i === worst) hasWorst = true;
  }
  return hasBest && hasWorst;
}

/**
 * Best–worst scaling by counts (Louviere, Flynn & Marley 2015): each item's
 * score is (times chosen best − times chosen worst) / times shown, from −1 to
 * 1, over every draw (a draw is one pass through the sets), each persona
 * weighted equally; intervals by the bootstrap over personas and draws.
 * bestShare and worstShare are the times chosen best and worst over the
 * times shown. Items are listed highest score first. Tasks that break the
 * design (an item twice, a pick not shown) are left out.
 */
export function analyseMaxDiff(
  spec: SpecOf<'maxdiff'>,
  answers: readonly AnswerOf<'maxdiff'>[],
  seed: number,
): Analysis<MaxDiffResult> {
  const m = spec.items.length;
  // Per usable draw and item: best − worst, times shown, times best and times worst.
  const room = answers.reduce((sum, a) => sum + a.draws.length, 0) * m;
  const diff = new Int16Array(room);
  const shown = new Uint16Array(room);
  const bestCounts = new Uint16Array(room);
  const worstCounts = new Uint16Array(room);
  const sizes: number[] = [];
  let noAnswer = 0;
  let used = 0;
  for (const answer of answers) {
    noAnswer += answer.noAnswer;
    let size = 0;
    for (const draw of answer.draws) {
      const base = used * m;
      let usable = false;
      for (const task of draw) {
        if (!isUsableTask(task, m)) continue;
        usable = true;
        for (const i of task.shown) shown[base + i] = shown[base + i]! + 1;
        bestCounts[base + task.best] = bestCounts[base + task.best]! + 1;
        worstCounts[base + task.worst] = worstCounts[base + task.worst]! + 1;
        diff[base + task.best] = diff[base + task.best]! + 1;
        diff[base + task.worst] = diff[base + task.worst]! - 1;
      }
      if (!usable) continue;
      used += 1;
      size += 1;
    }
    if (size > 0) sizes.push(size);
  }
  const layout = layoutOf(sizes);
  const n = layout.personas;

  const weighted = (counts: ArrayLike<number>) => {
    const sums = new Float64Array(m);
    for (let d = 0; d < layout.draws; d++) {
      const w = layout.weights[d]!;
      for (let k = 0; k < m; k++) sums[k] = sums[k]! + w * counts[d * m + k]!;
    }
    return sums;
  };
  const shownW = weighted(shown);
  const diffW = weighted(diff);
  const bestW = weighted(bestCounts);
  const worstW = weighted(worstCounts);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  const scores = Array.from({ length: m }, (_, k) => ratio(diffW[k]!, shownW[k]!));

  const reps = Array.from({ length: m }, replicates);
  const diffSums = new Int32Array(m);
  const shownSums = new Int32Array(m);
  resample(layout, seed, 'maxdiff', (picks, r) => {
    diffSums.fill(0);
    shownSums.fill(0);
    for (let i = 0; i < n; i++) {
      const base = picks[i]! * m;
      for (let k = 0; k < m; k++) {
        diffSums[k] = diffSums[k]! + diff[base + k]!;
        shownSums[k] = shownSums[k]! + shown[base + k]!;
      }
    }
    for (let k = 0; k < m; k++) reps[k]![r] = ratio(diffSums[k]!, shownSums[k]!);
  });

  const order = Array.from({ length: m }, (_, k) => k).sort(
    (a, b) => scores[b]! - scores[a]! || a - b,
  );
  const result: MaxDiffResult = {
    type: 'maxdiff',
    respondents: n,
    noAnswer,
    items: order.map((k) => ({
      label: spec.items[k]!,
      score: estimateOf(scores[k]!, n ? reps[k] : undefined, share3),
      bestShare: share3(ratio(bestW[k]!, shownW[k]!)),
      worstShare: share3(ratio(worstW[k]!, shownW[k]!)),
    })),
  };
  const headlines: Headline[] = spec.items.map((label, k) => ({
    key: `item:${k}`,
    figure: `Best–worst score of ${label}`,
    kind: 'number',
    value: scores[k]!,
    replicates: reps[k]!,
  }));
  return { result, headlines, focus: [`item:${order[0] ?? 0}`] };
}
