import { CURRENT_PLAN } from '@chorus/contracts';
import {
  analytics,
  ApiError,
  type PaymentMethodCollector,
  register,
  type Registration,
  serverMessage,
  startSession,
  toast,
} from '@chorus/platform';
import { Button, usePaymentProvider } from '@chorus/platform/ui';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { navigate } from '../navigation';
import { finishSignup } from '../signup-history';
import { destructive, planLine } from './shared';
import { type RegisterDetails } from './SignUpDetails';

/**
 * The payment step: the configured provider's card entry (the local test-mode
 * form, or Stripe Elements) hands over a collector; submitting creates the
 * payment method for the billing name and e-mail, then registers with it.
 */
export function RegisterPayment({
  details,
  onBack,
  onDone,
}: {
  details: RegisterDetails;
  onBack(): void;
  onDone(): void;
}) {
  const provider = usePaymentProvider();
  const collector = useRef<PaymentMethodCollector | null>(null);
  const onReady = useCallback((ready: PaymentMethodCollector | null) => {
    collector.current = ready;
  }, []);
  const [submitting, setSubmitting] = useState(false);
  const billingName = `${details.firstName} ${details.lastName}`;

  async function createAccount(): Promise<void> {
    if (!provider) {
      destructive('Payment Error', 'Payment system not loaded. Please refresh and try again.');
      return;
    }
    if (!collector.current) {
      destructive('Payment Error', 'Card information not found');
      return;
    }
    let paymentMethodId: string;
    try {
      const result = await collector.current.createPaymentMethod({
        name: billingName,
        email: details.email,
      });
      if ('error' in result) {
        destructive('Payment Error', result.error);
        return;
      }
      paymentMethodId = result.paymentMethodId;
    } catch {
      destructive('Payment Error', 'Failed to process payment information');
      return;
    }

    let answer: Registration | undefined;
    try {
      answer = await register({
        ...details,
        billingCycle: 'monthly',
        stripeToken: paymentMethodId,
      });
    } catch (error) {
      destructive(
        'Registration failed',
        (error instanceof ApiError && serverMessage(error)) ||
          'An error occurred during registration',
      );
      return;
    }
    if (!answer) {
      destructive('Registration failed', 'Failed to process registration response');
      return;
    }
    await startSession(answer.token);
    analytics.signUp();
    analytics.productCreated({ productName: details.productName, industry: details.industry });
    if (answer.subscriptionStatus === 'active') {
      analytics.purchase({ value: CURRENT_PLAN.monthlyCents / 100, planType: 'monthly' });
      analytics.conversion();
    }
    if (answer.paymentError && answer.product) {
      // The account stays (a refused card does not undo it), but the customer
      // hears the provider's words and lands where the product can be paid.
      destructive(
        'Payment Failed',
        `${answer.paymentError} Your account has been created; complete payment to activate your product.`,
      );
      finishSignup();
      onDone();
      navigate(`/subscribe?productId=${encodeURIComponent(answer.product.id)}`);
      return;
    }
    toast({
      title: 'Welcome!',
      description:
        answer.message ??
        'Your account has been created successfully! Complete payment to activate your subscription.',
    });
    finishSignup();
    onDone();
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitting(true);
        void createAccount().finally(() => setSubmitting(false));
      }}
    >
      <div className="flex items-center justify-between rounded-lg border bg-muted/40 px-4 py-3 text-sm">
        <div>
          <p className="font-medium">Product Plan · {details.productName}</p>
          <p className="text-muted-foreground">{planLine}</p>
        </div>
      </div>
      {provider ? <provider.CardEntry onReady={onReady} defaultName={billingName} /> : null}
      <div className="flex gap-3">
        <Button type="button" variant="outline" size="lg" onClick={onBack} disabled={submitting}>
          <ArrowLeft aria-hidden /> Back
        </Button>
        <Button type="submit" size="lg" className="flex-1" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </div>
    </form>
  );
}
