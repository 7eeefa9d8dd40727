import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function PersonasPage() {
  return (
    <ComingSoon
      title="Personas"
      description="Choose the AI customer personas of your product."
      release={release}
    />
  );
}
