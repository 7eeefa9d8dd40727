import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function AdminPage() {
  return (
    <ComingSoon
      title="Admin Dashboard"
      description="Subscription analytics, promo codes and persona templates."
      release={release}
    />
  );
}
