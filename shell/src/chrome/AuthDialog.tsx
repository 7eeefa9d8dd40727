import {
  authMessages,
  CURRENT_PLAN,
  forgotPasswordRequest,
  formatWholeDollars,
  industryOptions,
  loginRequest,
  MIN_PASSWORD_LENGTH,
  registerRequest,
} from '@chorus/contracts';
import {
  analytics,
  ApiError,
  apiRequest,
  type PaymentMethodCollector,
  register,
  login,
  type Registration,
  serverMessage,
  startSession,
  toast,
} from '@chorus/platform';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  StepIndicator,
  Textarea,
  usePaymentProvider,
  useZodForm,
} from '@chorus/platform/ui';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { titledMessage } from './messages';
import { navigate } from './navigation';
import { finishSignup, pushSignupStep, replaceSignupStep, useSignupStep } from './signup-history';

export type AuthMode = 'login' | 'register' | 'forgot';

const destructive = (title: string, description: string) =>
  toast({ title, description, variant: 'destructive' });

/** The dialog's price line: "$25/month, 10 AI personas included, $2 per additional persona". */
const planLine = `${formatWholeDollars(CURRENT_PLAN.monthlyCents)}/month, ${CURRENT_PLAN.includedPersonas} AI personas included, ${formatWholeDollars(CURRENT_PLAN.extraPersonaCents)} per additional persona`;

function SwitchLink({ children, onClick }: { children: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </button>
  );
}

// ---------------------------------------------------------------- Sign In

/** Each empty field says what it misses, once, beside it (not one sentence under both). */
const loginMissing = {
  email: 'Enter your e-mail address',
  password: 'Enter your password',
} as const;

function LoginForm({ onSwitch, onDone }: { onSwitch(mode: AuthMode): void; onDone(): void }) {
  const form = useZodForm(loginRequest, { defaultValues: { email: '', password: '' } });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const outcome = await login(values);
    if (!outcome.ok) {
      destructive('Login failed', outcome.message);
      return;
    }
    toast({ title: 'Welcome back!', description: "You've successfully logged in." });
    onDone();
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Sign In</DialogTitle>
        <DialogDescription>Welcome back. Sign in to your Chorus account.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormField
          form={form}
          name="email"
          id="login-email"
          label="Email"
          required
          errorText={(message) =>
            message === authMessages.emailAndPasswordRequired ? loginMissing.email : message
          }
        >
          {(control) => <Input type="email" autoComplete="email" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="password"
          id="login-password"
          label="Password"
          required
          errorText={(message) =>
            message === authMessages.emailAndPasswordRequired ? loginMissing.password : message
          }
        >
          {(control) => <Input type="password" autoComplete="current-password" {...control} />}
        </FormField>
        <div className="-mt-1 text-right text-sm">
          <SwitchLink onClick={() => onSwitch('forgot')}>Forgot your password?</SwitchLink>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <SwitchLink onClick={() => onSwitch('register')}>Create one</SwitchLink>
      </p>
    </>
  );
}

// ---------------------------------------------------------- Create Account

type RegisterInput = z.input<typeof registerRequest>;
type RegisterDetails = z.output<typeof registerRequest>;

const registerSteps = ['Details', 'Payment'] as const;

function RegisterDetailsForm({
  initial,
  onNext,
  onSwitch,
}: {
  initial: RegisterInput;
  onNext(details: RegisterDetails, raw: RegisterInput): void;
  onSwitch(mode: AuthMode): void;
}) {
  const form = useZodForm(registerRequest, { defaultValues: initial });

  const onInvalid = (problems: FieldErrors<RegisterInput>) => {
    const messages = Object.values(problems).map((problem) => problem?.message);
    const message = messages.includes(authMessages.missingInformation)
      ? authMessages.missingInformation
      : (messages.find(Boolean) ?? authMessages.missingInformation);
    const { title, description } = titledMessage(String(message));
    destructive(title, description);
  };

  const submit = form.handleSubmit((details) => onNext(details, form.getValues()), onInvalid);
  // The toast says what is missing; under the field a word is enough.
  const fieldError = (message: string) =>
    message === authMessages.missingInformation ? 'Required' : message;

  return (
    <form onSubmit={submit} className="grid gap-3.5" noValidate>
      <div className="grid gap-3.5 sm:grid-cols-2">
        <FormField
          form={form}
          name="firstName"
          id="reg-first"
          label="First name"
          errorText={fieldError}
          required
        >
          {(control) => <Input autoComplete="given-name" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="lastName"
          id="reg-last"
          label="Last name"
          errorText={fieldError}
          required
        >
          {(control) => <Input autoComplete="family-name" {...control} />}
        </FormField>
      </div>
      <FormField
        form={form}
        name="email"
        id="reg-email"
        label="Email"
        errorText={fieldError}
        required
      >
        {(control) => <Input type="email" autoComplete="email" {...control} />}
      </FormField>
      <FormField
        form={form}
        name="password"
        id="reg-password"
        label="Password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        errorText={fieldError}
        required
      >
        {(control) => <Input type="password" autoComplete="new-password" {...control} />}
      </FormField>
      <FormField
        form={form}
        name="productName"
        id="reg-product"
        label="Product name"
        errorText={fieldError}
        required
      >
        {(control) => <Input {...control} />}
      </FormField>
      <FormField
        form={form}
        name="productDescription"
        id="reg-description"
        label="Product description (optional)"
      >
        {(control) => <Textarea rows={2} className="min-h-16" {...control} />}
      </FormField>
      <FormField form={form} name="industry" id="reg-industry" label="Industry (optional)">
        {(control) => (
          <select
            className="h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30"
            {...control}
          >
            <option value="">Select an industry</option>
            {industryOptions.map((industry) => (
              <option key={industry} value={industry.toLowerCase()}>
                {industry}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="rounded-lg border border-primary/20 bg-primary/5 px-4 py-3 text-sm">
        <span className="font-medium">Product Plan:</span> {planLine}
      </div>
      <Button type="submit" size="lg">
        Continue to Payment
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account? <SwitchLink onClick={() => onSwitch('login')}>Sign in</SwitchLink>
      </p>
    </form>
  );
}

/**
 * The payment step: the configured provider's card entry (the local test-mode
 * form, or Stripe Elements) hands over a collector; submitting creates the
 * payment method for the billing name and e-mail, then registers with it.
 */
function RegisterPayment({
  details,
  onBack,
  onDone,
}: {
  details: RegisterDetails;
  onBack(): void;
  onDone(): void;
}) {
  const provider = usePaymentProvider();
  const collector = useRef<PaymentMethodCollector | null>(null);
  const onReady = useCallback((ready: PaymentMethodCollector | null) => {
    collector.current = ready;
  }, []);
  const [submitting, setSubmitting] = useState(false);
  const billingName = `${details.firstName} ${details.lastName}`;

  async function createAccount(): Promise<void> {
    if (!provider) {
      destructive('Payment Error', 'Payment system not loaded. Please refresh and try again.');
      return;
    }
    if (!collector.current) {
      destructive('Payment Error', 'Card information not found');
      return;
    }
    let paymentMethodId: string;
    try {
      const result = await collector.current.createPaymentMethod({
        name: billingName,
        email: details.email,
      });
      if ('error' in result) {
        destructive('Payment Error', result.error);
        return;
      }
      paymentMethodId = result.paymentMethodId;
    } catch {
      destructive('Payment Error', 'Failed to process payment information');
      return;
    }

    let answer: Registration | undefined;
    try {
      answer = await register({
        ...details,
        billingCycle: 'monthly',
        stripeToken: paymentMethodId,
      });
    } catch (error) {
      destructive(
        'Registration failed',
        (error instanceof ApiError && serverMessage(error)) ||
          'An error occurred during registration',
      );
      return;
    }
    if (!answer) {
      destructive('Registration failed', 'Failed to process registration response');
      return;
    }
    await startSession(answer.token);
    analytics.signUp();
    analytics.productCreated({ productName: details.productName, industry: details.industry });
    if (answer.subscriptionStatus === 'active') {
      analytics.purchase({ value: CURRENT_PLAN.monthlyCents / 100, planType: 'monthly' });
      analytics.conversion();
    }
    if (answer.paymentError && answer.product) {
      // The account stays (a refused card does not undo it), but the customer
      // hears the provider's words and lands where the product can be paid.
      destructive(
        'Payment Failed',
        `${answer.paymentError} Your account has been created; complete payment to activate your product.`,
      );
      finishSignup();
      onDone();
      navigate(`/subscribe?productId=${encodeURIComponent(answer.product.id)}`);
      return;
    }
    toast({
      title: 'Welcome!',
      description:
        answer.message ??
        'Your account has been created successfully! Complete payment to activate your subscription.',
    });
    finishSignup();
    onDone();
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitting(true);
        void createAccount().finally(() => setSubmitting(false));
      }}
    >
      <div className="flex items-center justify-between rounded-lg border bg-muted/40 px-4 py-3 text-sm">
        <div>
          <p className="font-medium">Product Plan · {details.productName}</p>
          <p className="text-muted-foreground">{planLine}</p>
        </div>
      </div>
      {provider ? <provider.CardEntry onReady={onReady} defaultName={billingName} /> : null}
      <div className="flex gap-3">
        <Button type="button" variant="outline" size="lg" onClick={onBack} disabled={submitting}>
          <ArrowLeft aria-hidden /> Back
        </Button>
        <Button type="submit" size="lg" className="flex-1" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Details, then payment: each step is an entry in the browser's history, so
 * Back from the payment step shows the details again with what was typed
 * (kept here while the dialog is open) and Forward returns to the payment.
 */
function RegisterFlow({ onSwitch, onDone }: { onSwitch(mode: AuthMode): void; onDone(): void }) {
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

// ---------------------------------------------------------- Reset Password

function ForgotPasswordForm({ onSwitch }: { onSwitch(mode: AuthMode): void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordRequest, { defaultValues: { email: '' } });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/auth/forgot-password', values);
    } catch (error) {
      destructive('Reset failed', serverMessage(error) ?? 'Failed to send reset email');
      return;
    }
    toast({
      title: 'Reset link sent!',
      description: 'Please check your email for password reset instructions.',
    });
    setSentTo(values.email);
  });

  if (sentTo) {
    return (
      <div className="grid justify-items-center gap-4 py-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <DialogHeader className="items-center text-center sm:text-center">
          <DialogTitle>Check Your Email</DialogTitle>
          <DialogDescription>
            If an account exists for <span className="font-medium text-foreground">{sentTo}</span>,
            we have sent a link to reset your password.
          </DialogDescription>
        </DialogHeader>
        <Button variant="outline" size="lg" className="w-full" onClick={() => onSwitch('login')}>
          <ArrowLeft aria-hidden /> Back to Sign In
        </Button>
      </div>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset Password</DialogTitle>
        <DialogDescription>
          Enter your account&apos;s e-mail and we will send you a link to set a new password.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormField form={form} name="email" id="forgot-email" label="Email" required>
          {(control) => <Input type="email" autoComplete="email" {...control} />}
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Remembered it? <SwitchLink onClick={() => onSwitch('login')}>Back to Sign In</SwitchLink>
      </p>
    </>
  );
}

/** Sign In, Create Account (details, then payment) and Reset Password, in one dialog. */
export default function AuthDialog({
  mode,
  onModeChange,
}: {
  mode: AuthMode | null;
  onModeChange(mode: AuthMode | null): void;
}) {
  const close = () => onModeChange(null);
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="sm:max-w-[500px]">
        {mode === 'login' ? <LoginForm onSwitch={onModeChange} onDone={close} /> : null}
        {mode === 'register' ? <RegisterFlow onSwitch={onModeChange} onDone={close} /> : null}
        {mode === 'forgot' ? <ForgotPasswordForm onSwitch={onModeChange} /> : null}
      </DialogContent>
    </Dialog>
  );
}
