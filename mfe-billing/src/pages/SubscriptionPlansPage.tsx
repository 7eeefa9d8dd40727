import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function SubscriptionPlansPage() {
  return (
    <ComingSoon
      title="Subscription Plans"
      description="Choose a monthly or annual plan."
      release={release}
    />
  );
}
