import compression from 'compression';
import express, { type RequestHandler, Router } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where the built web app lives: the shell, and each microfrontend by its remote name. */
interface WebAppConfig {
  shellDir: string;
  /** remote name -> folder with its mf-manifest.json */
  remoteDirs: Record<string, string>;
  /** A remotes.json that overrides the generated one; re-read whenever it changes. */
  remotesFile?: string;
}

interface WebApp {
  router: Router;
  /** Origins of remotes served from elsewhere (a CDN, a new release): the CSP must allow them. */
  remoteOrigins(): string[];
}

/** Our build names files `name.<10 hex>.ext`; such a file never changes, so it may be cached for good. */
const contentHashed = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

const setCacheHeaders = (res: express.Response, file: string) => {
  res.setHeader(
    'Cache-Control',
    contentHashed.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
};

/** `products=mfe-products/dist,billing=mfe-billing/dist` -> { products: ..., billing: ... } */
export function parseRemoteDirs(value: string | undefined): Record<string, string> {
  const dirs: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) dirs[pair.slice(0, at).trim()] = path.resolve(pair.slice(at + 1).trim());
  }
  return dirs;
}

/**
 * Serves the web app on the API's origin: the shell at `/` (index.html for
 * any page path, so deep links work), each microfrontend at `/mfe/<name>/`,
 * and `/mfe/remotes.json`, the table the shell reads at boot. Redeploying a
 * microfrontend is new files plus a new entry in that table.
 */
export function createWebApp(config: WebAppConfig): WebApp {
  // Only federated remotes join the shell's table; a page of its own (share) does not.
  const generated = Object.fromEntries(
    Object.entries(config.remoteDirs)
      .filter(([, dir]) => existsSync(path.join(dir, 'mf-manifest.json')))
      .map(([name]) => [name, `/mfe/${name}/mf-manifest.json`]),
  );
  let cached: { mtimeMs: number; table: Record<string, unknown> } | undefined;

  const remoteTable = (): Record<string, unknown> => {
    if (!config.remotesFile) return generated;
    try {
      const { mtimeMs } = statSync(config.remotesFile);
      if (cached?.mtimeMs !== mtimeMs) {
        const table: unknown = JSON.parse(readFileSync(config.remotesFile, 'utf8'));
        cached = { mtimeMs, table: table && typeof table === 'object' ? { ...table } : {} };
      }
      return cached.table;
    } catch {
      return generated;
    }
  };

  const router = Router();
  router.get('/mfe/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remoteTable());
  });
  for (const [name, dir] of Object.entries(config.remoteDirs)) {
    router.use(`/mfe/${name}`, express.static(dir, { index: false, setHeaders: setCacheHeaders }));
  }
  // Nothing else under /mfe: a missing remote file is a 404, never the shell's page.
  router.use('/mfe', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  router.use(express.static(config.shellDir, { index: false, setHeaders: setCacheHeaders }));

  // The public share-link pages: their own small page, never the signed-in shell.
  const shareDir = config.remoteDirs.share;
  if (shareDir) {
    const shareHtml = path.join(shareDir, 'index.html');
    router.get(['/share/:token', '/compare/:token', '/survey/:token'], (req, res, next) => {
      if (!req.accepts('html') || !existsSync(shareHtml)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(shareHtml);
    });
  }

  const indexHtml = path.join(config.shellDir, 'index.html');
  const pageFallback: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  };
  router.use(pageFallback);

  return {
    router,
    remoteOrigins() {
      const origins = new Set<string>();
      for (const entry of Object.values(remoteTable())) {
        if (typeof entry !== 'string') continue;
        try {
          if (/^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
        } catch {
          // Not a URL: nothing to allow.
        }
      }
      return [...origins];
    },
  };
}

/**
 * Compresses every text answer, the web app's files and the API's JSON alike
 * (brotli or gzip, as the browser's Accept-Encoding allows; `Vary:
 * Accept-Encoding` tells caches the answer depends on it). The deployed nginx
 * passes an answer that is already encoded on as it is. Server-sent event streams are never compressed: a compressor holds bytes
 * back until it has a block's worth, and an event must arrive when it happens
 * (sse.ts also marks them `no-transform`). Small answers (under 1 KB) and
 * formats already compressed (images, PDF) go as they are.
 */
export function compressResponses(): RequestHandler {
  return compression({
    filter: (req, res) => {
      const type = res.getHeader('Content-Type');
      if (typeof type === 'string' && type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}

/** Stripe Elements' script and card frames, used when billing runs on Stripe. */
const STRIPE_JS = 'https://js.stripe.com';

/**
 * Helmet's strict defaults, plus only what the web app needs: Stripe.js and
 * its frames for card entry (see shell/src/payments.ts), scripts,
 * styles, fonts and manifests of remotes deployed on another origin. Over
 * plain HTTP, upgrade-insecure-requests would break every asset, so it is
 * sent only when the app is public over HTTPS.
 */
function helmetOptions(remoteOrigins: string[], publicUrl: string): HelmetOptions {
  const withRemotes = (...sources: string[]) => [...sources, ...remoteOrigins];
  return {
    contentSecurityPolicy: {
      directives: {
        scriptSrc: withRemotes("'self'", STRIPE_JS),
        styleSrc: withRemotes("'self'", "'unsafe-inline'"),
        connectSrc: withRemotes("'self'", 'https://api.stripe.com'),
        frameSrc: [STRIPE_JS, 'https://hooks.stripe.com'],
        fontSrc: withRemotes("'self'", 'data:'),
        imgSrc: withRemotes("'self'", 'data:'),
        upgradeInsecureRequests: publicUrl.startsWith('https:') ? [] : null,
      },
    },
  };
}

/**
 * The security headers of every answer. The remotes' origins change only
 * with remotes.json, so helmet is set up once per set of origins rather than
 * building the policy for each request.
 */
export function securityHeaders(web: WebApp | undefined, publicUrl: string): RequestHandler {
  let current: { origins: string; middleware: RequestHandler } | undefined;
  return (req, res, next) => {
    const origins = web ? web.remoteOrigins() : [];
    const key = origins.join(' ');
    if (current?.origins !== key) {
      current = { origins: key, middleware: helmet(helmetOptions(origins, publicUrl)) };
    }
    current.middleware(req, res, next);
  };
}
