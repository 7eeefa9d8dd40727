import type {
  AuditEntryView,
  InvitationAccepted,
  InvitationView,
  MemberRole,
  MemberView,
  TeamView,
} from '@chorus/contracts';
import { apiRequest, getQueryFn, queryClient, useActionMutation } from '@chorus/platform';
import { productQueryKeys } from '@chorus/platform/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

// The team page's and the invitation page's calls. Keys are the paths the
// shared query function GETs; after a change the team and the audit log are
// read again, and the product (its seats and monthly rate) with them.

const encode = encodeURIComponent;

const teamKeys = {
  team: (productId: string) => ['/api/products', encode(productId), 'team'],
  auditLog: (productId: string) => ['/api/products', encode(productId), 'team', 'audit-log'],
  invitation: (token: string) => ['/api/invitations', encode(token)],
} as const;

const teamPath = (productId: string) => `/api/products/${encode(productId)}/team`;

export function useTeam(productId: string) {
  return useQuery<TeamView>({ queryKey: teamKeys.team(productId) });
}

/** Only the owner and admins may read it; others never ask. */
export function useAuditLog(productId: string, enabled: boolean) {
  return useQuery<AuditEntryView[]>({ queryKey: teamKeys.auditLog(productId), enabled });
}

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

function refreshTeam(productId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.team(productId), exact: true }),
    queryClient.invalidateQueries({ queryKey: teamKeys.auditLog(productId) }),
    queryClient.invalidateQueries({ queryKey: productQueryKeys.products, exact: true }),
    queryClient.invalidateQueries({ queryKey: productQueryKeys.product(productId), exact: true }),
  ]).then(() => undefined);
}

/** Invite, resend, revoke, change a role, remove: each refreshes the team when it lands. */
export function useTeamActions(productId: string) {
  const done = { onSuccess: () => refreshTeam(productId) };
  return {
    // One Idempotency-Key per action: a double click sends one invitation.
    invite: useActionMutation({
      mutationFn: (body: { email: string; role: MemberRole }, idempotencyKey) =>
        json<MemberView>(
          apiRequest('POST', `${teamPath(productId)}/invitations`, body, { idempotencyKey }),
        ),
      ...done,
    }),
    resend: useActionMutation({
      mutationFn: (memberId: string, idempotencyKey) =>
        json<MemberView>(
          apiRequest(
            'POST',
            `${teamPath(productId)}/invitations/${encode(memberId)}/resend`,
            undefined,
            { idempotencyKey },
          ),
        ),
      ...done,
    }),
    revoke: useMutation({
      mutationFn: (memberId: string) =>
        apiRequest('DELETE', `${teamPath(productId)}/invitations/${encode(memberId)}`),
      ...done,
    }),
    changeRole: useMutation({
      mutationFn: ({ memberId, role }: { memberId: string; role: MemberRole }) =>
        json<MemberView>(
          apiRequest('PATCH', `${teamPath(productId)}/members/${encode(memberId)}`, { role }),
        ),
      ...done,
    }),
    remove: useMutation({
      mutationFn: (memberId: string) =>
        apiRequest('DELETE', `${teamPath(productId)}/members/${encode(memberId)}`),
      ...done,
    }),
  };
}

/** Leaving: the product is no longer the user's to read, so its cached answers go. */
export async function leaveProduct(productId: string): Promise<void> {
  await apiRequest('POST', `${teamPath(productId)}/leave`);
  queryClient.removeQueries({ queryKey: productQueryKeys.product(productId) });
  await queryClient.invalidateQueries({ queryKey: productQueryKeys.products, exact: true });
}

// ---------------------------------------------------------------------------
// The invitation page.

const readInvitation = getQueryFn<InvitationView>({ on401: 'throw' });

/** What an invitation link offers; 404, 410 and 409 are answers (in the server's words), not retried. */
export function useInvitation(token: string) {
  return useQuery<InvitationView | null>({
    queryKey: teamKeys.invitation(token),
    queryFn: readInvitation,
    retry: false,
  });
}

const invitationPath = (token: string) => `/api/invitations/${encode(token)}`;

export function acceptInvitation(token: string): Promise<InvitationAccepted> {
  return json(apiRequest('POST', `${invitationPath(token)}/accept`));
}

export async function declineInvitation(token: string): Promise<void> {
  await apiRequest('POST', `${invitationPath(token)}/decline`);
}

interface InvitationRegistration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A new account made from the invitation (no product, no card), already a member. */
export function registerFromInvitation(
  token: string,
  body: InvitationRegistration,
): Promise<InvitationAccepted> {
  return json(apiRequest('POST', `${invitationPath(token)}/register`, body));
}

/** Where an accepted invitation leads: the roadmap shared on its own, or the product. */
export function acceptedPath(
  accepted: Pick<InvitationAccepted, 'productId' | 'roadmapId'>,
): string {
  const product = encode(accepted.productId);
  return accepted.roadmapId
    ? `/products/${product}/roadmap/${encode(accepted.roadmapId)}`
    : `/products/${product}/dashboard`;
}
