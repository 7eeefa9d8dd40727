import type { QueryFunction } from '@tanstack/react-query';

/** Where the session token lives (the spec's local storage key). */
export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  return window.localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
}

/** A non-OK answer: message "{status}: {body text or status text}", as the spec says. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/**
 * The server's own words for a failure: the gateway answers `{ message }`, so
 * the message is read out of the body; plain-text bodies are used as they are.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object') {
      // { message } from the gateway's own refusals; { error } from a few answers that name it so.
      const { message, error: named } = parsed as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message) return message;
      if (typeof named === 'string' && named) return named;
    }
  } catch {
    // Not JSON: the body text is the message.
  }
  return error.body || undefined;
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, text);
  }
}

/** The header naming one user action, so the gateway does it once however often it is sent. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

interface ApiRequestOptions {
  /**
   * The user action this request belongs to (see `useActionMutation`): the
   * same key sent again answers the first answer without doing the work twice.
   */
  idempotencyKey?: string;
}

/**
 * Every call: cookies included, the bearer token when one is stored, a JSON
 * body only when there is a payload, and the action's Idempotency-Key when given.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
      ...authHeaders(),
    },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * Reads: GET the path made of the query key, parse JSON. A 401 clears the
 * stored token and either answers null ("no user") or fails.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), {
      credentials: 'include',
      headers: authHeaders(),
      signal,
    });
    if (response.status === 401) {
      clearToken();
      if (options.on401 === 'returnNull') return null;
    }
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
