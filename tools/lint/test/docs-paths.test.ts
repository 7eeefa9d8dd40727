import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// tools/lint/docs-paths.mjs: every path a Markdown file names exists.
const root = path.resolve(__dirname, '../../..');

function lint(...docs: string[]): { code: number; output: string } {
  try {
    const output = execFileSync('node', ['tools/lint/docs-paths.mjs', ...docs], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}

describe('the docs paths lint', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docs-paths-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes on a document naming files that exist', () => {
    const doc = path.join(dir, 'guide.md');
    writeFileSync(path.join(dir, 'notes.md'), '# Notes\n');
    writeFileSync(
      doc,
      [
        '# Guide',
        '',
        'The lint is `tools/lint/docs-paths.mjs`; the contracts are in',
        '`packages/contracts/src/` (see [the notes](notes.md#top)).',
        'Bare names (`questions.ts`), routes (`/api/products`), placeholders',
        '(`src/<area>.ts`) and packages (`@chorus/platform/ui`) are not paths.',
        '',
        '```sh',
        'node tools/lint/not-checked-in-a-code-block.mjs',
        '```',
        '',
      ].join('\n'),
    );
    expect(lint(doc)).toEqual({ code: 0, output: expect.stringContaining('exists') });
  });

  it('fails on a document naming a file that does not exist, with the line', () => {
    const doc = path.join(dir, 'stale.md');
    writeFileSync(
      doc,
      [
        '# Stale',
        '',
        'The check lives in `packages/contracts/src/wording-check.ts`.',
        'See [the old notes](./old-notes.md).',
        '',
      ].join('\n'),
    );
    const result = lint(doc);
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `${doc}:3: names packages/contracts/src/wording-check.ts, which does not exist`,
    );
    expect(result.output).toContain(`${doc}:4: names ./old-notes.md, which does not exist`);
    expect(result.output).toContain('2 missing path(s)');
  });

  it('passes on the documents of the repository', () => {
    expect(lint()).toEqual({ code: 0, output: expect.stringContaining('Markdown files') });
  });
});
