import {
  consumeEvents,
  enqueueEvent,
  type EventBus,
  type EventOf,
  type Knex,
  type Logger,
  type OutboxRelay,
  Topics,
} from '@chorus/service-kit';
import type { Billing } from './billing';
import type { SubscriptionView } from './domain/subscription-view';
import type { BillingStore } from './store';

// Billing publishes on billing.v1, keyed by product id.

export type SubscriptionChanged = EventOf<'subscriptionChanged'>;

/** What catalog mirrors onto the product from a subscription view. */
export function subscriptionChangedOf(view: SubscriptionView): SubscriptionChanged {
  return {
    productId: view.productId,
    userId: view.userId,
    status: view.status,
    billingCycle: view.billingCycle,
    monthlyRateCents: view.monthlyRateCents,
    personaCount: view.personaCount,
    currentPeriodEnd: view.currentPeriodEnd,
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    providerCustomerId: view.providerCustomerId,
    providerSubscriptionId: view.providerSubscriptionId,
    providerPriceId: view.providerPriceId,
  };
}

export function subscriptionChanged(trx: Knex.Transaction, event: SubscriptionChanged) {
  return enqueueEvent(trx, event.productId, { $case: 'subscriptionChanged', value: event });
}

/**
 * What billing hears: catalog's products (its mirror of id, owner, name,
 * billing cycle, legacy flag and persona count) and identity's new accounts
 * (the name on the provider's customer). Each event is handled once.
 */
export async function consumeBillingEvents(options: {
  bus: EventBus;
  db: Knex;
  store: BillingStore;
  billing: Billing;
  relay: OutboxRelay;
  logger: Logger;
}): Promise<void> {
  const { store, billing, relay } = options;
  await consumeEvents({
    bus: options.bus,
    db: options.db,
    groupId: 'billing',
    topics: [Topics.catalog, Topics.identity],
    logger: options.logger,
    handlers: {
      productCreated: async (event, { trx }) => {
        await store.upsertProduct(trx, {
          id: event.productId,
          user_id: event.userId,
          name: event.name,
          billing_cycle: event.billingCycle === 'annual' ? 'annual' : 'monthly',
          is_legacy_pricing: event.isLegacyPricing,
        });
      },
      personasChanged: async (event, { trx }) => {
        await billing.personasChanged(trx, event.productId, event.personaCount);
        relay.nudge();
      },
      productDeleted: async (event, { trx }) => {
        await billing.endForDeletedProduct(trx, event.productId, { deleted: true });
        relay.nudge();
      },
      userRegistered: async (event, { trx }) => {
        await store.upsertAccountHolder(trx, {
          user_id: event.userId,
          email: event.email,
          first_name: event.firstName,
          last_name: event.lastName,
        });
      },
    },
  });
}
