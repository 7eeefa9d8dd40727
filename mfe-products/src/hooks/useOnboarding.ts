import { type BillingCycle } from '@chorus/contracts';
import {
  onboardingAccountStep,
  onboardingIndustry,
  onboardingMessages,
  onboardingPlanStep,
  onboardingProductStep,
  onboardingReadyToRegister,
} from '../onboarding';
import {
  analytics,
  ApiError,
  register,
  type Registration,
  serverMessage,
  startSession,
  toast,
  useAuth,
} from '@chorus/platform';
import { useState } from 'react';
import { z } from 'zod';
import { useSearchParams } from 'react-router-dom';
import { useZodForm } from '@chorus/platform/ui';
import { emptyProductDetails } from '../components/purchase/ProductDetailsFields';
import { refusalMessage } from '../messages';
import {
  createProduct,
  PaymentSetupError,
  payForProduct,
  refreshProducts,
  requestPaymentSetup,
} from '../purchase-api';

const emptyAccount = { email: '', password: '', firstName: '', lastName: '' };

/** Step 1 for a new visitor: the account and the product. */
const accountAndProductStep = onboardingProductStep.extend(onboardingAccountStep.shape);
/** Step 1 for someone signed in: the product; the account fields are not shown. */
const productStep = onboardingProductStep.extend({
  email: z.string(),
  password: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

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

/**
 * The onboarding wizard's state and moves: 1 account and product (product
 * only when already signed in), 2 plan and optional coupon, 3 payment, 4
 * welcome. Registration happens on the way to step 3, so payment setup has a
 * product; a failing setup returns to step 2. The provider's return address
 * carries success=true and productId, which opens step 4.
 */
export function useOnboarding() {
  const [params] = useSearchParams();
  const returnedProductId = params.get('success') === 'true' ? (params.get('productId') ?? '') : '';
  const { user, isAuthenticated: signedIn } = useAuth();

  const [step, setStep] = useState(returnedProductId ? 4 : 1);
  // Step 1's and step 2's forms live here, so Back shows what was entered.
  const details = useZodForm(signedIn ? productStep : accountAndProductStep, {
    defaultValues: { ...emptyAccount, ...emptyProductDetails },
  });
  const plan = useZodForm(onboardingPlanStep, { defaultValues: { couponCode: '' } });
  const [productId, setProductId] = useState(returnedProductId);
  const [working, setWorking] = useState(false);
  const [setupReady, setSetupReady] = useState(false);

  const account = details.getValues();
  const product = account;
  const cycle = plan.watch('billingCycle');
  const couponCode = plan.watch('couponCode') ?? '';
  const billing = {
    name: user
      ? `${user.firstName} ${user.lastName}`.trim()
      : `${account.firstName} ${account.lastName}`.trim(),
    email: user?.email ?? account.email,
  };

  /** Registers (or, signed in, creates the product) once; answers the product id. */
  async function ensureProduct(billingCycle: BillingCycle): Promise<string | null> {
    if (productId) return productId;
    const industry = onboardingIndustry(product.industry);
    if (!signedIn) {
      if (!onboardingReadyToRegister({ ...account, name: product.name, billingCycle })) {
        destructive('Registration Failed', onboardingMessages.allRequired);
        return null;
      }
      let answer: Registration | undefined;
      try {
        answer = await register({
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
      if (!answer) {
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
        description: (product.description ?? '').trim(),
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

  /** Step 2 done: the plan is checked, the product made, and payment set up. */
  const toPayment = plan.handleSubmit(async (chosen) => {
    setWorking(true);
    try {
      const id = await ensureProduct(chosen.billingCycle);
      if (id && (await setUpPayment(id, chosen.couponCode))) setStep(3);
    } finally {
      setWorking(false);
    }
  });

  /** On step 3, a new plan or coupon asks for payment setup again. */
  function changeOnPayment(change: { cycle?: BillingCycle; couponCode?: string }): void {
    if (change.cycle) plan.setValue('billingCycle', change.cycle);
    if (change.couponCode !== undefined) plan.setValue('couponCode', change.couponCode);
    if (productId) void setUpPayment(productId, change.couponCode ?? couponCode);
  }

  /** Step 3: saves the card, which starts the subscription; answers the error to show, if any. */
  async function pay(paymentMethodId: string): Promise<string | null> {
    if (!productId || !cycle) return 'Card information not found';
    const failure = await payForProduct({
      productId,
      paymentMethodId,
      cardholderName: billing.name,
      billingCycle: cycle,
      couponCode: couponCode.trim() || undefined,
    });
    if (!failure) setStep(4);
    return failure;
  }

  return {
    step,
    signedIn,
    details,
    /** Step 1 done: the account (unless signed in) and the product are checked. */
    toPlan: details.handleSubmit(() => setStep(2)),
    plan,
    cycle,
    /** Choosing a plan on step 2 clears the step's complaint. */
    chooseCycle(next: BillingCycle) {
      plan.setValue('billingCycle', next);
      plan.clearErrors();
    },
    couponCode,
    productId,
    productName: product.name,
    working,
    setupReady,
    billing,
    back: () => setStep((current) => Math.max(1, current - 1)),
    toPayment,
    changeOnPayment,
    pay,
  };
}

export type Onboarding = ReturnType<typeof useOnboarding>;
