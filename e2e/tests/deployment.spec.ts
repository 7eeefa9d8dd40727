import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures';
import { freePort, repoRoot, systemInfo } from '../system';

/** sha256 of every file under `dir`, by relative path. */
function fingerprint(dir: string): Record<string, string> {
  const prints: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else
        prints[path.relative(dir, file)] = createHash('sha256')
          .update(readFileSync(file))
          .digest('hex');
    }
  };
  walk(dir);
  return prints;
}

/** Serves a folder the way a CDN would: another origin, CORS open. */
async function serveFolder(dir: string): Promise<{ origin: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.css')
        ? 'text/css'
        : file.endsWith('.json')
          ? 'application/json'
          : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, server };
}

async function deploy(table: Record<string, string>): Promise<void> {
  await writeFile(systemInfo().remotesFile, JSON.stringify(table, null, 2));
}

test.afterEach(async () => {
  await deploy(systemInfo().defaultRemotes);
});

test.describe('independent deployment', () => {
  test('a rebuilt billing remote reaches users without touching the shell', async ({
    page,
    register,
    signIn,
    shot,
  }) => {
    test.setTimeout(300_000);
    const shellDist = path.join(repoRoot, 'shell', 'dist');
    const shellBefore = fingerprint(shellDist);

    const { token } = await register();
    await signIn(token, '/billing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription & Billing');
    const oldRelease = await page.getByTestId('release').textContent();

    // A new release of mfe-billing alone, built into its own folder.
    const release = `next-${Date.now()}`;
    const output = await mkdtemp(path.join(tmpdir(), 'mfe-billing-'));
    const build = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'],
      {
        cwd: path.join(repoRoot, 'mfe-billing'),
        env: { ...process.env, CHORUS_RELEASE: release, CHORUS_OUTPUT_DIR: output },
        encoding: 'utf8',
      },
    );
    expect(build.status, build.stderr + build.stdout).toBe(0);
    const { origin, server } = await serveFolder(output);
    try {
      await deploy({ ...systemInfo().defaultRemotes, billing: `${origin}/mf-manifest.json` });
      await page.reload();
      await expect(page.getByTestId('release')).toHaveText(`Release ${release}`);
      expect(oldRelease).not.toBe(`Release ${release}`);
      await shot('new-billing-release');

      // The other remotes and the chrome are as they were.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Products' })
        .click();
      await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
      expect(fingerprint(shellDist)).toEqual(shellBefore);
    } finally {
      server.close();
    }
  });
});

test.describe('a remote that is down', () => {
  // The browser reports the failed download; that is the point of this test.
  test.use({ allowConsoleErrors: [/404|Failed to load|mf-manifest|RUNTIME-|Federation Runtime/i] });

  test('shows its fallback on its routes while the rest of the app works', async ({
    page,
    register,
    signIn,
    shot,
  }) => {
    await deploy({ ...systemInfo().defaultRemotes, billing: '/mfe/billing-gone/mf-manifest.json' });
    const { token } = await register();
    await signIn(token, '/billing');
    await expect(page.getByText('Billing is unavailable right now')).toBeVisible();
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('link', { name: 'Billing' })).toBeVisible();
    await shot('billing-down');

    await bar.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { name: 'My Products' })).toBeVisible();
    await expect(page.getByText('Billing is unavailable right now')).toBeHidden();
    await bar.getByRole('link', { name: 'Roadmaps' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Roadmaps' })).toBeVisible();
    await shot('others-still-work');
  });
});
