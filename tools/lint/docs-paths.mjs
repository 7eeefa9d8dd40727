// @ts-check
/**
 * Fails when a Markdown file names a file or folder of the repository that
 * does not exist. Every Markdown file git tracks is read (node_modules and
 * third-party folders aside); outside fenced code blocks, each inline code
 * span and each link target that looks like a repository path is checked:
 *   - a code span with a `/` in it that ends in a known extension
 *     (`services/gateway/src/web.ts`, `src/routes/teams.ts`), that starts
 *     with a top-level folder of the repository (`packages/research/src/wording`),
 *     or that ends in `/` (`src/domain/`);
 *   - in a code span holding a command (`npx playwright test tests/x.spec.ts`),
 *     only the words starting with a top-level folder: the others are read
 *     from wherever the command runs;
 *   - a link target that is not a URL or an anchor (`[notes](research.md)`).
 * Bare names (`questions.ts`), URL paths (`/api/products`), package names
 * (`@chorus/platform/ui`), placeholders (`src/<area>.ts`, `…`) and globs are
 * not paths of a file and are skipped, as are paths git ignores (dist/,
 * .data/, e2e/artifacts/): those are made by a run, not written.
 * A path exists when it is found relative to the repository root, to the
 * Markdown file's folder, to the workspace the file is in or that
 * workspace's src/, or else at the end of a path inside the part of the
 * repository the file is about: its workspace (or its folder) for a README
 * of one part, the whole repository for the root README and docs/, where
 * `src/domain/teams.ts` in a line about the catalog is the catalog's. A path
 * starting `./` or `../` is read from the Markdown file's folder only.
 * Usage: node tools/lint/docs-paths.mjs [file.md ...] (from the repository
 * root; npm run lint). With no arguments every tracked Markdown file is read.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();

/** Extensions that make a word with a slash a file path. */
const extensions =
  /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json|yaml|yml|proto|md|sh|sql|css|html|csv|txt|svg|toml)$/;

/** Folders whose Markdown belongs to someone else. */
const thirdParty = /(^|\/)(node_modules|vendor|third[-_]party)\//;

/** Folders whose Markdown is about the whole repository. */
const repositoryWide = new Set(['.', 'docs']);

/** @param {string[]} args */
function git(args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

// Every file git knows of (tracked, or new and not ignored) that is on disk,
// and every folder holding one.
const files = new Set(
  git(['ls-files', '--cached', '--others', '--exclude-standard'])
    .split('\n')
    .filter((file) => file !== '' && existsSync(path.join(root, file))),
);
const folders = new Set();
for (const file of files) {
  for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) {
    if (folders.has(dir)) break;
    folders.add(dir);
  }
}
const entries = [...files, ...folders];
const topLevel = new Set([...folders].filter((dir) => !dir.includes('/')));

/** Workspaces: every folder holding a package.json, deepest first. */
const workspaces = [...files]
  .filter((file) => file.endsWith('/package.json'))
  .map((file) => path.posix.dirname(file))
  .sort((a, b) => b.length - a.length);

const docs =
  process.argv.length > 2
    ? process.argv.slice(2)
    : git(['ls-files', '*.md'])
        .split('\n')
        .filter((file) => file !== '' && !thirdParty.test(file) && files.has(file));

/** A path as seen from the repository root, with forward slashes. */
function fromRoot(/** @type {string} */ p) {
  const relative = path.isAbsolute(p) ? path.relative(root, p) : p;
  return path.posix.normalize(relative.split(path.sep).join('/')).replace(/\/+$/, '');
}

/**
 * Whether a path, relative to the repository root, names something that is
 * there. A path outside the repository (a Markdown file given by argument)
 * is looked up on disk.
 * @param {string} relative
 */
function present(relative) {
  if (relative === '' || relative === '.') return true;
  if (relative.startsWith('../')) return existsSync(path.resolve(root, relative));
  return files.has(relative) || folders.has(relative);
}

/**
 * The word as a repository path, or undefined when it is not one.
 * @param {string} word
 * @param {'code' | 'command' | 'link'} kind
 */
function asPath(word, kind) {
  let candidate = word.replace(/[#?].*$/, '').replace(/:\d+(-\d+)?$/, '');
  if (candidate === '') return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(candidate)) return undefined; // a URL or mailto:
  if (/[<>{}*…$~@:=]|\.\.\.|^\/|^-/.test(candidate)) return undefined;
  if (kind === 'link') return candidate;
  if (!candidate.includes('/')) return undefined;
  candidate = candidate.replace(/[,;.)]+$/, (tail) => (extensions.test(candidate) ? '' : tail));
  const first = candidate.replace(/^\.\//, '').split('/')[0] ?? '';
  if (kind === 'command') return topLevel.has(first) ? candidate : undefined;
  if (extensions.test(candidate) || candidate.endsWith('/') || topLevel.has(first)) {
    return candidate;
  }
  return undefined;
}

/**
 * Where a path named in a Markdown file may be, first to last, relative to
 * the repository root; `within` is the part of the repository whose paths
 * may end with it.
 * @param {string} named
 * @param {string} doc the Markdown file, relative to the root (or absolute)
 * @returns {{ candidates: string[], within?: string }}
 */
function placesOf(named, doc) {
  const docDir = fromRoot(path.dirname(doc));
  const fromDoc = fromRoot(path.posix.join(docDir, named));
  if (named.startsWith('./') || named.startsWith('../')) return { candidates: [fromDoc] };
  const clean = fromRoot(named);
  const workspace = workspaces.find((dir) => docDir === dir || docDir.startsWith(`${dir}/`));
  const candidates = [clean, fromDoc];
  if (workspace) candidates.push(`${workspace}/${clean}`, `${workspace}/src/${clean}`);
  if (docDir.startsWith('../')) return { candidates };
  return { candidates, within: repositoryWide.has(docDir) ? '.' : (workspace ?? docDir) };
}

/**
 * Whether some file or folder inside `within` ends with the path.
 * @param {string} named
 * @param {string} within
 */
function endsSomewhere(named, within) {
  const tail = `/${fromRoot(named)}`;
  const prefix = within === '.' ? '' : `${within}/`;
  return entries.some((entry) => entry.startsWith(prefix) && entry.endsWith(tail));
}

/**
 * Paths git ignores (build output, caches, run artifacts).
 * @param {string[]} paths
 */
function ignoredOf(paths) {
  const inside = paths.filter((p) => p !== '' && p !== '.' && !p.startsWith('../'));
  if (inside.length === 0) return new Set();
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
      cwd: root,
      // A folder's pattern (dist/) matches only a path that says it is one.
      input: inside.flatMap((p) => [p, `${p}/`]).join('\n'),
      encoding: 'utf8',
    });
    return new Set(out.split('\n').map((p) => p.replace(/\/$/, '')));
  } catch (error) {
    // git check-ignore exits 1 when nothing is ignored.
    const failed = /** @type {{ status: number }} */ (error);
    if (failed.status === 1) return new Set();
    throw error;
  }
}

/** @type {{ doc: string, line: number, named: string }[]} */
const found = [];
for (const doc of docs) {
  const lines = readFileSync(path.resolve(root, doc), 'utf8').split('\n');
  let fence = '';
  lines.forEach((text, index) => {
    const opening = /^\s*(```+|~~~+)/.exec(text);
    if (opening) {
      if (fence === '') fence = opening[1] ?? '';
      else if (text.trim().startsWith(fence)) fence = '';
      return;
    }
    if (fence !== '') return;
    const line = index + 1;
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const words = (match[1] ?? '').trim().split(/\s+/);
      for (const word of words) {
        const named = asPath(word, words.length > 1 ? 'command' : 'code');
        if (named) found.push({ doc, line, named });
      }
    }
    const outsideCode = text.replace(/`[^`]*`/g, '');
    for (const match of outsideCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const named = asPath(match[1] ?? '', 'link');
      if (named) found.push({ doc, line, named });
    }
    const reference = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(outsideCode);
    if (reference) {
      const named = asPath(reference[1] ?? '', 'link');
      if (named) found.push({ doc, line, named });
    }
  });
}

const places = found.map(({ named, doc }) => placesOf(named, doc));
const ignored = ignoredOf([...new Set(places.flatMap(({ candidates }) => candidates))]);
const missing = found.filter(({ named }, i) => {
  const { candidates, within } = /** @type {ReturnType<typeof placesOf>} */ (places[i]);
  if (candidates.some((p) => present(p) || ignored.has(p))) return false;
  return within === undefined || !endsSomewhere(named, within);
});

if (missing.length > 0) {
  for (const { doc, line, named } of missing) {
    console.error(`${doc}:${line}: names ${named}, which does not exist`);
  }
  console.error(
    `${missing.length} missing path(s): name a file that exists, from the repository root or the document's folder`,
  );
  process.exit(1);
}
console.log(`every path named in ${docs.length} Markdown files exists (${found.length} checked)`);
