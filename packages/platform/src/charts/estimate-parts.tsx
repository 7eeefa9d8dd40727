/**
 * Charts of estimates with their likely ranges: bars laid across with
 * whiskers (labels down the side that wrap; range-bars.tsx), one stacked bar
 * of shares (stacked-bar.tsx), and curves over a numeric axis with interval
 * bands, a shaded span and marked points (curves.tsx). Like every chart of
 * the kit, each is a `<figure>` whose drawing is an image named by `title`
 * (tooltips and a legend for the eye), followed by a visually hidden table of
 * the same numbers for screen readers. This file holds what they share: axis
 * ticks, the hidden table, the legend and the drawing's frame.
 */
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

export const tick = { fontSize: 11, fill: 'var(--color-muted-foreground)' };
export const plain = (value: number) => String(value);

export type EstimateTable = { head: string[]; rows: string[][] };

export function HiddenTable({ title, table }: { title: string; table: EstimateTable }) {
  // In a box of its own: a hidden table is still as wide as its cells and would widen a phone's page.
  return (
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.head.map((heading, index) => (
              <th key={`${heading}-${index}`} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((cell, cellIndex) => (
                <td key={cellIndex}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type LegendEntry = {
  label: string;
  color: string;
  /** How the swatch is drawn: a block (bars, shaded spans), a line, or a dashed line (marks). */
  look?: 'block' | 'line' | 'dashed';
};

export function LegendList({ entries }: { entries: readonly LegendEntry[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
      {entries.map((entry) => (
        <li key={entry.label} className="flex items-center gap-1.5" data-testid="chart-legend-item">
          <svg width="14" height="10" aria-hidden>
            {entry.look === 'line' || entry.look === 'dashed' ? (
              <line
                x1="0"
                y1="5"
                x2="14"
                y2="5"
                stroke={entry.color}
                strokeWidth="2.5"
                strokeDasharray={entry.look === 'dashed' ? '3 2' : undefined}
              />
            ) : (
              <rect width="14" height="10" rx="2" fill={entry.color} />
            )}
          </svg>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

export function Drawing({
  title,
  height,
  children,
}: {
  title: string;
  height: number;
  children: ReactElement;
}) {
  // The width comes from the page, never from the drawing (inline-size containment), so a phone
  // never scrolls sideways.
  return (
    <div role="img" aria-label={title} className="[contain:inline-size]">
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}
