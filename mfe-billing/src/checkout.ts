/**
 * What the success page needs to report a purchase: the hosted checkout only
 * hands back a session id, so the plan chosen here is remembered for the
 * tab until the browser returns.
 */
interface PendingCheckout {
  planType: string;
  /** Dollars per billing period. */
  value: number;
  currency: string;
}

const PENDING_KEY = 'chorus.billing.pendingCheckout';
const TRACKED_KEY = 'chorus.billing.trackedCheckouts';

export function rememberCheckout(checkout: PendingCheckout): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(checkout));
  } catch {
    // Storage can be unavailable (private modes); the purchase is then reported without a value.
  }
}

function isPendingCheckout(value: unknown): value is PendingCheckout {
  if (!value || typeof value !== 'object') return false;
  const { planType, value: amount, currency } = value as Record<string, unknown>;
  return typeof planType === 'string' && typeof amount === 'number' && typeof currency === 'string';
}

/** The plan chosen before the checkout, taken once. */
export function takeRememberedCheckout(): PendingCheckout | undefined {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return isPendingCheckout(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether this checkout session is reported for the first time: reloading
 * the success page must not count the purchase twice.
 */
export function firstReportOf(sessionId: string): boolean {
  try {
    const tracked = JSON.parse(window.sessionStorage.getItem(TRACKED_KEY) ?? '[]') as unknown;
    const ids = Array.isArray(tracked) ? tracked.filter((id) => typeof id === 'string') : [];
    if (ids.includes(sessionId)) return false;
    window.sessionStorage.setItem(TRACKED_KEY, JSON.stringify([...ids, sessionId].slice(-20)));
    return true;
  } catch {
    return true;
  }
}
