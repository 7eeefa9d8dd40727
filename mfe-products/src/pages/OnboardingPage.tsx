import {
  type BillingCycle,
  industryOptions,
  onboardingAccountStep,
  onboardingIndustry,
  onboardingMessages,
  onboardingPlanStep,
  onboardingProductStep,
  onboardingReadyToRegister,
} from '@chorus/contracts';
import { analytics, ApiError, serverMessage, startSession, toast, useAuth } from '@chorus/platform';
import { Button, Card, CardContent, Field, Input, Spinner } from '@chorus/platform/ui';
import { ArrowLeft, ArrowRight, LayoutDashboard } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CardPaymentForm } from '../components/purchase/CardPaymentForm';
import { planValue, useAfter, WelcomeStep } from '../components/purchase/CreateProductWizard';
import { PlanChooser, planIncludes, planPrice } from '../components/purchase/PlanChooser';
import {
  type FieldErrors,
  fieldErrorsOf,
  ProductDetailsFields,
  type ProductDetails,
} from '../components/purchase/ProductDetailsFields';
import { StepIndicator } from '../components/purchase/StepIndicator';
import {
  createProduct,
  PaymentSetupError,
  refreshProducts,
  registerAccount,
  requestPaymentSetup,
  savePaymentMethod,
} from '../purchase-api';
import { refusalMessage } from '../messages';

/** The wizard goes to the new product's dashboard this long after success (the spec's 3 seconds). */
export const ONBOARDING_REDIRECT_MS = 3_000;

const steps = ['Account & Product', 'Plan', 'Payment', 'Welcome'] as const;

interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

const destructive = (title: string, description: string) =>
  toast({ title, description, variant: 'destructive' });

/** The spec's registration failures: the server's words, else the status, else a plea to retry. */
function registrationFailure(error: unknown): string {
  if (error instanceof ApiError) {
    return (
      (error.status < 500 ? serverMessage(error) : undefined) ??
      `Registration failed: ${error.status}`
    );
  }
  return 'Failed to create account. Please try again.';
}

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
 * /onboarding: a new customer's first product in four steps — 1 account and
 * product (product only when already signed in), 2 plan and optional coupon,
 * 3 payment, 4 welcome, then the product's dashboard 3 seconds later.
 * Registration happens on the way to step 3, so payment setup has a product;
 * a failing setup returns to step 2. The provider's return address carries
 * success=true and productId, which opens step 4.
 */
export function OnboardingPage() {
  const [params] = useSearchParams();
  const returnedProductId = params.get('success') === 'true' ? (params.get('productId') ?? '') : '';
  const { user, isAuthenticated } = useAuth();

  const [step, setStep] = useState(returnedProductId ? 4 : 1);
  const [account, setAccount] = useState<Account>({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
  });
  const [product, setProduct] = useState<ProductDetails>({
    name: '',
    description: '',
    industry: '',
  });
  const [cycle, setCycle] = useState<BillingCycle | ''>('');
  const [couponCode, setCouponCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [productId, setProductId] = useState(returnedProductId);
  const [working, setWorking] = useState(false);
  const [setupReady, setSetupReady] = useState(false);

  const signedIn = isAuthenticated;
  const billingName = user
    ? `${user.firstName} ${user.lastName}`.trim()
    : `${account.firstName} ${account.lastName}`.trim();
  const billingEmail = user?.email ?? account.email;

  function toPlan(event: FormEvent) {
    event.preventDefault();
    const problems: FieldErrors = {};
    if (!signedIn) {
      const checked = onboardingAccountStep.safeParse(account);
      if (!checked.success) Object.assign(problems, fieldErrorsOf(checked.error));
    }
    const checkedProduct = onboardingProductStep.safeParse(product);
    if (!checkedProduct.success) Object.assign(problems, fieldErrorsOf(checkedProduct.error));
    setErrors(problems);
    if (Object.keys(problems).length === 0) setStep(2);
  }

  /** Registers (or, signed in, creates the product) once; answers the product id. */
  async function ensureProduct(billingCycle: BillingCycle): Promise<string | null> {
    if (productId) return productId;
    const industry = onboardingIndustry(product.industry);
    if (!signedIn) {
      if (!onboardingReadyToRegister({ ...account, name: product.name, billingCycle })) {
        destructive('Registration Failed', onboardingMessages.allRequired);
        return null;
      }
      let answer: { token?: string; product?: { id: string } | null };
      try {
        answer = await registerAccount({
          ...account,
          name: product.name,
          description: product.description,
          industry,
          couponCode: couponCode.trim() || undefined,
          billingCycle,
        });
      } catch (error) {
        destructive('Registration Failed', registrationFailure(error));
        return null;
      }
      if (!answer.token) {
        destructive('Registration Failed', 'Failed to create account. Please try again.');
        return null;
      }
      await startSession(answer.token);
      analytics.signUp();
      if (answer.product?.id) {
        analytics.productCreated({ productName: product.name, industry });
        setProductId(answer.product.id);
        return answer.product.id;
      }
      // The account exists but its product does not: created below, as for a signed-in user.
    }
    try {
      const created = await createProduct({
        name: product.name.trim(),
        description: product.description.trim(),
        industry,
        billingCycle,
      });
      analytics.productCreated({ productName: created.name, industry });
      void refreshProducts();
      setProductId(created.id);
      return created.id;
    } catch (error) {
      destructive(
        'Failed to create product. Please try again.',
        refusalMessage(error) ?? 'Please try again.',
      );
      return null;
    }
  }

  /** Payment setup for the product (the coupon checked with it); a failure returns to step 2. */
  async function setUpPayment(id: string, coupon: string): Promise<boolean> {
    setSetupReady(false);
    try {
      await requestPaymentSetup(id, coupon.trim() || undefined);
      setSetupReady(true);
      return true;
    } catch (error) {
      destructive(
        'Payment Setup Failed',
        (error instanceof PaymentSetupError && error.refusal) ||
          'Unable to setup payment. Please try again.',
      );
      setStep(2);
      return false;
    }
  }

  async function toPayment() {
    const plan = onboardingPlanStep.safeParse({ billingCycle: cycle, couponCode });
    if (!plan.success) {
      setErrors(fieldErrorsOf(plan.error));
      return;
    }
    setErrors({});
    setWorking(true);
    try {
      const id = await ensureProduct(plan.data.billingCycle);
      if (id && (await setUpPayment(id, plan.data.couponCode))) setStep(3);
    } finally {
      setWorking(false);
    }
  }

  /** On step 3, a new plan or coupon asks for payment setup again. */
  function changeOnPayment(change: { cycle?: BillingCycle; couponCode?: string }) {
    if (change.cycle) setCycle(change.cycle);
    if (change.couponCode !== undefined) setCouponCode(change.couponCode);
    if (productId) void setUpPayment(productId, change.couponCode ?? couponCode);
  }

  async function pay(paymentMethodId: string): Promise<string | null> {
    if (!productId || !cycle) return 'Card information not found';
    try {
      await savePaymentMethod({
        productId,
        paymentMethodId,
        cardholderName: billingName,
        billingCycle: cycle,
        couponCode: couponCode.trim() || undefined,
      });
    } catch (error) {
      return refusalMessage(error) ?? 'An unexpected error occurred. Please try again.';
    }
    analytics.purchase({ value: planValue(cycle), planType: cycle });
    analytics.conversion();
    void refreshProducts();
    setStep(4);
    return null;
  }

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

          {step === 1 ? (
            <form className="grid gap-5" noValidate onSubmit={toPlan}>
              {!signedIn ? (
                <div className="grid gap-4">
                  <h2 className="font-semibold">Your account</h2>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field label="First name" htmlFor="onb-first" error={errors.firstName}>
                      <Input
                        id="onb-first"
                        aria-invalid={errors.firstName ? true : undefined}
                        autoComplete="given-name"
                        value={account.firstName}
                        onChange={(e) => setAccount({ ...account, firstName: e.target.value })}
                      />
                    </Field>
                    <Field label="Last name" htmlFor="onb-last" error={errors.lastName}>
                      <Input
                        id="onb-last"
                        aria-invalid={errors.lastName ? true : undefined}
                        autoComplete="family-name"
                        value={account.lastName}
                        onChange={(e) => setAccount({ ...account, lastName: e.target.value })}
                      />
                    </Field>
                  </div>
                  <Field label="Email" htmlFor="onb-email" error={errors.email}>
                    <Input
                      id="onb-email"
                      aria-invalid={errors.email ? true : undefined}
                      type="email"
                      autoComplete="email"
                      value={account.email}
                      onChange={(e) => setAccount({ ...account, email: e.target.value })}
                    />
                  </Field>
                  <Field
                    label="Password"
                    htmlFor="onb-password"
                    error={errors.password}
                    hint="At least 8 characters."
                  >
                    <Input
                      id="onb-password"
                      aria-invalid={errors.password ? true : undefined}
                      type="password"
                      autoComplete="new-password"
                      value={account.password}
                      onChange={(e) => setAccount({ ...account, password: e.target.value })}
                    />
                  </Field>
                </div>
              ) : null}
              <div className="grid gap-4">
                <h2 className="font-semibold">Your product</h2>
                <ProductDetailsFields
                  idPrefix="onb-product"
                  values={product}
                  errors={errors}
                  industries={industryOptions}
                  onChange={setProduct}
                />
              </div>
              <Button type="submit" size="lg">
                Continue <ArrowRight aria-hidden />
              </Button>
            </form>
          ) : null}

          {step === 2 ? (
            <div className="grid gap-5">
              <PlanChooser
                value={cycle}
                error={errors.billingCycle}
                onChange={(next) => {
                  setCycle(next);
                  setErrors({});
                }}
              />
              <Field label="Coupon code (optional)" htmlFor="onb-coupon">
                <Input
                  id="onb-coupon"
                  value={couponCode}
                  autoCapitalize="characters"
                  onChange={(e) => setCouponCode(e.target.value)}
                />
              </Field>
              <div className="flex gap-3">
                <Button
                  type="button"
                  variant="outline"
                  size="lg"
                  disabled={working}
                  onClick={() => setStep(1)}
                >
                  <ArrowLeft aria-hidden /> Back
                </Button>
                <Button
                  type="button"
                  size="lg"
                  className="flex-1"
                  disabled={working}
                  onClick={() => void toPayment()}
                >
                  {working ? 'Setting up...' : 'Continue to Payment'}
                </Button>
              </div>
            </div>
          ) : null}

          {step === 3 && cycle ? (
            <CardPaymentForm
              billing={{ name: billingName, email: billingEmail }}
              disabled={!setupReady}
              submitLabel={`Pay ${planPrice(cycle)}`}
              submittingLabel="Processing payment..."
              onBack={() => setStep(2)}
              onPay={pay}
              summary={
                <div className="grid gap-4 rounded-lg border bg-muted/40 p-4">
                  <PlanChooser
                    value={cycle}
                    onChange={(next) => changeOnPayment({ cycle: next })}
                  />
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
          ) : null}

          {step === 4 && productId ? (
            <WelcomeStep productName={product.name || 'Chorus'}>
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
