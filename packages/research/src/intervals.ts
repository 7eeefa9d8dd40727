import { unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';
import { quantileSorted } from 'simple-statistics';
import {
  INDICATIVE_BELOW_PERSONAS,
  type Opinion,
  type OpinionCounts,
  opinions,
  type PanelEstimate,
  type ShareInterval,
} from '@chorus/contracts';
import { hash32 } from './sampling';

/**
 * The panel's shares with 95 % intervals from a seeded bootstrap over
 * personas and draws.
 */

export const BOOTSTRAP_RESAMPLES = 1_000;

const intervalMethod =
  '95% percentile bootstrap over personas and draws (1,000 seeded resamples: personas drawn with replacement, then one of each persona’s draws)';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The panel's shares (of every persona's draws) and their 95 % intervals by a
 * seeded percentile bootstrap: each resample draws the personas with
 * replacement and, for each, one of its draws; the interval spans the 2.5th
 * to 97.5th percentile of the resampled shares. Personas are the sampling
 * unit, so a small panel gets wide intervals however many draws it has.
 */
export function estimatePanel(
  personaCounts: readonly OpinionCounts[],
  seed: number,
): PanelEstimate {
  const n = personaCounts.length;
  const totals: OpinionCounts = { positive: 0, neutral: 0, negative: 0 };
  let all = 0;
  for (const c of personaCounts) {
    for (const o of opinions) totals[o] += c[o];
    all += c.positive + c.neutral + c.negative;
  }
  const shares = Object.fromEntries(
    opinions.map((o) => [o, all === 0 ? 0 : oneDecimal((totals[o] * 100) / all)]),
  ) as Record<Opinion, number>;
  const drawsPerPersona = n === 0 ? 0 : Math.round(all / n);
  const empty = { low: 0, high: 0 };
  if (n === 0 || all === 0) {
    return {
      shares,
      intervals: { positive: empty, neutral: empty, negative: empty },
      method: intervalMethod,
      personas: n,
      drawsPerPersona,
      indicative: true,
    };
  }
  const rng = xoroshiro128plus(hash32(`bootstrap:${seed}`));
  const resampled: Record<Opinion, number[]> = { positive: [], neutral: [], negative: [] };
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
    const tally: OpinionCounts = { positive: 0, neutral: 0, negative: 0 };
    for (let i = 0; i < n; i++) {
      const c = personaCounts[unsafeUniformIntDistribution(0, n - 1, rng)]!;
      const size = c.positive + c.neutral + c.negative;
      const k = unsafeUniformIntDistribution(0, Math.max(size, 1) - 1, rng);
      tally[k < c.positive ? 'positive' : k < c.positive + c.neutral ? 'neutral' : 'negative'] += 1;
    }
    for (const o of opinions) resampled[o].push((tally[o] * 100) / n);
  }
  const intervals = Object.fromEntries(
    opinions.map((o) => {
      const sorted = resampled[o].sort((a, b) => a - b);
      return [
        o,
        {
          low: oneDecimal(quantileSorted(sorted, 0.025)),
          high: oneDecimal(quantileSorted(sorted, 0.975)),
        },
      ];
    }),
  ) as Record<Opinion, ShareInterval>;
  return {
    shares,
    intervals,
    method: intervalMethod,
    personas: n,
    drawsPerPersona,
    indicative: n < INDICATIVE_BELOW_PERSONAS,
  };
}

/**
 * The opinion that leads by more than the intervals allow (its interval lies
 * wholly above every other opinion's), or undefined when the lead is within
 * the noise.
 */
export function supportedLead(estimate: PanelEstimate): Opinion | undefined {
  const ranked = [...opinions].sort((a, b) => estimate.shares[b] - estimate.shares[a]);
  const [lead, ...rest] = ranked as [Opinion, ...Opinion[]];
  return rest.every((o) => estimate.intervals[lead].low > estimate.intervals[o].high)
    ? lead
    : undefined;
}

/** The sentence the key insight adds about what the intervals support. */
export function intervalSentence(estimate: PanelEstimate): string {
  if (estimate.personas === 0) return '';
  const lead = supportedLead(estimate);
  const prefix = estimate.indicative
    ? `Indicative only: ${estimate.personas} ${estimate.personas === 1 ? 'persona is' : 'personas are'} too few for firm shares. `
    : '';
  if (lead) {
    const i = estimate.intervals[lead];
    return `${prefix}${capitalize(lead)} leads clearly: ${estimate.shares[lead]}% (95% interval ${i.low}–${i.high}%).`;
  }
  const ranked = [...opinions].sort((a, b) => estimate.shares[b] - estimate.shares[a]);
  return `${prefix}No opinion leads beyond the intervals: ${ranked[0]} and ${ranked[1]} overlap, so treat the difference between them as noise.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
