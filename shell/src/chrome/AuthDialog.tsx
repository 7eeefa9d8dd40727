import {
  authMessages,
  CURRENT_PLAN,
  forgotPasswordRequest,
  formatCents,
  loginRequest,
  registerRequest,
} from '@chorus/contracts';
import {
  analytics,
  ApiError,
  apiRequest,
  type PaymentMethodCollector,
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
  Field,
  Input,
  Textarea,
  usePaymentProvider,
} from '@chorus/platform/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { industries, titledMessage } from './messages';

export type AuthMode = 'login' | 'register' | 'forgot';

const destructive = (title: string, description: string) =>
  toast({ title, description, variant: 'destructive' });

/** The dialog's price line: "$25/month, 10 AI personas included, $2 per additional persona". */
const planLine = `${formatCents(CURRENT_PLAN.monthlyCents).replace(/\.00$/, '')}/month, ${CURRENT_PLAN.includedPersonas} AI personas included, ${formatCents(CURRENT_PLAN.extraPersonaCents).replace(/\.00$/, '')} per additional persona`;

/** What a successful sign-in or registration answers, or undefined when it cannot be read. */
async function readToken(
  response: Response,
): Promise<{ token: string; message?: string; subscriptionStatus?: string } | undefined> {
  try {
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.token !== 'string') return undefined;
    return {
      token: body.token,
      message: typeof body.message === 'string' ? body.message : undefined,
      subscriptionStatus:
        typeof body.subscriptionStatus === 'string' ? body.subscriptionStatus : undefined,
    };
  } catch {
    return undefined;
  }
}

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

function LoginForm({ onSwitch, onDone }: { onSwitch(mode: AuthMode): void; onDone(): void }) {
  const form = useForm<z.input<typeof loginRequest>, unknown, z.output<typeof loginRequest>>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    let response: Response;
    try {
      response = await apiRequest('POST', '/api/auth/login', values);
    } catch (error) {
      destructive('Login failed', serverMessage(error) ?? 'An error occurred during login');
      return;
    }
    const answer = await readToken(response);
    if (!answer) {
      destructive('Login failed', 'Failed to process login response');
      return;
    }
    await startSession(answer.token);
    analytics.login();
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
        <Field label="Email" htmlFor="login-email" error={errors.email?.message}>
          <Input id="login-email" type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Password" htmlFor="login-password" error={errors.password?.message}>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        </Field>
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

function StepIndicator({ step }: { step: 1 | 2 }) {
  return (
    <ol className="flex items-center gap-2 text-xs font-medium" aria-label="Progress">
      {(['Details', 'Payment'] as const).map((label, index) => {
        const current = index + 1 === step;
        const done = index + 1 < step;
        return (
          <li key={label} className="flex items-center gap-2">
            <span
              className={
                current || done
                  ? 'flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground'
                  : 'flex size-6 items-center justify-center rounded-full bg-muted text-muted-foreground'
              }
              aria-current={current ? 'step' : undefined}
            >
              {index + 1}
            </span>
            <span className={current ? 'text-foreground' : 'text-muted-foreground'}>{label}</span>
            {index === 0 ? <span className="mx-1 h-px w-8 bg-border" aria-hidden /> : null}
          </li>
        );
      })}
    </ol>
  );
}

function RegisterDetailsForm({
  initial,
  onNext,
  onSwitch,
}: {
  initial: RegisterInput;
  onNext(details: RegisterDetails, raw: RegisterInput): void;
  onSwitch(mode: AuthMode): void;
}) {
  const form = useForm<RegisterInput, unknown, RegisterDetails>({
    resolver: zodResolver(registerRequest),
    defaultValues: initial,
  });
  const { errors } = form.formState;

  const onInvalid = (problems: FieldErrors<RegisterInput>) => {
    const messages = Object.values(problems).map((problem) => problem?.message);
    const message = messages.includes(authMessages.missingInformation)
      ? authMessages.missingInformation
      : (messages.find(Boolean) ?? authMessages.missingInformation);
    const { title, description } = titledMessage(String(message));
    destructive(title, description);
  };

  const submit = form.handleSubmit((details) => onNext(details, form.getValues()), onInvalid);
  const fieldError = (message: string | undefined) =>
    message === authMessages.missingInformation ? 'Required' : message;

  return (
    <form onSubmit={submit} className="grid gap-3.5" noValidate>
      <div className="grid gap-3.5 sm:grid-cols-2">
        <Field label="First name" htmlFor="reg-first" error={fieldError(errors.firstName?.message)}>
          <Input id="reg-first" autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field label="Last name" htmlFor="reg-last" error={fieldError(errors.lastName?.message)}>
          <Input id="reg-last" autoComplete="family-name" {...form.register('lastName')} />
        </Field>
      </div>
      <Field label="Email" htmlFor="reg-email" error={fieldError(errors.email?.message)}>
        <Input id="reg-email" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" htmlFor="reg-password" error={fieldError(errors.password?.message)}>
        <Input
          id="reg-password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </Field>
      <Field
        label="Product name"
        htmlFor="reg-product"
        error={fieldError(errors.productName?.message)}
      >
        <Input id="reg-product" {...form.register('productName')} />
      </Field>
      <Field label="Product description (optional)" htmlFor="reg-description">
        <Textarea
          id="reg-description"
          rows={2}
          className="min-h-16"
          {...form.register('productDescription')}
        />
      </Field>
      <Field label="Industry (optional)" htmlFor="reg-industry">
        <select
          id="reg-industry"
          className="h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30"
          {...form.register('industry')}
        >
          <option value="">Select an industry</option>
          {industries.map((industry) => (
            <option key={industry} value={industry.toLowerCase()}>
              {industry}
            </option>
          ))}
        </select>
      </Field>
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

    let response: Response;
    try {
      response = await apiRequest('POST', '/api/auth/register', {
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
    const answer = await readToken(response);
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
    toast({
      title: 'Welcome!',
      description:
        answer.message ??
        'Your account has been created successfully! Complete payment to activate your subscription.',
    });
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

function RegisterFlow({ onSwitch, onDone }: { onSwitch(mode: AuthMode): void; onDone(): void }) {
  const [step, setStep] = useState<1 | 2>(1);
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
      <StepIndicator step={step} />
      {step === 1 || !details ? (
        <RegisterDetailsForm
          initial={raw}
          onSwitch={onSwitch}
          onNext={(next, values) => {
            setDetails(next);
            setRaw(values);
            setStep(2);
          }}
        />
      ) : (
        <RegisterPayment details={details} onBack={() => setStep(1)} onDone={onDone} />
      )}
    </>
  );
}

// ---------------------------------------------------------- Reset Password

function ForgotPasswordForm({ onSwitch }: { onSwitch(mode: AuthMode): void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<
    z.input<typeof forgotPasswordRequest>,
    unknown,
    z.output<typeof forgotPasswordRequest>
  >({ resolver: zodResolver(forgotPasswordRequest), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

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
        <Field label="Email" htmlFor="forgot-email" error={errors.email?.message}>
          <Input id="forgot-email" type="email" autoComplete="email" {...form.register('email')} />
        </Field>
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
