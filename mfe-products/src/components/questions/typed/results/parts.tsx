// What every typed result's view is built of: the charts' colours, the
// plain-words lines above a chart and the note on how ranges are worked out.
import type { Estimate, TypedResult } from '@chorus/contracts';
import type { ReactNode } from 'react';

// Tailwind's palette as CSS colours (the charts draw with them).
export const colors = {
  primary: 'var(--color-primary)',
  emerald: '#10b981',
  slate: '#94a3b8',
  red: '#ef4444',
  amber: '#f59e0b',
  sky: '#0ea5e9',
  violet: '#8b5cf6',
};

export type ResultOf<T extends TypedResult['type']> = Extract<TypedResult, { type: T }>;

export const pct = (value: number) => `${Math.round(value)}%`;
export const toPct = (estimate: Estimate) => ({
  value: estimate.value * 100,
  low: estimate.low * 100,
  high: estimate.high * 100,
});

/** The plain-words lines above a chart, each a figure a reader can quote. */
export function Figures({ children }: { children: ReactNode }) {
  return <ul className="grid gap-1 text-sm">{children}</ul>;
}

export function FigureLine({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li className="flex gap-2" data-testid={testId}>
      <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

export function Summary({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm font-medium break-words" data-testid="typed-summary">
      {children}
    </p>
  );
}

export const intervalNote =
  'Each range is a 95% interval from a bootstrap: the personas, and each one’s repeated answers, were resampled many times and the figure worked out again each time; the range holds the middle 95% of those figures.';
