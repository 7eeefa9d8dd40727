import { type BillingCycle } from '@chorus/contracts';
import { onboardingPlanStep } from '../../onboarding';
import { FormField, Input, Spinner, useZodForm } from '@chorus/platform/ui';
import type { Onboarding } from '../../hooks/useOnboarding';
import { CardPaymentForm } from '../purchase/CardPaymentForm';
import { PlanChooser, planPrice } from '../purchase/PlanChooser';

/** The plan step's coupon rule, for the copy of the field on the payment step. */
const paymentCoupon = onboardingPlanStep.pick({ couponCode: true });

/**
 * The coupon, changeable while paying. It sits inside the card's form, so it
 * is checked on leaving the field rather than on a submit of its own; a
 * changed code asks for payment setup again once, not on every key.
 */
function PaymentCouponField({
  couponCode,
  onChange,
}: {
  couponCode: string;
  onChange: (couponCode: string) => void;
}) {
  // Checked as focus leaves, so a refusal must not pull focus back.
  const coupon = useZodForm(paymentCoupon, {
    defaultValues: { couponCode },
    shouldFocusError: false,
  });
  const apply = coupon.handleSubmit(({ couponCode: next }) => {
    if (next !== couponCode.trim()) onChange(next);
  });
  return (
    <FormField
      form={coupon}
      name="couponCode"
      id="onb-coupon-payment"
      label="Coupon code (optional)"
    >
      {(control) => (
        <Input
          {...control}
          autoCapitalize="characters"
          onBlur={(event) => {
            void control.onBlur(event);
            void apply();
          }}
        />
      )}
    </FormField>
  );
}

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
          <PaymentCouponField
            couponCode={couponCode}
            onChange={(next) => changeOnPayment({ couponCode: next })}
          />
          {!setupReady ? <Spinner label="Preparing secure payment..." /> : null}
        </div>
      }
    />
  );
}
