#!/usr/bin/env node
// @ts-check
/**
 * `npm run build` (and so `npm start`, whose prestart it is): builds every
 * workspace that has a `build` script, skipping those whose build outputs are
 * already up to date.
 *
 * A workspace is up to date when the content of what its build reads is what
 * it was at its last successful build, and its outputs are still the ones that
 * build wrote. "What its build reads" is every file of the workspace (outside
 * node_modules, dist, test and docs), the same of every workspace package it
 * depends on (directly or not: a microfrontend compiles @chorus/contracts and
 * @chorus/platform from their sources), package-lock.json, .swcrc and the Node
 * version. The answer is a SHA-256 of the contents, never a timestamp, so a
 * checkout of another commit, a revert or a copied file are all seen. After a
 * successful build a stamp with that hash and the list of outputs (name, size,
 * time) goes to `<workspace>/node_modules/.cache/chorus-build.json`; a missing
 * or different stamp, or an output that was removed or rewritten since, means
 * the workspace is built again. A clean clone has no stamps: everything builds.
 *
 * Webpack keeps its own cache (see tools/webpack-config), so a microfrontend
 * whose one file changed recompiles that file, not the app.
 *
 * One build runs at a time in a checkout; another waits for it.
 *
 * Options: `--all` builds every workspace whatever its stamp says.
 * Environment: CHORUS_BUILD_JOBS, how many builds run at once (default: 2, or
 * 1 on a single core).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Folders and files that no build reads. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'test',
  'tests',
  'coverage',
  '.git',
  'test-results',
]);
const SKIPPED_FILES = /\.(md|tsbuildinfo)$/;
/** Files of the repository root that every build reads. */
const ROOT_INPUTS = ['package-lock.json', '.swcrc'];
/** Settings that change what a build writes. */
const BUILD_ENV = ['CHORUS_RELEASE', 'CHORUS_OUTPUT_DIR', 'NODE_ENV'];
const STAMP_VERSION = 1;

/**
 * @typedef {{ name: string, short: string, dir: string, build: string | undefined, deps: string[] }} Workspace
 * @typedef {{ version: number, inputs: string, outputs: Record<string, [number, number]> }} Stamp
 */

/** The workspaces of the root package.json, in its order ("packages/*", "mfe-*", "e2e"). */
function listWorkspaces() {
  const patterns = /** @type {string[]} */ (readJson(path.join(root, 'package.json')).workspaces);
  /** @type {Workspace[]} */
  const workspaces = [];
  for (const pattern of patterns) {
    const slash = pattern.lastIndexOf('/');
    const parent = slash < 0 ? '' : pattern.slice(0, slash);
    const leaf = pattern.slice(slash + 1);
    const names = leaf.includes('*')
      ? readdirSync(path.join(root, parent))
          .filter((name) => matches(leaf, name))
          .sort()
      : [leaf];
    for (const name of names) {
      const dir = path.join(root, parent, name);
      const manifest = path.join(dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = readJson(manifest);
      workspaces.push({
        name: pkg.name,
        short: String(pkg.name).replace(/^@chorus\//, ''),
        dir,
        build: pkg.scripts?.build,
        deps: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }),
      });
    }
  }
  return workspaces;
}

/** @param {string} pattern a name with `*` wildcards @param {string} name */
function matches(pattern, name) {
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
  return regex.test(name);
}

/** @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** @param {string} file */
function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** SHA-256 of a workspace's own files: their paths and contents, in a fixed order. */
function hashOwnFiles(/** @type {string} */ dir) {
  const hash = createHash('sha256');
  /** @param {string} at */
  const walk = (at) => {
    const entries = readdirSync(at, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) {
        hash.update(`${path.relative(dir, full)}\0`);
        hash.update(readFileSync(full));
        hash.update('\0');
      }
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * The hash of everything a workspace's build reads.
 * @param {Workspace} workspace
 * @param {Map<string, Workspace>} byName
 * @param {Map<string, string>} ownHashes
 * @param {string} rootHash
 */
function inputsHash(workspace, byName, ownHashes, rootHash) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {Workspace} ws */
  const visit = (ws) => {
    if (seen.has(ws.name)) return;
    seen.add(ws.name);
    for (const dep of ws.deps) {
      const found = byName.get(dep);
      if (found) visit(found);
    }
  };
  visit(workspace);
  const hash = createHash('sha256').update(rootHash);
  for (const name of [...seen].sort()) {
    const ws = /** @type {Workspace} */ (byName.get(name));
    let own = ownHashes.get(ws.dir);
    if (own === undefined) {
      own = hashOwnFiles(ws.dir);
      ownHashes.set(ws.dir, own);
    }
    hash.update(`${name}\0${own}\0`);
  }
  return hash.digest('hex');
}

function hashRootInputs() {
  const hash = createHash('sha256').update(
    `stamp ${STAMP_VERSION}\0node ${process.versions.node}\0`,
  );
  for (const file of ROOT_INPUTS) {
    const full = path.join(root, file);
    hash.update(`${file}\0`);
    if (existsSync(full)) hash.update(readFileSync(full));
    hash.update('\0');
  }
  for (const name of BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

/** Every file under the workspace's dist: relative name -> [size, modification time]. */
function listOutputs(/** @type {string} */ dir) {
  /** @type {Record<string, [number, number]>} */
  const outputs = {};
  const dist = path.join(dir, 'dist');
  if (!existsSync(dist)) return outputs;
  /** @param {string} at */
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const { size, mtimeMs } = statSync(full);
        outputs[path.relative(dist, full)] = [size, Math.round(mtimeMs)];
      }
    }
  };
  walk(dist);
  return outputs;
}

const stampFile = (/** @type {string} */ dir) =>
  path.join(dir, 'node_modules/.cache/chorus-build.json');

/** @returns {Stamp | undefined} */
function readStamp(/** @type {string} */ dir) {
  try {
    const stamp = readJson(stampFile(dir));
    return stamp?.version === STAMP_VERSION ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** @param {Stamp | undefined} stamp @param {string} inputs @param {string} dir */
function upToDate(stamp, inputs, dir) {
  if (!stamp || stamp.inputs !== inputs) return false;
  const outputs = listOutputs(dir);
  const names = Object.keys(stamp.outputs);
  if (names.length === 0 || names.length !== Object.keys(outputs).length) return false;
  return names.every((name) => {
    const now = outputs[name];
    const then = stamp.outputs[name];
    return now !== undefined && now[0] === then[0] && now[1] === then[1];
  });
}

/** @param {number} ms */
function seconds(ms) {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/**
 * Runs a workspace's build script through npm, its output kept and shown
 * when the build ends (builds that run side by side do not interleave).
 * @param {Workspace} workspace
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
function runBuild(workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent', `--workspace=${workspace.name}`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ ok: false, output: String(error) }));
    child.on('close', (code) =>
      resolve({ ok: code === 0, output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

/** @param {string} line */
const say = (line) => process.stdout.write(`${line}\n`);

/** @param {string} text @param {string} name */
function indent(text, name) {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => `  ${name} | ${line}`)
    .join('\n');
}

const lockFile = path.join(root, 'node_modules/.cache/chorus-build.lock');

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * One build at a time in a checkout: two would write the same dist folders.
 * A second `npm start` or `npm run build` waits for the first, then finds
 * most of its work done. A lock left by a process that is gone is taken over.
 */
async function takeLock() {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  let waitingFor = 0;
  let unreadable = 0;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    /** @type {number} */
    let holder;
    try {
      holder = Number(readFileSync(lockFile, 'utf8'));
    } catch {
      continue; // released in between
    }
    // Just created and not written yet; after a few tries, a leftover.
    const stale = Number.isInteger(holder) && holder > 0 ? !alive(holder) : ++unreadable > 10;
    if (stale) {
      rmSync(lockFile, { force: true });
      continue;
    }
    if (waitingFor !== holder && Number.isInteger(holder)) {
      waitingFor = holder;
      say(`Waiting for another build in this checkout (process ${holder}) to finish…`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const release = () => {
    try {
      if (readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      release();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}

async function main() {
  const started = Date.now();
  await takeLock();
  const all = process.argv.includes('--all') || Boolean(process.env.CHORUS_OUTPUT_DIR);
  const workspaces = listWorkspaces();
  const byName = new Map(workspaces.map((ws) => [ws.name, ws]));
  const rootHash = hashRootInputs();
  /** @type {Map<string, string>} */
  const ownHashes = new Map();

  /** @type {{ workspace: Workspace, inputs: string }[]} */
  const stale = [];
  /** @type {string[]} */
  const fresh = [];
  for (const workspace of workspaces) {
    if (!workspace.build) continue;
    const inputs = inputsHash(workspace, byName, ownHashes, rootHash);
    if (!all && upToDate(readStamp(workspace.dir), inputs, workspace.dir))
      fresh.push(workspace.short);
    else stale.push({ workspace, inputs });
  }

  if (fresh.length > 0) say(`Up to date: ${fresh.join(', ')}.`);
  if (stale.length === 0) {
    say(`Nothing to build (checked in ${seconds(Date.now() - started)}).`);
    return;
  }
  say(
    `${stale.length} of ${stale.length + fresh.length} to build: ${stale.map((s) => s.workspace.short).join(', ')}.`,
  );

  const jobs = Math.max(
    1,
    Number(process.env.CHORUS_BUILD_JOBS) || Math.min(2, availableParallelism()),
  );
  let next = 0;
  let done = 0;
  /** @type {string[]} */
  const failed = [];

  const worker = async () => {
    while (next < stale.length && failed.length === 0) {
      const index = next++;
      const { workspace, inputs } = stale[index];
      say(`Building ${index + 1} of ${stale.length}: ${workspace.short}…`);
      const buildStarted = Date.now();
      // A build that stops half way must not look finished next time.
      rmSync(stampFile(workspace.dir), { force: true });
      const { ok, output } = await runBuild(workspace);
      done++;
      if (!ok) {
        failed.push(workspace.short);
        say(`Could not build ${workspace.short} (npm run build -w ${workspace.name}):`);
        if (output.trim()) say(indent(output, workspace.short));
        continue;
      }
      if (output.trim()) say(indent(output, workspace.short));
      mkdirSync(path.dirname(stampFile(workspace.dir)), { recursive: true });
      /** @type {Stamp} */
      const stamp = { version: STAMP_VERSION, inputs, outputs: listOutputs(workspace.dir) };
      writeFileSync(stampFile(workspace.dir), `${JSON.stringify(stamp)}\n`);
      say(
        `Built ${workspace.short} in ${seconds(Date.now() - buildStarted)} (${done} of ${stale.length} done).`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, stale.length) }, worker));

  if (failed.length > 0) {
    say(
      `The build stopped: ${failed.join(', ')} did not build. Fix the error above and run it again.`,
    );
    process.exitCode = 1;
    return;
  }
  say(`Built ${stale.length} in ${seconds(Date.now() - started)}.`);
}

main().catch((error) => {
  process.stderr.write(
    `The build could not run: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exitCode = 1;
});
