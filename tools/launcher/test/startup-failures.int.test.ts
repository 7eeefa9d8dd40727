import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EmbeddedPostgresServer, startEmbeddedPostgres } from '../src/postgres';
import { freePort, freePortRange } from '../src/ports';

// The real entry of `npm start`, run from the sources.
const root = path.resolve(__dirname, '../../..');
const entry = [
  '-C',
  '@chorus/source',
  '-r',
  '@swc-node/register',
  'tools/launcher/src/embedded.ts',
];
const nobody = { uid: 65_534, gid: 65_534 };

jest.setTimeout(180_000);

let folder: string;
let ports: { PORT: number; CHORUS_PG_PORT: number; CHORUS_GRPC_PORT_BASE: number };

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-start-'));
  // Reachable by the postgres OS user, so a root run keeps its data here.
  await chmod(folder, 0o755);
  // The gRPC ports sit at fixed offsets from the base, so the base starts a run
  // of free ports outside the ephemeral range: a port handed to any outgoing
  // connection meanwhile cannot fall among them.
  const grpc = await freePortRange(5);
  ports = { PORT: await freePort(), CHORUS_PG_PORT: await freePort(), CHORUS_GRPC_PORT_BASE: grpc };
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Starts Chorus as `npm start` does; resolves with how it ended, or kills it once it runs. */
function start(
  env: Record<string, string | number>,
  as: { uid?: number; gid?: number } = {},
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, entry, {
    cwd: root,
    ...as,
    env: {
      ...process.env,
      HOME: tmpdir(),
      ...Object.fromEntries(Object.entries({ ...ports, ...env }).map(([k, v]) => [k, String(v)])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('Chorus is running at')) child.kill('SIGTERM');
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer().listen(port, '127.0.0.1', () => resolve(server));
  });
}

test('a taken PostgreSQL port is named with the variable that moves it', async () => {
  const holder = await listenOn(ports.CHORUS_PG_PORT);
  try {
    const ended = await start({ CHORUS_DATA_DIR: folder });
    expect(ended).toEqual({
      code: 1,
      stderr: `Port ${ports.CHORUS_PG_PORT} (the embedded PostgreSQL) is already in use: stop whatever holds it, or choose another port with CHORUS_PG_PORT.\n`,
    });
  } finally {
    holder.close();
  }
});

test('a taken web port is named with the variable that moves it', async () => {
  const holder = await listenOn(ports.PORT);
  try {
    const ended = await start({ CHORUS_DATA_DIR: folder });
    expect(ended).toEqual({
      code: 1,
      stderr: `Port ${ports.PORT} (the web app and API) is already in use: stop whatever holds it, or choose another port with PORT.\n`,
    });
  } finally {
    holder.close();
  }
});

test('a taken gRPC port is named with the variable that moves the gRPC ports', async () => {
  // The billing service's port, after two services have started.
  const taken = ports.CHORUS_GRPC_PORT_BASE + 2;
  const holder = await listenOn(taken);
  try {
    const ended = await start({ CHORUS_DATA_DIR: folder });
    expect(ended).toEqual({
      code: 1,
      stderr: `Port ${taken} (a service's gRPC server) is already in use: stop whatever holds it, or choose another port with CHORUS_GRPC_PORT_BASE.\n`,
    });
  } finally {
    holder.close();
  }
});

test('a second start on the same data folder says another Chorus is running there', async () => {
  const dataDir = path.join(folder, 'postgres');
  let first: EmbeddedPostgresServer | undefined;
  try {
    first = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    const ended = await start({ CHORUS_DATA_DIR: folder });
    expect(ended.code).toBe(1);
    expect(ended.stderr).toMatch(
      new RegExp(
        `^Another Chorus is already running on the data folder ${dataDir} \\(its PostgreSQL has PID \\d+\\): stop it first, or start this one on another folder with CHORUS_DATA_DIR\\.\\n$`,
      ),
    );
  } finally {
    await first?.stop();
  }
});

test('a data folder it cannot write is named with the variable that moves it', async () => {
  await chmod(folder, 0o555);
  // Root may write anywhere, so as root the start runs as an ordinary user.
  const ended = await start(
    { CHORUS_DATA_DIR: path.join(folder, 'data') },
    process.getuid?.() === 0 ? nobody : {},
  );
  expect(ended).toEqual({
    code: 1,
    stderr: `Chorus cannot write to its data folder ${path.join(folder, 'data', 'postgres')}: make it writable, or choose another folder with CHORUS_DATA_DIR.\n`,
  });
});
