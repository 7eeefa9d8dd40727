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
 * entitlements), enforced by the route table for every route that declares
 * a `paidAction`: the product the access check already read (as its owner
 * sees it, so a member's work is paid by the owner's subscription) must
 * allow the action; an unpaid one is refused with 402 and how to pay.
 *
 * The catalog mirrors billing's status by event, a moment after a payment;
 * so a refusal is checked once more against billing itself, the authority,
 * and a product paid a second ago is not refused.
 */
export async function requirePaidProduct(
  clients: Pick<ServiceClients, 'billing'>,
  access: Pick<ProductAccess, 'ownerId' | 'productId' | 'product'>,
  action: PaidAction,
): Promise<void> {
  const { product, ownerId, productId } = access;
  const mirrored = {
    subscriptionStatus: product.subscriptionStatus,
    subscriptionEndDate: product.subscriptionEndDate ?? null,
  };
  if (mayDo(mirrored, action)) return;
  const { subscriptions } = await clients.billing.listSubscriptions({ userId: ownerId });
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
