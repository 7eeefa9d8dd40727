import { consumeEventsStateless, type EventBus, Topics } from '@chorus/service-kit';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { RevocationList } from './auth';
import type { QuestionStreams } from './question-streams';

/**
 * What the gateway hears: logouts seen by other replicas (identity),
 * questions the catalog has stored or deleted (pushed to the pages watching
 * them), and members leaving a product (their streams of it end). Each replica is its own consumer group so that every replica hears
 * every event, and only needs what happens from now on (earlier logouts come
 * from identity at start). The gateway publishes nothing.
 */
export function consumeGatewayEvents(deps: {
  bus: EventBus;
  revocations: RevocationList;
  streams: QuestionStreams;
}): Promise<void> {
  const { revocations, streams } = deps;
  return consumeEventsStateless({
    bus: deps.bus,
    groupId: `gateway-${hostname()}-${randomUUID()}`,
    topics: [Topics.identity, Topics.catalog],
    fromBeginning: false,
    handlers: {
      sessionRevoked: async (event) => {
        revocations.revoke(event.sessionId, event.expiresAt ?? new Date(0));
        streams.sessionRevoked(event.sessionId);
      },
      questionUpdated: async (event) => streams.questionUpdated(event),
      questionDeleted: async (event) => streams.questionDeleted(event),
      // A removed member's open question stream ends with their access.
      collaboratorLeft: async (event) => streams.memberLeft(event.productId, event.memberUserId),
    },
  });
}
