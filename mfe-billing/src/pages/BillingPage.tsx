import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function BillingPage() {
  return (
    <ComingSoon
      title="Subscription & Billing"
      description="Your subscriptions, monthly spend and billing history."
      release={release}
    />
  );
}
