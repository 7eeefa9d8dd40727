import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@chorus/platform/ui';
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
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Subscription &amp; Billing</AlertDialogTitle>
          <AlertDialogDescription>
            You are about to open the billing page, where you can:
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid gap-2 text-sm">
          {billingPageOffers.map((offer) => (
            <li key={offer} className="flex items-center gap-2">
              <CheckCircle2 className="size-4 text-primary" aria-hidden />
              {offer}
            </li>
          ))}
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => navigate('/subscription/cancel')}>
            Continue to Billing
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
