import { PageFrame } from '@chorus/platform/ui';
import type { ReactNode } from 'react';
import { release } from '../release';

/** The product pages' frame, with the release it was built from at the foot. */
export function RoadmapFrame({ children }: { children: ReactNode }) {
  return (
    <PageFrame>
      {children}
      <p className="mt-12 text-center text-xs text-muted-foreground/80" data-testid="release">
        Release {release}
      </p>
    </PageFrame>
  );
}
