import { entitlementMessages, mayDo, type PaidAction } from '@chorus/contracts';
import type { ServiceClients } from './clients';
import { HttpError } from './http-errors';

/**
 * The gateway's side of the entitlement rule (`@chorus/contracts`'
 * entitlements): before work that only a paid product may do, the product
 * is read — the catalog answers 404 for another user's product, so nothing
 * is revealed — and an unpaid one is refused with 402 and how to pay.
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
