import { subscriptionBadge } from '@chorus/contracts';
import { Badge } from '@chorus/platform/ui';
import { CheckCircle2 } from 'lucide-react';

/** Active is highlighted; any other status is shown as it is (the spec). */
export function SubscriptionStatus({ status }: { status: string }) {
  if (subscriptionBadge(status) === 'active') {
    return (
      <Badge variant="success">
        <CheckCircle2 aria-hidden /> Active
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className="text-muted-foreground">
      {status || 'unknown'}
    </Badge>
  );
}
