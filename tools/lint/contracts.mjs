// @ts-check
/**
 * Keeps packages/contracts a package of contracts: what two sides of a call
 * agree on, and nothing one side computes for itself. Schemas, views (types
 * and interfaces) and constants (the words both sides show or send) are free.
 * A function is logic, so it stays in contracts only while at least two
 * workspaces use it; the lint works out who uses it from the import graph:
 *   - every exported function of packages/contracts/src/*.ts (a function
 *     declaration, or a const set to an arrow or function expression),
 *   - every *.ts/*.tsx file of the repository outside packages/contracts,
 *     node_modules and generated proto code, read for
 *     `import { a, b as c } from '@chorus/contracts'` (or a subpath of it) and
 *     `export { a } from '@chorus/contracts'`,
 *   - each file belongs to the workspace of its nearest package.json; a test
 *     counts for the workspace it sits in, because a function another
 *     workspace's tests import cannot move into one workspace's src without
 *     that test importing across workspaces,
 *   - a workspace uses a function when it imports it, or imports a contract
 *     that needs it (a schema that runs it, a function that calls it): such
 *     a function cannot leave contracts while that contract stays.
 * Use inside packages/contracts (its modules and its tests) does not make
 * contracts a user. A function with one user workspace fails, naming that
 * workspace and a file of it: move it there. One with none fails: delete it.
 * One that no workspace imports and only its own module needs should not be
 * exported. The modules of ALLOWED_ALONE are contracts by nature (prices,
 * entitlements, how money and dates are written): their functions need one
 * user only.
 * Besides, contracts import nothing but zod, papaparse, js-yaml and each
 * other (so no React, no Node built-ins, no other workspace), declare no
 * classes, and index.ts re-exports every module.
 * Usage: node tools/lint/contracts.mjs (from the repository root; npm run lint).
 * CONTRACTS_ROOT points it at another repository root and CONTRACTS_SRC at
 * other contracts sources (the lint's own test uses both).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository whose workspaces are read. */
const root = path.resolve(process.env.CONTRACTS_ROOT ?? '.');
/** The contracts' sources. */
const dir = path.resolve(root, process.env.CONTRACTS_SRC ?? 'packages/contracts/src');
/** The package name the workspaces import the contracts by. */
const PACKAGE = '@chorus/contracts';

/** Packages a contract may import: validation, CSV and YAML reading. */
const allowedImports = new Set(['zod', 'papaparse', 'js-yaml']);

/**
 * Modules whose functions stay in contracts with a single user, each with its
 * reason. A function of them that no workspace uses still fails.
 * @type {Record<string, string>}
 */
const ALLOWED_ALONE = {
  'pricing.ts': 'prices: the one place what something costs is computed',
  'entitlements.ts': 'entitlements: who may do which paid action, and the words for it',
  'format.ts': 'messages: how money and dates are written everywhere',
};

/** Shows a path relative to the repository root. */
const shown = (/** @type {string} */ file) => path.relative(root, file) || '.';

const problems = [];

// The contracts: each module's exported functions, imports and classes, and
// which of their declarations each declaration refers to.
const files = readdirSync(dir).filter(
  (f) => /\.tsx?$/.test(f) && !/\.d\.ts$/.test(f) && f !== 'index.ts',
);
const compilerOptions = {
  noLib: true,
  noResolve: true,
  types: [],
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
};
const host = ts.createCompilerHost(compilerOptions);
// Only the contracts' imports of each other matter here: './x' is x.ts beside it.
host.resolveModuleNameLiterals = (literals, containing) =>
  literals.map(({ text }) => ({
    resolvedModule: text.startsWith('./')
      ? {
          resolvedFileName: path.join(path.dirname(containing), `${text.slice(2)}.ts`),
          extension: ts.Extension.Ts,
          isExternalLibraryImport: false,
        }
      : undefined,
  }));
const program = ts.createProgram(
  files.map((file) => path.join(dir, file)),
  compilerOptions,
  host,
);
const checker = program.getTypeChecker();

/** @type {Map<string, { file: string, line: number }>} each exported function and where it is */
const functions = new Map();
/** @type {Map<string, string>} each exported name -> its declaration's key */
const exportedKey = new Map();
/** @type {Map<ts.Symbol, string>} the symbol of each top-level declaration -> its key (file#name) */
const keyOfSymbol = new Map();
/** @type {Map<string, ts.Node[]>} each declaration's key -> the nodes that declare it */
const nodesOfKey = new Map();

/** The symbol a name stands for, seen through imports. */
function symbolOf(/** @type {ts.Node} */ node) {
  const symbol = checker.getSymbolAtLocation(node);
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

for (const file of files) {
  const source = program.getSourceFile(path.join(dir, file));
  if (!source) continue;
  const lineOf = (/** @type {ts.Node} */ node) =>
    source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const at = (/** @type {ts.Node} */ node) => `${shown(path.join(dir, file))}:${lineOf(node)}`;
  /** Records a top-level declaration; the key of an exported one is its name's. */
  const declare = (
    /** @type {ts.Identifier} */ name,
    /** @type {ts.Node} */ node,
    /** @type {boolean} */ isExported,
  ) => {
    const key = `${file}#${name.text}`;
    const symbol = checker.getSymbolAtLocation(name);
    if (symbol) keyOfSymbol.set(symbol, key);
    nodesOfKey.set(key, [...(nodesOfKey.get(key) ?? []), node]);
    if (isExported) exportedKey.set(name.text, key);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier;
      if (from && ts.isStringLiteral(from)) {
        const name = from.text;
        if (!name.startsWith('./') && !allowedImports.has(name)) {
          problems.push(
            `${at(statement)}: contracts import only ${[...allowedImports].join(', ')} and each other, not '${name}'.`,
          );
        }
      }
      continue;
    }
    if (ts.isClassDeclaration(statement)) {
      problems.push(`${at(statement)}: a class is behaviour, not a contract.`);
      continue;
    }
    const isExported =
      ts
        .getModifiers(/** @type {ts.HasModifiers} */ (statement))
        ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      declare(statement.name, statement, isExported);
      // Overloads declare a name more than once: the first declaration is where it is.
      if (
        isExported &&
        ts.isFunctionDeclaration(statement) &&
        !functions.has(statement.name.text)
      ) {
        functions.set(statement.name.text, { file, line: lineOf(statement) });
      }
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        declare(declaration.name, declaration, isExported);
        const init = declaration.initializer;
        if (isExported && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          functions.set(declaration.name.text, { file, line: lineOf(declaration) });
        }
      }
    }
  }
}

/** @type {Map<string, Set<string>>} each declaration's key -> the declarations it refers to */
const refersTo = new Map();
for (const [key, nodes] of nodesOfKey) {
  /** @type {Set<string>} */
  const referred = new Set();
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isIdentifier(node)) {
      const symbol = symbolOf(node);
      const other = symbol && keyOfSymbol.get(symbol);
      if (other && other !== key) referred.add(other);
    }
    ts.forEachChild(node, visit);
  };
  nodes.forEach(visit);
  refersTo.set(key, referred);
}

/** Every declaration a declaration needs, itself included. */
function reach(/** @type {string} */ key, /** @type {Set<string>} */ seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const other of refersTo.get(key) ?? []) reach(other, seen);
  return seen;
}

for (const file of Object.keys(ALLOWED_ALONE)) {
  if (!files.includes(file)) {
    problems.push(
      `tools/lint/contracts.mjs: ALLOWED_ALONE names ${file}, which is not in ${shown(dir)}; take it off.`,
    );
  }
}

const indexFile = path.join(dir, 'index.ts');
const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '';
const reexported = [...index.matchAll(/from '\.\/([^']+)'/g)].map((m) => `${m[1]}.ts`);
for (const file of files) {
  if (!reexported.includes(file)) problems.push(`${shown(indexFile)}: ${file} is not exported.`);
}

// The workspaces' sources and tests: who imports which function.

/** Every TypeScript file of the repository, relative to its root. */
function sourceFiles() {
  /** @type {string[]} */
  let listed;
  try {
    // Tracked files and new ones not yet added (git's ignores apply).
    listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\n')
      .filter(Boolean);
  } catch {
    // Not a git repository: walk the folders instead.
    listed = [];
    const walk = (/** @type {string} */ folder) => {
      for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
        const relative = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!['node_modules', '.git', 'dist'].includes(entry.name)) walk(relative);
        } else listed.push(relative);
      }
    };
    walk('');
  }
  const contracts = `${path.relative(root, path.dirname(dir)).split(path.sep).join('/')}/`;
  return [...new Set(listed)].filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !file.startsWith(contracts) &&
      !file.startsWith('packages/contracts/') &&
      !file.split('/').includes('node_modules') &&
      !file.startsWith('proto/src/gen/') &&
      existsSync(path.join(root, file)),
  );
}

/** @type {Map<string, string>} folder -> the workspace (folder of the nearest package.json) */
const workspaceOfFolder = new Map();
/** The workspace a file belongs to, as a folder relative to the root ('.' for the root). */
function workspaceOf(/** @type {string} */ file) {
  const folder = path.posix.dirname(file);
  const known = workspaceOfFolder.get(folder);
  if (known !== undefined) return known;
  const workspace =
    folder === '.' || existsSync(path.join(root, folder, 'package.json'))
      ? folder
      : workspaceOf(folder);
  workspaceOfFolder.set(folder, workspace);
  return workspace;
}

/** @type {Map<string, Map<string, string>>} declaration key -> workspace -> a file that imports it */
const importers = new Map();
const isContracts = (/** @type {string} */ specifier) =>
  specifier === PACKAGE || specifier.startsWith(`${PACKAGE}/`);

for (const file of sourceFiles()) {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (!text.includes(PACKAGE)) continue;
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  /** @type {string[]} */
  const names = [];
  for (const statement of source.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      isContracts(statement.moduleSpecifier.text)
    ) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          names.push((element.propertyName ?? element.name).text);
        }
      } else if (bindings && ts.isNamespaceImport(bindings)) {
        problems.push(
          `${file}: import the contracts by name, not as a namespace, so the lint sees which are used.`,
        );
      }
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      isContracts(statement.moduleSpecifier.text)
    ) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          names.push((element.propertyName ?? element.name).text);
        }
      } else {
        problems.push(
          `${file}: re-export the contracts by name, not with *, so the lint sees which are used.`,
        );
      }
    }
  }
  const workspace = workspaceOf(file);
  for (const name of names) {
    const key = exportedKey.get(name);
    if (!key) continue;
    const byWorkspace = importers.get(key) ?? new Map();
    if (!byWorkspace.has(workspace)) byWorkspace.set(workspace, file);
    importers.set(key, byWorkspace);
  }
}

// A workspace uses a function when it imports it, or imports a contract
// (a schema, a constant, another function) that needs it.
/** @type {Map<string, Map<string, string>>} declaration key -> workspace -> a file that uses it */
const users = new Map();
for (const [imported, byWorkspace] of importers) {
  for (const key of reach(imported)) {
    const all = users.get(key) ?? new Map();
    for (const [workspace, file] of byWorkspace) {
      if (!all.has(workspace) || key === imported) all.set(workspace, file);
    }
    users.set(key, all);
  }
}

for (const [name, { file, line }] of functions) {
  const where = `${shown(path.join(dir, file))}:${line}`;
  const key = `${file}#${name}`;
  const byWorkspace = users.get(key) ?? new Map();
  const referrers = [...refersTo]
    .filter(([other, referred]) => other !== key && referred.has(key))
    .map(([other]) => other.split('#')[0]);
  if (byWorkspace.size === 0) {
    problems.push(
      `${where}: ${name} is used by no workspace, directly or through another contract. Delete it.`,
    );
  } else if (!importers.has(key) && referrers.every((other) => other === file)) {
    problems.push(
      `${where}: ${name} is imported by no workspace and used only inside ${file}: drop its export.`,
    );
  } else if (byWorkspace.size === 1 && !(file in ALLOWED_ALONE)) {
    const [[workspace, user]] = [...byWorkspace];
    problems.push(
      `${where}: ${name} is used only by ${workspace} (${user}). Logic of one workspace lives with it: move it there.`,
    );
  }
}

if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in packages/contracts:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `packages/contracts: ${files.length} modules; each of their ${functions.size} functions is shared by two workspaces or more, or lives in a module of ALLOWED_ALONE.`,
);
