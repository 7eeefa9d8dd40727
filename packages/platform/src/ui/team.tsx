import {
  type AuditAction,
  type AuditEntryView,
  formatMoney,
  type MemberRole,
  type MemberStatus,
  productActions,
  type ProductRole,
  type ProductView,
  type RoadmapPermission,
  roleAllows,
  roleRefusal,
  teamMessages,
} from '@chorus/contracts';
import { Users } from 'lucide-react';
import { Badge } from './badge';
import { ConfirmDialog } from './confirm-dialog';
import { FieldError } from './form';

// What the pages show of teams: role names, statuses, audit wording, the
// team's cost, and which controls a member's role allows.

/** Whether `role` may take an action of productActions. */
function can(role: ProductRole | null | undefined, action: keyof typeof productActions): boolean {
  return roleAllows(role, productActions[action]);
}

export const roleLabels: Record<ProductRole | 'roadmap', string> = {
  owner: 'Owner',
  admin: 'Admin',
  collaborator: 'Collaborator',
  viewer: 'Viewer',
  roadmap: 'Roadmap only',
};

/** The invite form's one line per role. */
export const roleDescriptions: Record<MemberRole, string> = {
  viewer: 'Reads everything of the product: dashboard, profile, personas, questions, roadmaps.',
  collaborator:
    'Also edits the profile, asks and deletes questions, edits roadmaps, imports YAML and asks for persona feedback.',
  admin: 'Also invites, removes and changes the roles of members, and reads the audit log.',
};

export const permissionLabels: Record<RoadmapPermission, string> = {
  view: 'Can view',
  edit: 'Can edit',
};

export const memberStatusLabels: Record<MemberStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
  declined: 'Declined',
  removed: 'Removed',
  left: 'Left',
};

export const auditActionLabels: Record<AuditAction, string> = {
  invited: 'Invited',
  resent: 'Invitation sent again',
  revoked: 'Invitation revoked',
  accepted: 'Invitation accepted',
  declined: 'Invitation declined',
  expired: 'Invitation expired',
  role_changed: 'Role changed',
  removed: 'Removed from the product',
  left: 'Left the product',
};

/** One side of an audit entry's change in words: "Collaborator, pending". */
function auditStateText(state: Record<string, unknown> | null): string {
  if (!state) return '—';
  const parts: string[] = [];
  const { role, status, permission, roadmapName } = state;
  if (typeof role === 'string') {
    parts.push(role in roleLabels ? roleLabels[role as ProductRole | 'roadmap'] : role);
  }
  if (typeof roadmapName === 'string') parts.push(roadmapName);
  if (typeof permission === 'string') {
    parts.push(
      permission in permissionLabels
        ? permissionLabels[permission as RoadmapPermission].toLowerCase()
        : permission,
    );
  }
  if (typeof status === 'string') {
    parts.push(
      status in memberStatusLabels
        ? memberStatusLabels[status as MemberStatus].toLowerCase()
        : status,
    );
  }
  return parts.length > 0 ? parts.join(', ') : '—';
}

/** "Collaborator, pending → Collaborator, accepted" (or one side when the other is empty). */
export function auditChangeText(entry: Pick<AuditEntryView, 'previousState' | 'newState'>): string {
  const before = auditStateText(entry.previousState);
  const after = auditStateText(entry.newState);
  if (before === '—') return after;
  if (after === '—') return before;
  return `${before} → ${after}`;
}

/** Dollars per month as a signed amount: +$25.00, -$25.00, $0.00. */
export function billingImpactText(dollars: number): string {
  const cents = Math.round(dollars * 100);
  if (cents === 0) return formatMoney(0);
  return `${cents > 0 ? '+' : '-'}${formatMoney(Math.abs(cents))}`;
}

/**
 * "2 seats × $25.00 = $50.00 per month", or that the team costs nothing
 * (yet, while invitations to paid roles are pending).
 */
export function teamCostLine(seats: number, seatMonthlyCents: number, pendingSeats = 0): string {
  if (seats <= 0 && pendingSeats > 0) return 'No paid seats yet.';
  if (seats <= 0) return 'No paid seats: viewers are free.';
  const noun = seats === 1 ? 'seat' : 'seats';
  return `${seats} ${noun} × ${formatMoney(seatMonthlyCents)} = ${formatMoney(seats * seatMonthlyCents)} per month`;
}

/**
 * Invitations that become paid seats once accepted: "1 pending seat:
 * +$25.00 per month once accepted"; empty when there are none.
 */
export function pendingSeatsLine(pendingSeats: number, seatMonthlyCents: number): string {
  if (pendingSeats <= 0) return '';
  const noun = pendingSeats === 1 ? 'seat' : 'seats';
  const verb = pendingSeats === 1 ? 'its invitation is' : 'their invitations are';
  return `${pendingSeats} pending ${noun}: +${formatMoney(pendingSeats * seatMonthlyCents)} per month once ${verb} accepted`;
}

/**
 * What inviting (or sharing with) someone changes on the bill, for the
 * confirmation: an invitation's seat is billed from the day it is accepted,
 * a role change's from today.
 */
export function seatChangeText(monthlyChangeCents: number, fromAcceptance = false): string {
  if (monthlyChangeCents <= 0) return 'Viewers are free — your bill does not change.';
  return fromAcceptance
    ? `+${formatMoney(monthlyChangeCents)} per month from the day the invitation is accepted, prorated on the next invoice.`
    : `+${formatMoney(monthlyChangeCents)} per month, prorated from today on the next invoice.`;
}

/**
 * What the signed-in user may do on a product, by their role on it
 * (ProductView.role): the pages disable or hide what is not theirs to do,
 * with `editRefusal` as the reason.
 */
export function useProductRole(product: Pick<ProductView, 'role'> | undefined) {
  return productRights(product?.role);
}

/** The same, outside a component (and for a role not known yet: everything, as before teams). */
export function productRights(role: ProductRole | undefined) {
  const known = role ?? 'owner';
  return {
    role: known,
    canEdit: can(known, 'edit'),
    canChoosePersonas: can(known, 'choosePersonas'),
    canManageTeam: can(known, 'manageTeam'),
    isOwner: can(known, 'billing'),
    /** Why an editing control is disabled for a viewer, naming their role. */
    editRefusal: can(known, 'edit') ? undefined : roleRefusal('collaborator', known),
    /** Why a persona change that changes the bill is disabled for a member. */
    billRefusal: can(known, 'billing') ? undefined : teamMessages.billChange,
  };
}

/** "Shared with you", with the user's role on the product. */
export function SharedWithYouBadge({ role }: { role: ProductRole }) {
  return (
    <Badge variant="outline" className="border-sky-200 bg-sky-50 text-sky-800">
      <Users aria-hidden /> Shared with you · {roleLabels[role]}
    </Badge>
  );
}

/**
 * Before a seat is added (an invitation, a role change, an edit share of a
 * roadmap): what it changes on the bill, the persona cost dialog's pattern.
 * The dialog stays open while the change is sent, and shows the server's
 * refusal in its words.
 */
export function SeatCostDialog({
  open,
  onOpenChange,
  title,
  description,
  monthlyChangeCents,
  monthlyTotalCents,
  fromAcceptance = false,
  confirmLabel,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  monthlyChangeCents: number;
  /** The product's monthly cost after the change, when known. */
  monthlyTotalCents?: number;
  /** The seat is billed once an invitation is accepted, not from today. */
  fromAcceptance?: boolean;
  confirmLabel: string;
  pending: boolean;
  error?: string;
  onConfirm(): void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pending={pending}
      closeOnConfirm={false}
      onConfirm={onConfirm}
    >
      <div
        role="region"
        aria-label="Cost of the change"
        className="grid gap-1 rounded-lg border px-4 py-3 text-sm"
      >
        <p className="font-medium" data-testid="seat-cost">
          {seatChangeText(monthlyChangeCents, fromAcceptance)}
        </p>
        {monthlyChangeCents > 0 && monthlyTotalCents !== undefined ? (
          <p className="text-muted-foreground">
            New monthly cost: {formatMoney(monthlyTotalCents)}/month
          </p>
        ) : null}
      </div>
      {error ? <FieldError>{error}</FieldError> : null}
    </ConfirmDialog>
  );
}
