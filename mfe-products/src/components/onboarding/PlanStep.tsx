import { Button, FormField, Input } from '@chorus/platform/ui';
import { ArrowLeft } from 'lucide-react';
import type { Onboarding } from '../../hooks/useOnboarding';
import { PlanChooser } from '../purchase/PlanChooser';

/** Onboarding step 2: the plan and an optional coupon; Continue registers and sets up payment. */
export function PlanStep({ onboarding }: { onboarding: Onboarding }) {
  const { working, plan } = onboarding;
  return (
    <form className="grid gap-5" noValidate onSubmit={(event) => void onboarding.toPayment(event)}>
      <PlanChooser
        value={onboarding.cycle ?? ''}
        error={plan.formState.errors.billingCycle?.message}
        onChange={onboarding.chooseCycle}
      />
      <FormField form={plan} name="couponCode" id="onb-coupon" label="Coupon code (optional)">
        {(control) => <Input {...control} autoCapitalize="characters" />}
      </FormField>
      <div className="flex gap-3">
        <Button
          type="button"
          variant="outline"
          size="lg"
          disabled={working}
          onClick={onboarding.back}
        >
          <ArrowLeft aria-hidden /> Back
        </Button>
        <Button type="submit" size="lg" className="flex-1" disabled={working}>
          {working ? 'Setting up...' : 'Continue to Payment'}
        </Button>
      </div>
    </form>
  );
}
