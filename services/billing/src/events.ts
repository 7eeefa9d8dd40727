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
import { productBillingCycle } from './domain/billing-cycle';
import type { SubscriptionView } from './domain/subscription-view';
import type { BillingStore } from './store';

// Billing publishes on billing.v1, keyed by product id.

type SubscriptionChanged = EventOf<'subscriptionChanged'>;

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
    // The promo as it was granted: the catalog's product views price with it
    // while it runs, as the billing page does.
    promoDiscountPercent: view.promo?.discountPercent ?? 0,
    promoDurationMonths: view.promo?.durationMonths ?? 0,
    promoStartedAt: view.promo?.startedAt,
  };
}

export function subscriptionChanged(trx: Knex.Transaction, event: SubscriptionChanged) {
  return enqueueEvent(trx, event.productId, { $case: 'subscriptionChanged', value: event });
}

/**
 * What a product's subscription does when catalog changes the product
 * (the subscriptions module; an interface here so that this file, which the
 * ledger publishes through, depends on no use case).
 */
export interface ProductChanges {
  personasChanged(trx: Knex.Transaction, productId: string, personaCount: number): Promise<void>;
  seatsChanged(
    trx: Knex.Transaction,
    productId: string,
    seats: number,
    effectiveAt: Date,
  ): Promise<void>;
  productDeleted(trx: Knex.Transaction, productId: string): Promise<void>;
}

/**
 * What billing hears: catalog's products (its mirror of id, owner, name,
 * billing cycle, legacy flag, persona count and billable team seats — each
 * membership event carries the product's count after the change) and
 * identity's new accounts (the name on the provider's customer). Each event
 * is handled once.
 */
export async function consumeBillingEvents(options: {
  bus: EventBus;
  db: Knex;
  store: BillingStore;
  subscriptions: ProductChanges;
  relay: OutboxRelay;
  logger: Logger;
}): Promise<void> {
  const { store, subscriptions, relay } = options;
  const seatsChanged = async (
    event: { productId: string; billableSeats: number; effectiveAt?: Date },
    occurredAt: Date | undefined,
    trx: Knex.Transaction,
  ) => {
    const effectiveAt = event.effectiveAt ?? occurredAt ?? new Date();
    await subscriptions.seatsChanged(trx, event.productId, event.billableSeats, effectiveAt);
    relay.nudge();
  };
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
          billing_cycle: productBillingCycle(event.billingCycle),
          is_legacy_pricing: event.isLegacyPricing,
        });
      },
      personasChanged: async (event, { trx }) => {
        await subscriptions.personasChanged(trx, event.productId, event.personaCount);
        relay.nudge();
      },
      collaboratorJoined: async (event, { trx, envelope }) => {
        await seatsChanged(event, envelope.occurredAt, trx);
      },
      collaboratorRoleChanged: async (event, { trx, envelope }) => {
        await seatsChanged(event, envelope.occurredAt, trx);
      },
      collaboratorLeft: async (event, { trx, envelope }) => {
        await seatsChanged(event, envelope.occurredAt, trx);
      },
      productDeleted: async (event, { trx }) => {
        await subscriptions.productDeleted(trx, event.productId);
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
