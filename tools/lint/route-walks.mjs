// @ts-check
/**
 * Keeps the "Route to rule" walks of docs/architecture.md true: each route's
 * table names at most five files, in order from the gateway's route to the
 * store, and each file still holds the text its row says the step enters at
 * (the route's path, the handler, the method). Moving a step elsewhere
 * without updating the table, or stretching a walk past five files, fails.
 * Usage: node tools/lint/route-walks.mjs [architecture.md] (from the repository root).
 */
import { existsSync, readFileSync } from 'node:fs';

const MAX_FILES = 5;
const doc = process.argv[2] ?? 'docs/architecture.md';
const text = readFileSync(doc, 'utf8');

const start = text.indexOf('\n## Route to rule\n');
if (start < 0) {
  console.error(`${doc}: no "## Route to rule" section`);
  process.exit(1);
}
const end = text.indexOf('\n## ', start + 1);
const section = text.slice(start, end < 0 ? undefined : end);

/** @type {{ route: string; steps: { file: string; entry: string }[] }[]} */
const walks = [];
for (const line of section.split('\n')) {
  const heading = /^### (.+)$/.exec(line);
  if (heading) {
    walks.push({ route: heading[1].trim(), steps: [] });
    continue;
  }
  const row = /^\|\s*\d+\s*\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|/.exec(line);
  if (row && walks.length > 0) walks.at(-1)?.steps.push({ file: row[1], entry: row[2] });
}

const problems = [];
if (walks.length === 0) problems.push('the section names no route (### METHOD /path)');
for (const { route, steps } of walks) {
  if (steps.length === 0) problems.push(`${route}: no steps in its table`);
  if (steps.length > MAX_FILES) {
    problems.push(`${route}: ${steps.length} files, more than ${MAX_FILES}`);
  }
  const distinct = new Set(steps.map((step) => step.file));
  if (distinct.size !== steps.length) problems.push(`${route}: a file is named twice`);
  for (const { file, entry } of steps) {
    if (!existsSync(file)) {
      problems.push(`${route}: ${file} does not exist`);
    } else if (!readFileSync(file, 'utf8').includes(entry)) {
      problems.push(`${route}: ${file} no longer contains \`${entry}\``);
    }
  }
  // The first step declares the route itself: its path, in Express form.
  const path = /^[A-Z]+ (\S+)$/.exec(route)?.[1]?.replace(/\{(\w+)\}/g, ':$1');
  const first = steps[0];
  if (path && first && existsSync(first.file)) {
    if (!readFileSync(first.file, 'utf8').includes(`path: '${path}'`)) {
      problems.push(`${route}: ${first.file} does not declare path '${path}'`);
    }
  }
}

if (problems.length > 0) {
  console.error(`${doc}, Route to rule:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `route walks: ${walks.map((walk) => `${walk.route} (${walk.steps.length} files)`).join(', ')}`,
);
