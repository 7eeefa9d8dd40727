// How long `npm start` takes until /readyz answers, as a newcomer and a
// developer live it. The committed HEAD is cloned into a temporary folder and
// installed once (`npm ci`, timed apart: it is not part of a start). Then,
// each three times, on free ports with a temporary data folder:
// - first start: as on a fresh clone, with no build output and no build
//   cache (every workspace's dist and node_modules/.cache removed before);
// - unchanged restart: `npm start` again, nothing changed, on the data folder
//   the first start made (as a developer restarts);
// - one-line change: a line added to one file of one microfrontend
//   (mfe-products), then `npm start`.
// Reported: the median of each, and which workspaces the last start rebuilt.
// Every process started (npm, the launcher, its embedded PostgreSQL) is
// stopped, and the clone removed. The clone uses the machine's npm cache.
// Run: npm run bench -- start   (BENCH_START_ROUNDS=1 for a quick look;
// BENCH_START_REF=<commit> to measure another commit than HEAD)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, freePortRange } from '@chorus/launcher/ports';
import { type BenchRow, median } from './lib/report';

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
const REF = process.env.BENCH_START_REF ?? 'HEAD';
const root = path.resolve(__dirname, '..');
/** The file the one-line change goes to: one microfrontend's page. */
const CHANGED_FILE = 'mfe-products/src/index.ts';
const START_TIMEOUT_MS = 10 * 60_000;

interface Start {
  seconds: number;
  /** The workspaces this start built ("" when nothing was stale). */
  built: string;
}

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Every folder a build writes or caches in: the state of a fresh clone. */
function removeBuildOutputs(clone: string): void {
  const workspaceDirs = ['proto', 'load', 'shell', 'e2e', 'bench'];
  for (const parent of ['packages', 'services', 'tools']) {
    for (const name of readdirSync(path.join(clone, parent)))
      workspaceDirs.push(`${parent}/${name}`);
  }
  for (const name of readdirSync(clone)) if (name.startsWith('mfe-')) workspaceDirs.push(name);
  for (const dir of workspaceDirs) {
    rmSync(path.join(clone, dir, 'dist'), { recursive: true, force: true });
    rmSync(path.join(clone, dir, 'node_modules/.cache'), { recursive: true, force: true });
  }
  rmSync(path.join(clone, 'node_modules/.cache'), { recursive: true, force: true });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the whole process group `npm start` leads (npm, the launcher, PostgreSQL). */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (groupAlive(pid)) process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (groupAlive(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
}

/** A new data folder; the embedded PostgreSQL runs as the postgres user when started as root. */
function newDataDir(parent: string): string {
  const dataDir = mkdtempSync(path.join(parent, 'data-'));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/** `npm start` in the clone; resolves when /readyz answers 200, with the time it took. */
async function start(clone: string, dataDir: string): Promise<Start> {
  const port = await freePort();
  const began = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CHORUS_PG_PORT: String(await freePort()),
      CHORUS_GRPC_PORT_BASE: String(await freePortRange(5)),
      CHORUS_DATA_DIR: dataDir,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output.slice(-4000)}`);
      if (Date.now() - began > START_TIMEOUT_MS) {
        throw new Error(`/readyz did not answer in 10 minutes:\n${output.slice(-4000)}`);
      }
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - began) / 1000;
    const built = /\d+ of \d+ to build: (.*)\./.exec(output)?.[1] ?? '';
    return { seconds, built };
  } finally {
    await stopGroup(child);
  }
}

async function rounds(
  label: string,
  before: (round: number) => string,
  clone: string,
): Promise<Start[]> {
  const starts: Start[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const dataDir = before(round);
    const result = await start(clone, dataDir);
    process.stderr.write(
      `start: ${label} ${round}: ${result.seconds.toFixed(1)} s, built: ${result.built || 'nothing'}\n`,
    );
    starts.push(result);
  }
  return starts;
}

export async function measure(): Promise<BenchRow[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'chorus-start-'));
  chmodSync(work, 0o755);
  const clone = path.join(work, 'chorus');
  const head = execFileSync('git', ['rev-parse', '--short', REF], { cwd: root }).toString().trim();
  const load = loadavg()[0]!.toFixed(1);
  try {
    run('git', ['clone', '--quiet', '--no-hardlinks', root, clone], root);
    run('git', ['checkout', '--quiet', head], clone);
    const installBegan = Date.now();
    run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], clone);
    const install = (Date.now() - installBegan) / 1000;

    // Each first start on a new data folder, as a fresh clone has; restarts keep the last one.
    let dataDir = '';
    const first = await rounds(
      'first start',
      () => {
        removeBuildOutputs(clone);
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        dataDir = newDataDir(work);
        return dataDir;
      },
      clone,
    );
    const unchanged = await rounds('unchanged restart', () => dataDir, clone);
    const changed = await rounds(
      'one-line change',
      (round) => {
        appendFileSync(path.join(clone, CHANGED_FILE), `// bench edit ${round}\n`);
        return dataDir;
      },
      clone,
    );
    const seconds = (starts: Start[]) => median(starts.map((s) => s.seconds));
    const note = `HEAD ${head}, median of ${ROUNDS}, load average ${load} at the start`;
    return [
      {
        area: 'start',
        metric: 'npm ci of a fresh clone (not part of the start)',
        value: install,
        unit: 's',
        note: `once, npm cache warm; ${note}`,
      },
      {
        area: 'start',
        metric: 'first start of a fresh clone, to /readyz',
        value: seconds(first),
        unit: 's',
        budget: '< 240 s',
        withinBudget: seconds(first) < 240,
        note: `no dist, no build cache; ${note}`,
      },
      {
        area: 'start',
        metric: 'unchanged restart, to /readyz',
        value: seconds(unchanged),
        unit: 's',
        budget: '≤ 15 s',
        withinBudget: seconds(unchanged) <= 15,
        note: `built: ${unchanged.at(-1)?.built || 'nothing'}; ${note}`,
      },
      {
        area: 'start',
        metric: 'restart after a one-line change in one microfrontend, to /readyz',
        value: seconds(changed),
        unit: 's',
        note: `a line added to ${CHANGED_FILE}; built: ${changed.at(-1)?.built || 'nothing'}; ${note}`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
