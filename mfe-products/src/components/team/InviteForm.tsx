import {
  DEFAULT_MEMBER_ROLE,
  INVITATION_DAYS,
  inviteMemberRequest,
  type InviteMemberRequest,
  isBillableRole,
  type MemberRole,
  memberRoles,
  type ProductView,
  seatChangeCost,
  type TeamView,
} from '@chorus/contracts';
import { analytics, toast, useAuth } from '@chorus/platform';
import {
  Button,
  Card,
  FieldError,
  FormField,
  Input,
  NativeSelect,
  roleDescriptions,
  roleLabels,
  SeatCostDialog,
  useZodForm,
} from '@chorus/platform/ui';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { refusalMessage } from '../../messages';
import { useTeamActions } from '../../team-api';
import { inviteeRefusal } from '../../invite-rules';

type Invite = { email: string; role: MemberRole };

/**
 * What a seat more (or none, for a viewer) does to the product's monthly
 * cost, counting the seats already invited as they will be once accepted.
 */
function inviteCost(product: ProductView, team: TeamView, role: MemberRole) {
  const plan = {
    billingCycle: product.billingCycle,
    isLegacyPricing: product.isLegacyPricing,
    personaCount: product.billing.personaCount,
    promo: product.promo,
  };
  const before = (team.billableSeats ?? 0) + (team.pendingSeats ?? 0);
  return seatChangeCost(plan, before, before + (isBillableRole(role) ? 1 : 0));
}

/**
 * Invite by e-mail with a role. Before anything is sent, a confirmation says
 * what it changes on the bill; the server's refusal shows under the form.
 */
export function InviteForm({ product, team }: { product: ProductView; team: TeamView }) {
  const form = useZodForm(inviteMemberRequest, {
    // Without a choice, an invitation is a free viewer: a paid seat is always chosen.
    defaultValues: { email: '', role: DEFAULT_MEMBER_ROLE } satisfies InviteMemberRequest,
  });
  const actions = useTeamActions(product.id);
  const [pending, setPending] = useState<Invite | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const role = form.watch('role') ?? DEFAULT_MEMBER_ROLE;
  const { user } = useAuth();

  const submit = form.handleSubmit((values) => {
    setRefusal(undefined);
    actions.invite.reset();
    // Yourself, the owner, a member or a pending invitee: refused before any price.
    const refused = inviteeRefusal(values.email, {
      yourEmail: user?.email,
      ownerEmail: team.owner.email,
      members: team.members,
    });
    if (refused) {
      form.setError('email', { message: refused });
      return;
    }
    setPending({ email: values.email, role: values.role });
  });

  const send = () => {
    if (!pending) return;
    actions.invite.mutate(pending, {
      onSuccess: () => {
        analytics.inviteSent(pending.role);
        toast({
          title: 'Invitation sent',
          description: `${pending.email} can accept it within ${INVITATION_DAYS} days.`,
        });
        form.reset({ email: '', role: pending.role });
        setPending(null);
      },
      onError: (error) => {
        setRefusal(refusalMessage(error) ?? 'The invitation could not be sent. Please try again.');
        setPending(null);
      },
    });
  };

  const cost = pending ? inviteCost(product, team, pending.role) : undefined;
  const full = team.memberCount >= team.maxCollaborators;

  return (
    <Card className="gap-4 px-6 py-5" role="region" aria-labelledby="invite-title">
      <div>
        <h2 id="invite-title" className="text-lg font-semibold">
          Invite a member
        </h2>
        <p className="text-sm text-muted-foreground">
          {team.memberCount} of {team.maxCollaborators} members. The invitation link is valid for{' '}
          {INVITATION_DAYS} days.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-[1fr_14rem_auto]">
        <FormField form={form} name="email" id="invite-email" label="E-mail" required>
          {(control) => (
            <Input type="email" autoComplete="off" placeholder="name@company.com" {...control} />
          )}
        </FormField>
        <FormField
          form={form}
          name="role"
          id="invite-role"
          label="Role"
          hint={roleDescriptions[role]}
        >
          {(control) => (
            <NativeSelect {...control}>
              {memberRoles.map((value) => (
                <option key={value} value={value}>
                  {roleLabels[value]}
                  {isBillableRole(value) ? '' : ' (free)'}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="md:pt-7">
          <Button type="submit" disabled={full || actions.invite.isPending}>
            <UserPlus aria-hidden /> Invite
          </Button>
        </div>
      </form>
      {full ? (
        <FieldError>{`A product can have at most ${team.maxCollaborators} members`}</FieldError>
      ) : null}
      {refusal ? <FieldError id="invite-refusal">{refusal}</FieldError> : null}

      <SeatCostDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !actions.invite.isPending) setPending(null);
        }}
        title={pending ? `Invite ${pending.email} as ${roleLabels[pending.role]}?` : ''}
        description={
          pending && isBillableRole(pending.role)
            ? 'A collaborator or admin is a paid seat on this product.'
            : 'A viewer reads everything of the product and changes nothing.'
        }
        monthlyChangeCents={cost?.monthlyChangeCents ?? 0}
        monthlyTotalCents={cost?.monthlyTotalCents}
        fromAcceptance
        confirmLabel="Send Invitation"
        pending={actions.invite.isPending}
        onConfirm={send}
      />
    </Card>
  );
}
