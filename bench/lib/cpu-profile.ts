import path from 'node:path';

// A V8 CPU profile (the .cpuprofile JSON the inspector's Profiler.stop answers
// and DevTools reads) read two ways: as a tree of call paths for a flame
// graph, and as self time per function and per module.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds, on the monotonic clock `process.hrtime` reads. */
  startTime: number;
  endTime: number;
  /** The node each sample fell in, in order. */
  samples?: number[];
  /** Microseconds from the previous sample (the first: from startTime). */
  timeDeltas?: number[];
}

/** One frame of a flame graph: d3-flame-graph's data shape. */
export interface FlameNode {
  name: string;
  /** Samples in this frame and in the frames it called. */
  value: number;
  children: FlameNode[];
}

/** Self time of a function or a module. */
export interface SelfTime {
  /** The function's name (anonymous ones: `(anonymous)`, their line in `file`) or the module's. */
  name: string;
  /** Where it is (a short path or `node:…`); empty for V8's own entries and for a module. */
  file: string;
  samples: number;
  /** Of the busy samples: `(idle)` left out. */
  share: number;
}

interface ProfileSummary {
  /** The call paths, `(idle)` left out, identical paths merged; the root is `all`. */
  tree: FlameNode;
  /** Samples in the window, `(idle)` left out. */
  busy: number;
  idle: number;
  functions: SelfTime[];
  modules: SelfTime[];
}

/**
 * A script's place, never an absolute path of the machine: a package's file
 * from its package on (`express/lib/router/index.js`), a file of this
 * repository from its root (`services/gateway/dist/app.js`), Node's own as
 * it names them (`node:internal/http2/core`), anything else by its name.
 */
function shortPath(url: string, root: string): string {
  if (!url) return '';
  if (url.startsWith('node:')) return url;
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) return file.slice(modules + '/node_modules/'.length);
  const relative = path.relative(root, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.basename(file) : relative;
}

const ownFolders = new Set(['services', 'packages', 'tools', 'bench', 'proto']);

/**
 * What a frame belongs to: its package (`express`, `@grpc/grpc-js`), its
 * workspace here (`services/gateway`), a part of Node (`node:internal/http2`,
 * `node:net`), V8's own entries by name (`(garbage collector)`, `(program)`)
 * and `(native)` for functions without a script: V8's builtins
 * (`toISOString`) and Node's C++ bindings (a socket's `writev`).
 */
function moduleOf(file: string, functionName: string): string {
  if (!file) return functionName.startsWith('(') ? functionName : '(native)';
  const parts = file.split('/');
  if (file.startsWith('node:')) {
    return parts.length > 2 ? parts.slice(0, 2).join('/') : file.replace(/\.js$/, '');
  }
  if (parts.length < 2) return file;
  if (ownFolders.has(parts[0]!) && parts.length > 2) return parts.slice(0, 2).join('/');
  return parts[0]!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Samples per node between `from` and `to` (microseconds on the profile's
 * clock), or every sample when no window is given; the nodes' hit counts when
 * the profile has no sample list.
 */
function hitsPerNode(
  profile: CpuProfile,
  window?: { from: number; to: number },
): Map<number, number> {
  const hits = new Map<number, number>();
  if (!profile.samples || !profile.timeDeltas) {
    for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
    return hits;
  }
  let time = profile.startTime;
  for (const [index, id] of profile.samples.entries()) {
    time += profile.timeDeltas[index] ?? 0;
    if (window && (time < window.from || time > window.to)) continue;
    hits.set(id, (hits.get(id) ?? 0) + 1);
  }
  return hits;
}

/**
 * The flame graph's tree and self time per function and module of the samples
 * taken between `window.from` and `window.to` (all of them without one).
 * Names are the function and its file's short path (`shortPath`, relative to
 * `root`); call paths that read the same are merged.
 */
export function summarise(
  profile: CpuProfile,
  root: string,
  window?: { from: number; to: number },
): ProfileSummary {
  const hits = hitsPerNode(profile, window);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const childIds = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  const top = profile.nodes.find((node) => !childIds.has(node.id));
  if (!top) throw new Error('the CPU profile has no root node');

  const tree: FlameNode = { name: 'all', value: 0, children: [] };
  const functions = new Map<string, SelfTime>();
  const modules = new Map<string, SelfTime>();
  const addSelf = (into: Map<string, SelfTime>, key: string, entry: Omit<SelfTime, 'share'>) => {
    const kept = into.get(key) ?? { ...entry, samples: 0, share: 0 };
    kept.samples += entry.samples;
    into.set(key, kept);
  };
  let idle = 0;

  // Depth first, without recursion: stacks under a server run deep.
  const stack: { node: ProfileNode; into: FlameNode; path: FlameNode[] }[] = (
    top.children ?? []
  ).map((id) => ({ node: byId.get(id)!, into: tree, path: [tree] }));
  while (stack.length > 0) {
    const { node, into, path: ancestors } = stack.pop()!;
    const own = hits.get(node.id) ?? 0;
    if (node.callFrame.functionName === '(idle)') {
      idle += own;
      continue;
    }
    const { functionName: called, url, lineNumber } = node.callFrame;
    const file = shortPath(url, root);
    const functionName = called || '(anonymous)';
    // Anonymous functions of one file are told apart by their line.
    const where = file && !called ? `${file}:${lineNumber + 1}` : file;
    const name = where ? `${functionName} ${where}` : functionName;
    let frame = into.children.find((child) => child.name === name);
    if (!frame) {
      frame = { name, value: 0, children: [] };
      into.children.push(frame);
    }
    if (own > 0) {
      frame.value += own;
      for (const ancestor of ancestors) ancestor.value += own;
      addSelf(functions, name, { name: functionName, file: where, samples: own });
      const module = moduleOf(file, called);
      addSelf(modules, module, { name: module, file: '', samples: own });
    }
    for (const id of node.children ?? []) {
      stack.push({ node: byId.get(id)!, into: frame, path: [...ancestors, frame] });
    }
  }
  prune(tree);
  const busy = tree.value;
  const ranked = (entries: Map<string, SelfTime>) =>
    [...entries.values()]
      .map((entry) => ({ ...entry, share: busy ? entry.samples / busy : 0 }))
      .sort((a, b) => b.samples - a.samples);
  return { tree, busy, idle, functions: ranked(functions), modules: ranked(modules) };
}

/** Drops frames no sample fell in (paths seen only outside the window). */
function prune(frame: FlameNode): void {
  frame.children = frame.children.filter((child) => child.value > 0);
  for (const child of frame.children) prune(child);
}
