import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { freePort, freePortRange } from './ports';

export { freePort };
import { startEmbeddedPostgres } from './postgres';

const root = path.resolve(__dirname, '../../..');

export interface SpawnedChorus {
  url: string;
  /** The process's id (benchmarks read its CPU time). */
  pid: number;
  /** A PostgreSQL server URL (its `postgres` database) the services' databases live on. */
  databaseServer: string;
  /** Service databases are `<prefix>_<service>`. */
  databasePrefix: string;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  env?: Record<string, string>;
  logFile?: string;
  /**
   * `embedded` (default): one process, as `npm start` runs it. `distributed`:
   * every service its own process, as `npm run start:distributed` runs it,
   * talking through the Kafka brokers given.
   */
  mode?: 'embedded' | 'distributed';
  /** Required for the distributed run: bootstrap servers (host:port list). */
  kafkaBrokers?: string;
}

/**
 * Runs the built system as its own process (or processes) on free ports with
 * fresh data: on the PostgreSQL at `TEST_DATABASE_URL` under a new database
 * prefix (dropped on stop) when set, otherwise on an embedded PostgreSQL in a
 * temporary folder. The distributed run also uses the Redis at
 * `TEST_REDIS_URL` when set. For browser tests and benchmarks.
 */
export async function spawnChorus(options: SpawnOptions = {}): Promise<SpawnedChorus> {
  const distributed = options.mode === 'distributed';
  if (distributed && !options.kafkaBrokers) {
    throw new Error('the distributed run needs kafkaBrokers');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chorus-run-'));
  // The embedded PostgreSQL runs as the postgres user, which must reach its folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const databasePrefix = `run_${randomBytes(4).toString('hex')}`;
  const testServer = process.env.TEST_DATABASE_URL;
  // The embedded launcher starts its own PostgreSQL; the distributed one is given a server.
  const ownPostgres =
    distributed && !testServer
      ? await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: pgPort })
      : undefined;
  const databaseServer =
    testServer ??
    ownPostgres?.url ??
    `postgres://postgres:chorus-dev-only@127.0.0.1:${pgPort}/postgres`;
  const redisUrl = process.env.TEST_REDIS_URL;

  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(
        root,
        distributed ? 'tools/launcher/dist/distributed.js' : 'tools/launcher/dist/embedded.js',
      ),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CHORUS_PG_PORT: String(pgPort),
        CHORUS_GRPC_PORT_BASE: String(await freePortRange(5)),
        CHORUS_DATA_DIR: dataDir,
        CHORUS_DATABASE_PREFIX: databasePrefix,
        ...(testServer || distributed ? { DATABASE_URL: databaseServer } : {}),
        ...(distributed && options.kafkaBrokers ? { KAFKA_BROKERS: options.kafkaBrokers } : {}),
        ...(distributed && redisUrl ? { REDIS_URL: redisUrl } : {}),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const log = options.logFile ? createWriteStream(options.logFile) : undefined;
  const lines: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`Chorus did not start:\n${lines.join('\n')}`)),
        120_000,
      );
      for (const stream of [child.stdout!, child.stderr!]) {
        createInterface({ input: stream }).on('line', (line) => {
          log?.write(`${line}\n`);
          if (lines.length < 200) lines.push(line);
          if (!distributed && line.includes('Chorus is running at')) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
      child.once('exit', (code) =>
        fail(new Error(`Chorus exited with ${code}:\n${lines.join('\n')}`)),
      );
      // The distributed launcher only starts processes; ready is when the gateway says so.
      if (distributed) {
        void untilReady(url, () => child.exitCode !== null).then(() => {
          clearTimeout(timer);
          resolve();
        });
      }
    });
  } catch (error) {
    await ownPostgres?.stop();
    throw error;
  }

  return {
    url,
    pid: child.pid!,
    databaseServer,
    databasePrefix,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      log?.end();
      if (testServer) await dropDatabases(testServer, databasePrefix);
      await ownPostgres?.stop();
    },
  };
}

/** Polls the gateway's /readyz until every service serves (or the process is gone). */
async function untilReady(url: string, gone: () => boolean): Promise<void> {
  while (!gone()) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function dropDatabases(server: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}\\_%`],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
