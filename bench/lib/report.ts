/** One measured number; every benchmark area returns a list of these. */
export interface BenchRow {
  area: string;
  metric: string;
  /** Absent when the row only reports counts (in the note). */
  value?: number;
  unit: string;
  /** The target, in words (e.g. "< 150 KB"); reported, never asserted. */
  budget?: string;
  /** Whether the value meets the budget, when there is one. */
  withinBudget?: boolean;
  note?: string;
}

/** What a `bench/<area>.ts` file exports. */
export type BenchArea = () => Promise<BenchRow[]>;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function formatRow(row: BenchRow): string {
  const value =
    row.value === undefined
      ? ''
      : `${Number.isInteger(row.value) ? row.value : row.value.toFixed(row.unit === 'x' ? 2 : 1)} ${row.unit}`;
  const verdict = row.withinBudget === undefined ? '' : row.withinBudget ? 'yes' : 'NO';
  return `| ${row.area} | ${row.metric} | ${value} | ${row.budget ?? ''} | ${verdict} | ${row.note ?? ''} |`;
}

export const tableHeader = [
  '| area | metric | value | budget | within | note |',
  '| --- | --- | --- | --- | --- | --- |',
];
