import { billingMessages, type ProductDeletion, productMessages } from '@chorus/contracts';
import type { Logger } from '@chorus/service-kit';
import type { ServiceClients } from '../clients';

/**
 * Deleting a product spans catalog and billing: the product must be the
 * user's (another user's answers 404), its subscription ends first so no
 * product is left paying without existing, then catalog deletes it. When
 * billing cannot end the subscription right away the product still goes,
 * the answer carries a warning, and billing cancels the subscription when
 * catalog's ProductDeleted event reaches it.
 */
export async function deleteProduct(
  deps: { clients: ServiceClients; logger: Logger },
  ids: { userId: string; productId: string },
): Promise<ProductDeletion> {
  const { catalog, billing } = deps.clients;
  await catalog.getProduct(ids);
  let outcome: { subscriptionCancelled: boolean; warning: string | null };
  try {
    const ended = await billing.endSubscription(ids);
    outcome = { subscriptionCancelled: ended.subscriptionCancelled, warning: null };
  } catch (error) {
    deps.logger.warn({ err: error, ...ids }, 'product deletion: subscription not cancelled yet');
    outcome = { subscriptionCancelled: false, warning: billingMessages.deletedWithBillingWarning };
  }
  await catalog.deleteProduct(ids);
  return {
    ...outcome,
    message:
      outcome.warning ??
      (outcome.subscriptionCancelled
        ? productMessages.deletedWithSubscription
        : productMessages.deleted),
  };
}
