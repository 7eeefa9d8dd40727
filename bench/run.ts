import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type BenchArea, formatRow, tableHeader } from './lib/report';

/**
 * `npm run bench [-- area...]`: runs each benchmark area (a `bench/<area>.ts`
 * exporting `measure`) one after the other and prints one markdown table.
 * Numbers are reported, never asserted. Runs from the TypeScript sources
 * (`node -C @chorus/source -r @swc-node/register bench/run.ts`); the system
 * it starts must be built (`npm run build`).
 */
async function main(): Promise<void> {
  const available = readdirSync(__dirname)
    .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((area) => !available.includes(area));
  if (unknown.length > 0) {
    throw new Error(`unknown benchmark area ${unknown.join(', ')}; have ${available.join(', ')}`);
  }
  const areas = wanted.length > 0 ? wanted : available;
  process.stdout.write(`${tableHeader.join('\n')}\n`);
  let failed = false;
  for (const area of areas) {
    const { measure } = (await import(path.join(__dirname, `${area}.ts`))) as {
      measure: BenchArea;
    };
    try {
      for (const row of await measure()) process.stdout.write(`${formatRow(row)}\n`);
    } catch (error) {
      failed = true;
      process.stderr.write(`${area}: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
  }
  // Areas may leave clients or timers behind; the run is over.
  process.exit(failed ? 1 : 0);
}

void main();
