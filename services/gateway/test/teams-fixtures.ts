import type { AuthUser, InvitationAccepted, MemberRole, MemberView } from '@chorus/contracts';
import type { TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

/*
 * People of a team, made through the API as users make them: an owner signs
 * up with a card; an invitation's link is read from the log, where identity
 * writes it when no SMTP is configured (as it does password reset links);
 * an invitee creates an account from it.
 */

export interface Person {
  email: string;
  token: string;
  userId: string;
  firstName: string;
}

export interface Owner extends Person {
  productId: string;
}

export interface Member extends Person {
  /** The collaborators row: what the team routes name. */
  memberId: string;
  accepted: InvitationAccepted;
}

/** An account with a paid product (a card: personas, questions and feedback need one). */
export async function signUp(
  chorus: TestChorus,
  name: string,
  options: { productName?: string } = {},
): Promise<Owner> {
  const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
  const registered = await chorus.api<{ token: string; user: AuthUser; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email,
        password: 'secret-pass',
        firstName: name,
        lastName: 'Team',
        productName: options.productName ?? `${name}'s product`,
        industry: 'technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  if (registered.status !== 201 || !registered.body.product) {
    const warnings = chorus.logs.filter((l) => l.level >= 40).slice(-3);
    throw new Error(
      `sign-up failed: ${registered.status} ${JSON.stringify(registered.body)} ${warnings.map((l) => l.msg).join('; ')}`,
    );
  }
  return {
    email,
    token: registered.body.token,
    userId: registered.body.user.id,
    firstName: name,
    productId: registered.body.product.id,
  };
}

/** The token of the newest invitation link logged for this address after `since` lines. */
export function loggedInvitationToken(
  chorus: TestChorus,
  email: string,
  since = 0,
): Promise<string> {
  return eventually(
    () => {
      const line = chorus.logs
        .slice(since)
        .reverse()
        .find(
          (l) =>
            l.to === email.toLowerCase() &&
            typeof l.link === 'string' &&
            l.link.includes('/invitations/'),
        );
      return line ? new URL(line.link as string).pathname.split('/').pop() : undefined;
    },
    { what: `the invitation link for ${email}` },
  );
}

/** Invites `email`; answers the member and the invitation's token from its logged link. */
export async function invite(
  chorus: TestChorus,
  by: { token: string },
  productId: string,
  email: string,
  role: MemberRole,
): Promise<{ member: MemberView; token: string }> {
  const since = chorus.logs.length;
  const invited = await chorus.api<MemberView>(`/api/products/${productId}/team/invitations`, {
    method: 'POST',
    token: by.token,
    body: { email, role },
  });
  if (invited.status !== 201) {
    throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  }
  return { member: invited.body, token: await loggedInvitationToken(chorus, email, since) };
}

// Each new invitee from an address of their own (with TRUST_PROXY set), as
// people are: the per-address limits of the invitation routes stay out of the way.
let address = Math.floor(Math.random() * 200) * 250;
export function freshAddress(): Record<string, string> {
  address += 1;
  return {
    'x-forwarded-for': `10.${Math.floor(address / 62_500) % 250}.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
  };
}

/** Creates the invitee's account from the invitation (no product, no card). */
export async function registerFromInvitation(
  chorus: TestChorus,
  invitationToken: string,
  email: string,
  firstName: string,
): Promise<Person & { accepted: InvitationAccepted }> {
  const registered = await chorus.api<InvitationAccepted & { token: string; user: AuthUser }>(
    `/api/invitations/${invitationToken}/register`,
    {
      method: 'POST',
      body: { email, password: 'secret-pass', firstName, lastName: 'Member' },
      headers: freshAddress(),
    },
  );
  if (registered.status !== 201) {
    throw new Error(
      `register from invitation failed: ${registered.status} ${JSON.stringify(registered.body)}`,
    );
  }
  return {
    email,
    token: registered.body.token,
    userId: registered.body.user.id,
    firstName,
    accepted: registered.body,
  };
}

/** A new person who joins the owner's product with `role`. */
export async function join(chorus: TestChorus, owner: Owner, role: MemberRole): Promise<Member> {
  const firstName = role.charAt(0).toUpperCase() + role.slice(1);
  const email = `${role}-${randomUUID()}@example.com`;
  const { member, token } = await invite(chorus, owner, owner.productId, email, role);
  const person = await registerFromInvitation(chorus, token, email, firstName);
  return { ...person, memberId: member.id };
}

/** A new person the roadmap is shared with on its own. */
export async function shareRoadmap(
  chorus: TestChorus,
  owner: Owner,
  roadmapId: string,
  permission: 'view' | 'edit',
): Promise<Member> {
  const email = `roadmap-${permission}-${randomUUID()}@example.com`;
  const since = chorus.logs.length;
  const shared = await chorus.api<MemberView>(`/api/roadmaps/${roadmapId}/collaborators`, {
    method: 'POST',
    token: owner.token,
    body: { email, permission },
  });
  if (shared.status !== 201) {
    throw new Error(`share failed: ${shared.status} ${JSON.stringify(shared.body)}`);
  }
  const token = await loggedInvitationToken(chorus, email, since);
  const person = await registerFromInvitation(chorus, token, email, 'Rhoda');
  return { ...person, memberId: shared.body.id };
}
