/**
 * The part of the Van Westendorp curves worth drawing: from the last price
 * almost everyone still calls too cheap to the first price almost everyone
 * calls too expensive, one grid step either side. A few answers far above
 * the rest would otherwise stretch the axis and squeeze every crossing into
 * its first quarter.
 */
const RANGE_SPAN_SHARE = 0.98;

export function informativeSpan<T extends { tooCheap: number; tooExpensive: number }>(
  curves: readonly T[],
): T[] {
  if (curves.length <= 2) return [...curves];
  let from = 0;
  for (let i = 0; i < curves.length; i += 1) {
    if (curves[i]!.tooCheap >= RANGE_SPAN_SHARE) from = i;
  }
  let to = curves.length - 1;
  for (let i = curves.length - 1; i >= 0; i -= 1) {
    if (curves[i]!.tooExpensive >= RANGE_SPAN_SHARE) to = i;
  }
  if (to <= from) return [...curves];
  return curves.slice(Math.max(0, from - 1), Math.min(curves.length, to + 2));
}
