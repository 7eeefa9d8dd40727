import { DialogDescription, DialogHeader, DialogTitle, StepIndicator } from '@chorus/platform/ui';
import { useEffect, useState } from 'react';
import { pushSignupStep, replaceSignupStep, useSignupStep } from '../signup-history';
import { type AuthMode } from './shared';
import {
  type RegisterInput,
  type RegisterDetails,
  registerSteps,
  RegisterDetailsForm,
} from './SignUpDetails';
import { RegisterPayment } from './SignUpPayment';

/**
 * Details, then payment: each step is an entry in the browser's history, so
 * Back from the payment step shows the details again with what was typed
 * (kept here while the dialog is open) and Forward returns to the payment.
 */
export function RegisterFlow({
  onSwitch,
  onDone,
}: {
  onSwitch(mode: AuthMode): void;
  onDone(): void;
}) {
  const urlStep = useSignupStep();
  const [details, setDetails] = useState<RegisterDetails | null>(null);
  const [raw, setRaw] = useState<RegisterInput>({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    productName: '',
    productDescription: '',
    industry: '',
  });
  const step: 1 | 2 = urlStep === 'payment' && details ? 2 : 1;
  useEffect(() => {
    // The payment step reloaded: the details (never stored) must be typed again.
    if (urlStep === 'payment' && !details) replaceSignupStep('details');
  }, [urlStep, details]);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Create Account</DialogTitle>
        <DialogDescription>
          {step === 1
            ? 'Tell us about you and your first product.'
            : 'Add a card to start your subscription.'}
        </DialogDescription>
      </DialogHeader>
      <StepIndicator steps={registerSteps} current={step} variant="compact" />
      {step === 1 || !details ? (
        <RegisterDetailsForm
          initial={raw}
          onSwitch={onSwitch}
          onNext={(next, values) => {
            setDetails(next);
            setRaw(values);
            pushSignupStep('payment');
          }}
        />
      ) : (
        <RegisterPayment details={details} onBack={() => window.history.back()} onDone={onDone} />
      )}
    </>
  );
}
