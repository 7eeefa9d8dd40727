// YAML import through the gateway of the embedded run (the built system, as
// `npm start` runs it): 10,000 valid items (under 5 MB) into one roadmap, and
// a 5 MB alias bomb refused. Run: npm run bench -- roadmap
import {
  exportRoadmapYaml,
  type ItemPriority,
  type ItemStatus,
  utf8ByteLength,
} from '@chorus/contracts';
import { spawnChorus } from '@chorus/launcher/spawn';
import { type BenchRow, median } from './lib/report';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function tenThousandItems(): string {
  const items = Array.from({ length: 10_000 }, (_, i) => ({
    title: `Feature ${i + 1}: improve the onboarding flow for new teams`,
    description: `Make step ${i + 1} of the onboarding faster and clearer for busy owners.`,
    priority: (['P1', 'P2', 'P3'] as const satisfies ItemPriority[])[i % 3]!,
    status: (['planned', 'in_progress', 'completed', 'unplanned'] as const satisfies ItemStatus[])[
      i % 4
    ]!,
    startDate: '2025-01-06',
    endDate: '2025-03-31',
    assignedTo: 'Growth team',
    tags: ['onboarding', 'web'],
    targetPersonas: ['Small business owner'],
    dependencies: [],
  }));
  return exportRoadmapYaml(items);
}

/** Nine aliases of nine aliases...: tiny on disk, billions of nodes if expanded. */
function aliasBomb(): string {
  const head = 'lol: &lol [lol, lol, lol, lol, lol, lol, lol, lol, lol]\nroadmap_items: [';
  const count = Math.floor((5 * 1024 * 1024 - head.length - 2) / 6);
  return `${head}${Array<string>(count).fill('*lol').join(', ')}]\n`;
}

export async function measure(): Promise<BenchRow[]> {
  const chorus = await spawnChorus();
  try {
    const json = { 'content-type': 'application/json' };
    const registered = (await fetch(`${chorus.url}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password: 'bench-password',
        firstName: 'Bench',
        lastName: 'Mark',
        productName: 'Bench',
        industry: 'technology',
        // Paid for: importing roadmaps needs an active subscription.
        stripeToken: 'pm_card_visa',
      }),
    }).then((r) => r.json())) as { token: string; product: { id: string } };
    const headers = { ...json, authorization: `Bearer ${registered.token}` };
    const newRoadmap = async () => {
      const response = await fetch(`${chorus.url}/api/products/${registered.product.id}/roadmaps`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Bench' }),
      });
      return ((await response.json()) as { id: string }).id;
    };
    const importYaml = async (yamlContent: string) => {
      const roadmapId = await newRoadmap();
      const started = performance.now();
      const response = await fetch(`${chorus.url}/api/roadmaps/${roadmapId}/import-yaml`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ yamlContent }),
      });
      const body = (await response.json()) as { created?: number };
      return { ms: performance.now() - started, status: response.status, created: body.created };
    };

    const valid = tenThousandItems();
    const bomb = aliasBomb();
    const imports: number[] = [];
    const refusals: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const imported = await importYaml(valid);
      if (imported.status !== 200 || imported.created !== 10_000) {
        throw new Error(`import failed: ${imported.status}, created ${imported.created}`);
      }
      imports.push(imported.ms);
      const refused = await importYaml(bomb);
      if (refused.status !== 400) throw new Error(`alias bomb not refused: ${refused.status}`);
      refusals.push(refused.ms);
    }
    const mb = (text: string) => (utf8ByteLength(text) / 1024 / 1024).toFixed(2);
    const runs = (values: number[]) => `runs ${values.map((ms) => ms.toFixed(0)).join(', ')} ms`;
    return [
      {
        area: 'roadmap',
        metric: `import 10,000 valid items (${mb(valid)} MB), median of ${RUNS}`,
        value: median(imports),
        unit: 'ms',
        budget: '< 3000 ms',
        withinBudget: median(imports) < 3000,
        note: runs(imports),
      },
      {
        area: 'roadmap',
        metric: `refuse a ${mb(bomb)} MB alias bomb, median of ${RUNS}`,
        value: median(refusals),
        unit: 'ms',
        budget: '< 100 ms',
        withinBudget: median(refusals) < 100,
        note: runs(refusals),
      },
    ];
  } finally {
    await chorus.stop();
  }
}
