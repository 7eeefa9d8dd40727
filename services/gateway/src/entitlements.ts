import {
  entitlementMessages,
  mayDo,
  type PaidAction,
  quote,
  teamMessages,
} from '@chorus/contracts';
import type { ProductAccess } from './access';
import type { ServiceClients } from './clients';
import { HttpError } from './http-errors';

/**
 * The gateway's side of the entitlement rule (`@chorus/contracts`'
 * entitlements): before work that only a paid product may do, the product
 * is read — the catalog answers 404 for another user's product, so nothing
 * is revealed — and an unpaid one is refused with 402 and how to pay.
 *
 * Called with the owner's id (`access.ownerId`): a member's work is paid by
 * the owner's subscription.
 *
 * The catalog mirrors billing's status by event, a moment after a payment;
 * so a refusal is checked once more against billing itself, the authority,
 * and a product paid a second ago is not refused.
 */
export async function requirePaidProduct(
  clients: Pick<ServiceClients, 'catalog' | 'billing'>,
  userId: string,
  productId: string,
  action: PaidAction,
): Promise<void> {
  const { product } = await clients.catalog.getProduct({ userId, productId });
  const mirrored = {
    subscriptionStatus: product?.subscriptionStatus,
    subscriptionEndDate: product?.subscriptionEndDate ?? null,
  };
  if (mayDo(mirrored, action)) return;
  const { subscriptions } = await clients.billing.listSubscriptions({ userId });
  const subscription = subscriptions.find((candidate) => candidate.productId === productId);
  const billed = subscription && {
    subscriptionStatus: subscription.status,
    subscriptionEndDate: subscription.currentPeriodEnd ?? null,
  };
  if (billed && mayDo(billed, action)) return;
  throw new HttpError(402, entitlementMessages.paymentRequired(action));
}

/**
 * A member may change the persona selection only while the bill stays the
 * same (e.g. within the personas the plan includes); a change of the bill is
 * the owner's to make: 403 in the team's words.
 */
export function requireSameBill(
  access: Pick<ProductAccess, 'role' | 'product'>,
  personaChange: number,
): void {
  if (access.role === 'owner' || personaChange === 0) return;
  const { product } = access;
  const terms = {
    billingCycle: product.billingCycle === 'annual' ? ('annual' as const) : ('monthly' as const),
    isLegacyPricing: product.isLegacyPricing,
    seats: product.billableSeats,
  };
  const before = quote({ ...terms, personaCount: product.personaCount });
  const after = quote({
    ...terms,
    personaCount: Math.max(0, product.personaCount + personaChange),
  });
  if (before.monthlyRateCents !== after.monthlyRateCents) {
    throw new HttpError(403, teamMessages.billChange);
  }
}
