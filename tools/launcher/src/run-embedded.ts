import { createLogger, env, loadConfig } from '@chorus/service-kit';
import path from 'node:path';
import { z } from 'zod';
import { developmentCardDataKey, developmentTokenKeys } from './dev-keys';
import { type EmbeddedPostgresServer, startEmbeddedPostgres } from './postgres';
import { portIsFree } from './ports';
import {
  type ConfiguredPort,
  dataFolderNotWritable,
  portInUse,
  takenWhileStarting,
} from './startup-error';
import { services, startChorus } from './system';
import { webAppEnv } from './web';

const lastPortOffset = Math.max(...services.map((service) => service.portOffset));

const schema = z.object({
  PORT: env.port(8080),
  /** Where the embedded run keeps its database and development keys. */
  CHORUS_DATA_DIR: z.string().default('.data'),
  /** Port of the embedded PostgreSQL (not 5432, to stay clear of a local server). */
  CHORUS_PG_PORT: env.port(54329),
  /**
   * First of the services' consecutive gRPC ports. Unset (or 0): each binds a
   * free port the system gives, as the gateway is the only one calling them.
   */
  CHORUS_GRPC_PORT_BASE: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535 - lastPortOffset, `at most ${65_535 - lastPortOffset}, so every service has a port`)
    .default(0),
  /** Use this PostgreSQL server instead of the embedded one. */
  DATABASE_URL: z.url().optional(),
  /** Database names on that server are `<prefix>_<service>`. */
  CHORUS_DATABASE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and _')
    .default('chorus'),
  REDIS_URL: z.url().optional(),
  KAFKA_BROKERS: z.string().optional(),
  TOKEN_PRIVATE_KEY: z.string().optional(),
  TOKEN_PUBLIC_KEY: z.string().optional(),
  CARD_DATA_KEY: z.string().optional(),
  /**
   * The gateway calls the services in this process directly (default); false:
   * over their loopback gRPC ports, as between processes (for comparison).
   */
  CHORUS_IN_PROCESS_CALLS: env.flag(true),
  LOG_LEVEL: env.logLevel(),
});

/**
 * `npm start`: the whole of Chorus in one process on a fresh machine.
 * PostgreSQL is embedded unless DATABASE_URL is set; the event bus is in
 * memory unless KAFKA_BROKERS is set; rate limits are in memory unless
 * REDIS_URL is set.
 */
export async function main(): Promise<void> {
  const config = loadConfig('embedded', schema);
  const logger = createLogger(null, config.LOG_LEVEL, { pretty: process.stdout.isTTY });
  const dataDir = path.resolve(config.CHORUS_DATA_DIR);

  let postgres: EmbeddedPostgresServer | undefined;
  if (!config.DATABASE_URL) {
    const asked = path.join(dataDir, 'postgres');
    logger.info({ port: config.CHORUS_PG_PORT }, 'starting embedded PostgreSQL');
    postgres = await startEmbeddedPostgres({ dataDir: asked, port: config.CHORUS_PG_PORT });
    if (postgres.dataDir !== asked) {
      logger.warn(
        `the postgres OS user cannot enter ${asked}, so the database lives in ${postgres.dataDir}`,
      );
    }
    logger.info({ dataDir: postgres.dataDir }, 'embedded PostgreSQL is running');
  }
  // The development keys are the only other thing written to the data folder.
  const inDataFolder = <T>(write: Promise<T>) =>
    write.catch(() => {
      throw dataFolderNotWritable(dataDir);
    });
  const tokenKeys =
    config.TOKEN_PRIVATE_KEY && config.TOKEN_PUBLIC_KEY
      ? { privateKey: config.TOKEN_PRIVATE_KEY, publicKey: config.TOKEN_PUBLIC_KEY }
      : await inDataFolder(developmentTokenKeys(dataDir));

  const giveUp = async (error: unknown): Promise<never> => {
    await postgres?.stop();
    throw error;
  };
  const ports = configuredPorts(config);
  await portsFree(ports).catch(giveUp);
  const chorus = await startChorus({
    databaseUrl: config.DATABASE_URL ?? postgres!.url,
    databasePrefix: config.CHORUS_DATABASE_PREFIX,
    port: config.PORT,
    grpcPortBase: config.CHORUS_GRPC_PORT_BASE,
    logger,
    kafkaBrokers: config.KAFKA_BROKERS,
    redisUrl: config.REDIS_URL,
    tokenKeys,
    inProcess: config.CHORUS_IN_PROCESS_CALLS,
    cardDataKey: config.CARD_DATA_KEY || (await inDataFolder(developmentCardDataKey(dataDir))),
    // Links the services hand out (reset e-mails, the local checkout page)
    // point at this run's own port unless PUBLIC_URL says otherwise; the built
    // shell and microfrontends are served by the gateway on the same origin.
    env: {
      PUBLIC_URL: `http://localhost:${config.PORT}`,
      ...process.env,
      ...webAppEnv(path.resolve(__dirname, '../../..'), process.env),
    },
    // A port taken between the check and the bind gets the same sentence.
  }).catch((error: unknown) => giveUp(takenWhileStarting(error, ports)));
  logger.info(
    { grpcPorts: chorus.grpcPorts },
    `Chorus is running at http://localhost:${chorus.port} (Ctrl-C stops it)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'stopping Chorus');
    await chorus.stop();
    await postgres?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** A configured port and the host it is bound on (see startChorus). */
type PortToCheck = ConfiguredPort & { host: string };

/**
 * The ports this run was told to use, in the order the services bind them:
 * the gateway's, then each service's gRPC port when CHORUS_GRPC_PORT_BASE is
 * set (otherwise the system gives them at bind time and none can be taken).
 */
export function configuredPorts(config: { PORT: number; CHORUS_GRPC_PORT_BASE: number }) {
  const ports: PortToCheck[] = [];
  if (config.PORT !== 0) {
    ports.push({
      port: config.PORT,
      host: process.env.HOST ?? '0.0.0.0',
      what: 'the web app and API',
      variable: 'PORT',
    });
  }
  if (config.CHORUS_GRPC_PORT_BASE !== 0) {
    for (const { portOffset } of services) {
      ports.push({
        port: config.CHORUS_GRPC_PORT_BASE + portOffset,
        host: '127.0.0.1',
        what: "a service's gRPC server",
        variable: 'CHORUS_GRPC_PORT_BASE',
      });
    }
  }
  return ports;
}

/**
 * Checked before any service starts (and after PostgreSQL, which says first
 * when another Chorus runs on the same data folder): a taken port is then one
 * sentence naming the variable that moves it, not a bind error half-way
 * through the start.
 */
async function portsFree(ports: PortToCheck[]) {
  for (const { port, host, what, variable } of ports) {
    if (!(await portIsFree(port, host))) throw portInUse(port, what, variable);
  }
}
