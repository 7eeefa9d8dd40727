import {
  authMessages,
  formatDate,
  type InvitationAccepted,
  type InvitationView,
  loginRequest,
  MIN_PASSWORD_LENGTH,
  requiredString,
} from '@chorus/contracts';
import {
  analytics,
  ApiError,
  login,
  queryClient,
  serverMessage,
  startSession,
  toast,
  useAuth,
} from '@chorus/platform';
import {
  Brand,
  Button,
  Card,
  FieldError,
  FormField,
  Input,
  LoadError,
  Loading,
  PageFrame,
  permissionLabels,
  productQueryKeys,
  roleDescriptions,
  roleLabels,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useZodForm,
} from '@chorus/platform/ui';
import { CheckCircle2, MailX, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import {
  acceptedPath,
  acceptInvitation,
  declineInvitation,
  registerFromInvitation,
  useInvitation,
} from '../team-api';

/** What the invitation offers, in one sentence. */
function offerText(invitation: InvitationView): string {
  if (invitation.role === 'roadmap' && invitation.roadmap) {
    const permission = permissionLabels[invitation.roadmap.permission].toLowerCase();
    return `${invitation.inviterName} shared the roadmap “${invitation.roadmap.name}” of ${invitation.productName} with you: you ${permission}.`;
  }
  return `${invitation.inviterName} invited you to ${invitation.productName} as ${roleLabels[invitation.role]}.`;
}

/** The Chorus mark and word, home-linked: the invitation is opened signed out, with no top bar above it. */
function InvitationBrand() {
  return (
    <a href="/" aria-label="Chorus" data-testid="invitation-brand">
      <Brand />
    </a>
  );
}

/** A page in plain words for a link that cannot be used: never a blank page. */
function InvitationProblem({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <div className="mb-8">
        <InvitationBrand />
      </div>
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <MailX className="size-7" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground" role="alert">
        {message}
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/">Go to Chorus</Link>
      </Button>
    </div>
  );
}

const problemTitles: Record<number, string> = {
  404: 'Invitation not found',
  409: 'Invitation already answered',
  410: 'Invitation no longer valid',
};

/** Each field names what it is missing, once, beside it (never one sentence under every field). */
const invitationMessages = {
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  password: 'Choose a password',
  email: 'Enter your e-mail address',
  loginPassword: 'Enter your password',
} as const;

const passwordRule = `At least ${MIN_PASSWORD_LENGTH} characters`;

const invitationAccount = z.object({
  email: z.string(),
  password: z
    .string(invitationMessages.password)
    .min(1, invitationMessages.password)
    .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort),
  firstName: requiredString(invitationMessages.firstName).max(100),
  lastName: requiredString(invitationMessages.lastName).max(100),
});

const invitationLogin = loginRequest.extend({
  email: requiredString(invitationMessages.email).max(320),
  password: z
    .string(invitationMessages.loginPassword)
    .min(1, invitationMessages.loginPassword)
    .max(1000),
});

function useArrive() {
  const navigate = useNavigate();
  return async (invitation: InvitationView, accepted: InvitationAccepted) => {
    analytics.inviteAccepted(invitation.role);
    // What the user can open changed: their products, and the roadmaps shared on their own.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: productQueryKeys.products, exact: true }),
      queryClient.invalidateQueries({ queryKey: ['/api/shared-roadmaps'] }),
    ]);
    toast({
      title: 'Invitation accepted',
      description: `Welcome to ${invitation.productName}.`,
    });
    navigate(acceptedPath(accepted));
  };
}

/** Signed out: a new account from the invitation (no product, no card). */
function CreateAccount({ token, invitation }: { token: string; invitation: InvitationView }) {
  const arrive = useArrive();
  const form = useZodForm(invitationAccount, {
    defaultValues: { email: invitation.email, password: '', firstName: '', lastName: '' },
  });
  const [refusal, setRefusal] = useState<string>();
  const submit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    try {
      const accepted = await registerFromInvitation(token, { ...values, email: invitation.email });
      if (!accepted.token) {
        setRefusal('Your account was created; please sign in to continue.');
        return;
      }
      await startSession(accepted.token);
      analytics.signUp();
      await arrive(invitation, accepted);
    } catch (error) {
      setRefusal(serverMessage(error) ?? 'Your account could not be created. Please try again.');
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Create an account">
      <p className="text-sm text-muted-foreground">
        No product and no card needed: the product&apos;s owner pays for the team.
      </p>
      <FormField form={form} name="email" id="invite-account-email" label="Email">
        {(control) => <Input type="email" readOnly className="bg-muted" {...control} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          form={form}
          name="firstName"
          id="invite-account-first"
          label="First name"
          required
        >
          {(control) => <Input autoComplete="given-name" {...control} />}
        </FormField>
        <FormField form={form} name="lastName" id="invite-account-last" label="Last name" required>
          {(control) => <Input autoComplete="family-name" {...control} />}
        </FormField>
      </div>
      <FormField
        form={form}
        name="password"
        id="invite-account-password"
        label="Password"
        hint={passwordRule}
        required
      >
        {(control) => <Input type="password" autoComplete="new-password" {...control} />}
      </FormField>
      {refusal ? <FieldError>{refusal}</FieldError> : null}
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        <UserPlus aria-hidden />
        {form.formState.isSubmitting ? 'Creating account...' : 'Create account and accept'}
      </Button>
    </form>
  );
}

/** Signed out: sign in here, then the page offers Accept. */
function SignIn({ invitation }: { invitation: InvitationView }) {
  const form = useZodForm(invitationLogin, {
    defaultValues: { email: invitation.email, password: '' },
  });
  const [refusal, setRefusal] = useState<string>();
  const submit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const outcome = await login(values);
    if (!outcome.ok) setRefusal(outcome.message);
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign in to accept">
      <FormField form={form} name="email" id="invite-login-email" label="Email" required>
        {(control) => <Input type="email" autoComplete="email" {...control} />}
      </FormField>
      <FormField form={form} name="password" id="invite-login-password" label="Password" required>
        {(control) => <Input type="password" autoComplete="current-password" {...control} />}
      </FormField>
      {refusal ? <FieldError>{refusal}</FieldError> : null}
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Signing in...' : 'Sign in to accept'}
      </Button>
    </form>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationView }) {
  const auth = useAuth();
  const arrive = useArrive();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const [declined, setDeclined] = useState(false);

  const accept = async () => {
    setBusy('accept');
    setRefusal(undefined);
    try {
      await arrive(invitation, await acceptInvitation(token));
    } catch (error) {
      setRefusal(serverMessage(error) ?? 'The invitation could not be accepted. Please try again.');
      setBusy(null);
    }
  };
  const decline = async () => {
    setBusy('decline');
    setRefusal(undefined);
    try {
      await declineInvitation(token);
      setDeclined(true);
    } catch (error) {
      setRefusal(serverMessage(error) ?? 'The invitation could not be declined. Please try again.');
    }
    setBusy(null);
  };

  if (declined) {
    return (
      <InvitationProblem
        title="Invitation declined"
        message={`You declined the invitation to ${invitation.productName}. ${invitation.inviterName} will see it in the team's log.`}
      />
    );
  }

  return (
    <PageFrame>
      <Card className="mx-auto max-w-xl gap-6 px-6 py-8">
        <InvitationBrand />
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{invitation.productName}</h1>
          <p className="text-muted-foreground">{offerText(invitation)}</p>
          {invitation.role !== 'roadmap' ? (
            <p className="text-sm text-muted-foreground">
              {roleLabels[invitation.role]}: {roleDescriptions[invitation.role]}
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            Sent to {invitation.email}; valid until {formatDate(invitation.expiresAt, 'long')}.
          </p>
        </div>

        {auth.isLoading ? (
          <Loading label="Loading..." />
        ) : auth.isAuthenticated ? (
          <div className="grid gap-3">
            {auth.user && auth.user.email.toLowerCase() !== invitation.email.toLowerCase() ? (
              <p className="text-sm text-muted-foreground">
                You are signed in as {auth.user.email}.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <Button size="lg" disabled={busy !== null} onClick={() => void accept()}>
                <CheckCircle2 aria-hidden /> {busy === 'accept' ? 'Accepting...' : 'Accept'}
              </Button>
              <Button
                size="lg"
                variant="outline"
                disabled={busy !== null}
                onClick={() => void decline()}
              >
                Decline
              </Button>
            </div>
          </div>
        ) : (
          <div className="grid gap-4">
            <Tabs defaultValue="register">
              <TabsList className="w-full">
                <TabsTrigger value="register">Create an account</TabsTrigger>
                <TabsTrigger value="login">Sign in to accept</TabsTrigger>
              </TabsList>
              <TabsContent value="register" className="mt-4">
                <CreateAccount token={token} invitation={invitation} />
              </TabsContent>
              <TabsContent value="login" className="mt-4">
                <SignIn invitation={invitation} />
              </TabsContent>
            </Tabs>
            <Button variant="ghost" disabled={busy !== null} onClick={() => void decline()}>
              Decline the invitation
            </Button>
          </div>
        )}
        {refusal ? <FieldError>{refusal}</FieldError> : null}
      </Card>
    </PageFrame>
  );
}

/** /invitations/{token}: open to everyone; accept, decline, or first sign in or create an account. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  if (invitation.isPending) return <Loading label="Loading the invitation..." />;
  if (invitation.isError || !invitation.data) {
    const error = invitation.error;
    const title = error instanceof ApiError ? problemTitles[error.status] : undefined;
    if (title) {
      return (
        <InvitationProblem
          title={title}
          message={serverMessage(error) ?? 'This invitation link cannot be used.'}
        />
      );
    }
    return (
      <PageFrame>
        <LoadError
          message="Unable to load the invitation."
          onRetry={() => void invitation.refetch()}
        />
      </PageFrame>
    );
  }
  return <Invitation token={token} invitation={invitation.data} />;
}
