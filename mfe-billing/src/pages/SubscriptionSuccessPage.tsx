import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function SubscriptionSuccessPage() {
  return (
    <ComingSoon
      title="Subscription Confirmed"
      description="Your subscription is being activated."
      release={release}
    />
  );
}
