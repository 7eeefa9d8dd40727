// @ts-check
/**
 * Fails on any import cycle between the modules of one workspace's src/,
 * counting `import type` too. eslint's import-x/no-cycle skips type-only
 * imports, yet a cycle through types still ties modules that should not know
 * each other (billing's billing -> ledger -> events -> billing was one).
 * Usage: node tools/lint/import-cycles.mjs (from the repository root).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\/src\/.*\.tsx?$/.test(file) && !file.startsWith('proto/src/gen/'))
  .filter((file) => existsSync(file));
const known = new Set(files);

/** './x' from a/b.ts -> a/x.ts, a/x.tsx or a/x/index.ts, when one of them is ours. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
    base.replace(/\.js$/, '.ts'),
  ];
  return candidates.find((c) => known.has(c) && statSync(c).isFile());
}

const edges = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  edges.set(
    file,
    importedFiles.map((i) => resolve(file, i.fileName)).filter((target) => target !== undefined),
  );
}

// Tarjan's strongly connected components: every component larger than one
// module (or a module importing itself) is a cycle.
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(node) {
  indices.set(node, index);
  lowlinks.set(node, index);
  index += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node) ?? []) {
    if (!indices.has(next)) {
      connect(next);
      lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
    } else if (onStack.has(next)) {
      lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
    }
  }
  if (lowlinks.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component);
  }
}
for (const file of files) if (!indices.has(file)) connect(file);

if (cycles.length > 0) {
  for (const cycle of cycles) {
    console.error(`import cycle (type imports count): ${cycle.sort().join(' <-> ')}`);
  }
  process.exit(1);
}
console.log(`no import cycles among ${files.length} modules`);
