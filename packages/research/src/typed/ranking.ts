import type { SpecOf } from '@chorus/contracts';
import {
  type Analysis,
  estimateOf,
  type Headline,
  layoutOf,
  replicates,
  resample,
  share3,
  two,
} from './bootstrap';
import type { AnswerOf, RankingResult } from './types';

/** Whether a draw lists every item exactly once. */
function isFullRanking(draw: readonly number[], items: number): boolean {
  if (draw.length !== items) return false;
  const seen = new Uint8Array(items);
  for (const i of draw) {
    if (!Number.isInteger(i) || i < 0 || i >= items || seen[i]) return false;
    seen[i] = 1;
  }
  return true;
}

/**
 * A ranking: each item's mean rank (1 = first) and the share of draws placing
 * it first, each persona weighted equally, with intervals by the bootstrap
 * over personas and draws; items listed from the best mean rank. Only
 * complete rankings (every item once) are usable.
 */
export function analyseRanking(
  spec: SpecOf<'ranking'>,
  answers: readonly AnswerOf<'ranking'>[],
  seed: number,
): Analysis<RankingResult> {
  const m = spec.items.length;
  const ranks: number[] = [];
  const sizes: number[] = [];
  let noAnswer = 0;
  for (const answer of answers) {
    noAnswer += answer.noAnswer;
    let size = 0;
    for (const draw of answer.draws) {
      if (!isFullRanking(draw, m)) continue;
      const row = new Array<number>(m);
      draw.forEach((item, position) => (row[item] = position + 1));
      ranks.push(...row);
      size += 1;
    }
    if (size > 0) sizes.push(size);
  }
  const layout = layoutOf(sizes);
  const flat = Uint8Array.from(ranks);
  const n = layout.personas;

  const meanRank = new Float64Array(m);
  const first = new Float64Array(m);
  for (let d = 0; d < layout.draws; d++) {
    const w = layout.weights[d]!;
    for (let k = 0; k < m; k++) {
      const rank = flat[d * m + k]!;
      meanRank[k] = meanRank[k]! + w * rank;
      if (rank === 1) first[k] = first[k]! + w;
    }
  }

  const rankReps = Array.from({ length: m }, replicates);
  const firstReps = Array.from({ length: m }, replicates);
  const rankSums = new Int32Array(m);
  const firsts = new Int32Array(m);
  resample(layout, seed, 'ranking', (picks, r) => {
    rankSums.fill(0);
    firsts.fill(0);
    for (let i = 0; i < n; i++) {
      const base = picks[i]! * m;
      for (let k = 0; k < m; k++) {
        const rank = flat[base + k]!;
        rankSums[k] = rankSums[k]! + rank;
        if (rank === 1) firsts[k] = firsts[k]! + 1;
      }
    }
    for (let k = 0; k < m; k++) {
      rankReps[k]![r] = rankSums[k]! / n;
      firstReps[k]![r] = firsts[k]! / n;
    }
  });

  const order = Array.from({ length: m }, (_, k) => k).sort(
    (a, b) => meanRank[a]! - meanRank[b]! || a - b,
  );
  const result: RankingResult = {
    type: 'ranking',
    respondents: n,
    noAnswer,
    items: order.map((k) => ({
      label: spec.items[k]!,
      meanRank: estimateOf(meanRank[k]!, n ? rankReps[k] : undefined, two),
      firstShare: estimateOf(first[k]!, n ? firstReps[k] : undefined, share3),
    })),
  };
  const headlines: Headline[] = spec.items.map((label, k) => ({
    key: `item:${k}`,
    figure: `Mean rank of ${label}`,
    kind: 'number',
    value: meanRank[k]!,
    replicates: rankReps[k]!,
  }));
  return { result, headlines, focus: [`item:${order[0] ?? 0}`] };
}
