import { Badge } from '@chorus/platform/ui';
import { invoiceBadge } from '../billing-page';

// Subscription statuses use the kit's SubscriptionStatusBadge: one word per status on every page.

const warning = 'border-transparent bg-amber-100 text-amber-800';

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
