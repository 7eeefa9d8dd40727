import { forgotPasswordRequest } from '@chorus/contracts';
import { apiRequest, serverMessage, toast } from '@chorus/platform';
import {
  Button,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  useZodForm,
} from '@chorus/platform/ui';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { type AuthMode, destructive, SwitchLink } from './shared';

export function ForgotPasswordForm({ onSwitch }: { onSwitch(mode: AuthMode): void }) {
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
