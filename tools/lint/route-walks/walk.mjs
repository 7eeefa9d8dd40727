// @ts-check
/**
 * Route walks (tools/lint/route-walks.mjs says what a walk is): the steps
 * from a route's handler through the files it hands the request on to, the
 * walk's longest chain, and the walk as the doc and the console show it.
 */
import { label, roleOf } from './code.mjs';

/** @typedef {import('./code.mjs').Unit} Unit */
/** @typedef {ReturnType<typeof import('./code.mjs').readCode>} Code */

/**
 * One file of a walk: how it was reached, the functions it is entered at,
 * what it uses without a step, and the files it hands the request on to.
 * A shared module is walked through but does not count.
 * @typedef {{
 *   file: string;
 *   mode: 'route' | 'gateway' | 'handler' | 'operation' | 'store';
 *   shared: boolean;
 *   entries: Unit[];
 *   enters: string[];
 *   uses: Map<string, string[]>;
 *   next: Step[];
 * }} Step
 */

/**
 * How a file is walked on: a gateway module, a store, or the service's code.
 * @param {ReturnType<typeof roleOf>} role
 * @param {Step['mode']} from
 * @returns {Step['mode']}
 */
function modeOf(role, from) {
  if (role === 'route' || role === 'gateway') return 'gateway';
  if (role === 'store' || from === 'store') return 'store';
  return 'operation';
}

/**
 * Builds the walk on from a step: the functions of its file it reaches
 * (same-file calls followed), and a step for each file they hand on to.
 * @param {Code} code
 * @param {Step} step
 * @param {string[]} chain the files before this one
 */
function extend(code, step, chain) {
  const { edgesOf, fileOf, isShared, problems } = code;
  const here = step.file;
  const reached = new Set(step.entries);
  const queue = [...step.entries];
  /** @type {Map<string, Step>} */
  const next = new Map();
  /**
   * @param {string} file
   * @param {Step['mode']} mode
   * @param {Unit | undefined} unit
   * @param {string} enter
   * @param {boolean} shared
   */
  const stepTo = (file, mode, unit, enter, shared) => {
    let onward = next.get(file);
    if (!onward) {
      onward = { file, mode, shared, entries: [], enters: [], uses: new Map(), next: [] };
      next.set(file, onward);
    }
    // Entered as the request's own step anywhere, it counts.
    if (!shared) onward.shared = false;
    if (unit && !onward.entries.includes(unit)) onward.entries.push(unit);
    if (!onward.enters.includes(enter)) onward.enters.push(enter);
  };
  /**
   * Where a call to another file goes: a step, a name, or nowhere (a kit).
   * @param {string} file
   * @param {Unit | undefined} unit
   * @param {string} name
   */
  const follow = (file, unit, name) => {
    const role = roleOf(file);
    if (role === 'kit') return;
    if (role === 'view' || role === 'rule') {
      const names = step.uses.get(file) ?? [];
      if (!names.includes(name)) names.push(name);
      step.uses.set(file, names);
    } else if (step.mode === 'route' || step.mode === 'handler') {
      // What a route's or an RPC's handler calls is what it hands the request to: always a step.
      stepTo(file, modeOf(role, step.mode), unit, name, false);
    } else if (role === 'store' && step.mode === 'operation') {
      stepTo(file, 'store', unit, name, false);
    } else {
      stepTo(file, modeOf(role, step.mode), unit, name, isShared(file));
    }
  };
  while (queue.length > 0) {
    const unit = /** @type {Unit} */ (queue.shift());
    for (const edge of edgesOf(unit)) {
      if (edge.kind === 'rpc') {
        if (edge.units.length === 0) {
          problems.push(`${here}: no service implements ${edge.rpc} (searched services/*/src)`);
        }
        for (const handler of edge.units) {
          stepTo(fileOf(handler), 'handler', handler, edge.rpc, false);
        }
      } else if (edge.kind === 'interface') {
        if (edge.file !== here) follow(edge.file, undefined, edge.name);
      } else if (fileOf(edge.unit) === here) {
        if (!reached.has(edge.unit)) {
          reached.add(edge.unit);
          queue.push(edge.unit);
        }
      } else {
        follow(fileOf(edge.unit), edge.unit, label(edge.unit));
      }
    }
  }
  const path = [...chain, here];
  for (const onward of next.values()) {
    // A file already on the chain is not entered again (a call back up the walk).
    if (path.includes(onward.file)) continue;
    step.next.push(onward);
    extend(code, onward, path);
  }
}

/** The files of a chain that count: shared modules do not. @param {Step[]} chain */
const counted = (chain) => new Set(chain.filter((step) => !step.shared).map((s) => s.file)).size;

/**
 * The chain of steps from a step on that passes the most counted files.
 * @param {Step} step
 * @returns {Step[]}
 */
function longest(step) {
  let best = /** @type {Step[]} */ ([]);
  for (const onward of step.next) {
    const chain = longest(onward);
    if (counted(chain) > counted(best)) best = chain;
  }
  return [step, ...best];
}

/**
 * @typedef {{
 *   file: string;
 *   step: number | undefined;
 *   enters: string[];
 *   uses: Map<string, string[]>;
 * }} Row
 */

/**
 * The files of a walk, each once, in the order the walk first reaches
 * them: its step (the counted files on the longest chain up to it; none
 * for a shared module), the functions it is entered at, what it uses.
 * @param {Step} first
 * @returns {Row[]}
 */
function rowsOf(first) {
  /** @type {Map<string, Row>} */
  const rows = new Map();
  /** @param {Step} step @param {number} before */
  const visit = (step, before) => {
    const depth = step.shared ? before : before + 1;
    let row = rows.get(step.file);
    if (!row) {
      row = { file: step.file, step: undefined, enters: [], uses: new Map() };
      rows.set(step.file, row);
    }
    if (!step.shared) row.step = Math.max(row.step ?? 0, depth);
    for (const enter of step.enters) if (!row.enters.includes(enter)) row.enters.push(enter);
    for (const [file, names] of step.uses) {
      const known = row.uses.get(file) ?? [];
      row.uses.set(file, [...known, ...names.filter((name) => !known.includes(name))]);
    }
    for (const onward of step.next) visit(onward, depth);
  };
  visit(first, 0);
  return [...rows.values()];
}

/**
 * @typedef {{ route: string; chain: Step[]; length: number; rows: Row[] }} Walk
 */

/**
 * A route's walk, from its handler on.
 * @param {Code} code
 * @param {{ route: string; file: string; handler: Unit }} entry
 * @returns {Walk}
 */
export function walkOf(code, { route, file, handler }) {
  /** @type {Step} */
  const first = {
    file,
    mode: 'route',
    shared: false,
    entries: [handler],
    enters: ['handler'],
    uses: new Map(),
    next: [],
  };
  extend(code, first, []);
  const chain = longest(first);
  return { route, chain, length: counted(chain), rows: rowsOf(first) };
}

/** A file inside its service's src/, for the names a step uses. @param {string} file */
const inService = (file) => file.replace(/^services\/[^/]+\/src\//, '');

/** A chain as one line, shared modules in parentheses. @param {Step[]} chain @param {(file: string) => string} show */
export const chainText = (chain, show = (file) => file) =>
  chain.map((step) => (step.shared ? `(${show(step.file)})` : show(step.file))).join(' -> ');

/** The walk as the doc shows it: a table of its files and its longest chain. @param {Walk} walk */
export function markdownOf(walk) {
  const code = (/** @type {string} */ text) => `\`${text}\``;
  const uses = (/** @type {Row} */ row) =>
    [...row.uses]
      .map(([file, names]) => `${code(inService(file))}: ${names.map(code).join(', ')}`)
      .join('; ');
  return [
    '| Step | File | Enters at | Uses, not walked |',
    '| ---- | ---- | --------- | ---------------- |',
    ...walk.rows.map(
      (row) =>
        `| ${row.step ?? 'shared'} | ${code(row.file)} | ${row.enters.map(code).join(', ')} | ${uses(row)} |`,
    ),
    '',
    `Longest chain, ${walk.length} files: ${chainText(walk.chain, code)}.`,
  ].join('\n');
}

/** The walk for the console: its files, one a line, with their steps. @param {Walk} walk */
export function textOf(walk) {
  return walk.rows
    .map(
      (row) => `    ${String(row.step ?? '-').padStart(2)} ${row.file} (${row.enters.join(', ')})`,
    )
    .join('\n');
}
