import { Button, Card, CardContent, StepIndicator } from '@chorus/platform/ui';
import { LayoutDashboard } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { AccountProductStep } from '../components/onboarding/AccountProductStep';
import { PaymentStep } from '../components/onboarding/PaymentStep';
import { PlanStep } from '../components/onboarding/PlanStep';
import { useAfter, WelcomeStep } from '../components/purchase/CreateProductWizard';
import { planIncludes, planPrice } from '../components/purchase/PlanChooser';
import { useOnboarding } from '../hooks/useOnboarding';

/** The wizard goes to the new product's dashboard this long after success (the spec's 3 seconds). */
const ONBOARDING_REDIRECT_MS = 3_000;

const steps = ['Account & Product', 'Plan', 'Payment', 'Welcome'] as const;

function RedirectToDashboard({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const dashboard = `/products/${encodeURIComponent(productId)}/dashboard`;
  useAfter(ONBOARDING_REDIRECT_MS, () => navigate(dashboard));
  return (
    <Button asChild>
      <Link to={dashboard}>
        <LayoutDashboard aria-hidden /> Go to Dashboard
      </Link>
    </Button>
  );
}

/**
 * /onboarding: a new customer's first product in four steps (see
 * useOnboarding), then the product's dashboard 3 seconds later.
 */
export function OnboardingPage() {
  const onboarding = useOnboarding();
  const { step, cycle, productId } = onboarding;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Welcome to Chorus</h1>
        <p className="mt-2 text-muted-foreground">
          Set up your first product in a few steps: {planPrice('monthly')}, {planIncludes}.
        </p>
      </header>
      <Card className="mt-8 gap-6 py-6">
        <CardContent className="grid gap-6">
          <StepIndicator steps={steps} current={step} />
          {step === 1 ? <AccountProductStep onboarding={onboarding} /> : null}
          {step === 2 ? <PlanStep onboarding={onboarding} /> : null}
          {step === 3 && cycle ? <PaymentStep onboarding={onboarding} cycle={cycle} /> : null}
          {step === 4 && productId ? (
            <WelcomeStep productName={onboarding.productName || 'Chorus'}>
              <p className="text-sm text-muted-foreground">
                Taking you to your dashboard in a moment...
              </p>
              <RedirectToDashboard productId={productId} />
            </WelcomeStep>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
