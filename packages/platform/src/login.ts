import { analytics } from './analytics';
import { apiRequest, serverMessage } from './api';
import { startSession } from './session';

/** What a login submit came to: signed in, or the words to show the person. */
type LoginOutcome = { ok: true } | { ok: false; message: string };

export const loginMessages = {
  /** No server words: a network failure or a server fault. */
  failed: 'An error occurred during login',
  /** The server said yes but its answer holds no token. */
  unreadable: 'Failed to process login response',
} as const;

/**
 * The login submit every sign-in form uses: posts the credentials, starts the
 * session with the token the answer holds and records the login. A refusal
 * answers the server's own words ("Invalid email or password").
 */
export async function login(credentials: {
  email: string;
  password: string;
}): Promise<LoginOutcome> {
  let response: Response;
  try {
    response = await apiRequest('POST', '/api/auth/login', credentials);
  } catch (error) {
    return { ok: false, message: serverMessage(error) ?? loginMessages.failed };
  }
  let token: unknown;
  try {
    token = ((await response.json()) as { token?: unknown }).token;
  } catch {
    token = undefined;
  }
  if (typeof token !== 'string' || !token) return { ok: false, message: loginMessages.unreadable };
  await startSession(token);
  analytics.login();
  return { ok: true };
}
