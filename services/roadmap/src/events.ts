import { consumeEvents, type EventBus, type Knex, type Logger, Topics } from '@chorus/service-kit';
import type { Roadmaps } from './roadmaps';

// Roadmap publishes nothing; it follows the catalog so that a deleted
// product leaves no roadmaps behind.

export function consumeCatalogEvents(options: {
  bus: EventBus;
  db: Knex;
  logger: Logger;
  roadmaps: Roadmaps;
}): Promise<void> {
  return consumeEvents({
    bus: options.bus,
    db: options.db,
    groupId: 'roadmap',
    topics: [Topics.catalog],
    logger: options.logger,
    handlers: {
      productDeleted: (event, { trx }) => options.roadmaps.productDeleted(trx, event.productId),
    },
  });
}
