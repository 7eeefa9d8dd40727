// A product's team: members and the audit of seat changes as their catalog messages.
import type { AuditEntry, Member, SeatState } from '@chorus/proto/catalog/v1/teams';
import type { AuditRow, CollaboratorRow } from '../store/collaborators';

export function toMember(row: CollaboratorRow): Member {
  return {
    id: row.id,
    productId: row.product_id,
    email: row.email,
    name: row.member_name ?? '',
    userId: row.collaborator_user_id ?? '',
    role: row.role,
    status: row.invitation_status,
    invitedAt: row.invited_at,
    acceptedAt: row.accepted_at ?? undefined,
    expiresAt: row.expires_at,
    invitedByName: row.inviter_name,
    isBillable: row.is_billable,
    roadmapId: row.permissions?.roadmapId ?? '',
    roadmapName: row.permissions?.roadmapName ?? '',
    roadmapPermission: row.permissions?.permission ?? '',
  };
}

/** A stored seat state (role, status, a roadmap's permission) as its message. */
function seatStateOf(stored: Record<string, unknown> | null): SeatState | undefined {
  if (!stored) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    role: text(stored.role),
    status: text(stored.status),
    ...(typeof stored.permission === 'string' ? { permission: stored.permission } : {}),
  };
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    productId: row.product_id,
    collaboratorId: row.collaborator_id ?? '',
    actionType: row.action_type,
    actionByUserId: row.action_by_user_id,
    actionByName: row.action_by_name,
    affectedEmail: row.affected_email ?? '',
    previousState: seatStateOf(row.previous_state),
    newState: seatStateOf(row.new_state),
    billingImpactCents: Math.round(Number(row.billing_impact) * 100),
    effectiveDate: row.effective_date,
  };
}
