export { ConfigError, env, loadConfig } from './config';
export { consumeEvents, consumeEventsStateless, processedEventsMigration } from './consumer';
export type { EventContext, EventHandlers } from './consumer';
export { type Knex, type Migration, dropDatabase, ensureDatabase, openDatabase } from './database';
export {
  AlreadyExists,
  DomainError,
  FailedPrecondition,
  InvalidArgument,
  isServiceError,
  isStorageUnavailable,
  NotFound,
  PermissionDenied,
  Unauthenticated,
  Unavailable,
} from './errors';
export { type BusMessage, type EventBus, InMemoryEventBus } from './event-bus';
export { PostgresEventBus } from './pg-bus';
export { nameHttpRoute } from './http-route';
export {
  createEnvelope,
  decodeEnvelope,
  type DomainEvent,
  encodeEnvelope,
  Envelope,
  type EventCase,
  type EventOf,
  type Topic,
  topicOf,
  Topics,
} from './events';
export {
  type AsyncServiceImplementation,
  type CallContext,
  type CallSettings,
  checkHealth,
  createPromiseClient,
  implement,
  type PromiseClient,
  type RunningGrpcServer,
  serviceName,
  startGrpcServer,
} from './grpc';
export { copyMessage, createServiceClient, InProcessServices } from './in-process';
export { KafkaEventBus } from './kafka-bus';
export { createEventBus } from './bus-factory';
export { createLogger, type Logger } from './logger';
export { enqueueEvent, OutboxRelay, outboxMigration, publishEvent } from './outbox';
export { runMain, type Stoppable } from './process';
export { connectRedis } from './redis';
export { ReadVersions, type VersionScope, type VersionStore } from './read-versions';
export {
  type RunningService,
  ServiceRuntime,
  type ServiceRuntimeConfig,
  type SharedInfrastructure,
} from './runtime';

import { processedEventsMigration } from './consumer';
import type { Migration } from './database';
import { outboxMigration } from './outbox';

/** The outbox and the processed-event ids: every service with a database includes these first. */
export const eventMigrations: Migration[] = [outboxMigration, processedEventsMigration];
export {
  type Audience,
  generateTokenKeys,
  InvalidToken,
  privateKeyFromPem,
  publicKeyFromPem,
  readPem,
  type TokenClaims,
  TokenIssuer,
  TokenVerifier,
} from './tokens';
