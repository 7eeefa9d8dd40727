import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// tools/lint/contracts.mjs: contracts hold what is named, nothing else.
const root = path.resolve(__dirname, '../../..');

function lint(src?: string): { code: number; output: string } {
  try {
    const output = execFileSync('node', ['tools/lint/contracts.mjs'], {
      cwd: root,
      env: { ...process.env, ...(src ? { CONTRACTS_SRC: src } : {}) },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}

describe('the contracts lint', () => {
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'contracts-'));
    cpSync(path.join(root, 'packages/contracts/src'), copy, { recursive: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('passes on the contracts as they are', () => {
    expect(lint()).toEqual({ code: 0, output: expect.stringContaining('contracts only') });
  });

  it('refuses a function nobody named, saying where it belongs', () => {
    appendFileSync(
      path.join(copy, 'wording.ts'),
      '\nexport function kanbanLayout(): number {\n  return 1;\n}\n',
    );
    const result = lint(copy);
    expect(result.code).toBe(1);
    expect(result.output).toContain('wording.ts');
    expect(result.output).toContain('kanbanLayout is logic in contracts');
  });

  it('refuses a module nobody named, React, and a class', () => {
    writeFileSync(path.join(copy, 'layout.ts'), 'export const x = 1;\n');
    appendFileSync(path.join(copy, 'index.ts'), "export * from './layout';\n");
    appendFileSync(
      path.join(copy, 'roadmaps.ts'),
      "\nimport { useState } from 'react';\nexport class Board {}\nexport const s = useState;\n",
    );
    const result = lint(copy);
    expect(result.code).toBe(1);
    expect(result.output).toContain('layout.ts: not a known contracts module');
    expect(result.output).toContain("not 'react'");
    expect(result.output).toContain('a class is behaviour, not a contract');
  });
});
