import {
  connectRedis,
  createEventBus,
  createLogger,
  type EventBus,
  type InProcessServices,
  type Logger,
  publicKeyFromPem,
  ReadVersions,
  TokenVerifier,
} from '@chorus/service-kit';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { Authenticator, RevocationList } from './auth';
import { closeClients, connectClients } from './clients';
import { CatalogReads } from './clients/catalog-reads';
import { QuestionStreams } from './question-streams';
import type { GatewayConfig } from './config';
import { consumeGatewayEvents } from './events';
import { Idempotency } from './idempotency';
import { MemoryIdempotencyEntries, RedisIdempotencyEntries } from './idempotency-store';
import { RateLimits } from './rate-limit';

interface RunningGateway {
  port: number;
  stop(): Promise<void>;
}

/** Starts the HTTP gateway in front of the services' gRPC ports. */
export async function startGateway(
  config: GatewayConfig,
  deps: { bus?: EventBus; logger?: Logger; inProcess?: InProcessServices } = {},
): Promise<RunningGateway> {
  const logger = deps.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const clients = connectClients(config, deps.inProcess);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : undefined;
  // Across the network, the catalog's busiest reads are kept here while they hold.
  const reads =
    redis && !deps.inProcess && config.CATALOG_READ_CACHE
      ? new CatalogReads({ versions: new ReadVersions(redis), logger })
      : undefined;
  if (reads) {
    await reads.start();
    clients.catalog = reads.wrap(clients.catalog);
  }
  const revocations = new RevocationList();
  const authenticator = new Authenticator(
    new TokenVerifier(publicKeyFromPem(config.TOKEN_PUBLIC_KEY)),
    revocations,
  );

  const streams = new QuestionStreams({
    catalog: clients.catalog,
    logger,
    heartbeatMs: config.SSE_HEARTBEAT_MS,
  });

  const bus =
    deps.bus ?? createEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'gateway', logger });
  await consumeGatewayEvents({ bus, revocations, streams });
  // Logouts from before this replica started.
  try {
    const { sessions } = await clients.identity.listRevokedSessions({});
    for (const s of sessions) revocations.revoke(s.sessionId, s.expiresAt ?? new Date(0));
  } catch (error) {
    logger.warn({ err: error }, 'identity not reachable; revoked sessions will arrive as events');
  }

  const app = createApp({
    config,
    clients,
    authenticator,
    revocations,
    limits: new RateLimits(redis, logger),
    idempotency: new Idempotency(
      redis ? new RedisIdempotencyEntries(redis) : new MemoryIdempotencyEntries(),
      logger,
    ),
    streams,
    logger,
    ...(reads ? { userWrote: (userId: string) => reads.userWrote(userId) } : {}),
    downstream: {
      identity: config.IDENTITY_ADDR,
      catalog: config.CATALOG_ADDR,
      billing: config.BILLING_ADDR,
      roadmap: config.ROADMAP_ADDR,
      'persona-inference': config.INFERENCE_ADDR,
    },
  });
  const server = app.listen(config.PORT, config.HOST);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  logger.info({ port }, 'gateway listening');

  return {
    port,
    async stop() {
      // Stop taking connections; requests already in flight finish first, and
      // event streams, which never finish by themselves, are ended.
      streams.closeAll();
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      reads?.stop();
      closeClients(clients);
      if (!deps.bus) await bus.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}
