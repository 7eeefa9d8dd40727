import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// tools/lint/dead-exports.mjs: no exported name that nothing imports.
const script = path.resolve(__dirname, '../dead-exports.mjs');

/** The lint run in a fixture folder, as it runs from the repository root. */
function lint(cwd: string): { code: number; output: string } {
  try {
    const output = execFileSync('node', [script], { cwd, encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}

describe('the dead exports lint', () => {
  let dir: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dead-exports-'));
    execFileSync('git', ['init', '--quiet'], { cwd: dir });
    // A package whose index passes its modules on, and an app that imports it.
    write('lib/package.json', '{ "name": "lib" }\n');
    write('lib/src/index.ts', "export * from './words';\nexport { total } from './sums';\n");
    write(
      'lib/src/words.ts',
      "export const greeting = 'hello';\nexport function shout(text: string): string {\n  return text.toUpperCase();\n}\n",
    );
    write(
      'lib/src/sums.ts',
      'export function total(values: number[]): number {\n  return values.reduce((a, b) => a + b, 0);\n}\n',
    );
    write(
      'app/src/main.ts',
      "import { greeting, shout } from '../../lib/src';\nconst { total } = await import('../../lib/src');\nexport {};\nconsole.log(shout(greeting), total([1]));\n",
    );
    // A test's import is a use.
    write('lib/test/words.test.ts', "import { shout } from '../src/words';\nshout('x');\n");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes when every export is imported, through an index or a dynamic import', () => {
    expect(lint(dir)).toEqual({
      code: 0,
      output: expect.stringContaining('no dead exports among 4 source modules'),
    });
  });

  it('fails on an export nothing imports, and on one used only in its own file', () => {
    write(
      'lib/src/words.ts',
      [
        "export const greeting = 'hello';",
        'export function shout(text: string): string {',
        '  return text.toUpperCase();',
        '}',
        'export function whisper(text: string): string {',
        '  return text.toLowerCase();',
        '}',
        "export const LOUDNESS = 'high';",
        'export function loudness(): string {',
        '  return LOUDNESS;',
        '}',
        '',
      ].join('\n'),
    );
    write(
      'app/src/main.ts',
      "import { greeting, loudness } from '../../lib/src';\nexport {};\nconsole.log(greeting, loudness());\n",
    );
    const result = lint(dir);
    expect(result.code).toBe(1);
    expect(result.output).toContain('lib/src/words.ts:5: whisper: nothing uses it: remove it');
    expect(result.output).toContain(
      'lib/src/words.ts:8: LOUDNESS: used only in its own file: drop the export',
    );
    // total is passed on by the index, and nothing imports it through there.
    expect(result.output).toContain(
      'lib/src/index.ts:2: total: re-exported, and nothing imports it through here',
    );
    expect(result.output).toContain('lib/src/sums.ts:1: total: nothing uses it: remove it');
    expect(result.output).toContain('4 dead export(s)');
    // shout is imported by a test only: that is a use.
    expect(result.output).not.toContain('shout');
  });
});
