import { createLogger, env, loadConfig } from '@chorus/service-kit';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { developmentCardDataKey, developmentTokenKeys } from './dev-keys';
import { databaseUrlFor, gatewayMain, services } from './system';
import { webAppEnv } from './web';

const schema = z.object({
  PORT: env.port(8080),
  /** PostgreSQL server; each service gets the database chorus_<service> on it. */
  DATABASE_URL: z.url(),
  KAFKA_BROKERS: z.string().min(1, 'required: the distributed run talks through Kafka'),
  REDIS_URL: z.url().optional(),
  CHORUS_GRPC_PORT_BASE: env.port(50051),
  CHORUS_DATA_DIR: z.string().default('.data'),
  /** Database names on that server are `<prefix>_<service>`. */
  CHORUS_DATABASE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and _')
    .default('chorus'),
  TOKEN_PRIVATE_KEY: z.string().optional(),
  TOKEN_PUBLIC_KEY: z.string().optional(),
  CARD_DATA_KEY: z.string().optional(),
});

const root = path.resolve(__dirname, '../../..');

/**
 * `npm run start:distributed`: the gateway and every service as separate
 * processes, talking gRPC over loopback and events over Kafka, with the
 * PostgreSQL and Redis from the environment — the shape of a deployment on
 * one machine. Output lines are prefixed with the process name.
 */
async function main(): Promise<void> {
  const config = loadConfig('distributed', schema);
  const logger = createLogger('launcher');
  const keys =
    config.TOKEN_PRIVATE_KEY && config.TOKEN_PUBLIC_KEY
      ? { privateKey: config.TOKEN_PRIVATE_KEY, publicKey: config.TOKEN_PUBLIC_KEY }
      : await developmentTokenKeys(path.resolve(config.CHORUS_DATA_DIR));
  const children: { name: string; process: ChildProcess }[] = [];
  const addresses: Record<string, string> = {};
  const common = {
    ...process.env,
    KAFKA_BROKERS: config.KAFKA_BROKERS,
    TOKEN_PRIVATE_KEY: keys.privateKey,
    TOKEN_PUBLIC_KEY: keys.publicKey,
    CARD_DATA_KEY:
      config.CARD_DATA_KEY || (await developmentCardDataKey(path.resolve(config.CHORUS_DATA_DIR))),
    DATABASE_CREATE: 'true',
  };

  const run = (name: string, entry: string, environment: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, [path.join(root, entry)], {
      env: { ...environment, OTEL_SERVICE_NAME: name },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) =>
        process.stdout.write(`[${name}] ${line}\n`),
      );
    }
    child.on('exit', (code, signal) => {
      logger.info({ name, code, signal }, 'process exited');
      if (!stopping) void stop(1);
    });
    children.push({ name, process: child });
  };

  for (const service of services) {
    addresses[service.addressVariable] =
      `127.0.0.1:${config.CHORUS_GRPC_PORT_BASE + service.portOffset}`;
  }
  services.forEach((service) => {
    const port = config.CHORUS_GRPC_PORT_BASE + service.portOffset;
    run(service.name, service.main, {
      ...common,
      // Every service's address, for the ones that call others (roadmap -> inference).
      ...addresses,
      GRPC_PORT: String(port),
      DATABASE_URL: databaseUrlFor(
        config.DATABASE_URL,
        `${config.CHORUS_DATABASE_PREFIX}_${service.name}`,
      ),
      // Persona inference shares its answer cache there, as its replicas do on
      // Kubernetes; the catalog sets read versions there for the gateway's read cache.
      ...(config.REDIS_URL && ['persona-inference', 'catalog'].includes(service.name)
        ? { REDIS_URL: config.REDIS_URL }
        : {}),
    });
  });
  run('gateway', gatewayMain, {
    ...common,
    ...addresses,
    ...webAppEnv(root, process.env),
    PORT: String(config.PORT),
    ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL } : {}),
  });
  logger.info({ port: config.PORT }, `Chorus (distributed) at http://localhost:${config.PORT}`);

  let stopping = false;
  async function stop(code: number) {
    stopping = true;
    // Gateway first so no new work arrives, then the services; each finishes
    // its in-flight calls on SIGTERM.
    for (const { process: child } of [...children].reverse()) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    process.exit(code);
  }
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
