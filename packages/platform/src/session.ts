import type { AuthUser, BillingCycle } from '@chorus/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, clearToken, getQueryFn, getToken, setToken } from './api';
import { queryClient } from './query-client';

const userQueryKey = ['/api/auth/user'] as const;

const userQuery = {
  queryKey: userQueryKey,
  queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
  // The spec: fresh for 30 minutes, no refetch on focus or interval, no retry.
  staleTime: 30 * 60 * 1000,
  retry: false,
} as const;

/** The signed-in user from the cache: a user, null (signed out) or undefined (not asked yet). */
function currentUser(): AuthUser | null | undefined {
  return queryClient.getQueryData<AuthUser | null>(userQueryKey);
}

export function isSignedIn(): boolean {
  return Boolean(currentUser());
}

/**
 * Asks who is signed in, once, at boot. Without a stored credential nobody
 * is, and nothing is fetched.
 */
export async function restoreSession(): Promise<AuthUser | null> {
  if (!getToken()) {
    queryClient.setQueryData(userQueryKey, null);
    return null;
  }
  try {
    return await queryClient.fetchQuery(userQuery);
  } catch {
    return null;
  }
}

/** Calls `listener` whenever the signed-in state flips (sign in, sign out, expired token). */
export function onSessionChange(listener: (signedIn: boolean) => void): () => void {
  let last = isSignedIn();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== userQueryKey[0]) return;
    const now = isSignedIn();
    if (now !== last) {
      last = now;
      listener(now);
    }
  });
}

/** Stores the token and refreshes the user: the session starts. */
export async function startSession(token: string): Promise<AuthUser | null> {
  setToken(token);
  return queryClient.fetchQuery({ ...userQuery, staleTime: 0 });
}

/**
 * Ends the session: tells the server (failures ignored), then clears the
 * credential and every cached answer, leaving "no user".
 */
export async function endSession(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch {
    // The spec: logout failures are ignored; the credential goes regardless.
  }
  clearToken();
  queryClient.removeQueries();
  queryClient.setQueryData(userQueryKey, null);
}

/** The signed-in user for components: authenticated when the user fetch returned data. */
export function useAuth(): { user: AuthUser | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading } = useQuery({ ...userQuery, enabled: Boolean(getToken()) });
  return { user: data ?? null, isLoading, isAuthenticated: Boolean(data) };
}

/** POST /api/auth/register: the shell's sign-up (with a card) or onboarding's (without one yet). */
export type RegisterBody = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  billingCycle: BillingCycle;
  industry?: string;
  /** The sign-up dialog's product names… */
  productName?: string;
  productDescription?: string;
  /** …or onboarding's. */
  name?: string;
  description?: string;
  couponCode?: string;
  /** The payment method the card entry created; none when the card comes later. */
  stripeToken?: string;
};

export type Registration = {
  token: string;
  message?: string;
  subscriptionStatus?: string;
  /** The payment provider's words when the card was refused ("Your card was declined."). */
  paymentError?: string;
  product?: { id: string } | null;
};

/**
 * Creates the account with its first product. Answers what the server said,
 * or undefined when the answer holds no token; a refusal throws the
 * `ApiError` (its `serverMessage()` says why). The caller starts the session.
 */
export async function register(body: RegisterBody): Promise<Registration | undefined> {
  const response = await apiRequest('POST', '/api/auth/register', body);
  let answer: Record<string, unknown>;
  try {
    answer = (await response.json()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof answer.token !== 'string') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const product = answer.product as { id?: unknown } | null | undefined;
  return {
    token: answer.token,
    message: text(answer.message),
    subscriptionStatus: text(answer.subscriptionStatus),
    paymentError: text(answer.paymentError),
    product: product && typeof product.id === 'string' ? { id: product.id } : null,
  };
}
