/**
 * A single cheap pass over YAML text, before any parser builds anything,
 * that refuses documents built to be expensive: many aliases (an "alias
 * bomb" is a few kilobytes that expand to gigabytes, or megabytes of
 * aliases), many anchors, or nesting far deeper than any honest document.
 * It stops at the first limit passed, so a hostile document costs a few
 * kilobytes of scanning however large it is.
 *
 * It is a tokenizer, not a parser: it skips quoted scalars, comments and
 * block scalars, and counts `*alias` and `&anchor` only where a node may
 * start, so a `*` in ordinary text is not taken for an alias. It can be
 * wrong on unusual layouts; the parser's own limits (js-yaml's maxAliases
 * and maxDepth) remain the exact check behind it.
 *
 * It is a contract because the roadmap YAML rules (roadmap-yaml.ts) run it in
 * the import dialog and in the gateway's screening alike.
 */

export interface YamlStructureLimits {
  maxAliases: number;
  maxAnchors: number;
  /** Collections inside collections, block or flow. */
  maxDepth: number;
}

type YamlStructureScan =
  | { ok: true; /** Nothing but blanks, comments and directives. */ empty: boolean }
  | { ok: false; reason: string };

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;
const HASH = 0x23;
const COLON = 0x3a;
const COMMA = 0x2c;

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB || code === CR || code === LF || Number.isNaN(code);
}

function isFlowIndicator(code: number): boolean {
  // , [ ] { }
  return code === COMMA || code === 0x5b || code === 0x5d || code === 0x7b || code === 0x7d;
}

/** Anchor and alias names: anything up to a blank or a flow indicator. */
function isNameChar(code: number): boolean {
  return !isBlank(code) && !isFlowIndicator(code);
}

function isOpening(code: number): boolean {
  return code === 0x5b || code === 0x7b;
}

function isClosing(code: number): boolean {
  return code === 0x5d || code === 0x7d;
}

// Runs of characters that cannot end what is being skipped (sticky: they
// match from lastIndex only).
const PLAIN_BLOCK_RUN = /[^\n:#]*/y;
const PLAIN_FLOW_RUN = /[^\n:#,[\]{}]*/y;
const DOUBLE_QUOTED_RUN = /[^"\\\n]*/y;
const SINGLE_QUOTED_RUN = /[^'\n]*/y;

export function scanYamlStructure(text: string, limits: YamlStructureLimits): YamlStructureScan {
  const n = text.length;
  const peek = (at: number) => text.charCodeAt(at);
  let i = peek(0) === BOM ? 1 : 0;
  let lineStart = i;
  let aliases = 0;
  let anchors = 0;
  let empty = true;
  /** Open [ and { brackets. */
  let flow = 0;
  /** Columns of the open block collections. */
  const blockColumns: number[] = [];
  /** Lines indented deeper than this column belong to a block scalar (| or >). */
  let blockScalarParent = -1;
  /** False where a node may start; true just after one (a key, or a value). */
  let afterNode = false;
  /** Column of the block collection around the next node (a block scalar's parent). */
  let parentColumn = 0;
  /** Column where the last scalar began: if it turns out to be a key, its value's parent. */
  let scalarColumn = 0;

  const tooDeep = () => blockColumns.length + flow > limits.maxDepth;
  const deepReason = () => `the document nests deeper than ${limits.maxDepth} levels`;
  const skipToLineEnd = () => {
    const end = text.indexOf('\n', i);
    i = end === -1 ? n : end;
  };
  const skipName = () => {
    i++;
    while (i < n && isNameChar(peek(i))) i++;
  };
  /** Moves past a run of ordinary characters: native regular-expression speed. */
  const skipRun = (run: RegExp) => {
    run.lastIndex = i;
    run.test(text);
    i = run.lastIndex;
  };
  const skipQuoted = (quote: number) => {
    const run = quote === 0x22 ? DOUBLE_QUOTED_RUN : SINGLE_QUOTED_RUN;
    i++;
    for (;;) {
      skipRun(run);
      if (i >= n) return;
      const code = peek(i);
      if (code === LF) {
        i++;
        lineStart = i;
      } else if (code === 0x5c) {
        if (peek(i + 1) === LF) lineStart = i + 2;
        i += 2; // a backslash escape inside "..."
      } else if (quote === 0x27 && peek(i + 1) === 0x27) {
        i += 2; // '' inside '...'
      } else {
        i++; // the closing quote
        return;
      }
    }
  };
  /** A plain scalar ends at a key's ": ", a comment, the line's end or (in flow) an indicator. */
  const skipPlain = () => {
    i++;
    for (;;) {
      skipRun(flow > 0 ? PLAIN_FLOW_RUN : PLAIN_BLOCK_RUN);
      if (i >= n) return;
      const code = peek(i);
      if (code === COLON) {
        const next = peek(i + 1);
        if (isBlank(next) || (flow > 0 && isFlowIndicator(next))) return;
      } else if (code === HASH) {
        if (isBlank(peek(i - 1))) return;
      } else {
        return; // the line's end, or a flow indicator
      }
      i++;
    }
  };

  while (i < n) {
    if (i === lineStart && flow === 0) {
      // A new line in block context: its indentation says which block level it is on.
      let indent = 0;
      while (peek(i) === SPACE) {
        i++;
        indent++;
      }
      while (peek(i) === TAB || peek(i) === CR) i++;
      const code = peek(i);
      const blankLine = i >= n || code === LF;
      if (blockScalarParent >= 0 && (blankLine || indent > blockScalarParent)) {
        skipToLineEnd();
      } else {
        blockScalarParent = -1;
        if (blankLine || code === HASH || (indent === 0 && code === 0x25)) {
          skipToLineEnd(); // blank, comment or %directive
        } else {
          while (blockColumns.length > 0 && blockColumns[blockColumns.length - 1]! >= indent) {
            blockColumns.pop();
          }
          blockColumns.push(indent);
          if (tooDeep()) return { ok: false, reason: deepReason() };
          if (indent === 0 && (text.startsWith('---', i) || text.startsWith('...', i))) {
            if (isBlank(peek(i + 3))) i += 3;
          }
          afterNode = false;
          parentColumn = indent;
        }
      }
    }

    const code = peek(i);
    if (i >= n) break;
    if (code === LF) {
      i++;
      lineStart = i;
      continue;
    }
    if (code === SPACE || code === TAB || code === CR) {
      i++;
      continue;
    }
    if (code === HASH && (i === lineStart || isBlank(peek(i - 1)))) {
      skipToLineEnd();
      continue;
    }

    if (afterNode) {
      if (code === COLON && (isBlank(peek(i + 1)) || flow > 0)) {
        // The scalar was a key; its value is a node of its own.
        i++;
        afterNode = false;
        if (flow === 0) parentColumn = scalarColumn;
      } else if (flow > 0 && code === COMMA) {
        i++;
        afterNode = false;
      } else if (flow > 0 && isClosing(code)) {
        i++;
        flow--;
      } else if (flow > 0) {
        afterNode = false; // something the parser will refuse; scan it as a node
      } else {
        skipToLineEnd(); // ditto, in block context
      }
      continue;
    }

    // Where a node may start.
    empty = false;
    const column = i - lineStart;
    if (flow === 0 && (code === 0x2d || code === 0x3f || code === COLON) && isBlank(peek(i + 1))) {
      // "- " sequence entry, "? " complex key, ": " its value: one block level deeper.
      blockColumns.push(column + 1);
      if (tooDeep()) return { ok: false, reason: deepReason() };
      parentColumn = column;
      i++;
    } else if (code === 0x26 && isNameChar(peek(i + 1))) {
      if (++anchors > limits.maxAnchors) {
        return { ok: false, reason: `the document defines more than ${limits.maxAnchors} anchors` };
      }
      skipName();
    } else if (code === 0x21) {
      skipName(); // a !tag
    } else if (code === 0x2a && isNameChar(peek(i + 1))) {
      if (++aliases > limits.maxAliases) {
        return { ok: false, reason: `the document uses more than ${limits.maxAliases} aliases` };
      }
      scalarColumn = column;
      skipName();
      afterNode = true;
    } else if (code === 0x22 || code === 0x27) {
      scalarColumn = column;
      skipQuoted(code);
      afterNode = true;
    } else if (isOpening(code)) {
      i++;
      flow++;
      if (tooDeep()) return { ok: false, reason: deepReason() };
    } else if (flow > 0 && isClosing(code)) {
      i++;
      flow--;
      afterNode = true;
    } else if (flow > 0 && code === COMMA) {
      i++;
    } else if (flow === 0 && (code === 0x7c || code === 0x3e)) {
      // | or >: the lines indented deeper than the parent collection are text.
      blockScalarParent = parentColumn;
      skipToLineEnd();
    } else {
      scalarColumn = column;
      skipPlain();
      afterNode = true;
    }
  }
  return { ok: true, empty };
}

/**
 * The size of a parsed document with every alias written out: one per
 * value, plus the length of each string and key. Aliases share objects, so
 * this is computed once per distinct object and costs no more than the
 * document itself, however large the answer. Stops as soon as it passes
 * `limit`; a document that contains itself (an alias inside its own anchor)
 * is infinitely large.
 */
export function expandedSize(document: unknown, limit: number): number {
  const scalarSize = (value: unknown) => (typeof value === 'string' ? value.length + 1 : 1);
  if (typeof document !== 'object' || document === null) return scalarSize(document);

  interface Frame {
    node: object;
    children: unknown[];
    next: number;
    total: number;
  }
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  const frame = (node: object): Frame => {
    open.add(node);
    if (Array.isArray(node)) return { node, children: node, next: 0, total: 1 };
    const keys = Object.keys(node);
    const keysSize = keys.reduce((sum, key) => sum + key.length + 1, 1);
    return { node, children: Object.values(node), next: 0, total: keysSize };
  };
  const stack: Frame[] = [frame(document)];
  for (;;) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (typeof child === 'object' && child !== null) {
        const known = sizes.get(child);
        if (known !== undefined) top.total += known;
        else if (open.has(child)) return Infinity;
        else {
          stack.push(frame(child));
          continue;
        }
      } else {
        top.total += scalarSize(child);
      }
      if (top.total > limit) return top.total;
      continue;
    }
    stack.pop();
    open.delete(top.node);
    sizes.set(top.node, top.total);
    const parent = stack[stack.length - 1];
    if (!parent) return top.total;
    parent.total += top.total;
    if (parent.total > limit) return parent.total;
  }
}
