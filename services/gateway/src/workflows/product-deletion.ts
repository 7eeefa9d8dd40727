import { billingMessages, type ProductDeletion, productMessages } from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import type { ServiceClients } from '../clients';

/**
 * Deleting a product spans catalog and billing. The product must be the
 * user's (another user's answers 404). Catalog deletes it first: its
 * ProductDeleted, written in the same transaction, makes billing end the
 * subscription whatever happens to this request afterwards (a crash, billing
 * down), so no product is left deleted and paying, and none is left standing
 * with its subscription ended. Billing is then asked to end the subscription
 * right away, for the answer; whichever of the call and the event comes
 * second finds the work done. When billing cannot answer, the product is
 * gone all the same, the answer carries a warning, and the event cancels the
 * subscription once billing is back.
 */
export async function deleteProduct(
  deps: { clients: ServiceClients; logger: Logger },
  ids: { userId: string; productId: string },
): Promise<ProductDeletion> {
  const { catalog, billing } = deps.clients;
  await catalog.deleteProduct(ids);
  let outcome: { subscriptionCancelled: boolean; warning: string | null };
  try {
    const ended = await billing.endSubscription(ids);
    outcome = { subscriptionCancelled: ended.subscriptionCancelled, warning: null };
  } catch (error) {
    deps.logger.warn({ err: error, ...ids }, 'product deletion: subscription not cancelled yet');
    outcome = { subscriptionCancelled: false, warning: billingMessages.deletedWithBillingWarning };
  }
  return {
    ...outcome,
    message:
      outcome.warning ??
      (outcome.subscriptionCancelled
        ? productMessages.deletedWithSubscription
        : productMessages.deleted),
  };
}
