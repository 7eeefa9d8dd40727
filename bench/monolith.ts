// Chorus against a monolith baseline, under the same load:
//   - Chorus as it is deployed: every service its own process (the
//     distributed launcher, `npm run start:distributed`'s shape), HTTP ->
//     gateway (token check) -> gRPC -> catalog (-> PostgreSQL), Kafka
//     protocol through the test broker;
//   - the monolith (bench/lib/monolith-server.ts): one Express process reading the
//     same catalog tables, checking the same Ed25519 token.
// Each answers GET /api/products and GET /api/products/:id for one customer
// with 5 products, at BENCH_CONNECTIONS (200) concurrent connections for
// BENCH_DURATION seconds (10) after a 3 s warm-up, with autocannon. Reported:
// requests/s, p50/p99 latency, the throughput ratio. Then, for context, GET
// /api/products again on Chorus with tracing exported (OTLP to a sink that
// drops it) for every request and for one in ten, and on the embedded run
// (`npm start`, one process). Asserts nothing.
// Run: npm run build && npm run bench -- monolith
import { startKafkaTestBroker } from '@chorus/kafka-test-broker';
import { type SpawnedChorus, type SpawnOptions, spawnChorus } from '@chorus/launcher/spawn';
import { generateTokenKeys, Topics } from '@chorus/service-kit';
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { BenchRow } from './lib/report';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const root = path.resolve(__dirname, '..');

/** CPU time (user + system) a process and its children have used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) * 10;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map(Number);
  return children.reduce((sum, child) => sum + cpuMs(child), own);
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

/** An OTLP/HTTP endpoint that accepts and drops everything: tracing's cost without a collector's. */
async function startOtlpSink(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address?.port}`, server };
}

/** A new customer (who pays) with 5 products; their token and first product. */
async function seed(url: string): Promise<{ token: string; productId: string }> {
  const registered = await json<{ token: string; product: { id: string } }>(
    `${url}/api/auth/register`,
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
  for (const name of ['Beacon', 'Compass', 'Drift', 'Ember']) {
    await json(`${url}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, description: `${name} for the benchmark`, industry: 'retail' }),
    });
  }
  return { token, productId: registered.product.id };
}

/** Runs Chorus, seeds it, runs `use`, stops it. */
async function withChorus<T>(
  options: SpawnOptions,
  use: (chorus: SpawnedChorus, seeded: { token: string; productId: string }) => Promise<T>,
): Promise<T> {
  const chorus = await spawnChorus(options);
  try {
    return await use(chorus, await seed(chorus.url));
  } finally {
    await chorus.stop();
  }
}

/** GET /api/products at full load after a warm-up. */
async function productListUnderLoad(
  chorus: SpawnedChorus,
  { token }: { token: string },
): Promise<Load> {
  await load(`${chorus.url}/api/products`, token, 3, chorus.pid);
  return load(`${chorus.url}/api/products`, token, duration, chorus.pid);
}

const note = (l: Load) =>
  `p50 ${l.p50} ms, p99 ${l.p99} ms; ${l.total} requests, ${l.failed} failed, ` +
  `${l.cpuPerRequest.toFixed(2)} ms CPU each`;

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
  const tokenKeys = { TOKEN_PRIVATE_KEY: keys.privateKey, TOKEN_PUBLIC_KEY: keys.publicKey };
  const broker = await startKafkaTestBroker({
    topics: Object.values(Topics).map((name) => ({ name, partitions: 4 })),
  });
  const distributed: SpawnOptions = {
    mode: 'distributed',
    kafkaBrokers: broker.bootstrapServers,
    env: tokenKeys,
  };
  const sink = await startOtlpSink();
  try {
    const rows = await withChorus(distributed, (chorus, seeded) =>
      againstMonolith(chorus, seeded, keys.publicKey),
    );
    // Tracing as deployed: spans exported over OTLP, every request or the
    // chart's default share of them.
    const tracing = [
      { ratio: '1', what: 'every request traced' },
      { ratio: '0.1', what: "one request in ten traced (the chart's default)" },
    ];
    for (const { ratio, what } of tracing) {
      const traced = await withChorus(
        {
          ...distributed,
          env: {
            ...tokenKeys,
            OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
            OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
            OTEL_TRACES_SAMPLER_ARG: ratio,
          },
        },
        productListUnderLoad,
      );
      rows.push({
        area: 'monolith',
        metric: `GET /api/products, Chorus with ${what}, ${connections} connections`,
        value: traced.requestsPerSecond,
        unit: 'req/s',
        note: `${note(traced)}; spans exported over OTLP to a local sink that drops them`,
      });
    }
    const embedded = await withChorus({ env: tokenKeys }, productListUnderLoad);
    rows.push({
      area: 'monolith',
      metric: `GET /api/products, Chorus embedded (one process, npm start), ${connections} connections`,
      value: embedded.requestsPerSecond,
      unit: 'req/s',
      note: note(embedded),
    });
    return rows;
  } finally {
    sink.server.close();
    await broker.close();
  }
}

/** Both systems on the same data, one after the other, each route. */
async function againstMonolith(
  chorus: SpawnedChorus,
  { token, productId }: { token: string; productId: string },
  publicKey: string,
): Promise<BenchRow[]> {
  const catalogDatabase = new URL(chorus.databaseServer);
  catalogDatabase.pathname = `/${chorus.databasePrefix}_catalog`;
  const started = await startMonolith({
    DATABASE_URL: catalogDatabase.toString(),
    TOKEN_PUBLIC_KEY: publicKey,
  });
  const monolith = started.child;
  try {
    const auth = { authorization: `Bearer ${token}` };
    const routes = ['/api/products', `/api/products/${productId}`];
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
        ['monolith', started.url, monolith.pid!],
        ['chorus', chorus.url, chorus.pid],
      ] as const) {
        await load(base + route, token, 3, pid);
        measured[system] = await load(base + route, token, duration, pid);
      }
      const ours = measured.chorus!;
      const theirs = measured.monolith!;
      rows.push(
        {
          area: 'monolith',
          metric: `${name}, monolith, ${connections} connections`,
          value: theirs.requestsPerSecond,
          unit: 'req/s',
          note: note(theirs),
        },
        {
          area: 'monolith',
          metric: `${name}, Chorus gateway -> gRPC -> catalog, ${connections} connections`,
          value: ours.requestsPerSecond,
          unit: 'req/s',
          note: `${note(ours)} (all its processes)`,
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
    if (monolith.exitCode === null) {
      const exited = new Promise((resolve) => monolith.once('exit', resolve));
      monolith.kill('SIGTERM');
      await exited;
    }
  }
}
