import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// tools/lint/file-size.mjs: no hand-written source file over 600 lines.
const root = path.resolve(__dirname, '../../..');

function lint(files: string[]): { code: number; output: string } {
  try {
    const output = execFileSync('node', ['tools/lint/file-size.mjs', ...files], {
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

/** A source file of exactly `lines` lines, each ending in a newline. */
const sourceOf = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};\n`).join('');

describe('the file size lint', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'file-size-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses a source file of 601 lines, naming it and its length', () => {
    const file = path.join(folder, 'long.ts');
    writeFileSync(file, sourceOf(601));
    const result = lint([file]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('long.ts: 601 lines');
  });

  it('passes a source file of 600 lines', () => {
    const file = path.join(folder, 'just-right.ts');
    writeFileSync(file, sourceOf(600));
    expect(lint([file])).toEqual({
      code: 0,
      output: expect.stringContaining('1 source files, none over 600 lines'),
    });
  });

  it('counts a last line without its newline', () => {
    const file = path.join(folder, 'no-newline.tsx');
    writeFileSync(file, `${sourceOf(600)}export const last = 1;`);
    expect(lint([file]).code).toBe(1);
  });

  it('refuses a protobuf contract of 601 lines too', () => {
    const file = path.join(folder, 'service.proto');
    writeFileSync(file, Array.from({ length: 601 }, (_, i) => `// line ${i}\n`).join(''));
    const result = lint([file]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('service.proto: 601 lines');
  });

  it('looks only at TypeScript, JavaScript and protobuf sources', () => {
    const file = path.join(folder, 'notes.md');
    writeFileSync(file, sourceOf(700));
    expect(lint([file])).toEqual({
      code: 0,
      output: expect.stringContaining('0 source files'),
    });
  });
});
