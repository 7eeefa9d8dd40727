// Chorus against a monolith baseline, side by side under the same load:
//   - Chorus as `npm start` runs it (embedded: one process, the gateway
//     calling the services in process), then as `npm run start:distributed`
//     runs it (every service its own process, gRPC over loopback, Kafka
//     through the test broker);
//   - the monolith (bench/lib/monolith-server.ts): Express reading the same
//     catalog tables with the same token check, access rules and JSON; one
//     process against the embedded run, one per core (node:cluster) against
//     the distributed run, which also uses every core.
// Readers: customers owning 5 and 20 products, and team members 5 and 20 of
// one team's products are shared with (as viewer, collaborator and admin in
// turn). For each, GET /api/products and GET /api/products/:id, answers
// compared first, then at BENCH_CONNECTIONS (200) connections with
// autocannon: a 2 s warm-up of each system, then BENCH_ROUNDS (3) rounds of
// both in turn, BENCH_DURATION / BENCH_ROUNDS seconds (10 / 3) each. Reported:
// the median round's throughput ratio, with each system's requests/s, p99
// and server CPU per request. BENCH_TRACING=1 adds GET /api/products on the
// distributed run with spans exported over OTLP; BENCH_LAYOUTS=distributed
// (or embedded) measures one run only. Asserts nothing.
// Run: npm run build && npm run bench -- monolith
import { startKafkaTestBroker } from '@chorus/kafka-test-broker';
import { type SpawnedChorus, type SpawnOptions, spawnChorus } from '@chorus/launcher/spawn';
import { generateTokenKeys, Topics } from '@chorus/service-kit';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { customer, json, type Load, load } from './lib/load';
import type { BenchRow } from './lib/report';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 10);
/** Rounds of each system per row; each round lasts BENCH_DURATION / ROUNDS seconds (at least 2). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const roundSeconds = Math.max(2, Math.round(duration / ROUNDS));
/** Which runs to measure: BENCH_LAYOUTS=embedded or =distributed for one of them. */
const layouts = (process.env.BENCH_LAYOUTS ?? 'embedded,distributed').split(',');
/** How many products the readers have. */
const LIST_SIZES = [5, 20];
const root = path.resolve(__dirname, '..');

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

/** The token of the invitation link identity logged for this address (no SMTP configured). */
async function loggedInvitation(logFile: string, email: string, after: Set<string>) {
  for (let attempt = 0; attempt < 400; attempt++) {
    for (const line of (await readFile(logFile, 'utf8')).split('\n')) {
      const token = line.includes(email)
        ? /\/invitations\/([A-Za-z0-9_-]+)/.exec(line)?.[1]
        : undefined;
      if (token && !after.has(token)) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no invitation link logged for ${email}`);
}

/**
 * Invitations are answered at most 10 times a minute per client address: the
 * seeding says it comes through a proxy (TRUST_PROXY=1) from a new address each time.
 */
const seederAddress = (n: number) => `198.51.100.${(n % 250) + 1}`;

/**
 * A member of a team sharing `productIds` with them (invited by e-mail, the
 * link read from the log, the account made from the first invitation, the
 * others accepted), as viewer, collaborator and admin in turn.
 */
async function member(url: string, logFile: string, owner: string, productIds: string[]) {
  const email = `bench-member-${randomUUID()}@example.com`;
  const used = new Set<string>();
  let token = '';
  for (const [n, productId] of productIds.entries()) {
    await json(`${url}/api/products/${productId}/team/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: JSON.stringify({ email, role: (['collaborator', 'viewer', 'admin'] as const)[n % 3] }),
    });
    const invitation = await loggedInvitation(logFile, email, used);
    used.add(invitation);
    if (!token) {
      ({ token } = await json<{ token: string }>(`${url}/api/invitations/${invitation}/register`, {
        method: 'POST',
        headers: { 'x-forwarded-for': seederAddress(n) },
        body: JSON.stringify({
          email,
          password: 'bench-password',
          firstName: 'Member',
          lastName: 'Bench',
        }),
      }));
    } else {
      await json(`${url}/api/invitations/${invitation}/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': seederAddress(n) },
      });
    }
  }
  return token;
}

/** Who reads, and what: a customer's own products or a team member's shared ones. */
interface Reader {
  what: string;
  token: string;
  /** The product GET /api/products/:id reads. */
  productId: string;
  count: number;
}

/** The four readers: 5 and 20 products, owned and shared (one team owns the shared ones). */
async function seed(url: string, logFile: string): Promise<Reader[]> {
  const readers: Reader[] = [];
  for (const count of LIST_SIZES) {
    const owner = await customer(url, `Owner${count}`, count);
    readers.push({
      what: `${count} owned`,
      token: owner.token,
      productId: owner.productIds[0]!,
      count,
    });
  }
  const team = await customer(url, 'Team', Math.max(...LIST_SIZES));
  for (const count of LIST_SIZES) {
    const shared = team.productIds.slice(0, count);
    const token = await member(url, logFile, team.token, shared);
    readers.push({ what: `${count} shared`, token, productId: shared[0]!, count });
  }
  return readers;
}

/** Runs Chorus, seeds it, runs `use`, stops it. */
async function withChorus<T>(
  options: SpawnOptions,
  use: (chorus: SpawnedChorus, readers: Reader[]) => Promise<T>,
): Promise<T> {
  const logFile = path.join(await mkdtemp(path.join(tmpdir(), 'bench-monolith-')), 'chorus.log');
  const chorus = await spawnChorus({
    ...options,
    env: { ...options.env, TRUST_PROXY: '1' },
    logFile,
  });
  try {
    return await use(chorus, await seed(chorus.url, logFile));
  } finally {
    await chorus.stop();
  }
}

/** GET /api/products at full load after a warm-up. */
async function productListUnderLoad(chorus: SpawnedChorus, readers: Reader[]): Promise<Load> {
  const { token } = readers[0]!;
  await load(`${chorus.url}/api/products`, token, 3, chorus.pid, connections);
  return load(`${chorus.url}/api/products`, token, duration, chorus.pid, connections);
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
  const cores = availableParallelism();
  try {
    const rows: BenchRow[] = [];
    // The embedded run (`npm start`): one process, against a one-process monolith.
    if (layouts.includes('embedded'))
      rows.push(
        ...(await withChorus({ env: tokenKeys }, (chorus, readers) =>
          againstMonolith({
            layout: 'embedded',
            chorus,
            readers,
            publicKey: keys.publicKey,
            workers: 1,
          }),
        )),
      );
    // The distributed run (a process per service) uses every core: so does the
    // monolith, as a cluster of one process per core.
    if (layouts.includes('distributed'))
      rows.push(
        ...(await withChorus(distributed, (chorus, readers) =>
          againstMonolith({
            layout: 'distributed',
            chorus,
            readers,
            publicKey: keys.publicKey,
            workers: cores,
          }),
        )),
      );
    if (process.env.BENCH_TRACING) rows.push(...(await tracingRows(distributed, tokenKeys)));
    return rows;
  } finally {
    await broker.close();
  }
}

/**
 * GET /api/products on the distributed run with spans exported over OTLP
 * (to a sink that drops them), for every request and for one in ten.
 */
async function tracingRows(
  distributed: SpawnOptions,
  tokenKeys: Record<string, string>,
): Promise<BenchRow[]> {
  const sink = await startOtlpSink();
  const rows: BenchRow[] = [];
  try {
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
        metric: `GET /api/products (5 owned), distributed, ${what}, ${connections} connections`,
        value: traced.requestsPerSecond,
        unit: 'req/s',
        note: `${note(traced)}; spans exported over OTLP to a local sink that drops them`,
      });
    }
    return rows;
  } finally {
    sink.server.close();
  }
}

/** The round whose throughput is the median's (its latencies go with it). */
function middle(loads: Load[]): Load {
  return [...loads].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
    Math.floor(loads.length / 2)
  ]!;
}

/**
 * Both systems on the same data, side by side: for each reader and route, a
 * warm-up of each, then ROUNDS rounds of both in turn (who goes first
 * alternates), so a busy moment of the machine falls on both; the median
 * round of each.
 */
async function againstMonolith(run: {
  layout: 'embedded' | 'distributed';
  chorus: SpawnedChorus;
  readers: Reader[];
  publicKey: string;
  workers: number;
}): Promise<BenchRow[]> {
  const { layout, chorus, readers } = run;
  const catalogDatabase = new URL(chorus.databaseServer);
  catalogDatabase.pathname = `/${chorus.databasePrefix}_catalog`;
  const started = await startMonolith({
    DATABASE_URL: catalogDatabase.toString(),
    TOKEN_PUBLIC_KEY: run.publicKey,
    WORKERS: String(run.workers),
  });
  const monolith = started.child;
  try {
    const rows: BenchRow[] = [];
    for (const reader of readers) {
      const routes = [
        { name: 'GET /api/products', path: '/api/products' },
        { name: 'GET /api/products/:id', path: `/api/products/${reader.productId}` },
      ];
      // Same data, same answers: the comparison is fair only if both say the same.
      for (const { path: route } of routes) {
        const headers = { authorization: `Bearer ${reader.token}` };
        const [ours, theirs] = await Promise.all([
          json(chorus.url + route, { headers }),
          json(started.url + route, { headers }),
        ]);
        if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
          throw new Error(`${route} (${reader.what}): the monolith answers differently`);
        }
        if (Array.isArray(ours) && ours.length !== reader.count) {
          throw new Error(`${route} (${reader.what}): ${ours.length} products listed`);
        }
      }
      for (const { name, path: route } of routes) {
        const systems = [
          { system: 'monolith', url: started.url + route, pid: monolith.pid! },
          { system: 'chorus', url: chorus.url + route, pid: chorus.pid },
        ] as const;
        const measured = { monolith: [] as Load[], chorus: [] as Load[] };
        for (const { url, pid } of systems) await load(url, reader.token, 2, pid, connections);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? systems : [...systems].reverse();
          for (const { system, url, pid } of order) {
            measured[system].push(await load(url, reader.token, roundSeconds, pid, connections));
          }
        }
        const ours = middle(measured.chorus);
        const theirs = middle(measured.monolith);
        const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
        const budget = layout === 'embedded' ? 0.8 : 1.0;
        const cpuRatio = theirs.cpuPerRequest / ours.cpuPerRequest;
        rows.push({
          area: 'monolith',
          metric: `${name}, ${reader.what}, ${layout}: Chorus / monolith (${run.workers} process${run.workers > 1 ? 'es' : ''})`,
          value: ratio,
          unit: 'x',
          budget: `>= ${budget.toFixed(1)}x`,
          withinBudget: ratio >= budget,
          note:
            `Chorus ${ours.requestsPerSecond.toFixed(0)} req/s (p99 ${ours.p99} ms, ${ours.cpuPerRequest.toFixed(2)} ms CPU each), ` +
            `monolith ${theirs.requestsPerSecond.toFixed(0)} req/s (p99 ${theirs.p99} ms, ${theirs.cpuPerRequest.toFixed(2)} ms CPU each); ` +
            `per CPU-second ${cpuRatio.toFixed(2)}x; median of ${ROUNDS} rounds of ${roundSeconds} s, ${connections} connections`,
        });
      }
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
