// Measures YAML import through the gateway in the embedded run: 10,000 valid
// items (under 5MB) imported into one roadmap, and a 5MB alias bomb refused.
// Run after `npm run build`: npm run bench -w @chorus/roadmap
// Uses DATABASE_URL when set, otherwise an embedded PostgreSQL in a temporary
// folder. Prints timings; asserts nothing.
const { mkdtemp, rm } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const path = require('node:path');
const pino = require('pino');
const { databaseUrlFor, startChorus, startEmbeddedPostgres } = require('@chorus/launcher');
const { exportRoadmapYaml, utf8ByteLength } = require('@chorus/contracts');
const { dropDatabase } = require('@chorus/service-kit');

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function tenThousandItems() {
  const items = Array.from({ length: 10_000 }, (_, i) => ({
    title: `Feature ${i + 1}: improve the onboarding flow for new teams`,
    description: `Make step ${i + 1} of the onboarding faster and clearer for busy owners.`,
    priority: ['P1', 'P2', 'P3'][i % 3],
    status: ['planned', 'in_progress', 'completed', 'unplanned'][i % 4],
    startDate: '2025-01-06',
    endDate: '2025-03-31',
    assignedTo: 'Growth team',
    tags: ['onboarding', 'web'],
    targetPersonas: ['Small business owner'],
    dependencies: [],
  }));
  return exportRoadmapYaml(items);
}

function aliasBomb() {
  const head = 'lol: &lol [lol, lol, lol, lol, lol, lol, lol, lol, lol]\nroadmap_items: [';
  const count = Math.floor((5 * 1024 * 1024 - head.length - 2) / 6);
  return `${head}${Array(count).fill('*lol').join(', ')}]\n`;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  let postgres;
  let dataDir;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'chorus-bench-pg-'));
    postgres = await startEmbeddedPostgres({
      dataDir,
      port: Number(process.env.CHORUS_PG_PORT ?? 54330),
      persistent: false,
    });
    databaseUrl = postgres.url;
  }
  const prefix = `bench_${Date.now()}`;
  const chorus = await startChorus({
    databaseUrl,
    databasePrefix: prefix,
    port: 0,
    grpcPortBase: 0,
    logger: pino({ level: 'warn' }),
    env: { HOST: '127.0.0.1' },
  });
  try {
    const registered = await fetch(`${chorus.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password: 'bench-password',
        firstName: 'Bench',
        lastName: 'Mark',
        productName: 'Bench',
        industry: 'technology',
      }),
    }).then((r) => r.json());
    const post = async (roadmapId, yamlContent) => {
      const started = performance.now();
      const response = await fetch(`${chorus.url}/api/roadmaps/${roadmapId}/import-yaml`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${registered.token}`,
        },
        body: JSON.stringify({ yamlContent }),
      });
      const body = await response.json();
      return { ms: performance.now() - started, status: response.status, body };
    };
    const newRoadmap = async () => {
      const response = await fetch(`${chorus.url}/api/products/${registered.product.id}/roadmaps`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${registered.token}`,
        },
        body: JSON.stringify({ name: 'Bench' }),
      });
      return (await response.json()).id;
    };

    const valid = tenThousandItems();
    const bomb = aliasBomb();
    const imports = [];
    const refusals = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await post(await newRoadmap(), valid);
      if (result.status !== 200 || result.body.created !== 10_000) {
        throw new Error(`import failed: ${result.status} ${JSON.stringify(result.body)}`);
      }
      imports.push(result.ms);
      const refused = await post(await newRoadmap(), bomb);
      if (refused.status !== 400) throw new Error(`bomb not refused: ${refused.status}`);
      refusals.push(refused.ms);
    }
    const mb = (text) => (utf8ByteLength(text) / 1024 / 1024).toFixed(2);
    process.stdout.write(
      [
        `import 10,000 items (${mb(valid)} MB): median ${median(imports).toFixed(0)} ms, ` +
          `runs ${imports.map((ms) => ms.toFixed(0)).join(', ')} ms (target < 3000 ms)`,
        `refuse alias bomb (${mb(bomb)} MB): median ${median(refusals).toFixed(0)} ms, ` +
          `runs ${refusals.map((ms) => ms.toFixed(0)).join(', ')} ms (target < 100 ms)`,
        '',
      ].join('\n'),
    );
  } finally {
    await chorus.stop();
    for (const name of Object.keys(chorus.grpcPorts).filter((n) => n !== 'gateway')) {
      await dropDatabase(databaseUrlFor(databaseUrl, `${prefix}_${name}`));
    }
    await postgres?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
