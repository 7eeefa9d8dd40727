// Chorus against a monolith baseline, under the same load:
//   - Chorus: the built embedded system as its own process (`npm start`'s
//     shape): HTTP -> gateway (token check) -> gRPC -> catalog -> PostgreSQL;
//   - the monolith (bench/lib/monolith-server.ts): one Express process reading the
//     same catalog tables, checking the same Ed25519 token.
// Each answers GET /api/products and GET /api/products/:id for one customer
// with 5 products, at BENCH_CONNECTIONS (200) concurrent connections for
// BENCH_DURATION seconds (10) after a 3 s warm-up, with autocannon. Reported:
// requests/s, p50/p99 latency, the throughput ratio. Asserts nothing.
// Run: npm run build && npm run bench -- monolith
import { spawnChorus } from '@chorus/launcher/spawn';
import { generateTokenKeys } from '@chorus/service-kit';
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { BenchRow } from './lib/report';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const root = path.resolve(__dirname, '..');

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Load {
  requestsPerSecond: number;
  /** Server CPU per answered request: what the load costs, less sensitive to a busy machine. */
  cpuPerRequest: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
}

async function load(url: string, token: string, seconds: number, pid: number): Promise<Load> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    requestsPerSecond: result.requests.average,
    cpuPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function startMonolith(env: Record<string, string>): Promise<{
  url: string;
  child: ChildProcess;
}> {
  const child = spawn(
    process.execPath,
    [
      '-C',
      '@chorus/source',
      '-r',
      '@swc-node/register',
      path.join(__dirname, 'lib', 'monolith-server.ts'),
    ],
    { cwd: root, env: { ...process.env, ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (\d+)/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`monolith exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

export async function measure(): Promise<BenchRow[]> {
  const keys = generateTokenKeys();
  const chorus = await spawnChorus({
    env: { TOKEN_PRIVATE_KEY: keys.privateKey, TOKEN_PUBLIC_KEY: keys.publicKey },
  });
  let monolith: ChildProcess | undefined;
  try {
    const registered = await json<{ token: string; product: { id: string } }>(
      `${chorus.url}/api/auth/register`,
      {
        method: 'POST',
        body: JSON.stringify({
          email: `bench-${randomUUID()}@example.com`,
          password: 'bench-password',
          firstName: 'Bench',
          lastName: 'Mark',
          productName: 'Lantern',
          productDescription: 'Smart lights',
          industry: 'technology',
          billingCycle: 'monthly',
          stripeToken: 'pm_card_visa',
        }),
      },
    );
    const { token } = registered;
    const auth = { authorization: `Bearer ${token}` };
    for (const name of ['Beacon', 'Compass', 'Drift', 'Ember']) {
      await json(`${chorus.url}/api/products`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name,
          description: `${name} for the benchmark`,
          industry: 'retail',
        }),
      });
    }
    const catalogDatabase = new URL(chorus.databaseServer);
    catalogDatabase.pathname = `/${chorus.databasePrefix}_catalog`;
    const started = await startMonolith({
      DATABASE_URL: catalogDatabase.toString(),
      TOKEN_PUBLIC_KEY: keys.publicKey,
    });
    monolith = started.child;

    const routes = ['/api/products', `/api/products/${registered.product.id}`];
    // Same data, same answers: the comparison is fair only if both say the same.
    for (const route of routes) {
      const [ours, theirs] = await Promise.all([
        json(chorus.url + route, { headers: auth }),
        json(started.url + route, { headers: auth }),
      ]);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        throw new Error(`${route}: the monolith answers differently`);
      }
    }

    const rows: BenchRow[] = [];
    for (const route of routes) {
      const name = route === '/api/products' ? 'GET /api/products' : 'GET /api/products/:id';
      const measured: Record<string, Load> = {};
      for (const [system, base, pid] of [
        ['monolith', started.url, started.child.pid!],
        ['chorus', chorus.url, chorus.pid],
      ] as const) {
        await load(base + route, token, 3, pid);
        measured[system] = await load(base + route, token, duration, pid);
      }
      const ours = measured.chorus!;
      const theirs = measured.monolith!;
      const note = (l: Load) =>
        `${l.total} requests, ${l.failed} failed, ${l.cpuPerRequest.toFixed(2)} ms CPU each`;
      rows.push(
        {
          area: 'monolith',
          metric: `${name}, monolith, ${connections} connections`,
          value: theirs.requestsPerSecond,
          unit: 'req/s',
          note: `p50 ${theirs.p50} ms, p99 ${theirs.p99} ms; ${note(theirs)}`,
        },
        {
          area: 'monolith',
          metric: `${name}, Chorus gateway -> gRPC -> catalog, ${connections} connections`,
          value: ours.requestsPerSecond,
          unit: 'req/s',
          note: `p50 ${ours.p50} ms, p99 ${ours.p99} ms; ${note(ours)}`,
        },
        {
          area: 'monolith',
          metric: `${name}, Chorus / monolith throughput`,
          value: ours.requestsPerSecond / theirs.requestsPerSecond,
          unit: 'x',
          budget: '>= 0.7x',
          withinBudget: ours.requestsPerSecond / theirs.requestsPerSecond >= 0.7,
        },
        {
          area: 'monolith',
          metric: `${name}, monolith / Chorus server CPU per request`,
          value: theirs.cpuPerRequest / ours.cpuPerRequest,
          unit: 'x',
          note: 'the throughput ratio a machine with nothing else running would show',
        },
        {
          area: 'monolith',
          metric: `${name}, Chorus p99 latency`,
          value: ours.p99,
          unit: 'ms',
          budget: '< 50 ms',
          withinBudget: ours.p99 < 50,
          note: `monolith p99 ${theirs.p99} ms`,
        },
      );
    }
    return rows;
  } finally {
    if (monolith && monolith.exitCode === null) {
      const exited = new Promise((resolve) => monolith!.once('exit', resolve));
      monolith.kill('SIGTERM');
      await exited;
    }
    await chorus.stop();
  }
}
