import { authMessages, MIN_PASSWORD_LENGTH, resetPasswordRequest } from '@chorus/contracts';
import { apiRequest, serverMessage, toast } from '@chorus/platform';
import {
  Brand,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  Spinner,
  useZodForm,
} from '@chorus/platform/ui';
import { CheckCircle2, KeyRound, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { navigate } from './navigation';

type Stage = 'validating' | 'valid' | 'invalid' | 'done';

/**
 * The new password twice. A mismatch is the first thing to fix; only then
 * the server's length rule (resetPasswordRequest's own message).
 */
const newPasswordForm = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine(({ password, confirm }, context) => {
    if (password !== confirm) {
      context.addIssue({
        code: 'custom',
        path: ['confirm'],
        message: authMessages.passwordsDontMatch,
      });
      return;
    }
    const tooShort = resetPasswordRequest.shape.password.safeParse(password).error;
    if (tooShort) {
      context.addIssue({
        code: 'custom',
        path: ['password'],
        message: tooShort.issues[0]?.message,
      });
    }
  });

const problemTitles: Record<string, string> = {
  [authMessages.passwordsDontMatch]: "Passwords don't match",
  [authMessages.passwordTooShort]: 'Password too short',
};

// The spec shows these problems as toasts, not under the fields.
const inToastOnly = () => undefined;

const passwordFields = [
  {
    name: 'password',
    id: 'new-password',
    label: 'New password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
  },
  { name: 'confirm', id: 'confirm-password', label: 'Confirm new password', hint: undefined },
] as const;

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-muted/30 px-4 py-12">
      <a href="/" className="mb-8" aria-label="Chorus home">
        <Brand />
      </a>
      <div className="w-full max-w-md">{children}</div>
    </div>
  );
}

function StatusCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card className="items-center text-center">
      <CardHeader className="w-full justify-items-center">
        {icon}
        <CardTitle className="mt-2 text-2xl">{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardContent className="w-full">{action}</CardContent>
    </Card>
  );
}

/** /reset-password?token=…: check the link, set a new password, then sign in again. */
export default function ResetPasswordPage() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [stage, setStage] = useState<Stage>(token ? 'validating' : 'invalid');
  const [email, setEmail] = useState('');
  const form = useZodForm(newPasswordForm, { defaultValues: { password: '', confirm: '' } });
  const saving = form.formState.isSubmitting;

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    apiRequest('GET', `/api/auth/validate-reset-token/${encodeURIComponent(token)}`)
      .then((response) => response.json() as Promise<{ valid?: boolean; email?: string }>)
      .then((answer) => {
        if (cancelled) return;
        setEmail(answer.email ?? '');
        setStage(answer.valid ? 'valid' : 'invalid');
      })
      .catch(() => {
        if (!cancelled) setStage('invalid');
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  const onInvalid = (problems: FieldErrors<z.input<typeof newPasswordForm>>) => {
    const message = problems.confirm?.message ?? problems.password?.message;
    if (!message) return;
    toast({
      title: problemTitles[message] ?? message,
      description: message,
      variant: 'destructive',
    });
  };

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await apiRequest('POST', '/api/auth/reset-password', { token, password });
      setStage('done');
    } catch (error) {
      toast({
        title: 'Reset failed',
        description: serverMessage(error) ?? 'Failed to reset password',
        variant: 'destructive',
      });
    }
  }, onInvalid);

  if (stage === 'validating') {
    return (
      <Shell>
        <Card className="items-center py-12">
          <Spinner label="Checking your reset link..." />
        </Card>
      </Shell>
    );
  }

  if (stage === 'invalid') {
    return (
      <Shell>
        <StatusCard
          icon={<XCircle className="size-12 text-destructive" aria-hidden />}
          title="Invalid Reset Link"
          text="This password reset link is invalid or has expired. Request a new one from the sign-in dialog."
          action={
            <Button className="w-full" size="lg" onClick={() => navigate('/')}>
              Return to Homepage
            </Button>
          }
        />
      </Shell>
    );
  }

  if (stage === 'done') {
    return (
      <Shell>
        <StatusCard
          icon={<CheckCircle2 className="size-12 text-emerald-600" aria-hidden />}
          title="Password Reset Complete"
          text="Your password has been updated. You can now sign in with your new password."
          action={
            <Button className="w-full" size="lg" onClick={() => navigate('/')}>
              Continue to Sign In
            </Button>
          }
        />
      </Shell>
    );
  }

  return (
    <Shell>
      <Card>
        <CardHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <KeyRound className="size-5" aria-hidden />
          </span>
          <CardTitle className="text-2xl">Set New Password</CardTitle>
          <CardDescription>
            {email ? (
              <>
                Choose a new password for{' '}
                <span className="font-medium text-foreground">{email}</span>.
              </>
            ) : (
              'Choose a new password for your account.'
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
            {passwordFields.map(({ name, id, label, hint }) => (
              <FormField
                key={name}
                form={form}
                name={name}
                id={id}
                label={label}
                hint={hint}
                errorText={inToastOnly}
              >
                {(control) => (
                  <Input type="password" autoComplete="new-password" required {...control} />
                )}
              </FormField>
            ))}
            <Button type="submit" size="lg" disabled={saving}>
              {saving ? 'Updating...' : 'Update Password'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Shell>
  );
}
