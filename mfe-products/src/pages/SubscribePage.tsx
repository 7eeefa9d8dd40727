import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function SubscribePage() {
  return (
    <ComingSoon
      title="Complete Payment"
      description="Activate the subscription of a product."
      release={release}
    />
  );
}
