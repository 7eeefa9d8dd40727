// Personas of a business's own customers, measured through the API: a CSV of
// 100 customer rows imported into 100 personas, each built by a model that
// takes 500 ms per call (bounded concurrency in persona inference).
// Run: npm run bench -- custom-personas. Uses DATABASE_URL when set, otherwise
// an embedded PostgreSQL. Prints rows; asserts nothing.
import { maxCustomerRows, type ProductPersonaView } from '@chorus/contracts';
import { startFakeOpenAI } from '@chorus/persona-inference/testing';
import { type BenchRow, median } from './lib/report';
import { api, customer, withChorus, withDatabaseServer } from './lib/system';

const persona = JSON.stringify({
  name: 'Camille Roux',
  age: 38,
  gender: 'Female',
  occupation: 'Pharmacist',
  location: 'Lyon',
  income: '€3,100/month',
  lifestyle: 'Cooks three times a week and shops at discount stores.',
  motivations: 'Feeding two children well on a budget.',
  personality: 'Organised and price-conscious.',
  safetyScores: { economic: 5.5, world: 6, local: 7, occupation: 8 },
  statedFields: ['name', 'age'],
});

function customersCsv(rows: number): string {
  const lines = ['name,age,city,notes'];
  for (let n = 0; n < rows; n++) {
    lines.push(`Customer ${n},${25 + (n % 50)},Lyon,"Shops weekly, cooks ${n % 7} times a week"`);
  }
  return `${lines.join('\n')}\n`;
}

export async function measure(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const model = await startFakeOpenAI(() => ({ delayMs: 500, content: persona }));
  try {
    await withDatabaseServer((server) =>
      withChorus(
        server,
        {
          env: {
            OPENAI_API_KEY: 'bench',
            OPENAI_BASE_URL: model.url,
            OPENAI_MODEL: 'gpt-4o-mini',
          },
        },
        async (chorus) => {
          const times: number[] = [];
          for (let run = 0; run < 3; run++) {
            const who = await customer(chorus.url, 0);
            const started = performance.now();
            const imported = await api<{ personas: ProductPersonaView[] }>(
              chorus.url,
              `/api/products/${who.productId}/custom-personas/import`,
              {
                method: 'POST',
                token: who.token,
                body: { fileName: 'customers.csv', csv: customersCsv(maxCustomerRows) },
              },
            );
            times.push(performance.now() - started);
            if (imported.personas.length !== maxCustomerRows) {
              throw new Error(`imported ${imported.personas.length} of ${maxCustomerRows}`);
            }
          }
          rows.push({
            area: 'custom-personas',
            metric: `import of ${maxCustomerRows} customer rows into personas, model at 500 ms/call`,
            value: Math.round(median(times)),
            unit: 'ms',
            budget: '< 10000 ms',
            withinBudget: median(times) < 10_000,
            note: `median of 3 (max ${Math.round(Math.max(...times))} ms); one model call per row, 16 at a time (BUILD_CONCURRENCY)`,
          });
        },
      ),
    );
  } finally {
    await model.close();
  }
  return rows;
}
