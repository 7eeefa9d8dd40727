import { spawnChorus } from '@chorus/launcher/spawn';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { type BenchRow, median } from './lib/report';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The shell's JavaScript a signed-out visitor downloads for the landing page
 * (gzip level 6, as a web server or CDN would send it), excluding remotes.
 */
async function shellInitialJs(
  browser: Browser,
  url: string,
): Promise<{ bytes: number; files: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<number>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().resourceType() === 'script' || pathname.endsWith('.js')) {
      if (!pathname.startsWith('/mfe/')) {
        bodies.push(response.body().then((body) => gzipSync(body, { level: 6 }).length));
      }
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const sizes = await Promise.all(bodies);
  await context.close();
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
}

/**
 * Every script a first visitor of a public share link downloads (gzip level
 * 6), the share page's own files under /mfe/share/ included: it is all the
 * page loads.
 */
async function shareInitialJs(
  browser: Browser,
  url: string,
): Promise<{ bytes: number; files: number; paths: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<number>[] = [];
  const paths: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().resourceType() === 'script' || pathname.endsWith('.js')) {
      paths.push(pathname);
      bodies.push(response.body().then((body) => gzipSync(body, { level: 6 }).length));
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const sizes = await Promise.all(bodies);
  await context.close();
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length, paths };
}

/** A rating link on a fresh account's roadmap item: the page a product team sends out. */
async function shareLinkPath(base: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const registered = (await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email: `bench-share-page-${Date.now()}@example.com`,
      password: 'bench-password',
      firstName: 'Bench',
      lastName: 'Mark',
      productName: 'Bench',
      industry: 'technology',
    }),
  }).then((r) => r.json())) as { token: string; product: { id: string } };
  const headers = { ...json, authorization: `Bearer ${registered.token}` };
  const post = async (path: string, body: unknown) =>
    (await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(
      (r) => r.json(),
    )) as { id: string; path: string };
  const roadmap = await post(`/api/products/${registered.product.id}/roadmaps`, { name: 'Bench' });
  const item = await post(`/api/roadmaps/${roadmap.id}/items`, {
    title: 'Offline mode',
    description: 'Keep working on a plane or a train; changes sync when you are back online.',
  });
  const link = await post(`/api/roadmap-items/${item.id}/share-links`, { feedbackType: 'rating' });
  return link.path;
}

/** Largest Contentful Paint of the landing page, cold cache, as the browser reports it. */
async function landingLcp(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

/**
 * Time from a navigation between two already-loaded microfrontends (products
 * and billing) until the new page's heading is on screen.
 */
async function switchTimes(browser: Browser, url: string, rounds: number): Promise<number[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const answer = await page.request.post(`${url}/api/auth/register`, {
    data: {
      email: `bench.${Date.now()}@example.com`,
      password: 'bench-password',
      firstName: 'Bench',
      lastName: 'Mark',
      productName: 'Bench product',
      stripeToken: 'pm_card_visa',
    },
  });
  const { token } = (await answer.json()) as { token: string };
  await page.goto(`${url}/reset-password`);
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(`${url}/products`);
  await page.getByRole('heading', { name: 'My Products' }).waitFor();

  const visit = (path: string, heading: string) =>
    page.evaluate(
      ([to, text]) =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          window.history.pushState(null, '', to);
          const check = () => {
            const shown = [...document.querySelectorAll('h1')].some(
              (h1) => h1.textContent === text && h1.getClientRects().length > 0,
            );
            if (shown) resolve(performance.now() - started);
            else requestAnimationFrame(check);
          };
          check();
        }),
      [path, heading] as const,
    );

  // Load both once, then measure the switches.
  await visit('/billing', 'Subscription & Billing');
  await visit('/products', 'My Products');
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    times.push(await visit('/billing', 'Subscription & Billing'));
    times.push(await visit('/products', 'My Products'));
  }
  await context.close();
  return times;
}

export async function measure(): Promise<BenchRow[]> {
  const chorus = await spawnChorus();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const js = await shellInitialJs(browser, chorus.url);
    const lcps: number[] = [];
    for (let i = 0; i < 5; i++) lcps.push(await landingLcp(browser, chorus.url));
    const switches = await switchTimes(browser, chorus.url, 10);
    const kb = js.bytes / 1024;
    const shareUrl = chorus.url + (await shareLinkPath(chorus.url));
    const shareJs = await shareInitialJs(browser, shareUrl);
    const shareLcps: number[] = [];
    for (let i = 0; i < 5; i++) shareLcps.push(await landingLcp(browser, shareUrl));
    const shareKb = shareJs.bytes / 1024;
    return [
      {
        area: 'frontend',
        metric: 'shell initial JS, landing (gzip)',
        value: kb,
        unit: 'KB',
        budget: '< 150 KB',
        withinBudget: kb < 150,
        note: `${js.files} files`,
      },
      {
        area: 'frontend',
        metric: 'landing LCP, cold cache (median of 5)',
        value: median(lcps),
        unit: 'ms',
        budget: '< 1000 ms',
        withinBudget: median(lcps) < 1000,
        note: `max ${Math.max(...lcps).toFixed(0)} ms`,
      },
      {
        area: 'frontend',
        metric: 'switch products <-> billing, both loaded (median of 20)',
        value: median(switches),
        unit: 'ms',
        budget: '< 200 ms',
        withinBudget: median(switches) < 200,
        note: `max ${Math.max(...switches).toFixed(0)} ms`,
      },
      {
        area: 'frontend',
        metric: 'share page /share/{token}: initial JS, everything it loads (gzip)',
        value: shareKb,
        unit: 'KB',
        budget: '< 150 KB',
        withinBudget: shareKb < 150,
        note: `${shareJs.files} files, all under ${[...new Set(shareJs.paths.map((p) => p.split('/').slice(0, 3).join('/')))].join(', ')}`,
      },
      {
        area: 'frontend',
        metric: 'share page /share/{token} LCP, cold cache (median of 5)',
        value: median(shareLcps),
        unit: 'ms',
        budget: '< 1000 ms',
        withinBudget: median(shareLcps) < 1000,
        note: `max ${Math.max(...shareLcps).toFixed(0)} ms`,
      },
    ];
  } finally {
    await browser.close();
    await chorus.stop();
  }
}
