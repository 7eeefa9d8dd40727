import type { BillingCycle } from '@chorus/contracts';
import { Field, Input, Spinner } from '@chorus/platform/ui';
import type { Onboarding } from '../../hooks/useOnboarding';
import { CardPaymentForm } from '../purchase/CardPaymentForm';
import { PlanChooser, planPrice } from '../purchase/PlanChooser';

/** Onboarding step 3: the card, with the plan and coupon still changeable above it. */
export function PaymentStep({
  onboarding,
  cycle,
}: {
  onboarding: Onboarding;
  cycle: BillingCycle;
}) {
  const { couponCode, changeOnPayment, setupReady } = onboarding;
  return (
    <CardPaymentForm
      billing={onboarding.billing}
      disabled={!setupReady}
      submitLabel={`Pay ${planPrice(cycle)}`}
      submittingLabel="Processing payment..."
      onBack={onboarding.back}
      onPay={onboarding.pay}
      summary={
        <div className="grid gap-4 rounded-lg border bg-muted/40 p-4">
          <PlanChooser value={cycle} onChange={(next) => changeOnPayment({ cycle: next })} />
          <Field label="Coupon code (optional)" htmlFor="onb-coupon-payment">
            <Input
              id="onb-coupon-payment"
              defaultValue={couponCode}
              autoCapitalize="characters"
              // Setup is requested again once the code is complete, not on every key.
              onBlur={(e) => {
                if (e.target.value.trim() !== couponCode.trim()) {
                  changeOnPayment({ couponCode: e.target.value });
                }
              }}
            />
          </Field>
          {!setupReady ? <Spinner label="Preparing secure payment..." /> : null}
        </div>
      }
    />
  );
}
