import type {
  AuditEntry,
  AuditLogKind,
  PersonaTemplateView,
  PromoCodeView,
  RevenuePoint,
  SeatChangeView,
  SeatStats,
  SubscriptionStats,
} from '@chorus/contracts';
import { ApiError, queryClient } from '@chorus/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** The spec's local storage key of the admin session, apart from a customer's `token`. */
const ADMIN_TOKEN_KEY = 'adminToken';

const listeners = new Set<() => void>();

function readToken(): string | null {
  return window.localStorage.getItem(ADMIN_TOKEN_KEY);
}

export const adminSession = {
  token: readToken,
  signIn(token: string): void {
    window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
    listeners.forEach((listener) => listener());
  },
  signOut(): void {
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
    queryClient.removeQueries({ queryKey: ['admin'] });
    listeners.forEach((listener) => listener());
  },
};

/** The stored admin token, re-rendering on login and logout (and in other tabs). */
export function useAdminToken(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === ADMIN_TOKEN_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }, readToken);
}

/**
 * Every admin call: the admin bearer token when one is stored, a JSON body
 * only with a payload, cookies included; a non-OK answer becomes an
 * ApiError ("{status}: {body}") as everywhere in the app.
 */
export async function adminRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const token = readToken();
  const response = await fetch(url, {
    method,
    headers: {
      ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  if (!response.ok) {
    throw new ApiError(response.status, (await response.text()) || response.statusText);
  }
  return response;
}

/** A read; a 401 means the admin session is over, so the login form comes back. */
async function adminRead<T>(url: string): Promise<T> {
  try {
    return (await (await adminRequest('GET', url)).json()) as T;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) adminSession.signOut();
    // The spec: stats and list load failures are only logged, never shown.
    // eslint-disable-next-line no-console -- the console is where the spec says they go
    console.warn(`Failed to load ${url}:`, error instanceof Error ? error.message : error);
    throw error;
  }
}

const adminKeys = {
  all: ['admin'],
  stats: ['admin', 'subscription-stats'],
  revenue: ['admin', 'revenue-history'],
  promoCodes: ['admin', 'promo-codes'],
  templates: ['admin', 'persona-templates'],
  auditLog: ['admin', 'audit-log'],
  seatChanges: ['admin', 'seat-changes'],
} as const;

function useAdminQuery<T>(key: readonly string[]) {
  return useQuery<T>({
    queryKey: key,
    queryFn: () => adminRead<T>(`/api/${key.join('/')}`),
  });
}

/** The dashboard's figures, team seats and their revenue included. */
export const useSubscriptionStats = () =>
  useAdminQuery<SubscriptionStats & SeatStats>(adminKeys.stats);
export const useRevenueHistory = () => useAdminQuery<RevenuePoint[]>(adminKeys.revenue);
export const usePromoCodes = () => useAdminQuery<PromoCodeView[]>(adminKeys.promoCodes);
export const usePersonaTemplates = () => useAdminQuery<PersonaTemplateView[]>(adminKeys.templates);
/** The audit log of one kind: changes (sign-ins folded away), sign-ins alone, or all. */
export const useAuditLog = (kind: AuditLogKind) =>
  useQuery<AuditEntry[]>({
    queryKey: [...adminKeys.auditLog, kind],
    queryFn: () => adminRead<AuditEntry[]>(`/api/admin/audit-log?kind=${kind}`),
    placeholderData: keepPreviousData,
  });
export const useSeatChanges = () => useAdminQuery<SeatChangeView[]>(adminKeys.seatChanges);

/** After any change (and a sync) the dashboard reads everything again: stats, lists, the log. */
export function refreshAdmin(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.all });
}
