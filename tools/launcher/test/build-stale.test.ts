import { execFile } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The build that `npm start` runs first (scripts/build.mjs), on a small
// monorepo of its own: a shared package, an app that depends on it, and a
// service that does not. Each build script appends to a log, so the test sees
// which builds ran.

// Each build starts npm once per workspace: seconds, on a busy machine more.
jest.setTimeout(120_000);

const run = promisify(execFile);
const script = path.resolve(__dirname, '../scripts/build.mjs');
let repo: string;

/** A build that writes dist/out.txt from src and notes that it ran. */
const buildScript = (name: string) =>
  `node -e "const fs=require('fs');fs.rmSync('dist',{recursive:true,force:true});fs.mkdirSync('dist');fs.writeFileSync('dist/out.txt',fs.readFileSync('src/index.txt'));fs.appendFileSync(process.env.BUILD_LOG,'${name}\\n')"`;

function workspace(dir: string, name: string, deps: Record<string, string>, build?: string) {
  mkdirSync(path.join(repo, dir, 'src'), { recursive: true });
  writeFileSync(
    path.join(repo, dir, 'package.json'),
    JSON.stringify({
      name,
      version: '0.0.0',
      dependencies: deps,
      ...(build ? { scripts: { build } } : {}),
    }),
  );
  writeFileSync(path.join(repo, dir, 'src/index.txt'), `${name} 1\n`);
}

async function build(...args: string[]): Promise<{ output: string; built: string[] }> {
  rmSync(path.join(repo, 'build.log'), { force: true });
  const { stdout } = await run(
    process.execPath,
    [path.join(repo, 'tools/launcher/scripts/build.mjs'), ...args],
    {
      cwd: repo,
      env: { ...process.env, BUILD_LOG: path.join(repo, 'build.log') },
    },
  );
  let log = '';
  try {
    log = readFileSync(path.join(repo, 'build.log'), 'utf8');
  } catch {
    // Nothing built.
  }
  return { output: stdout, built: log.split('\n').filter(Boolean).sort() };
}

beforeEach(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'chorus-build-'));
  chmodSync(repo, 0o755);
  writeFileSync(
    path.join(repo, 'package.json'),
    JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*', 'app-*', 'tools/*'] }),
  );
  writeFileSync(path.join(repo, 'package-lock.json'), '{"lockfileVersion":3}\n');
  mkdirSync(path.join(repo, 'tools/launcher/scripts'), { recursive: true });
  copyFileSync(script, path.join(repo, 'tools/launcher/scripts/build.mjs'));
  writeFileSync(
    path.join(repo, 'tools/launcher/package.json'),
    JSON.stringify({ name: '@chorus/launcher', version: '0.0.0' }),
  );
  workspace('packages/shared', '@chorus/shared', {}, buildScript('shared'));
  workspace('packages/styles', '@chorus/styles', {});
  workspace(
    'app-web',
    '@chorus/app-web',
    { '@chorus/shared': '*', '@chorus/styles': '*' },
    buildScript('app-web'),
  );
  workspace('packages/service', '@chorus/service', {}, buildScript('service'));
});

afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
});

describe('the build before a start', () => {
  it('builds everything on a fresh clone, then nothing while nothing changes', async () => {
    const first = await build();
    expect(first.built).toEqual(['app-web', 'service', 'shared']);
    expect(first.output).toContain('Building 1 of 3: ');
    expect(first.output).toMatch(/Built \d+ in /);
    expect(readFileSync(path.join(repo, 'app-web/dist/out.txt'), 'utf8')).toBe(
      '@chorus/app-web 1\n',
    );

    const again = await build();
    expect(again.built).toEqual([]);
    expect(again.output).toContain('Up to date: service, shared, app-web.');
    expect(again.output).toContain('Nothing to build');
  });

  it('rebuilds only the workspace whose file changed', async () => {
    await build();
    appendFileSync(path.join(repo, 'packages/service/src/index.txt'), 'one more line\n');
    const { built, output } = await build();
    expect(built).toEqual(['service']);
    expect(output).toContain('Up to date: shared, app-web.');
    expect(output).toContain('Building 1 of 1: service…');
  });

  it('rebuilds an app when a package it depends on changes, even one without a build', async () => {
    await build();
    appendFileSync(path.join(repo, 'packages/styles/src/index.txt'), '.button { color: red }\n');
    expect((await build()).built).toEqual(['app-web']);
    appendFileSync(path.join(repo, 'packages/shared/src/index.txt'), 'changed\n');
    expect((await build()).built).toEqual(['app-web', 'shared']);
  });

  it('decides on content, not timestamps: a change undone is up to date', async () => {
    await build();
    const file = path.join(repo, 'packages/service/src/index.txt');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, 'edited\n');
    writeFileSync(file, original);
    expect((await build()).built).toEqual([]);
  });

  it('rebuilds a workspace whose output was removed or rewritten since its build', async () => {
    await build();
    rmSync(path.join(repo, 'packages/shared/dist'), { recursive: true });
    writeFileSync(path.join(repo, 'app-web/dist/out.txt'), 'built by hand from other sources\n');
    expect((await build()).built).toEqual(['app-web', 'shared']);
    expect(readFileSync(path.join(repo, 'app-web/dist/out.txt'), 'utf8')).toBe(
      '@chorus/app-web 1\n',
    );
  });

  it('rebuilds everything when the lock file changes, and with --all', async () => {
    await build();
    writeFileSync(path.join(repo, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
    expect((await build()).built).toEqual(['app-web', 'service', 'shared']);
    expect((await build('--all')).built).toEqual(['app-web', 'service', 'shared']);
  });

  it('says which build failed, stops, and builds it again next time', async () => {
    await build();
    writeFileSync(
      path.join(repo, 'packages/service/package.json'),
      JSON.stringify({
        name: '@chorus/service',
        version: '0.0.0',
        scripts: {
          build: 'node -e "console.error(\'syntax error in src/index.ts\');process.exit(2)"',
        },
      }),
    );
    const failed = await build().then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain('Could not build service');
    expect(failed?.stdout).toContain('syntax error in src/index.ts');
    const retried = await build().then(
      () => undefined,
      (error: { stdout: string }) => error,
    );
    expect(retried?.stdout).toContain('Building 1 of 1: service…');
  });

  it('waits for another build in the same checkout instead of building alongside it', async () => {
    const [one, two] = await Promise.all([build(), build()]);
    const outputs = [one.output, two.output];
    expect(outputs.some((output) => output.includes('Waiting for another build'))).toBe(true);
    // Each workspace was built once between the two.
    expect(outputs.filter((output) => output.includes('Nothing to build'))).toHaveLength(1);
  });
});
