import { CreditCard, Lock } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  type CardEntryProps,
  type CardInput,
  cardMessages,
  formatCardNumber,
  formatExpiry,
  getPaymentProvider,
  localPaymentMethodFor,
  type PaymentMethodResult,
  type PaymentProvider,
  subscribePaymentProvider,
} from '@chorus/platform';
import { FormField, useZodForm } from './form';
import { Input } from './input';

/** Which field each of the provider's refusals is about. */
const refusedField: Record<string, keyof CardInput> = {
  [cardMessages.numberIncomplete]: 'number',
  [cardMessages.numberInvalid]: 'number',
  [cardMessages.nonTestCard]: 'number',
  [cardMessages.expiryIncomplete]: 'expiry',
  [cardMessages.expiryInPast]: 'expiry',
  [cardMessages.expiryMonthInvalid]: 'expiry',
  [cardMessages.cvcIncomplete]: 'cvc',
  [cardMessages.nameMissing]: 'name',
};

/** The card as the local provider takes it: a test payment method, or its one refusal. */
const localCard = z
  .object({ name: z.string(), number: z.string(), expiry: z.string(), cvc: z.string() })
  .transform((card, context) => {
    const result = localPaymentMethodFor(card);
    if (result.paymentMethodId) return { paymentMethodId: result.paymentMethodId };
    const message = result.error ?? 'Failed to process payment information';
    context.addIssue({ code: 'custom', message, path: [refusedField[message] ?? 'number'] });
    return z.NEVER;
  });

/** A change event whose text is first reshaped (spaced card number, MM/YY) as typed. */
function reshaped(event: ChangeEvent<HTMLInputElement>, shape: (text: string) => string) {
  event.target.value = shape(event.target.value);
  return event;
}

/** The refusal is told once, next to the card and in a toast; the field is only marked. */
const shownElsewhere = () => undefined;

/** Card fields of the local test-mode provider; no card data leaves the browser. */
function LocalCardEntry({ onReady, defaultName = '' }: CardEntryProps) {
  const id = useId();
  // Marks change when Pay is pressed, together with the refusal shown next to the card.
  const form = useZodForm(localCard, {
    defaultValues: { name: defaultName, number: '', expiry: '', cvc: '' },
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit } = form;

  useEffect(() => {
    onReady({
      async createPaymentMethod() {
        let outcome: PaymentMethodResult = { error: 'Failed to process payment information' };
        await handleSubmit(
          (card) => {
            outcome = card;
          },
          (errors) => {
            const refusal = Object.values(errors).find((problem) => problem?.message);
            if (refusal?.message) outcome = { error: refusal.message };
          },
        )();
        return outcome;
      },
    });
    return () => onReady(null);
  }, [onReady, handleSubmit]);

  return (
    <div className="grid gap-4 rounded-lg border bg-muted/40 p-4" data-testid="card-entry">
      <FormField
        form={form}
        name="name"
        id={`${id}-name`}
        label="Cardholder name"
        errorText={shownElsewhere}
      >
        {(control) => <Input {...control} autoComplete="cc-name" placeholder="Jane Doe" />}
      </FormField>
      <FormField
        form={form}
        name="number"
        id={`${id}-number`}
        label="Card number"
        errorText={shownElsewhere}
      >
        {(control) => (
          <div className="relative">
            <CreditCard className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-number"
              className="pl-9 font-mono tracking-wide"
              placeholder="1234 1234 1234 1234"
              onChange={(event) => control.onChange(reshaped(event, formatCardNumber))}
            />
          </div>
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField
          form={form}
          name="expiry"
          id={`${id}-expiry`}
          label="Expiry (MM/YY)"
          errorText={shownElsewhere}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              onChange={(event) => control.onChange(reshaped(event, formatExpiry))}
            />
          )}
        </FormField>
        <FormField form={form} name="cvc" id={`${id}-cvc`} label="CVC" errorText={shownElsewhere}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              onChange={(event) =>
                control.onChange(reshaped(event, (text) => text.replace(/\D/g, '').slice(0, 4)))
              }
            />
          )}
        </FormField>
      </div>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="size-3" aria-hidden /> Test mode: use 4242 4242 4242 4242, any future date
        and any CVC.
      </p>
    </div>
  );
}

const localCardProvider: PaymentProvider = { name: 'local', CardEntry: LocalCardEntry };

/** The payment provider in use: the configured one, else the local test-mode card form. */
export function usePaymentProvider(): PaymentProvider {
  return (
    useSyncExternalStore(subscribePaymentProvider, getPaymentProvider, getPaymentProvider) ??
    localCardProvider
  );
}
