import type { ReactNode } from 'react';
import { release } from '../release';

/** The page's width and padding, with the release it was built from at the foot. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      {children}
      <p className="mt-12 text-center text-xs text-muted-foreground/80" data-testid="release">
        Release {release}
      </p>
    </div>
  );
}
