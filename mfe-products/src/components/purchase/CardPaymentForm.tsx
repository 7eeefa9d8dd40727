import { type BillingDetails, type PaymentMethodCollector, toast } from '@chorus/platform';
import { Button, usePaymentProvider } from '@chorus/platform/ui';
import { AlertCircle, ArrowLeft, Lock } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';

const paymentError = (description: string) =>
  toast({ title: 'Payment Error', description, variant: 'destructive' });

/**
 * The payment step of every purchase flow: the configured provider's card
 * entry (the local test-mode form, or Stripe Elements), then `onPay` with
 * the payment method it made. A refusal (the provider's message) stays on
 * screen next to the card, which keeps what was typed so it can be fixed.
 */
export function CardPaymentForm({
  billing,
  summary,
  submitLabel,
  submittingLabel = 'Processing...',
  disabled = false,
  onBack,
  onPay,
}: {
  billing: BillingDetails;
  summary?: ReactNode;
  submitLabel: string;
  submittingLabel?: string;
  /** While payment setup is still being requested, or has failed. */
  disabled?: boolean;
  onBack?: () => void;
  /** Uses the payment method; resolves with the provider's refusal, or null when paid. */
  onPay(paymentMethodId: string): Promise<string | null>;
}) {
  const provider = usePaymentProvider();
  const collector = useRef<PaymentMethodCollector | null>(null);
  const onReady = useCallback((ready: PaymentMethodCollector | null) => {
    collector.current = ready;
  }, []);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function pay(): Promise<void> {
    setRefusal(null);
    if (!provider) {
      paymentError('Payment system not loaded. Please refresh and try again.');
      return;
    }
    if (!collector.current) {
      paymentError('Card information not found');
      return;
    }
    let paymentMethodId: string;
    try {
      const result = await collector.current.createPaymentMethod(billing);
      if ('error' in result) {
        setRefusal(result.error);
        toast({ title: 'Payment Failed', description: result.error, variant: 'destructive' });
        return;
      }
      paymentMethodId = result.paymentMethodId;
    } catch {
      paymentError('Failed to process payment information');
      return;
    }
    let refused: string | null;
    try {
      refused = await onPay(paymentMethodId);
    } catch {
      paymentError('An unexpected error occurred. Please try again.');
      return;
    }
    if (refused) {
      setRefusal(refused);
      toast({ title: 'Payment Failed', description: refused, variant: 'destructive' });
    }
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (submitting) return;
        setSubmitting(true);
        void pay().finally(() => setSubmitting(false));
      }}
    >
      {summary}
      {provider ? <provider.CardEntry onReady={onReady} defaultName={billing.name} /> : null}
      {refusal ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
          role="alert"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {refusal}
        </p>
      ) : null}
      <div className="flex gap-3">
        {onBack ? (
          <Button type="button" variant="outline" size="lg" onClick={onBack} disabled={submitting}>
            <ArrowLeft aria-hidden /> Back
          </Button>
        ) : null}
        <Button type="submit" size="lg" className="flex-1" disabled={submitting || disabled}>
          <Lock aria-hidden />
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
