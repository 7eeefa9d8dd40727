import { analytics } from '@chorus/platform';
import { Button } from '@chorus/platform/ui';
import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { refreshBilling } from '../api';
import { firstReportOf, takeRememberedCheckout } from '../checkout';
import { ResultCard } from '../components/ResultCard';

/** /subscription-success?session_id=…: where the hosted checkout returns after paying. */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');

  useEffect(() => {
    // The product's status, spend and invoices changed: the billing page reads them again.
    void refreshBilling();
    if (!sessionId || !firstReportOf(sessionId)) return;
    const checkout = takeRememberedCheckout();
    if (checkout) {
      // The transaction id is "sub_" and a timestamp (the platform's default).
      analytics.purchase({
        value: checkout.value,
        planType: checkout.planType,
        currency: checkout.currency,
      });
    }
    analytics.conversion(checkout ? { value: checkout.value, currency: checkout.currency } : {});
  }, [sessionId]);

  return (
    <ResultCard
      icon={
        <span className="flex size-16 items-center justify-center rounded-full bg-emerald-100">
          <CheckCircle2 className="size-9 text-emerald-600" aria-hidden />
        </span>
      }
      title="Subscription Confirmed"
      text={
        sessionId
          ? 'Thank you! Your payment went through and your subscription is now active.'
          : 'If you have just completed a checkout, your subscription appears on the billing page within moments.'
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild size="lg">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/billing">View Billing</Link>
        </Button>
      </div>
      <p className="pt-2 text-sm text-muted-foreground">
        Questions about your subscription?{' '}
        <Link to="/help" className="font-medium text-primary underline-offset-4 hover:underline">
          Visit the Help Center
        </Link>
      </p>
    </ResultCard>
  );
}
