// How the top bar names the signed-in person: initials for the avatar, and
// the name beside it.

/**
 * Avatar initials: the first letters of the first and last name when both are
 * given, otherwise the first two letters of the e-mail's local part in upper
 * case, otherwise U.
 */
export function avatarInitials(user: {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const first = user.firstName?.trim()[0] ?? '';
  const last = user.lastName?.trim()[0] ?? '';
  if (first && last) return (first + last).toUpperCase();
  const local = (user.email ?? '').split('@')[0]?.trim() ?? '';
  if (local.length > 0) return local.slice(0, 2).toUpperCase();
  return 'U';
}

/** The name the app calls a person by: first and last name, or the e-mail's local part when none was given. */
export function displayName(user: {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  if (name) return name;
  return (user.email ?? '').split('@')[0]?.trim() || 'You';
}
