import { affinity, CONFLICT_RULES, traitConflicts } from './consistency';
import { type FrameTrait, jointKey, type PopulationFrame } from './frame';
import { integerBetween, panelGenerator, shuffle, weightedIndex } from './random';

/**
 * Quota sampling: a panel of synthetic people whose counts of every trait
 * level are the population's shares times the panel's size, rounded so each
 * trait adds up to the size. A quota panel matches the frame by design, so
 * it needs no weighting until something (a filter of answers, drop-outs)
 * unbalances it.
 */

export interface PanelMember {
  index: number;
  traits: Record<string, string>;
}

/**
 * Largest-remainder (Hamilton) rounding of shares × size: every count is
 * the floor of its exact quota, and the counts still missing go one each to
 * the largest remainders (ties to the earlier level). The counts add up to
 * `size` and each is within 1 of its exact quota.
 */
export function largestRemainder(shares: readonly number[], size: number): number[] {
  const total = shares.reduce((sum, s) => sum + Math.max(0, s), 0);
  if (total <= 0 || size <= 0) return shares.map(() => 0);
  const exact = shares.map((s) => (Math.max(0, s) / total) * size);
  const counts = exact.map((e) => Math.floor(e + 1e-9));
  let missing = size - counts.reduce((sum, c) => sum + c, 0);
  const order = exact
    .map((e, i) => ({ i, remainder: e - counts[i]! }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; missing > 0 && order.length > 0; k = (k + 1) % order.length, missing--) {
    counts[order[k]!.i]! += 1;
  }
  return counts;
}

/**
 * The integer count of each level of each trait for a panel of `size`
 * (largest-remainder rounding of share × size): each trait's counts add up
 * to `size`, and each count is within 1 of its exact quota.
 */
export function quotaTargets(
  frame: PopulationFrame,
  size: number,
): Record<string, Record<string, number>> {
  const n = Math.max(0, Math.floor(size));
  return Object.fromEntries(
    frame.traits.map((trait) => {
      const counts = largestRemainder(
        trait.levels.map((l) => l.share),
        n,
      );
      return [trait.id, Object.fromEntries(trait.levels.map((l, i) => [l.id, counts[i]!]))];
    }),
  );
}

/**
 * The joint's cells as whole counts whose rows and columns are exactly the
 * two traits' quotas (controlled rounding): the joint is first fitted to
 * those whole-number margins by iterative proportional fitting, then each
 * cell is its fitted value rounded down or up, the cells rounded up chosen
 * by a maximum flow (rows to cells to columns) so every row and column
 * comes out exact. Such a rounding always exists for a two-way table; if
 * floating point ever hides it, the rest is placed by the north-west corner
 * rule, which keeps the margins exact.
 */
function jointCounts(
  shares: Record<string, number>,
  a: FrameTrait,
  b: FrameTrait,
  rowTargets: number[],
  columnTargets: number[],
): number[][] {
  const cells = a.levels.map((x) =>
    b.levels.map((y) => Math.max(shares[jointKey(x.id, y.id)] ?? 0, 0) + 1e-9),
  );
  for (let cycle = 0; cycle < 500; cycle++) {
    cells.forEach((row, i) => {
      const sum = row.reduce((s, v) => s + v, 0);
      row.forEach((v, j) => (row[j] = sum > 0 ? (v * rowTargets[i]!) / sum : 0));
    });
    columnTargets.forEach((target, j) => {
      const sum = cells.reduce((s, row) => s + row[j]!, 0);
      cells.forEach((row) => (row[j] = sum > 0 ? (row[j]! * target) / sum : 0));
    });
    const error = Math.max(
      0,
      ...cells.map((row, i) => Math.abs(row.reduce((s, v) => s + v, 0) - rowTargets[i]!)),
    );
    if (error < 1e-9) break;
  }
  const counts = cells.map((row) => row.map((v) => Math.floor(v + 1e-7)));
  const rowNeed = rowTargets.map((t, i) => t - counts[i]!.reduce((s, v) => s + v, 0));
  const columnNeed = columnTargets.map((t, j) => t - counts.reduce((s, row) => s + row[j]!, 0));
  const allowed = cells.map((row, i) => row.map((v, j) => v - counts[i]![j]! > 1e-7));
  roundUpByFlow(counts, rowNeed, columnNeed, allowed);
  // North-west corner for whatever the flow could not place (floating point only).
  for (let i = 0, j = 0; i < rowNeed.length && j < columnNeed.length;) {
    const step = Math.min(rowNeed[i]!, columnNeed[j]!);
    if (step > 0) {
      counts[i]![j]! += step;
      rowNeed[i]! -= step;
      columnNeed[j]! -= step;
    }
    if (rowNeed[i]! <= 0) i++;
    else j++;
  }
  return counts;
}

/** Adds 1 to cells (at most once each, only where allowed) until the rows' and columns' needs are met, by augmenting paths. */
function roundUpByFlow(
  counts: number[][],
  rowNeed: number[],
  columnNeed: number[],
  allowed: boolean[][],
): void {
  const rows = rowNeed.length;
  const columns = columnNeed.length;
  const used = allowed.map((row) => row.map(() => false));
  // Each unit of a row's need looks for a column with need, possibly moving
  // another row's unit to a different column (an augmenting path).
  const augment = (row: number, seen: boolean[]): boolean => {
    for (let j = 0; j < columns; j++) {
      if (!allowed[row]![j] || used[row]![j] || seen[j]) continue;
      seen[j] = true;
      if (columnNeed[j]! > 0) {
        used[row]![j] = true;
        columnNeed[j]! -= 1;
        return true;
      }
      for (let other = 0; other < rows; other++) {
        if (other === row || !used[other]![j]) continue;
        used[other]![j] = false;
        if (augment(other, seen)) {
          used[row]![j] = true;
          return true;
        }
        used[other]![j] = true;
      }
    }
    return false;
  };
  for (let i = 0; i < rows; i++) {
    while (rowNeed[i]! > 0 && augment(i, new Array<boolean>(columns).fill(false))) {
      rowNeed[i]! -= 1;
    }
  }
  used.forEach((row, i) => row.forEach((u, j) => u && (counts[i]![j]! += 1)));
}

/** Traits in the order they are shared out: those others lean on first (household and education on age, income on education). */
const shareOutOrder = ['age', 'sex', 'region', 'household', 'education', 'income'];

/**
 * A quota panel of `size` members, the same for the same frame, size and
 * seed. Every trait's counts equal `quotaTargets`, so every level is within
 * 1/size of its share of the population.
 *
 * 1. Age band × sex (the frame's joint, when it has one) are drawn together:
 *    the joint's cells as whole counts matching both traits' quotas, dealt
 *    out in a seeded shuffle.
 * 2. Every other trait's quota is dealt to the members in a seeded random
 *    order, each member drawing a level with probability proportional to
 *    what is left of its quota times its affinity to the member's other
 *    traits (`affinity`: other adults at home common at 18–29, higher
 *    incomes with a degree …), so the counts are exact and the combinations
 *    plausible.
 * 3. A repair pass removes conflicts (`traitConflicts`): a member whose
 *    traits conflict swaps the level of the trait at fault with another
 *    member for whom the swap leaves both without conflict. Swaps change no
 *    count.
 */
export function quotaSample(frame: PopulationFrame, size: number, seed: number): PanelMember[] {
  const n = Math.max(0, Math.floor(size));
  const targets = quotaTargets(frame, n);
  const rng = panelGenerator(seed, `quota:${frame.id}:${n}`);
  // Every member's traits in the frame's order from the start: one object shape for all.
  const blank = Object.fromEntries(frame.traits.map((t) => [t.id, '']));
  const members: Record<string, string>[] = Array.from({ length: n }, () => ({ ...blank }));
  const jointTraits = new Set<string>();

  const joint = frame.joint;
  const a = joint && frame.traits.find((t) => t.id === joint.traits[0]);
  const b = joint && frame.traits.find((t) => t.id === joint.traits[1]);
  if (joint && a && b) {
    const counts = jointCounts(
      joint.shares,
      a,
      b,
      a.levels.map((l) => targets[a.id]![l.id]!),
      b.levels.map((l) => targets[b.id]![l.id]!),
    );
    const pairs: [string, string][] = [];
    counts.forEach((row, i) =>
      row.forEach((count, j) => {
        for (let k = 0; k < count; k++) pairs.push([a.levels[i]!.id, b.levels[j]!.id]);
      }),
    );
    shuffle(pairs, rng).forEach(([x, y], i) => {
      members[i]![a.id] = x;
      members[i]![b.id] = y;
    });
    jointTraits.add(a.id).add(b.id);
  }

  const rank = (id: string) => {
    const r = shareOutOrder.indexOf(id);
    return r < 0 ? shareOutOrder.length : r;
  };
  const rest = frame.traits
    .filter((t) => !jointTraits.has(t.id))
    .sort((x, y) => rank(x.id) - rank(y.id));
  const order = Array.from({ length: n }, (_, i) => i);
  for (const trait of rest) {
    const remaining = trait.levels.map((l) => targets[trait.id]![l.id]!);
    const count = trait.levels.length;
    const weights = new Float64Array(count);
    for (const i of shuffle(order, rng)) {
      const traits = members[i]!;
      for (let k = 0; k < count; k++) {
        weights[k] =
          remaining[k]! > 0
            ? remaining[k]! * affinity(trait.id, trait.levels[k]!.id, k, count, traits)
            : 0;
      }
      let k = weightedIndex(weights, rng);
      if (k < 0) k = weightedIndex(remaining, rng);
      traits[trait.id] = trait.levels[k]!.id;
      remaining[k]! -= 1;
    }
  }

  repair(members, jointTraits, rng);
  return members.map((traits, index) => ({ index, traits }));
}

/** Swaps a trait's levels between members until no member's traits conflict; counts are unchanged. */
function repair(
  members: Record<string, string>[],
  jointTraits: Set<string>,
  rng: ReturnType<typeof panelGenerator>,
): void {
  const n = members.length;
  for (let i = 0; i < n; i++) {
    const mine = members[i]!;
    for (const rule of CONFLICT_RULES) {
      if (!rule.conflicts(mine)) continue;
      const trait = rule.traits.find((t) => !jointTraits.has(t) && mine[t] !== undefined);
      if (!trait) continue;
      const start = integerBetween(rng, 0, n - 1);
      for (let k = 0; k < n; k++) {
        const j = (start + k) % n;
        const theirs = members[j]!;
        if (j === i || theirs[trait] === mine[trait]) continue;
        [mine[trait], theirs[trait]] = [theirs[trait]!, mine[trait]!];
        if (traitConflicts(mine).length === 0 && traitConflicts(theirs).length === 0) break;
        [mine[trait], theirs[trait]] = [theirs[trait]!, mine[trait]!];
      }
    }
  }
}
