import type { EventBus } from './event-bus';
import { InMemoryEventBus } from './event-bus';
import { KafkaEventBus } from './kafka-bus';
import type { Logger } from './logger';

/** Kafka when brokers are configured, otherwise the in-process bus. */
export function createEventBus(options: {
  brokers: string[];
  clientId: string;
  logger: Logger;
  /** Kafka consumer session timeout (see KafkaBusOptions). */
  sessionTimeoutMs?: number;
}): EventBus {
  if (options.brokers.length === 0) return new InMemoryEventBus(options.logger);
  return new KafkaEventBus(options);
}
