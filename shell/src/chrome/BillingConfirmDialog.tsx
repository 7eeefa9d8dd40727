import { ConfirmDialog } from '@chorus/platform/ui';
import { CheckCircle2 } from 'lucide-react';
import { navigate } from './navigation';

const billingPageOffers = [
  'View current subscription details',
  'Update billing information',
  'Manage company subscriptions',
  'Cancel subscriptions if needed',
];

/** "Subscription & Billing" from the account menu: explains the billing page before going there. */
export function BillingConfirmDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Subscription & Billing"
      description="You are about to open the billing page, where you can:"
      confirmLabel="Continue to Billing"
      onConfirm={() => navigate('/subscription/cancel')}
    >
      <ul className="grid gap-2 text-sm">
        {billingPageOffers.map((offer) => (
          <li key={offer} className="flex items-center gap-2">
            <CheckCircle2 className="size-4 text-primary" aria-hidden />
            {offer}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
