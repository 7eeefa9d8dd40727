import { type CardEntryProps, type PaymentProvider } from '@chorus/platform';
import { Input, Label } from '@chorus/platform/ui';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * Card fields from Stripe Elements: the card number never reaches Chorus,
 * only the payment method id Stripe answers with. Loaded (with Stripe.js)
 * only when billing has a publishable key.
 */
export function stripeElementsProvider(publishableKey: string): PaymentProvider {
  const stripe = loadStripe(publishableKey);
  function StripeCardEntry(props: CardEntryProps) {
    return (
      <Elements stripe={stripe}>
        <StripeCardFields {...props} />
      </Elements>
    );
  }
  return { name: 'stripe', CardEntry: StripeCardEntry };
}

function StripeCardFields({ onReady, defaultName = '' }: CardEntryProps) {
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState(defaultName);
  const cardholder = useRef(name);
  cardholder.current = name;

  useEffect(() => {
    // Until Stripe.js has loaded there is nothing to collect with: the screens
    // then say "Payment system not loaded".
    if (!stripe || !elements) return;
    onReady({
      async createPaymentMethod(billing) {
        const card = elements.getElement(CardElement);
        if (!card) return { error: 'Card information not found' };
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: { name: cardholder.current || billing.name, email: billing.email },
        });
        if (error || !paymentMethod) {
          return { error: error?.message ?? 'Failed to process payment information' };
        }
        return { paymentMethodId: paymentMethod.id };
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);

  return (
    <div className="grid gap-4 rounded-lg border bg-muted/40 p-4" data-testid="card-entry">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Cardholder name</Label>
        <Input
          id={`${id}-name`}
          autoComplete="cc-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Jane Doe"
        />
      </div>
      <div className="grid gap-2">
        <Label>Card</Label>
        <div className="rounded-md border bg-background px-3 py-2.5">
          <CardElement options={{ hidePostalCode: true }} />
        </div>
      </div>
    </div>
  );
}
