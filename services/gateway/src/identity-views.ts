import type { AuthUser } from '@chorus/contracts';
import type { User } from '@chorus/proto/identity/v1/identity';

// How identity's users look to the browser.

/** The signed-in user; the operator's e-mail (ADMIN_EMAIL) marks the admin. */
export function toAuthUser(user: User, adminEmail: string | undefined): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    friendOfOurs: user.friendOfOurs,
    profileImageUrl: user.profileImageUrl || null,
    isAdmin: adminEmail !== undefined && user.email === adminEmail.toLowerCase(),
  };
}
