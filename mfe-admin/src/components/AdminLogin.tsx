import { adminMessages, loginRequest } from '@chorus/contracts';
import { ApiError, toast } from '@chorus/platform';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FieldError,
  FormField,
  Input,
  useZodForm,
} from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { Loader2, ShieldCheck } from 'lucide-react';
import { adminRequest, adminSession } from '../api';

// The gateway's own login schema judges the fields; a missing one is said once,
// under the form, in the admin area's words.
const underTheForm = () => undefined;

/** The admin area's own sign-in: e-mail and password, token kept under `adminToken`. */
export function AdminLogin() {
  const form = useZodForm(loginRequest, { defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const missing = errors.email || errors.password ? adminMessages.loginFieldsRequired : undefined;

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

  const submit = form.handleSubmit((credentials) => login.mutate(credentials));

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
          <form
            className="grid gap-4"
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-label="Admin login"
          >
            <FormField
              form={form}
              name="email"
              id="admin-email"
              label="Email"
              errorText={underTheForm}
            >
              {(control) => <Input type="email" autoComplete="username" required {...control} />}
            </FormField>
            <FormField
              form={form}
              name="password"
              id="admin-password"
              label="Password"
              errorText={underTheForm}
            >
              {(control) => (
                <Input type="password" autoComplete="current-password" required {...control} />
              )}
            </FormField>
            <FieldError>{missing}</FieldError>
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
