import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// tools/lint/contracts.mjs: a contracts function stays only while two
// workspaces use it (prices and messages aside), and contracts import nothing
// but zod, papaparse and js-yaml.
const root = path.resolve(__dirname, '../../..');

function lint(env: { CONTRACTS_ROOT?: string; CONTRACTS_SRC?: string } = {}): {
  code: number;
  output: string;
} {
  try {
    const output = execFileSync('node', ['tools/lint/contracts.mjs'], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}

/** Writes files (path -> text) under a folder, making the folders on the way. */
function write(folder: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
}

const packageJson = (name: string) => JSON.stringify({ name, private: true });

describe('the contracts lint on the repository', () => {
  it('passes on the contracts as they are', () => {
    expect(lint()).toEqual({ code: 0, output: expect.stringContaining('packages/contracts:') });
  }, 60_000);

  describe('on a copy of the contracts', () => {
    let copy: string;
    beforeEach(() => {
      copy = mkdtempSync(path.join(tmpdir(), 'contracts-src-'));
      cpSync(path.join(root, 'packages/contracts/src'), copy, { recursive: true });
    });
    afterEach(() => rmSync(copy, { recursive: true, force: true }));

    it('refuses a function no workspace uses', () => {
      appendFileSync(
        path.join(copy, 'wording.ts'),
        '\nexport function kanbanLayout(): number {\n  return 1;\n}\n',
      );
      const result = lint({ CONTRACTS_SRC: copy });
      expect(result.code).toBe(1);
      expect(result.output).toContain('wording.ts');
      expect(result.output).toContain('kanbanLayout is used by no workspace');
    }, 60_000);

    it('refuses React, a class and a module index.ts leaves out', () => {
      writeFileSync(path.join(copy, 'layout.ts'), 'export const x = 1;\n');
      appendFileSync(
        path.join(copy, 'roadmaps.ts'),
        "\nimport { useState } from 'react';\nexport class Board {}\nexport const s = useState;\n",
      );
      const result = lint({ CONTRACTS_SRC: copy });
      expect(result.code).toBe(1);
      expect(result.output).toContain('index.ts: layout.ts is not exported');
      expect(result.output).toContain("not 'react'");
      expect(result.output).toContain('a class is behaviour, not a contract');
    }, 60_000);
  });
});

describe('the contracts lint on a repository of its own', () => {
  let repo: string;
  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'contracts-repo-'));
    write(repo, {
      'package.json': packageJson('fake'),
      'packages/contracts/package.json': packageJson('@chorus/contracts'),
      'packages/contracts/src/index.ts': [
        "export * from './entitlements';",
        "export * from './format';",
        "export * from './shared';",
        "export * from './pricing';",
        '',
      ].join('\n'),
      'packages/contracts/src/entitlements.ts': "export const paidStatuses = ['active'];\n",
      'packages/contracts/src/format.ts': "export const NOT_AVAILABLE = 'Not available';\n",
      'packages/contracts/src/shared.ts': [
        "import { z } from 'zod';",
        'export const nameRequest = z.object({ name: z.string() });',
        '/** The rule both sides apply; it needs checkName. */',
        'export function validName(name: string): boolean {',
        '  return checkName(name);',
        '}',
        'export function checkName(name: string): boolean {',
        '  return name.trim() !== "";',
        '}',
        'export const pageTitle = (name: string) => `${name} | Chorus`;',
        'export function unused(): number {',
        '  return 0;',
        '}',
        '',
      ].join('\n'),
      'packages/contracts/src/pricing.ts': [
        'export function quoteCents(personas: number): number {',
        '  return 2500 + 200 * Math.max(0, personas - 10);',
        '}',
        '',
      ].join('\n'),
      // The contracts' own tests use everything: that makes nothing shared.
      'packages/contracts/test/shared.test.ts':
        "import { checkName, pageTitle, unused, validName } from '../src';\n",
      'services/gateway/package.json': packageJson('@chorus/gateway'),
      'services/gateway/src/routes.ts': [
        "import { nameRequest, quoteCents, validName } from '@chorus/contracts';",
        'export const read = [nameRequest, quoteCents, validName];',
        '',
      ].join('\n'),
      'mfe-products/package.json': packageJson('@chorus/mfe-products'),
      'mfe-products/src/page.tsx': [
        "import { checkName, pageTitle } from '@chorus/contracts';",
        'export const page = [checkName, pageTitle];',
        '',
      ].join('\n'),
      'mfe-products/test/page.test.ts': "import { validName } from '@chorus/contracts';\n",
    });
    execFileSync('git', ['init', '-q'], { cwd: repo });
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('fails on a function one workspace uses, naming it and its only user', () => {
    const result = lint({ CONTRACTS_ROOT: repo });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(
      /shared\.ts:10: pageTitle is used only by mfe-products \(mfe-products\/src\/page\.tsx\)/,
    );
  }, 60_000);

  it('fails on a function no workspace uses, whatever the contracts tests import', () => {
    const result = lint({ CONTRACTS_ROOT: repo });
    expect(result.output).toContain('unused is used by no workspace');
  }, 60_000);

  it('passes a function two workspaces use, a test counting for its workspace', () => {
    const output = lint({ CONTRACTS_ROOT: repo }).output;
    // validName: the gateway's routes and the products app's tests.
    expect(output).not.toContain('validName');
    // checkName: the products app imports it, the gateway runs it through validName.
    expect(output).not.toContain('checkName');
    // A price needs one user.
    expect(output).not.toContain('quoteCents');
    expect(output).toMatch(/^2 problem\(s\)/);
  }, 60_000);

  it('passes once the one-workspace function lives in that workspace and the unused one is gone', () => {
    write(repo, {
      'packages/contracts/src/shared.ts': [
        "import { z } from 'zod';",
        'export const nameRequest = z.object({ name: z.string() });',
        'export function validName(name: string): boolean {',
        '  return checkName(name);',
        '}',
        'export function checkName(name: string): boolean {',
        '  return name.trim() !== "";',
        '}',
        '',
      ].join('\n'),
      'packages/contracts/test/shared.test.ts': "import { checkName, validName } from '../src';\n",
      'mfe-products/src/page.tsx': [
        "import { checkName } from '@chorus/contracts';",
        'const pageTitle = (name: string) => `${name} | Chorus`;',
        'export const page = [checkName, pageTitle];',
        '',
      ].join('\n'),
    });
    expect(lint({ CONTRACTS_ROOT: repo })).toEqual({
      code: 0,
      output: expect.stringContaining('each of their 3 functions is shared'),
    });
  }, 60_000);

  it('asks to drop the export of a function only its own module uses', () => {
    appendFileSync(
      path.join(repo, 'packages/contracts/src/pricing.ts'),
      [
        'export function cents(dollars: number): number {',
        '  return Math.round(dollars * 100);',
        '}',
        'export const planCents = cents(25);',
        '',
      ].join('\n'),
    );
    appendFileSync(
      path.join(repo, 'services/gateway/src/routes.ts'),
      "import { planCents } from '@chorus/contracts';\nexport const plan = planCents;\n",
    );
    const result = lint({ CONTRACTS_ROOT: repo });
    expect(result.output).toContain(
      'cents is imported by no workspace and used only inside pricing.ts: drop its export',
    );
  }, 60_000);
});
