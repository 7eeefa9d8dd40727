/**
 * What a product may do, decided by its subscription alone. Every screen and
 * every gateway route asks this one rule:
 *
 * - `active`, and `past_due` while the provider retries the payment: everything.
 * - A subscription cancelled by its owner keeps everything until the end of
 *   the period already paid (the billing spec: "keeps access until the end of
 *   the billing period"); the status stays active until then.
 * - `inactive` (never paid), `canceled`/`cancelled` after the period end,
 *   `unpaid` and any status the spec does not list: read and export
 *   everything, but the work that costs money — asking questions, adding
 *   personas, persona feedback on roadmap items, importing roadmaps — waits
 *   for payment.
 */

/** The work a product does only while it is paid for. */
export type PaidAction =
  'askQuestions' | 'addPersonas' | 'requestPersonaFeedback' | 'importRoadmaps';

export type AccessLevel = 'full' | 'read_only';

interface EntitlementFacts {
  subscriptionStatus: string | null | undefined;
  /** The end of the period already paid, when known (a cancelled subscription keeps access until then). */
  subscriptionEndDate?: string | Date | null;
}

const FULL_ACCESS = new Set(['active', 'past_due', 'trialing']);
const ENDED = new Set(['canceled', 'cancelled']);

function normalise(status: string | null | undefined): string {
  return (status ?? '').trim().toLowerCase();
}

function paidUntilLater(end: string | Date | null | undefined, now: Date): boolean {
  if (!end) return false;
  const time = end instanceof Date ? end.getTime() : Date.parse(end);
  return Number.isFinite(time) && time > now.getTime();
}

export function accessLevel(product: EntitlementFacts, now: Date = new Date()): AccessLevel {
  const status = normalise(product.subscriptionStatus);
  if (FULL_ACCESS.has(status)) return 'full';
  // A provider that marks a subscription cancelled before its paid period ends.
  if (ENDED.has(status) && paidUntilLater(product.subscriptionEndDate, now)) return 'full';
  return 'read_only';
}

/** Whether the product may do the paid work now; reading and exporting are always allowed. */
export function mayDo(
  product: EntitlementFacts,
  _action: PaidAction,
  now: Date = new Date(),
): boolean {
  return accessLevel(product, now) === 'full';
}

/** Where a product's subscription is paid: the subscribe page of that product. */
export function paymentPath(productId: string): string {
  return `/subscribe?productId=${encodeURIComponent(productId)}`;
}

const actionWords: Record<PaidAction, string> = {
  askQuestions: 'ask questions',
  addPersonas: 'add personas',
  requestPersonaFeedback: 'ask personas for feedback',
  importRoadmaps: 'import roadmap items',
};

export const entitlementMessages = {
  /** The 402 answer of a route refusing a product that is not paid for. */
  paymentRequired: (action: PaidAction) =>
    `This product's subscription is not active, so you cannot ${actionWords[action]} yet. Complete payment on the product's subscribe page to use every feature; everything stays readable until then.`,
  /** The banner of a product page. */
  banner: 'This product is read only until its subscription is paid.',
  bannerDetail:
    'You can read and export everything. Complete payment to ask questions, add personas, ask personas for feedback and import roadmaps.',
  fullAccess: 'Full access',
  readOnly: 'Read only',
} as const;

/** The Access Level card's words. */
export function accessLevelLabel(level: AccessLevel): string {
  return level === 'full' ? entitlementMessages.fullAccess : entitlementMessages.readOnly;
}

/**
 * The one word for a subscription status, on My Products, the dashboard and
 * the billing page alike: the spec's values (active, past_due,
 * cancelled/canceled, and the stored default inactive, plus Stripe's unpaid);
 * anything else is Unknown.
 */
type StatusWord = 'Active' | 'Past Due' | 'Cancelled' | 'Inactive' | 'Unpaid' | 'Unknown';

export function statusWord(status: string | null | undefined): StatusWord {
  switch (normalise(status)) {
    case 'active':
      return 'Active';
    case 'past_due':
      return 'Past Due';
    case 'canceled':
    case 'cancelled':
      return 'Cancelled';
    case 'inactive':
      return 'Inactive';
    case 'unpaid':
      return 'Unpaid';
    default:
      return 'Unknown';
  }
}
