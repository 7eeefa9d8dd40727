import { readBillingConfig, startBilling } from '@chorus/billing';
import { readCatalogConfig, startCatalog } from '@chorus/catalog';
import { readGatewayConfig, startGateway } from '@chorus/gateway';
import { readIdentityConfig, startIdentity } from '@chorus/identity';
import { readInferenceConfig, startPersonaInference } from '@chorus/persona-inference';
import { readRoadmapConfig, startRoadmap } from '@chorus/roadmap';
import {
  createEventBus,
  type EventBus,
  generateTokenKeys,
  InProcessServices,
  PostgresEventBus,
  type Logger,
} from '@chorus/service-kit';
import { randomBytes } from 'node:crypto';

type Env = Record<string, string | undefined>;

interface Started {
  port: number;
  stop(): Promise<void>;
}

/**
 * The services of Chorus in start order (persona inference before the
 * roadmap service, which asks it for persona feedback). Each reads its configuration from
 * an environment record through its own schema — the same validation as
 * when it runs as its own process — and exposes its gRPC port.
 */
export const services: {
  name: string;
  /** Gateway variable that receives this service's address. */
  addressVariable: string;
  /** The service's own process entry, relative to the repository root (distributed run). */
  main: string;
  /**
   * Offset from the gRPC port base: identity 0, catalog 1, billing 2,
   * roadmap 3, persona-inference 4 (50051..50055 by default).
   */
  portOffset: number;
  start(
    env: Env,
    deps: { bus: EventBus; logger: Logger; inProcess?: InProcessServices },
  ): Promise<Started>;
}[] = [
  {
    name: 'identity',
    addressVariable: 'IDENTITY_ADDR',
    main: 'services/identity/dist/src/main.js',
    portOffset: 0,
    start: (env, deps) => startIdentity(readIdentityConfig(env), deps),
  },
  {
    name: 'catalog',
    addressVariable: 'CATALOG_ADDR',
    main: 'services/catalog/dist/src/main.js',
    portOffset: 1,
    start: (env, deps) => startCatalog(readCatalogConfig(env), deps),
  },
  {
    name: 'billing',
    addressVariable: 'BILLING_ADDR',
    main: 'services/billing/dist/src/main.js',
    portOffset: 2,
    start: (env, deps) => startBilling(readBillingConfig(env), deps),
  },
  {
    name: 'persona-inference',
    addressVariable: 'INFERENCE_ADDR',
    main: 'services/persona-inference/dist/main.js',
    portOffset: 4,
    start: (env, deps) => startPersonaInference(readInferenceConfig(env), deps),
  },
  {
    name: 'roadmap',
    addressVariable: 'ROADMAP_ADDR',
    main: 'services/roadmap/dist/src/main.js',
    portOffset: 3,
    start: (env, deps) => startRoadmap(readRoadmapConfig(env), deps),
  },
];

export const gatewayMain = 'services/gateway/dist/main.js';

interface ChorusOptions {
  /** URL of a PostgreSQL server; each service gets its own database on it. */
  databaseUrl: string;
  /** Database names are `${databasePrefix}_${service}`. */
  databasePrefix?: string;
  /** HTTP port of the gateway (0 picks a free one). */
  port: number;
  /** First gRPC port; services take consecutive ports. 0 picks free ports. */
  grpcPortBase: number;
  logger: Logger;
  kafkaBrokers?: string;
  redisUrl?: string;
  tokenKeys?: { privateKey: string; publicKey: string };
  /** Key for card data at rest (32 bytes, base64); a fresh one when absent (tests). */
  cardDataKey?: string;
  /** Anything else for every service (ADMIN_EMAIL, STRIPE_SECRET_KEY, ...). */
  env?: Env;
  /**
   * The gateway calls the services in this process directly (the gRPC
   * contract without HTTP/2 and protobuf; see InProcessServices) unless
   * false: then over their loopback gRPC ports, as the distributed run does.
   */
  inProcess?: boolean;
}

export interface RunningChorus {
  /** Where the app and the API answer, e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  grpcPorts: Record<string, number>;
  bus: EventBus;
  /** The key that verifies access tokens (for a second gateway replica, say). */
  tokenPublicKey: string;
  stop(): Promise<void>;
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Starts every service and the gateway in this process, each service on its
 * own loopback gRPC port, sharing one event bus: kept in PostgreSQL, or Kafka
 * when brokers are given. The gateway calls the services in process (see
 * `inProcess`). Stops in reverse order.
 */
export async function startChorus(options: ChorusOptions): Promise<RunningChorus> {
  const { logger } = options;
  const keys = options.tokenKeys ?? generateTokenKeys();
  const prefix = options.databasePrefix ?? 'chorus';
  // Without Kafka the events wait in PostgreSQL, not in memory, so a crash
  // loses none: every consumer resumes where it stopped.
  const bus = options.kafkaBrokers
    ? createEventBus({
        brokers: options.kafkaBrokers.split(','),
        clientId: 'chorus-embedded',
        logger: logger.child({ component: 'event-bus' }),
      })
    : await PostgresEventBus.open({
        url: databaseUrlFor(options.databaseUrl, `${prefix}_events`),
        logger: logger.child({ component: 'event-bus' }),
      });
  const common: Env = {
    ...options.env,
    KAFKA_BROKERS: options.kafkaBrokers ?? '',
    TOKEN_PRIVATE_KEY: keys.privateKey,
    TOKEN_PUBLIC_KEY: keys.publicKey,
    CARD_DATA_KEY:
      options.cardDataKey || options.env?.CARD_DATA_KEY || randomBytes(32).toString('base64'),
    GRPC_HOST: '127.0.0.1',
    DATABASE_CREATE: 'true',
  };

  // Each service also serves its handlers here, for the gateway in this process.
  const inProcess = options.inProcess === false ? undefined : new InProcessServices();
  const running: { name: string; started: Started }[] = [];
  const stopAll = async () => {
    // The shared bus stops delivering first (letting a handler under way
    // finish): otherwise it would hand events to services whose databases are
    // already closed. What it did not deliver waits in PostgreSQL (or Kafka),
    // and what the services publish meanwhile waits in their outboxes.
    await bus.close();
    for (const { name, started } of running.reverse()) {
      await started.stop().catch((error: unknown) => logger.error({ err: error, name }, 'stop'));
    }
  };
  try {
    const addresses: Env = {};
    for (const service of services) {
      const started = await service.start(
        {
          ...common,
          // The services started so far, for the ones that call others.
          ...addresses,
          GRPC_PORT: String(
            options.grpcPortBase === 0 ? 0 : options.grpcPortBase + service.portOffset,
          ),
          DATABASE_URL: databaseUrlFor(options.databaseUrl, `${prefix}_${service.name}`),
        },
        { bus, logger: logger.child({ service: service.name }), inProcess },
      );
      running.push({ name: service.name, started });
      addresses[service.addressVariable] = `127.0.0.1:${started.port}`;
    }
    const gateway = await startGateway(
      readGatewayConfig({
        ...common,
        ...addresses,
        PORT: String(options.port),
        HOST: options.env?.HOST ?? '0.0.0.0',
        REDIS_URL: options.redisUrl,
      }),
      { bus, logger: logger.child({ service: 'gateway' }), inProcess },
    );
    running.push({ name: 'gateway', started: gateway });
    return {
      url: `http://127.0.0.1:${gateway.port}`,
      port: gateway.port,
      grpcPorts: Object.fromEntries(running.map(({ name, started }) => [name, started.port])),
      bus,
      tokenPublicKey: keys.publicKey,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
