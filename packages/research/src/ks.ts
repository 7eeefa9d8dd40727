/**
 * The two-sample Kolmogorov–Smirnov statistic over an ordered scale, and its
 * asymptotic p-value. Written here because simple-statistics has no
 * two-sample test; kept small and checked against published values.
 */

interface KsResult {
  /** The largest gap between the two cumulative shares, 0 to 1. */
  d: number;
  /** Asymptotic two-sided p-value (Kolmogorov's limit); conservative when values are tied, as ratings are. */
  p: number;
  n: number;
  m: number;
}

/**
 * D from two count vectors over the same ordered categories (ratings 1–5:
 * index 0 is rating 1): the largest gap between the cumulative shares.
 */
export function ksFromCounts(a: readonly number[], b: readonly number[]): KsResult {
  if (a.length !== b.length) throw new Error('distributions over different categories');
  const n = a.reduce((sum, x) => sum + x, 0);
  const m = b.reduce((sum, x) => sum + x, 0);
  if (n === 0 || m === 0) return { d: 0, p: 1, n, m };
  let ca = 0;
  let cb = 0;
  let d = 0;
  for (let i = 0; i < a.length; i += 1) {
    ca += a[i]!;
    cb += b[i]!;
    d = Math.max(d, Math.abs(ca / n - cb / m));
  }
  return { d, p: kolmogorovSurvival(Math.sqrt((n * m) / (n + m)) * d), n, m };
}

/** D from two samples of values on any ordered scale. */
export function ksTwoSample(x: readonly number[], y: readonly number[]): KsResult {
  const values = [...new Set([...x, ...y])].sort((p, q) => p - q);
  const count = (sample: readonly number[]) =>
    values.map((v) => sample.filter((s) => s === v).length);
  return ksFromCounts(count(x), count(y));
}

/**
 * P(K > t) for Kolmogorov's limiting distribution:
 * 2 Σ_{k≥1} (−1)^{k−1} e^{−2k²t²}.
 */
export function kolmogorovSurvival(t: number): number {
  if (t <= 0) return 1;
  if (t < 0.2) return 1;
  let sum = 0;
  for (let k = 1; k <= 100; k += 1) {
    const term = Math.exp(-2 * k * k * t * t);
    sum += (k % 2 === 1 ? 1 : -1) * term;
    if (term < 1e-12) break;
  }
  return Math.min(1, Math.max(0, 2 * sum));
}
