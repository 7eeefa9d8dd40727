import {
  type BillingCycle,
  createProductRequest,
  productMessages,
  type ProductView,
} from '@chorus/contracts';
import { analytics, toast, useAuth } from '@chorus/platform';
import { Button, Spinner, StepIndicator, useZodForm } from '@chorus/platform/ui';
import { AlertCircle, ArrowLeft, ArrowRight, PartyPopper, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  createProduct,
  refreshProducts,
  requestPaymentSetup,
  payForProduct,
} from '../../purchase-api';
import { refusalMessage } from '../../messages';
import { CardPaymentForm } from './CardPaymentForm';
import { PlanChooser, planIncludes, planPrice } from './PlanChooser';
import { emptyProductDetails, ProductDetailsFields } from './ProductDetailsFields';

/** Step 1 checks the product's own fields of the create request; the plan comes on step 2. */
const productDetailsStep = createProductRequest.pick({
  name: true,
  description: true,
  industry: true,
});

const createProductSteps = ['Details', 'Plan', 'Payment', 'Welcome'] as const;

type Setup = { state: 'requesting' } | { state: 'ready' } | { state: 'failed'; message: string };

/**
 * Creating a product: 1 details, 2 plan (Create Product creates it), 3
 * payment (setup requested first, then the card), 4 welcome. Used by the
 * My Products dialog and the standalone /create-product page.
 */
export function CreateProductWizard({
  industries,
  createFailedMessage = productMessages.createFailed,
  onStepChange,
  done,
}: {
  industries: readonly string[];
  /** The dialog's words by default; the standalone page says "Failed to create product". */
  createFailedMessage?: string;
  onStepChange?: (step: number) => void;
  /** Step 4's content, once the product is paid for. */
  done(product: ProductView): ReactNode;
}) {
  const { user } = useAuth();
  const [step, setStepState] = useState(1);
  const details = useZodForm(productDetailsStep, { defaultValues: emptyProductDetails });
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [creating, setCreating] = useState(false);
  const [product, setProduct] = useState<ProductView | null>(null);
  const [setup, setSetup] = useState<Setup>({ state: 'requesting' });

  const setStep = (next: number) => {
    setStepState(next);
    onStepChange?.(next);
  };

  const billingName = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  async function requestSetup(productId: string): Promise<void> {
    setSetup({ state: 'requesting' });
    try {
      await requestPaymentSetup(productId);
      setSetup({ state: 'ready' });
    } catch (error) {
      const message = 'Product created but payment setup failed. Please try again.';
      toast({ title: 'Setup Error', description: message, variant: 'destructive' });
      setSetup({
        state: 'failed',
        message: error instanceof Error && error.message ? error.message : message,
      });
    }
  }

  async function create() {
    const parsed = createProductRequest.safeParse({ ...details.getValues(), billingCycle: cycle });
    if (!parsed.success) {
      setStep(1);
      void details.trigger();
      return;
    }
    setCreating(true);
    let created: ProductView;
    try {
      created = await createProduct({
        name: parsed.data.name,
        description: parsed.data.description,
        industry: parsed.data.industry,
        billingCycle: parsed.data.billingCycle,
      });
    } catch (error) {
      toast({
        title: createFailedMessage,
        description: refusalMessage(error),
        variant: 'destructive',
      });
      return;
    } finally {
      setCreating(false);
    }
    analytics.productCreated({ productName: created.name, industry: created.industry ?? '' });
    void refreshProducts();
    setProduct(created);
    setStep(3);
    await requestSetup(created.id);
  }

  async function pay(paymentMethodId: string): Promise<string | null> {
    if (!product) return 'Card information not found';
    const failure = await payForProduct({
      productId: product.id,
      paymentMethodId,
      cardholderName: billingName,
      billingCycle: cycle,
    });
    if (!failure) setStep(4);
    return failure;
  }

  return (
    <div className="grid gap-5">
      <StepIndicator steps={createProductSteps} current={step} />

      {step === 1 ? (
        <form
          className="grid gap-5"
          noValidate
          onSubmit={(event) => void details.handleSubmit(() => setStep(2))(event)}
        >
          <ProductDetailsFields form={details} idPrefix="create-product" industries={industries} />
          <Button type="submit" size="lg">
            Continue <ArrowRight aria-hidden />
          </Button>
        </form>
      ) : null}

      {step === 2 ? (
        <div className="grid gap-5">
          <PlanChooser value={cycle} onChange={setCycle} />
          <div className="flex gap-3">
            <Button
              type="button"
              variant="outline"
              size="lg"
              onClick={() => setStep(1)}
              disabled={creating}
            >
              <ArrowLeft aria-hidden /> Back
            </Button>
            <Button
              type="button"
              size="lg"
              className="flex-1"
              disabled={creating}
              onClick={() => void create()}
            >
              {creating ? 'Creating...' : 'Create Product'}
            </Button>
          </div>
        </div>
      ) : null}

      {step === 3 && product ? (
        <div className="grid gap-4">
          {setup.state === 'requesting' ? <Spinner label="Preparing secure payment..." /> : null}
          {setup.state === 'failed' ? (
            <div
              className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
              role="alert"
            >
              <p className="flex items-start gap-2 text-destructive">
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                Product created but payment setup failed. Please try again.
              </p>
              <Button variant="outline" size="sm" onClick={() => void requestSetup(product.id)}>
                <RotateCw aria-hidden /> Try Again
              </Button>
            </div>
          ) : null}
          <CardPaymentForm
            billing={{ name: billingName, email: user?.email ?? '' }}
            disabled={setup.state !== 'ready'}
            submitLabel={`Pay ${planPrice(cycle)}`}
            submittingLabel="Processing payment..."
            summary={
              <div className="rounded-lg border bg-muted/40 px-4 py-3 text-sm">
                <p className="font-medium">
                  {product.name} · {cycle === 'annual' ? 'Annual' : 'Monthly'} plan,{' '}
                  {planPrice(cycle)}
                </p>
                <p className="text-muted-foreground">{planIncludes}</p>
              </div>
            }
            onPay={pay}
          />
        </div>
      ) : null}

      {step === 4 && product ? done(product) : null}
    </div>
  );
}

/** Step 4 of the wizards: the product is paid for and ready. */
export function WelcomeStep({
  productName,
  children,
}: {
  productName: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" role="status">
      <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <PartyPopper className="size-7" aria-hidden />
      </span>
      <h3 className="text-xl font-semibold">Welcome to {productName}!</h3>
      <p className="max-w-sm text-sm text-muted-foreground">
        Your subscription is active. Add personas and ask your first question from the product
        dashboard.
      </p>
      {children}
    </div>
  );
}

/** Calls `action` once, `ms` after mounting (a wizard's close or redirect after success). */
export function useAfter(ms: number, action: () => void): void {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    const timer = setTimeout(() => latest.current(), ms);
    return () => clearTimeout(timer);
  }, [ms]);
}
