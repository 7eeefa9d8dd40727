import {
  formatDate,
  formatMoney,
  isBillableRole,
  type MemberRole,
  memberRoles,
  type MemberStatus,
  type MemberView,
  type ProductView,
  seatChangeCost,
  type TeamView,
} from '@chorus/contracts';
import { toast } from '@chorus/platform';
import {
  Badge,
  Button,
  cn,
  ConfirmDialog,
  memberStatusLabels,
  NativeSelect,
  permissionLabels,
  roleLabels,
  SeatCostDialog,
} from '@chorus/platform/ui';
import { RotateCw, UserMinus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { refusalMessage } from '../../messages';
import { useTeamActions } from '../../team-api';
import { stacked } from './stacked';

const statusTone: Record<MemberStatus, string> = {
  pending: 'border-transparent bg-amber-100 text-amber-800',
  accepted: 'border-transparent bg-emerald-100 text-emerald-800',
  expired: 'border-transparent bg-muted text-muted-foreground',
  revoked: 'border-transparent bg-muted text-muted-foreground',
  declined: 'border-transparent bg-muted text-muted-foreground',
  removed: 'border-transparent bg-muted text-muted-foreground',
  left: 'border-transparent bg-muted text-muted-foreground',
};

function StatusBadge({ status }: { status: MemberStatus }) {
  return <Badge className={statusTone[status]}>{memberStatusLabels[status]}</Badge>;
}

function roleText(member: MemberView): string {
  if (member.role !== 'roadmap' || !member.roadmap) return roleLabels[member.role];
  return `${member.roadmap.name} (${permissionLabels[member.roadmap.permission].toLowerCase()})`;
}

const day = (date: string | null) => formatDate(date, 'medium', { fallback: '—' });

type RoleChange = { member: MemberView; role: MemberRole };

/**
 * The owner first, then every member and invitation. Who manages the team
 * (owner, admins) resends, revokes, changes roles and removes; everyone
 * else reads.
 */
export function MembersTable({
  product,
  team,
  canManage,
}: {
  product: ProductView;
  team: TeamView;
  canManage: boolean;
}) {
  const actions = useTeamActions(product.id);
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const [changing, setChanging] = useState<RoleChange | null>(null);
  const [changeRefusal, setChangeRefusal] = useState<string>();

  const failed = (title: string) => (error: unknown) =>
    toast({
      title,
      description: refusalMessage(error) ?? 'Please try again.',
      variant: 'destructive',
    });

  const sendRoleChange = (change: RoleChange) =>
    actions.changeRole.mutate(
      { memberId: change.member.id, role: change.role },
      {
        onSuccess: () => {
          toast({
            title: 'Role changed',
            description: `${change.member.name ?? change.member.email} is now ${roleLabels[change.role]}.`,
          });
          setChanging(null);
        },
        onError: (error) => {
          if (changing) setChangeRefusal(refusalMessage(error) ?? 'Please try again.');
          else failed('Role not changed')(error);
        },
      },
    );

  /** A change that adds a seat is confirmed first, with its cost; the others go at once. */
  const chooseRole = (member: MemberView, role: MemberRole) => {
    if (role === member.role) return;
    const addsSeat =
      isBillableRole(role) && member.role !== 'roadmap' && !isBillableRole(member.role);
    setChangeRefusal(undefined);
    if (addsSeat) setChanging({ member, role });
    else sendRoleChange({ member, role });
  };

  const plan = {
    billingCycle: product.billingCycle,
    isLegacyPricing: product.isLegacyPricing,
    personaCount: product.billing.personaCount,
    promo: product.promo,
  };
  const seats = team.billableSeats ?? 0;
  const changeCost = seatChangeCost(plan, seats, seats + 1);
  // A viewer's team page has names only (the server sends no e-mail addresses).
  const showEmails = team.owner.email !== null;

  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className={stacked.table} aria-label="Members">
        <thead className={stacked.head}>
          <tr>
            <th className="px-4 py-3 font-medium">Name</th>
            {showEmails ? <th className="px-4 py-3 font-medium">E-mail</th> : null}
            <th className="px-4 py-3 font-medium">Role</th>
            <th className="px-4 py-3 font-medium">Status</th>
            <th className="px-4 py-3 font-medium">Invited</th>
            <th className="px-4 py-3 font-medium">Joined</th>
            {canManage ? (
              <th className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={stacked.body}>
          <tr className={stacked.row}>
            <td data-label="Name" className={cn(stacked.cell, stacked.wide, 'font-medium')}>
              {team.owner.name}
            </td>
            {showEmails ? (
              <td data-label="E-mail" className={cn(stacked.cell, stacked.wide)}>
                {team.owner.email}
              </td>
            ) : null}
            <td data-label="Role" className={stacked.cell}>
              {roleLabels.owner}
            </td>
            <td data-label="Status" className={stacked.cell}>
              <Badge variant="secondary">Owner</Badge>
            </td>
            <td className={cn(stacked.cell, 'text-muted-foreground max-md:hidden')}>—</td>
            <td className={cn(stacked.cell, 'text-muted-foreground max-md:hidden')}>—</td>
            {canManage ? <td className="max-md:hidden" /> : null}
          </tr>
          {team.members.map((member) => {
            const who = member.name ?? member.email ?? 'this member';
            // An invitation to a paid role is a seat once accepted: shown pending, with its price.
            const pendingSeat =
              member.status === 'pending' && member.isBillable && team.seatMonthlyCents !== null;
            const editableRole =
              canManage && member.status === 'accepted' && member.role !== 'roadmap';
            return (
              <tr key={member.id} data-testid="member-row" className={stacked.row}>
                <td data-label="Name" className={cn(stacked.cell, stacked.wide, 'font-medium')}>
                  {member.name ?? '—'}
                </td>
                {showEmails ? (
                  <td data-label="E-mail" className={cn(stacked.cell, stacked.wide)}>
                    {member.email ?? '—'}
                  </td>
                ) : null}
                <td data-label="Role" className={cn(stacked.cell, editableRole && stacked.wide)}>
                  {editableRole ? (
                    <NativeSelect
                      aria-label={`Role of ${who}`}
                      className="h-9 w-44 max-w-full py-1"
                      value={member.role}
                      disabled={actions.changeRole.isPending}
                      onChange={(event) => chooseRole(member, event.target.value as MemberRole)}
                    >
                      {memberRoles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                          {isBillableRole(role) ? '' : ' (free)'}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    roleText(member)
                  )}
                </td>
                <td data-label="Status" className={stacked.cell}>
                  <StatusBadge status={member.status} />
                  {pendingSeat ? (
                    <span className="mt-1 block text-xs text-muted-foreground md:whitespace-nowrap">
                      Paid seat, {formatMoney(team.seatMonthlyCents ?? 0)}/month once accepted
                    </span>
                  ) : null}
                </td>
                <td data-label="Invited" className={cn(stacked.cell, 'whitespace-nowrap')}>
                  {day(member.invitedAt)}
                </td>
                <td data-label="Joined" className={cn(stacked.cell, 'whitespace-nowrap')}>
                  {day(member.acceptedAt)}
                </td>
                {canManage ? (
                  <td className={cn(stacked.cell, stacked.wide, 'max-md:before:hidden')}>
                    <div className="flex flex-wrap justify-end gap-1 max-md:justify-start">
                      {member.status === 'pending' || member.status === 'expired' ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Resend the invitation to ${member.email}`}
                          disabled={actions.resend.isPending}
                          onClick={() =>
                            actions.resend.mutate(member.id, {
                              onSuccess: () =>
                                toast({
                                  title: 'Invitation sent again',
                                  description: `A new link went to ${member.email}.`,
                                }),
                              onError: failed('Invitation not sent'),
                            })
                          }
                        >
                          <RotateCw aria-hidden /> Resend
                        </Button>
                      ) : null}
                      {member.status === 'pending' ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Revoke the invitation to ${member.email}`}
                          disabled={actions.revoke.isPending}
                          onClick={() =>
                            actions.revoke.mutate(member.id, {
                              onSuccess: () =>
                                toast({
                                  title: 'Invitation revoked',
                                  description: `The link sent to ${member.email} no longer works.`,
                                }),
                              onError: failed('Invitation not revoked'),
                            })
                          }
                        >
                          <XCircle aria-hidden /> Revoke
                        </Button>
                      ) : null}
                      {member.status === 'accepted' ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive hover:text-destructive"
                          aria-label={`Remove ${who}`}
                          onClick={() => setRemoving(member)}
                        >
                          <UserMinus aria-hidden /> Remove
                        </Button>
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? removing?.email ?? ''}?`}
        description={
          removing?.isBillable
            ? 'They lose access to the product at once. Their seat leaves your bill, prorated from today.'
            : 'They lose access to the product at once.'
        }
        confirmLabel="Remove Member"
        destructive
        pending={actions.remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const member = removing;
          actions.remove.mutate(member.id, {
            onSuccess: () =>
              toast({
                title: 'Member removed',
                description: `${member.name ?? member.email} no longer has access.`,
              }),
            onError: failed('Member not removed'),
          });
        }}
      />

      <SeatCostDialog
        open={changing !== null}
        onOpenChange={(open) => {
          if (!open && !actions.changeRole.isPending) setChanging(null);
        }}
        title={
          changing
            ? `Make ${changing.member.name ?? changing.member.email} ${roleLabels[changing.role]}?`
            : ''
        }
        description="A collaborator or admin is a paid seat on this product."
        monthlyChangeCents={changeCost.monthlyChangeCents}
        monthlyTotalCents={changeCost.monthlyTotalCents}
        confirmLabel="Change Role"
        pending={actions.changeRole.isPending}
        error={changeRefusal}
        onConfirm={() => changing && sendRoleChange(changing)}
      />
    </div>
  );
}
