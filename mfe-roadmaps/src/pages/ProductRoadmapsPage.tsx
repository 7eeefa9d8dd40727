import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function ProductRoadmapsPage() {
  return (
    <ComingSoon
      title="All Roadmaps"
      description="Every roadmap of this product."
      release={release}
    />
  );
}
