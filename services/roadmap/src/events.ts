import { consumeEvents, type EventBus, type Knex, type Logger, Topics } from '@chorus/service-kit';
import type { Roadmaps } from './roadmaps';

// Roadmap publishes nothing; it follows the catalog so that a deleted
// product leaves no roadmaps behind, and mirrors the roadmaps catalog's
// members were given on their own into roadmap_collaborators.

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
      collaboratorJoined: (event, { trx }) => options.roadmaps.collaboratorJoined(trx, event),
      collaboratorRoleChanged: (event, { trx }) =>
        options.roadmaps.collaboratorRoleChanged(trx, event),
      collaboratorLeft: (event, { trx }) => options.roadmaps.collaboratorLeft(trx, event),
    },
  });
}
