import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function RoadmapPage() {
  return (
    <ComingSoon
      title="Roadmaps"
      description="Plan product roadmaps and hear what your personas think of them."
      release={release}
    />
  );
}
