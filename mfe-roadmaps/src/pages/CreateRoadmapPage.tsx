import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function CreateRoadmapPage() {
  return (
    <ComingSoon
      title="Create Roadmap"
      description="Start a new roadmap for this product."
      release={release}
    />
  );
}
