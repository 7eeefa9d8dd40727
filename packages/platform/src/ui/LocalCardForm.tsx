import { CreditCard, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import {
  type CardEntryProps,
  formatCardNumber,
  formatExpiry,
  getPaymentProvider,
  localPaymentMethodFor,
  type PaymentProvider,
  subscribePaymentProvider,
} from '@chorus/platform';
import { Input } from './input';
import { Label } from './label';

/** Card fields of the local test-mode provider; no card data leaves the browser. */
function LocalCardEntry({ onReady, defaultName = '' }: CardEntryProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState(defaultName);
  const card = useRef({ number, expiry, cvc, name });
  card.current = { number, expiry, cvc, name };

  useEffect(() => {
    onReady({
      async createPaymentMethod() {
        const result = localPaymentMethodFor(card.current);
        return result.paymentMethodId
          ? { paymentMethodId: result.paymentMethodId }
          : { error: result.error ?? 'Failed to process payment information' };
      },
    });
    return () => onReady(null);
  }, [onReady]);

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
        <Label htmlFor={`${id}-number`}>Card number</Label>
        <div className="relative">
          <CreditCard className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={`${id}-number`}
            inputMode="numeric"
            autoComplete="cc-number"
            className="pl-9 font-mono tracking-wide"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            placeholder="1234 1234 1234 1234"
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</Label>
          <Input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            placeholder="MM/YY"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            placeholder="123"
          />
        </div>
      </div>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="size-3" aria-hidden /> Test mode: use 4242 4242 4242 4242, any future date
        and any CVC.
      </p>
    </div>
  );
}

export const localCardProvider: PaymentProvider = { name: 'local', CardEntry: LocalCardEntry };

/** The payment provider in use: the configured one, else the local test-mode card form. */
export function usePaymentProvider(): PaymentProvider {
  return (
    useSyncExternalStore(subscribePaymentProvider, getPaymentProvider, getPaymentProvider) ??
    localCardProvider
  );
}
