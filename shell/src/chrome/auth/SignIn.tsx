import { authMessages, loginRequest } from '@chorus/contracts';
import { login, toast } from '@chorus/platform';
import {
  Button,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  useZodForm,
} from '@chorus/platform/ui';
import { type AuthMode, destructive, SwitchLink } from './shared';

/** Each empty field says what it misses, once, beside it (not one sentence under both). */
const loginMissing = {
  email: 'Enter your e-mail address',
  password: 'Enter your password',
} as const;

export function LoginForm({
  onSwitch,
  onDone,
}: {
  onSwitch(mode: AuthMode): void;
  onDone(): void;
}) {
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
