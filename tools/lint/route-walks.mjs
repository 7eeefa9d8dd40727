// @ts-check
/**
 * Computes each route's walk, from the gateway's route to the store, out of
 * the code itself (the TypeScript compiler's program and type checker), and
 * keeps it short: no walk may be longer than five files.
 *
 * A walk starts at a route's handler: the `handler` of a
 * `routes.add({ method, path, handler })` in services/gateway/src/routes/*.ts
 * (a path may be a constant, or a template over a loop's literal values).
 * From there it follows calls: each called function, `new` class, or
 * function passed as an argument, resolved to its declaration by the type
 * checker (a method called on an injected dependency resolves through the
 * dependency's type). Functions written inside a body (callbacks) are part
 * of it, and a call into the same file is followed without a step. A call
 * into another file is a step into that file:
 *   - through a typed gRPC client (`catalog.askQuestion(...)`, a method of a
 *     generated `CatalogServiceClient`), the step is into the file that
 *     implements the RPC: the method of that name in an object literal that
 *     the type checker types as the implementation of the generated
 *     `CatalogServiceService`, searched for in every service's src/, so it
 *     is found wherever it lives;
 *   - what a route's handler or an RPC's handler calls is always a step:
 *     what it hands the request to (a workflow, the operation);
 *   - a store (src/store/) called from an operation is always a step;
 *   - any other module is a step that counts, unless two or more other
 *     modules of its service import it (`import type` included, the wiring
 *     files main.ts, service.ts and index.ts aside): such a shared module (a
 *     product's ownership check, the persona context, the budget, the
 *     access rule, the outbox's events) is a kit of its service. The walk
 *     goes through it, and counts the files it reaches, but not the shared
 *     module itself.
 * Named, not walked (listed beside the step that calls them): view mappers
 * (services/gateway/src/*-views.ts, a service's src/mappers/) and pure rules
 * (a service's src/domain/). An interface's method (no body to follow) is a
 * step into the interface's file that ends there.
 * Kits, neither walked nor named: every file outside services/ (libraries,
 * packages/service-kit, @chorus/contracts' schemas and views,
 * @chorus/research's computations, the generated protos in proto/src/gen),
 * the gateway's route table, authentication, access check, errors,
 * idempotency, rate limits and entitlements (GATEWAY_KITS), and the
 * services' wiring (WIRING; both in route-walks/code.mjs, which reads the
 * code, while route-walks/walk.mjs builds and shows the walks).
 *
 * A walk's length is the number of files that count on its longest chain
 * of steps, the route's file first. Every route of the route table must be
 * at most five files long, except the routes in BASELINE, which must not
 * grow; the routes in DOCUMENTED have no such allowance.
 *
 * docs/architecture.md, "Route to rule", shows each documented walk as the
 * lint computes it (what --markdown prints), between
 * `<!-- walk: METHOD /path -->` and `<!-- /walk -->`: every file the walk
 * passes, its step (the files that count on the longest chain to it;
 * `shared` for a shared module), the functions it is entered at and the
 * views and rules it uses, then the longest chain. The lint fails when the
 * doc differs from what it computes (table cells are compared, so their
 * alignment does not matter), so a walk cannot change unseen.
 *
 * Usage (from the repository root; part of npm run lint):
 *   node tools/lint/route-walks.mjs              check, and print every walk
 *   node tools/lint/route-walks.mjs --markdown   print the documented walks as the doc shows them
 * ROUTE_WALKS_ROOT points the lint at another repository root and
 * ROUTE_WALKS_CONFIG at a JSON file { "documented": [...], "baseline": {...} }
 * that replaces DOCUMENTED and BASELINE (the lint's own tests use both).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readCode } from './route-walks/code.mjs';
import { chainText, markdownOf, textOf, walkOf } from './route-walks/walk.mjs';

const MAX_FILES = 5;

/** The routes docs/architecture.md walks through, each at most five files, no allowance. */
const DOCUMENTED = [
  'GET /api/products',
  'POST /api/products/{id}/questions',
  'POST /api/products/{id}/team/invitations',
];

/**
 * Routes allowed a walk longer than five files, each with the length it had
 * when it was let in: it fails when its walk grows, and once it is gone or
 * five files or fewer it fails until it is taken out, so the list only
 * shrinks. A route not listed fails as soon as its walk passes five files.
 * Empty: when walks were first computed, every route was five files or fewer.
 * @type {Record<string, number>}
 */
const BASELINE = {};

const root = path.resolve(process.env.ROUTE_WALKS_ROOT ?? '.');
const config = process.env.ROUTE_WALKS_CONFIG
  ? /** @type {{ documented: string[]; baseline: Record<string, number> }} */ (
      JSON.parse(readFileSync(process.env.ROUTE_WALKS_CONFIG, 'utf8'))
    )
  : { documented: DOCUMENTED, baseline: BASELINE };
const DOC = 'docs/architecture.md';
const markdownOnly = process.argv.includes('--markdown');

// --- The doc ------------------------------------------------------------------

/**
 * The walks written in the doc's "Route to rule" section, by route.
 * @param {string} text
 */
function documentedWalks(text) {
  const start = text.indexOf('\n## Route to rule\n');
  if (start < 0) return undefined;
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  /** @type {Map<string, string>} */
  const written = new Map();
  const block = /<!-- walk: (.+?) -->\n([\s\S]*?)\n<!-- \/walk -->/g;
  for (const match of section.matchAll(block)) written.set(match[1] ?? '', match[2] ?? '');
  return written;
}

/** Lines with table cells trimmed and blank lines dropped, so formatting does not count. @param {string} text */
function normalized(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim())
            .map((cell) => (/^:?-+:?$/.test(cell) ? '-' : cell))
            .join('|')
        : line.replace(/\s+/g, ' '),
    );
}

// --- Check --------------------------------------------------------------------

const started = Date.now();
const code = readCode(root);
const { problems } = code;
const walks = code.routeTable().map((entry) => walkOf(code, entry));
const byRoute = new Map(walks.map((walk) => [walk.route, walk]));

if (markdownOnly) {
  for (const route of config.documented) {
    const walk = byRoute.get(route);
    if (!walk) {
      console.error(`${route}: not in the route table`);
      process.exitCode = 1;
      continue;
    }
    console.log(`<!-- walk: ${route} -->\n${markdownOf(walk)}\n<!-- /walk -->\n`);
  }
  process.exit();
}

const documented = new Set(config.documented);
for (const walk of walks) {
  const length = walk.length;
  const allowed = documented.has(walk.route) ? undefined : config.baseline[walk.route];
  if (length <= MAX_FILES) continue;
  if (allowed === undefined) {
    problems.push(
      `${walk.route}: ${length} files, more than ${MAX_FILES}: ${chainText(walk.chain)}`,
    );
  } else if (length > allowed) {
    problems.push(
      `${walk.route}: ${length} files, longer than the ${allowed} it had (BASELINE): ${chainText(walk.chain)}`,
    );
  }
}
for (const [route, allowed] of Object.entries(config.baseline)) {
  const walk = byRoute.get(route);
  if (!walk) problems.push(`BASELINE names ${route}, which is not in the route table: take it out`);
  else if (walk.length <= MAX_FILES) {
    problems.push(`${route}: ${walk.length} files now; take it out of BASELINE`);
  } else if (walk.length < allowed) {
    console.log(`note: ${route} is ${walk.length} files now (BASELINE says ${allowed})`);
  }
}

const docFile = path.join(root, DOC);
const written = existsSync(docFile) ? documentedWalks(readFileSync(docFile, 'utf8')) : undefined;
if (!written) problems.push(`${DOC}: no "## Route to rule" section`);
for (const route of config.documented) {
  const walk = byRoute.get(route);
  if (!walk) {
    problems.push(`${route}: documented, but not in the route table`);
    continue;
  }
  const text = written?.get(route);
  if (text === undefined) {
    problems.push(`${DOC}: no walk for ${route} (<!-- walk: ${route} --> ... <!-- /walk -->)`);
    continue;
  }
  const computed = normalized(markdownOf(walk));
  const shown = normalized(text);
  const line = computed.findIndex((expected, index) => expected !== shown[index]);
  const at = line < 0 && shown.length > computed.length ? computed.length : line;
  if (at >= 0) {
    problems.push(
      `${DOC}: the walk of ${route} differs from the code's at its line ${at + 1}` +
        ` (the code: ${computed[at] ?? 'nothing'}; the doc: ${shown[at] ?? 'nothing'});` +
        ' paste what --markdown prints',
    );
  }
}
for (const route of written?.keys() ?? []) {
  if (!documented.has(route))
    problems.push(`${DOC}: ${route} is walked there but not in DOCUMENTED`);
}

for (const walk of walks) {
  const shortened = chainText(walk.chain, (file) => file.replace(/^services\//, ''));
  console.log(`${walk.route}: ${walk.length} files (${shortened}), ${walk.rows.length} walked`);
  if (documented.has(walk.route)) console.log(textOf(walk));
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  // A problem met on several walks (an RPC nobody implements) is said once.
  const said = [...new Set(problems)];
  console.error(`route walks:\n${said.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `route walks: ${walks.length} routes, each at most ${MAX_FILES} files or in BASELINE; ${config.documented.length} documented as computed (${seconds} s)`,
);
