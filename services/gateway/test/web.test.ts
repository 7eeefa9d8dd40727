import express from 'express';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWebApp, securityHeaders } from '../src/web';

let server: Server;
let base: string;
let remotesFile: string;

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'gateway-web-'));
  const shellDir = path.join(root, 'shell');
  const billingDir = path.join(root, 'billing');
  await mkdir(shellDir);
  await mkdir(billingDir);
  await writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>Chorus</title>');
  await writeFile(path.join(shellDir, 'main.0123456789.js'), 'console.log(1)');
  await writeFile(path.join(billingDir, 'mf-manifest.json'), '{"name":"billing"}');
  await writeFile(path.join(billingDir, 'remoteEntry.js'), '/* entry */');
  await writeFile(path.join(billingDir, '42.abcdef0123.js'), '/* chunk */');
  const shareDir = path.join(root, 'share');
  await mkdir(shareDir);
  await writeFile(path.join(shareDir, 'index.html'), '<!doctype html><title>Share</title>');
  remotesFile = path.join(root, 'remotes.json');

  const web = createWebApp({
    shellDir,
    remoteDirs: { billing: billingDir, share: shareDir },
    remotesFile,
  });
  const app = express();
  app.use(securityHeaders(web, 'http://localhost:8080'));
  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use(web.router);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

const get = (path: string, accept = 'text/html') => fetch(base + path, { headers: { accept } });

describe('the gateway serving the web app', () => {
  it('answers the public share-link pages with their own page, not the shell', async () => {
    for (const page of ['/share/abc_DEF-123', '/compare/abc_DEF-123']) {
      const response = await get(page);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Share</title>');
    }
    expect(await (await get('/share')).text()).toContain('<title>Chorus</title>');
  });

  it('answers any page path with the shell, never cached', async () => {
    for (const page of ['/', '/products/p1/dashboard', '/reset-password?token=x']) {
      const response = await get(page);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Chorus</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('caches content-hashed files for a year and revalidates the rest', async () => {
    const hashed = await get('/main.0123456789.js', '*/*');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const chunk = await get('/mfe/billing/42.abcdef0123.js', '*/*');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['/mfe/billing/mf-manifest.json', '/mfe/billing/remoteEntry.js']) {
      expect((await get(file, '*/*')).headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers 404 for a missing remote file and for unknown API paths, not the page', async () => {
    expect((await get('/mfe/billing/missing.js')).status).toBe(404);
    expect((await get('/mfe/reports/mf-manifest.json')).status).toBe(404);
    expect((await get('/api/nothing')).status).toBe(404);
  });

  it('generates remotes.json from the mounted remotes, or serves the configured one', async () => {
    let response = await get('/mfe/remotes.json', 'application/json');
    expect(await response.json()).toEqual({ billing: '/mfe/billing/mf-manifest.json' });
    expect(response.headers.get('cache-control')).toBe('no-cache');

    await writeFile(
      remotesFile,
      JSON.stringify({ billing: 'https://cdn.example.com/billing/2/mf-manifest.json' }),
    );
    response = await get('/mfe/remotes.json', 'application/json');
    expect(await response.json()).toEqual({
      billing: 'https://cdn.example.com/billing/2/mf-manifest.json',
    });
    // A remote on another origin is allowed by the CSP, and only that (besides Stripe.js and
    // its card frames, which Stripe Elements needs).
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/cdn\.example\.com;/);
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/api\.stripe\.com https:\/\/cdn\.example\.com/,
    );
    expect(csp).toMatch(/frame-src https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
