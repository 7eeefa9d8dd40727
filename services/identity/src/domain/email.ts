/** E-mail addresses are compared case-insensitively and stored in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
