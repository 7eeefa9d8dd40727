import { consumeEvents, type EventBus, type Knex, type Logger, Topics } from '@chorus/service-kit';
import type { Panels } from '../panels';
import type { Products } from '../products';
import type { Questions } from '../questions';

// ---------------------------------------------------------------------------
// Consumed: billing's subscription changes (mirrored onto the product) and
// inference's progress and answers (stored on the question) and the personas
// it built for market panels, each applied in
// the consumer's transaction, once per event.

export function consumeCatalogEvents(deps: {
  bus: EventBus;
  db: Knex;
  logger: Logger;
  products: Products;
  questions: Questions;
  panels: Panels;
}): Promise<void> {
  const { products, questions, panels } = deps;
  return consumeEvents({
    bus: deps.bus,
    db: deps.db,
    groupId: 'catalog',
    topics: [Topics.billing, Topics.inference],
    logger: deps.logger,
    handlers: {
      subscriptionChanged: (event, { trx, envelope }) =>
        products.applySubscriptionChanged(trx, event, envelope.occurredAt ?? new Date()),
      questionProcessing: (event, { trx }) => questions.markProcessing(trx, event),
      questionProgress: (event, { trx }) => questions.storeProgress(trx, event),
      questionAnswered: (event, { trx }) => questions.storeAnswer(trx, event),
      questionFailed: (event, { trx }) => questions.markFailed(trx, event),
      panelPersonasBuilt: (event, { trx }) => panels.storeBuilt(trx, event),
      panelBuildFailed: (event, { trx }) => panels.markBuildFailed(trx, event),
    },
  });
}
