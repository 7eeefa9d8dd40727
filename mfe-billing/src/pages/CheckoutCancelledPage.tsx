import { analytics } from '@chorus/platform';
import { Button } from '@chorus/platform/ui';
import { Mail, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ResultCard } from '../components/ResultCard';
import { supportEmail } from '../release';

/** /subscription-cancel: the checkout was left without paying (its cancel address). */
export function CheckoutCancelledPage() {
  useEffect(() => {
    analytics.billingInteraction('checkout_cancelled');
  }, []);

  return (
    <ResultCard
      icon={
        <span className="flex size-16 items-center justify-center rounded-full bg-muted">
          <XCircle className="size-9 text-muted-foreground" aria-hidden />
        </span>
      }
      title="Subscription Cancelled"
      text="Your checkout was cancelled and you have not been charged. You can pick a plan again whenever you are ready."
    >
      <Button asChild size="lg">
        <Link to="/subscription-plans">Try Again</Link>
      </Button>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline">
          <a href={`mailto:${supportEmail}`}>
            <Mail aria-hidden /> Contact Support
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">Return to Dashboard</Link>
        </Button>
      </div>
      <p className="pt-2 text-sm text-muted-foreground">
        Looking for your subscriptions and invoices?{' '}
        <Link to="/billing" className="font-medium text-primary underline-offset-4 hover:underline">
          Go to Billing
        </Link>
      </p>
    </ResultCard>
  );
}
