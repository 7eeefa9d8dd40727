import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function SubscriptionCancelPage() {
  return (
    <ComingSoon
      title="Subscription Cancelled"
      description="Checkout was cancelled; you can try again at any time."
      release={release}
    />
  );
}
