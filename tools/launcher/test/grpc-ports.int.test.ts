import { createLogger } from '@chorus/service-kit';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { freePortRange } from '../src/ports';
import { configuredPorts } from '../src/run-embedded';
import { freePort } from '../src/spawn';
import { StartupError, takenWhileStarting } from '../src/startup-error';
import { startChorus } from '../src/system';

// The real entry of `npm start`, run from the sources.
const root = path.resolve(__dirname, '../../..');
const entry = [
  '-C',
  '@chorus/source',
  '-r',
  '@swc-node/register',
  'tools/launcher/src/embedded.ts',
];
/** The ports the services' gRPC servers had before they took free ones. */
const formerDefaults = [50_051, 50_052, 50_053, 50_054, 50_055];

jest.setTimeout(180_000);

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-grpc-'));
  // Reachable by the postgres OS user, so a root run keeps its data here.
  await chmod(folder, 0o755);
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The gRPC ports the running message reported, when it ran. */
  grpcPorts?: Record<string, number>;
  /** The status /readyz answered once every service served, when it ran. */
  ready?: number;
}

/**
 * Starts Chorus as `npm start` does, on free HTTP and PostgreSQL ports and a
 * fresh data folder; once it runs, waits until /readyz answers 200 (every
 * gRPC server serving) and stops it. Resolves with how it ended.
 */
async function start(env: Record<string, string>): Promise<Ended> {
  const port = await freePort();
  // The embedded run's own PostgreSQL and in-memory parts, as on a user's
  // machine, and the gRPC port base only when the test gives one.
  const {
    DATABASE_URL: _database,
    KAFKA_BROKERS: _kafka,
    REDIS_URL: _redis,
    CHORUS_GRPC_PORT_BASE: _grpc,
    ...inherited
  } = process.env;
  const childEnv: NodeJS.ProcessEnv = {
    ...inherited,
    HOME: tmpdir(),
    HOST: '127.0.0.1',
    PORT: String(port),
    CHORUS_PG_PORT: String(await freePort()),
    CHORUS_DATA_DIR: folder,
    ...env,
  };

  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ended: Ended = { code: null, stdout: '', stderr: '' };
  child.stderr.on('data', (chunk: Buffer) => (ended.stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    ended.stdout += `${line}\n`;
    if (!line.includes('Chorus is running at')) return;
    ended.grpcPorts = (JSON.parse(line) as { grpcPorts: Record<string, number> }).grpcPorts;
    void untilReady(`http://127.0.0.1:${port}`, () => child.exitCode !== null).then((status) => {
      ended.ready = status;
      child.kill('SIGTERM');
    });
  });
  ended.code = await new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  return ended;
}

/** Asks /readyz again while it is not 200 and the process lives; its last status. */
async function untilReady(url: string, gone: () => boolean): Promise<number | undefined> {
  let status: number | undefined;
  while (!gone()) {
    status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => undefined,
    );
    if (status === 200) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return status;
}

/** Listens on the port on every address, as another program would. */
function holdPort(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}

/** Holds the port, or leaves it to whatever holds it already: either way it is taken. */
function keepTaken(port: number): Promise<Server | undefined> {
  return holdPort(port).catch(() => undefined);
}

function release(servers: (Server | undefined)[]): Promise<unknown> {
  return Promise.all(
    servers.map((server) => server && new Promise((resolve) => server.close(resolve))),
  );
}

test('a taken port of CHORUS_GRPC_PORT_BASE stops the start before anything serves, in one sentence', async () => {
  const base = await freePortRange(5);
  // The roadmap service's port: the last service to start.
  const taken = base + 3;
  const holder = await holdPort(taken);
  try {
    const ended = await start({ CHORUS_GRPC_PORT_BASE: String(base) });
    expect({ code: ended.code, stderr: ended.stderr }).toEqual({
      code: 1,
      stderr: `Port ${taken} (a service's gRPC server) is already in use: stop whatever holds it, or choose another port with CHORUS_GRPC_PORT_BASE.\n`,
    });
    // No service bound a port, and no stack reached either stream.
    expect(ended.stdout).not.toContain('gRPC server listening');
    expect(ended.stdout + ended.stderr).not.toContain('bindPort');
    expect(ended.stdout + ended.stderr).not.toMatch(/^\s+at /m);
  } finally {
    await release([holder]);
  }
});

test('without CHORUS_GRPC_PORT_BASE the services take free ports, so taken former defaults do not matter', async () => {
  const holders = await Promise.all(formerDefaults.map(keepTaken));
  try {
    const ended = await start({});
    expect({ code: ended.code, stderr: ended.stderr, ready: ended.ready }).toEqual({
      code: 0,
      stderr: '',
      ready: 200,
    });
    const ports = Object.entries(ended.grpcPorts ?? {})
      .filter(([name]) => name !== 'gateway')
      .map(([, port]) => port);
    expect(ports).toHaveLength(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) {
      expect(port).toBeGreaterThan(0);
      expect(formerDefaults).not.toContain(port);
    }
  } finally {
    await release(holders);
  }
});

test('a gRPC port taken after the check is named in the same sentence as a taken one found by it', async () => {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DATABASE_URL is not set; run through jest (global setup)');
  const base = await freePortRange(5);
  // The billing service's port, taken while identity and catalog have started.
  const taken = base + 2;
  const holder = await holdPort(taken);
  const prefix = `grpc_${randomBytes(4).toString('hex')}`;
  // grpc-js reports a failed bind on the console as well as to the caller.
  const console = jest.spyOn(global.console, 'error').mockImplementation(() => undefined);
  try {
    const failure = await startChorus({
      databaseUrl: server,
      databasePrefix: prefix,
      port: 0,
      grpcPortBase: base,
      logger: createLogger(null, 'silent'),
      env: { HOST: '127.0.0.1' },
    }).then(
      async (chorus) => {
        await chorus.stop();
        return undefined;
      },
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'EADDRINUSE', syscall: 'listen', port: taken });
    const sentence = takenWhileStarting(
      failure,
      configuredPorts({ PORT: 0, CHORUS_GRPC_PORT_BASE: base }),
    );
    expect(sentence).toBeInstanceOf(StartupError);
    expect((sentence as StartupError).message).toBe(
      `Port ${taken} (a service's gRPC server) is already in use: stop whatever holds it, or choose another port with CHORUS_GRPC_PORT_BASE.`,
    );
  } finally {
    console.mockRestore();
    await release([holder]);
    await dropDatabases(server, prefix);
  }
});

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
