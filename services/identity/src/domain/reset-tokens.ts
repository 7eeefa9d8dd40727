import { createHash, randomBytes } from 'node:crypto';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** A reset token as sent in the link; only its hash is stored. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function resetLink(pageUrl: string, token: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
