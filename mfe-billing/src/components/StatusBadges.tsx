import { invoiceBadge, subscriptionBadge } from '@chorus/contracts';
import { Badge } from '@chorus/platform/ui';

const warning = 'border-transparent bg-amber-100 text-amber-800';

/** active, past_due, cancelled/canceled; any other status shows as unknown. */
export function SubscriptionStatusBadge({ status }: { status: string | null | undefined }) {
  switch (subscriptionBadge(status)) {
    case 'active':
      return <Badge variant="success">Active</Badge>;
    case 'past_due':
      return <Badge className={warning}>Past Due</Badge>;
    case 'cancelled':
      return <Badge variant="secondary">Cancelled</Badge>;
    default:
      return <Badge variant="outline">Unknown</Badge>;
  }
}

export function InvoiceStatusBadge({ status }: { status: string | null | undefined }) {
  switch (invoiceBadge(status)) {
    case 'paid':
      return <Badge variant="success">Paid</Badge>;
    case 'pending':
      return <Badge className={warning}>Pending</Badge>;
    case 'failed':
      return <Badge variant="destructive">Failed</Badge>;
    default:
      return <Badge variant="outline">Unknown</Badge>;
  }
}
