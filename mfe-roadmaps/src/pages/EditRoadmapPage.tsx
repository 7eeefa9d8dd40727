import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function EditRoadmapPage() {
  return (
    <ComingSoon
      title="Edit Roadmap"
      description="Change a roadmap and its items."
      release={release}
    />
  );
}
