import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function BusinessProfilePage() {
  return (
    <ComingSoon
      title="Business Profile"
      description="The business profile your personas reason from."
      release={release}
    />
  );
}
