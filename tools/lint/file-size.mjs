// @ts-check
/**
 * One idea per file: fails listing every hand-written source file longer than
 * 600 lines. A file that long holds more than one idea; split it by idea
 * (the mappers beside the messages they map, a builder apart from its
 * renderer, one panel per file) rather than raising the limit.
 *
 * Hand-written source is every TypeScript and JavaScript file git knows of
 * (tracked, or new and not ignored): .ts, .tsx, .mts, .cts, .js, .jsx, .mjs
 * and .cjs, tests and browser tests included, and every protobuf contract
 * (.proto). Left out:
 * - generated code: proto/src/gen/ (written by `npm run proto:generate`),
 *   the wording model's weights (packages/research/src/wording/model/weights.ts,
 *   written by its training tool) and declaration files (.d.ts);
 * - data written as code rather than logic: the wording check's labelled
 *   corpus (packages/research/test/wording-corpus/), the population frames
 *   (packages/research/src/panels/frames/) and test fixtures (any fixtures/
 *   folder);
 * - lock files and other non-code files (JSON, YAML, Markdown, CSS) are not
 *   looked at: only the extensions above are.
 *
 * Usage: node tools/lint/file-size.mjs [file...] (from the repository root).
 * With files, only those are checked (the exemptions still apply).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 600;
const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|proto)$/;

/** Paths (relative to the repository root, with forward slashes) that are not hand-written logic. */
const EXEMPT = [
  /^proto\/src\/gen\//,
  /^packages\/research\/src\/wording\/model\/weights\.ts$/,
  /\.d\.ts$/,
  /^packages\/research\/test\/wording-corpus\//,
  /^packages\/research\/src\/panels\/frames\//,
  /(?:^|\/)fixtures\//,
];

const given = process.argv.slice(2);
const files =
  given.length > 0
    ? given
    : execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((file) => file !== '');

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(text) {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

const tooLong = [];
let checked = 0;
for (const file of files) {
  const relative = path.relative(process.cwd(), file).split(path.sep).join('/');
  if (!SOURCE.test(relative) || EXEMPT.some((pattern) => pattern.test(relative))) continue;
  if (!existsSync(file) || !statSync(file).isFile()) continue;
  checked += 1;
  const lines = lineCount(readFileSync(file, 'utf8'));
  if (lines > MAX_LINES) tooLong.push({ file: relative, lines });
}

if (tooLong.length > 0) {
  console.error(`Source files over ${MAX_LINES} lines (split each by idea):`);
  for (const { file, lines } of tooLong.sort((a, b) => b.lines - a.lines)) {
    console.error(`  ${file}: ${lines} lines`);
  }
  process.exit(1);
}
console.log(`file sizes: ${checked} source files, none over ${MAX_LINES} lines`);
