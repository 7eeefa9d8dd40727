import { type DriftReport, opinions, type PanelEstimate } from '@chorus/contracts';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * Whether the shift from one run to the next is larger than the intervals:
 * an opinion drifted when its two intervals do not overlap.
 */
export function compareRuns(before: PanelEstimate, after: PanelEstimate): DriftReport {
  const moved = opinions
    .map((o) => ({ o, points: oneDecimal(after.shares[o] - before.shares[o]) }))
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))[0]!;
  const drifted = opinions.filter(
    (o) =>
      after.intervals[o].low > before.intervals[o].high ||
      after.intervals[o].high < before.intervals[o].low,
  );
  const signed = `${moved.points > 0 ? '+' : ''}${moved.points}`;
  const text =
    drifted.length > 0
      ? `Drift: ${drifted.join(' and ')} moved beyond the intervals (${moved.o} ${signed} points). Something changed between the runs — the model, the profile or the personas — so compare their run details before relying on either.`
      : `No drift: the largest shift (${moved.o} ${signed} points) is within the intervals, so the runs agree.`;
  return { drift: drifted.length > 0, opinion: moved.o, points: moved.points, text };
}
