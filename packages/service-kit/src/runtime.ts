import { createEventBus } from './bus-factory';
import { type Knex, type Migration, openDatabase } from './database';
import type { EventBus } from './event-bus';
import type { ServiceDefinition } from '@grpc/grpc-js';
import { type AsyncServiceImplementation, implement, startGrpcServer } from './grpc';
import type { InProcessServices } from './in-process';
import { createLogger, type Logger } from './logger';
import { OutboxRelay } from './outbox';

/** The settings every service with its own database reads (see `env` in config.ts). */
export interface ServiceRuntimeConfig {
  GRPC_HOST: string;
  GRPC_PORT: number;
  DATABASE_URL: string;
  DATABASE_CREATE: boolean;
  KAFKA_BROKERS: string[];
  LOG_LEVEL: string;
}

/** What a caller may hand a service instead of letting it make its own (the embedded run shares both). */
export interface SharedInfrastructure {
  bus?: EventBus;
  logger?: Logger;
  /** Where a service also offers its handlers to callers in the same process (the embedded run). */
  inProcess?: InProcessServices;
}

export interface RunningService {
  port: number;
  stop(): Promise<void>;
}

/**
 * The parts every stateful service is wired from — logger, event bus,
 * database with its migrations, outbox relay — and the one order in which
 * they stop: the gRPC server first (in-flight calls finish), then the
 * service's own workers, the relay, the bus it made and the database.
 */
export class ServiceRuntime {
  private constructor(
    readonly logger: Logger,
    readonly bus: EventBus,
    readonly db: Knex,
    readonly relay: OutboxRelay,
    private readonly ownsBus: boolean,
    private readonly inProcess?: InProcessServices,
  ) {}

  static async open(
    name: string,
    config: ServiceRuntimeConfig,
    migrations: Migration[],
    shared: SharedInfrastructure = {},
  ): Promise<ServiceRuntime> {
    const logger = shared.logger ?? createLogger(name, config.LOG_LEVEL);
    const bus =
      shared.bus ?? createEventBus({ brokers: config.KAFKA_BROKERS, clientId: name, logger });
    const db = await openDatabase({
      url: config.DATABASE_URL,
      migrations,
      logger,
      create: config.DATABASE_CREATE,
    });
    return new ServiceRuntime(
      logger,
      bus,
      db,
      new OutboxRelay({ db, bus, logger }),
      !shared.bus,
      shared.inProcess,
    );
  }

  /**
   * Starts the outbox relay and serves the handlers over gRPC (with the
   * health service), and in process when the runtime was given where. `stopFirst` stops what the service started itself
   * (timers, providers) once no call is in flight any more, or at once when
   * the gRPC server cannot bind (the runtime is then closed too).
   */
  async serve<D extends ServiceDefinition>(
    config: Pick<ServiceRuntimeConfig, 'GRPC_HOST' | 'GRPC_PORT'>,
    definition: D,
    handlers: AsyncServiceImplementation<D>,
    stopFirst?: () => Promise<void>,
  ): Promise<RunningService> {
    this.relay.start();
    const server = await startGrpcServer({
      host: config.GRPC_HOST,
      port: config.GRPC_PORT,
      logger: this.logger,
      services: [{ definition, implementation: implement(definition, handlers, this.logger) }],
    }).catch(async (error: unknown) => {
      // Nothing serves (a taken port, say): what the service and this runtime
      // started stops again, and the caller gets the bind error itself.
      await stopFirst?.().catch((stopError: unknown) =>
        this.logger.error({ err: stopError }, 'stopping after a failed start'),
      );
      await this.close().catch((closeError: unknown) =>
        this.logger.error({ err: closeError }, 'closing after a failed start'),
      );
      throw error;
    });
    // Served over gRPC, and to callers in this process without the network.
    const local = this.inProcess?.serve(definition, handlers, this.logger);
    return {
      port: server.port,
      stop: async () => {
        await local?.withdraw();
        await server.shutdown();
        await stopFirst?.();
        await this.close();
      },
    };
  }

  /** Releases the relay, the bus this runtime made and the database. */
  async close(): Promise<void> {
    await this.relay.stop();
    if (this.ownsBus) await this.bus.close();
    await this.db.destroy();
  }
}
