import { Button, Field, Input } from '@chorus/platform/ui';
import { ArrowLeft } from 'lucide-react';
import type { Onboarding } from '../../hooks/useOnboarding';
import { PlanChooser } from '../purchase/PlanChooser';

/** Onboarding step 2: the plan and an optional coupon; Continue registers and sets up payment. */
export function PlanStep({ onboarding }: { onboarding: Onboarding }) {
  const { working } = onboarding;
  return (
    <div className="grid gap-5">
      <PlanChooser
        value={onboarding.cycle}
        error={onboarding.errors.billingCycle}
        onChange={onboarding.chooseCycle}
      />
      <Field label="Coupon code (optional)" htmlFor="onb-coupon">
        <Input
          id="onb-coupon"
          value={onboarding.couponCode}
          autoCapitalize="characters"
          onChange={(e) => onboarding.setCouponCode(e.target.value)}
        />
      </Field>
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
        <Button
          type="button"
          size="lg"
          className="flex-1"
          disabled={working}
          onClick={() => void onboarding.toPayment()}
        >
          {working ? 'Setting up...' : 'Continue to Payment'}
        </Button>
      </div>
    </div>
  );
}
