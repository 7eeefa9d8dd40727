import { adminMessages } from '@chorus/contracts';
import { ApiError, toast } from '@chorus/platform';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Input,
} from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { Loader2, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminRequest, adminSession } from '../api';

/** The admin area's own sign-in: e-mail and password, token kept under `adminToken`. */
export function AdminLogin() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const login = useMutation({
    mutationFn: async (credentials: { email: string; password: string }) => {
      const response = await adminRequest('POST', '/api/admin/login', credentials);
      return (await response.json()) as { token: string };
    },
    onSuccess: ({ token }) => {
      adminSession.signIn(token);
      toast({ title: adminMessages.loginSuccessful });
    },
    onError: (error) =>
      toast({
        title: error instanceof ApiError ? adminMessages.loginFailed : adminMessages.loginError,
        description:
          error instanceof ApiError && error.status === 429
            ? 'Too many attempts. Please wait a few minutes and try again.'
            : error instanceof ApiError
              ? 'Check the e-mail and password and try again.'
              : 'The server could not be reached. Please try again.',
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    login.mutate({ email: email.trim(), password });
  }

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <CardTitle className="text-2xl">Admin Login</CardTitle>
          <CardDescription>Sign in with your operator account.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Admin login">
            <Field label="Email" htmlFor="admin-email">
              <Input
                id="admin-email"
                type="email"
                autoComplete="username"
                required
                value={email}
                aria-invalid={missing && !email.trim()}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Field>
            <Field label="Password" htmlFor="admin-password">
              <Input
                id="admin-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                aria-invalid={missing && !password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field>
            {missing ? (
              <p className="text-sm text-destructive" role="alert">
                {adminMessages.loginFieldsRequired}
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Login
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
