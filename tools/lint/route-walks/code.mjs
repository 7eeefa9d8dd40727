// @ts-check
/**
 * The code as the route walks read it (tools/lint/route-walks.mjs says what
 * a walk is): one TypeScript program of every service's src/, what each file
 * is to a walk, the calls each function makes (an RPC resolved to the method
 * that implements it), the modules a service shares, and the gateway's route
 * table.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const GATEWAY = 'gateway';
/** The gateway's own kits, under services/gateway/src/. */
const GATEWAY_KITS = new Set([
  'routing.ts',
  'auth.ts',
  'access.ts',
  'http-errors.ts',
  'idempotency.ts',
  'idempotency-store.ts',
  'rate-limit.ts',
  'entitlements.ts',
]);
/** A service's wiring: it builds the modules, so its calls make no module shared. */
const WIRING = new Set(['main.ts', 'service.ts', 'index.ts']);

/**
 * What a file is to a walk.
 * @param {string} file a path relative to the root
 * @returns {'kit' | 'route' | 'gateway' | 'view' | 'rule' | 'store' | 'module'}
 */
export function roleOf(file) {
  const [, service, inner] = /^services\/([^/]+)\/src\/(.+)$/.exec(file) ?? [];
  if (!service || !inner) return 'kit';
  if (service === GATEWAY) {
    if (GATEWAY_KITS.has(inner)) return 'kit';
    if (inner.startsWith('routes/')) return 'route';
    if (/^[^/]+-views\.tsx?$/.test(inner)) return 'view';
    return 'gateway';
  }
  if (inner.startsWith('mappers/')) return 'view';
  if (inner.startsWith('domain/')) return 'rule';
  if (inner.startsWith('store/')) return 'store';
  if (WIRING.has(inner)) return 'kit';
  return 'module';
}

/** The service a file belongs to (services/<name>/src/...). */
const serviceOf = (/** @type {string} */ file) => /^services\/([^/]+)\//.exec(file)?.[1] ?? '';

// --- Functions and the calls they make --------------------------------------

/** @typedef {ts.FunctionLikeDeclaration & { body: ts.Node }} Unit A function with a body. */

/**
 * @typedef {{ kind: 'call'; unit: Unit }
 *   | { kind: 'rpc'; rpc: string; units: Unit[] }
 *   | { kind: 'interface'; file: string; name: string }} Edge
 */

/** @param {ts.Node} node @returns {node is ts.FunctionLikeDeclaration} */
const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node);

/**
 * The function a declaration stands for, when it has a body to follow.
 * @param {ts.Node | undefined} decl
 * @returns {Unit | undefined}
 */
function unitOf(decl) {
  if (!decl) return undefined;
  if (isFunction(decl)) return decl.body ? /** @type {Unit} */ (decl) : undefined;
  if (
    (ts.isVariableDeclaration(decl) ||
      ts.isPropertyAssignment(decl) ||
      ts.isPropertyDeclaration(decl)) &&
    decl.initializer &&
    (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))
  ) {
    return /** @type {Unit} */ (decl.initializer);
  }
  if (ts.isClassDeclaration(decl)) {
    return /** @type {Unit | undefined} */ (decl.members.find(ts.isConstructorDeclaration));
  }
  return undefined;
}

/** @param {ts.Node} node */
function nameOf(node) {
  const name = /** @type {{ name?: ts.Node }} */ (node).name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/**
 * How a function reads in a walk: Class.method, a function's name, or the
 * name it is assigned to.
 * @param {Unit} unit
 */
export function label(unit) {
  const own = nameOf(unit);
  if (ts.isConstructorDeclaration(unit)) return `new ${nameOf(unit.parent) ?? '(class)'}`;
  if (ts.isMethodDeclaration(unit) || ts.isGetAccessorDeclaration(unit)) {
    const owner = ts.isClassLike(unit.parent) ? nameOf(unit.parent) : undefined;
    return owner ? `${owner}.${own}` : (own ?? '(method)');
  }
  if (own) return own;
  const parent = unit.parent;
  return (parent && nameOf(parent)) ?? '(function)';
}

const isGenerated = (/** @type {string} */ file) => file.startsWith('proto/src/gen/');

/** @param {ts.Expression} expression */
function unwrap(expression) {
  let inner = expression;
  while (
    ts.isParenthesizedExpression(inner) ||
    ts.isNonNullExpression(inner) ||
    ts.isAwaitExpression(inner)
  ) {
    inner = inner.expression;
  }
  return inner;
}

// --- One repository's code ---------------------------------------------------------

/**
 * Reads the services of a repository: its tsconfig.json's options, every
 * service's src/, and the declarations they import.
 * @param {string} root the repository's root
 */
export function readCode(root) {
  /** What the code does not let a walk read: a route or an RPC it cannot follow. @type {string[]} */
  const problems = [];
  /** A path relative to the root, with forward slashes. */
  const shown = (/** @type {string} */ file) => path.relative(root, file).split(path.sep).join('/');

  /** @param {string} dir @param {string[]} out */
  function sources(dir, out = []) {
    if (!existsSync(dir)) return out;
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) sources(file, out);
      else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) out.push(file);
    }
    return out;
  }

  const servicesDir = path.join(root, 'services');
  const files = readdirSync(servicesDir).flatMap((service) =>
    sources(path.join(servicesDir, service, 'src')),
  );
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  const options = { ...parsed?.options, types: [], noEmit: true };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  // Libraries are kits, never walked: read as empty files (all but the
  // language's own lib), they cost nothing to parse and check.
  /** @type {ts.CompilerHost['getSourceFile']} */
  host.getSourceFile = (fileName, version, ...rest) =>
    /[\\/]node_modules[\\/]/.test(fileName) && !/[\\/]typescript[\\/]lib[\\/]/.test(fileName)
      ? ts.createSourceFile(fileName, '', version)
      : readSource(fileName, version, ...rest);
  const program = ts.createProgram(files, options, host);
  const checker = program.getTypeChecker();

  /** @param {ts.Node} node */
  const fileOf = (node) => shown(node.getSourceFile().fileName);

  /**
   * The generated client interface (`CatalogServiceClient`) behind a type:
   * the type itself, a part of it, or a type named in its alias (the
   * gateway's `CatalogClient = PromiseClient<CatalogServiceClient>`).
   * @param {ts.Type | undefined} type
   * @param {Set<ts.Type>} seen
   * @returns {ts.InterfaceDeclaration | undefined}
   */
  function generatedClient(type, seen = new Set()) {
    if (!type || seen.has(type)) return undefined;
    seen.add(type);
    for (const decl of type.symbol?.declarations ?? []) {
      if (ts.isInterfaceDeclaration(decl) && isGeneratedClient(decl)) return decl;
    }
    if (type.isUnionOrIntersection()) {
      for (const part of type.types) {
        const found = generatedClient(part, seen);
        if (found) return found;
      }
    }
    for (const decl of type.aliasSymbol?.declarations ?? []) {
      if (!ts.isTypeAliasDeclaration(decl)) continue;
      /** @type {ts.InterfaceDeclaration | undefined} */
      let found;
      /** @param {ts.Node} node */
      const look = (node) => {
        if (found) return;
        if (ts.isTypeReferenceNode(node))
          found = generatedClient(checker.getTypeFromTypeNode(node), seen);
        if (!found) ts.forEachChild(node, look);
      };
      look(decl.type);
      if (found) return found;
    }
    return undefined;
  }

  /** @param {ts.InterfaceDeclaration} decl */
  const isGeneratedClient = (decl) =>
    isGenerated(fileOf(decl)) && /ServiceClient$/.test(decl.name.text);

  /**
   * The RPC a call makes, when it is a method of a generated gRPC client.
   * @param {ts.PropertyAccessExpression} callee
   * @param {ts.Symbol | undefined} symbol
   */
  function rpcOf(callee, symbol) {
    const method = callee.name.text;
    for (const decl of symbol?.declarations ?? []) {
      const owner = decl.parent;
      if (owner && ts.isInterfaceDeclaration(owner) && isGeneratedClient(owner)) {
        return { client: owner, method };
      }
    }
    const client = generatedClient(checker.getTypeAtLocation(callee.expression));
    if (client?.members.some((member) => nameOf(member) === method)) return { client, method };
    return undefined;
  }

  /** RPC handlers found so far, by client file, service and method. @type {Map<string, Unit[]>} */
  const handlers = new Map();

  /**
   * Where a service implements an RPC: methods named after it in object
   * literals that the type checker types as the implementation of the
   * generated service definition (`CatalogServiceService`), anywhere in a
   * service's src/.
   * @param {ts.InterfaceDeclaration} client
   * @param {string} method
   */
  function handlersOf(client, method) {
    const definition = client.name.text.replace(/Client$/, 'Service');
    const generated = client.getSourceFile().fileName;
    const key = `${generated}#${definition}#${method}`;
    const known = handlers.get(key);
    if (known) return known;
    /** @type {Unit[]} */
    const found = [];
    for (const file of files) {
      if (serviceOf(shown(file)) === GATEWAY) continue;
      const source = program.getSourceFile(file);
      if (!source || !source.text.includes(method)) continue;
      /** @param {ts.Node} node */
      const look = (node) => {
        if (ts.isObjectLiteralExpression(node)) {
          for (const member of node.properties) {
            const unit = nameOf(member) === method ? unitOf(member) : undefined;
            if (unit && implementsRpc(node, method, generated, definition)) found.push(unit);
          }
        }
        ts.forEachChild(node, look);
      };
      look(source);
    }
    handlers.set(key, found);
    return found;
  }

  /**
   * Whether an object literal's member `method` is typed by the generated
   * service definition: its contextual type's property comes from there.
   * @param {ts.ObjectLiteralExpression} literal
   * @param {string} method
   * @param {string} generated
   * @param {string} definition
   */
  function implementsRpc(literal, method, generated, definition) {
    const type = checker.getContextualType(literal);
    const property = type && checker.getPropertyOfType(type, method);
    for (const decl of property?.declarations ?? []) {
      if (decl.getSourceFile().fileName !== generated) continue;
      /** @type {ts.Node | undefined} */
      let owner = decl;
      while (owner && !ts.isVariableDeclaration(owner)) owner = owner.parent;
      if (owner && nameOf(owner) === definition) return true;
    }
    return false;
  }

  /** @param {ts.Node} node */
  function symbolAt(node) {
    const symbol = checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias
      ? checker.getAliasedSymbol(symbol)
      : symbol;
  }

  /** @type {Map<ts.Node, Edge[]>} */
  const edgeCache = new Map();

  /**
   * What a function calls: functions (a call, `new`, or a function passed as
   * an argument), RPCs, and methods of interfaces, in the order written.
   * Functions written inside the body (callbacks) count as the body.
   * @param {ts.Node} unit
   * @returns {Edge[]}
   */
  function edgesOf(unit) {
    const cached = edgeCache.get(unit);
    if (cached) return cached;
    /** @type {Edge[]} */
    const edges = [];
    /** @param {ts.Expression} expression @param {boolean} called */
    const target = (expression, called) => {
      const callee = unwrap(expression);
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name
        : ts.isIdentifier(callee)
          ? callee
          : undefined;
      if (!name) return;
      const symbol = symbolAt(name);
      if (called && ts.isPropertyAccessExpression(callee)) {
        const rpc = rpcOf(callee, symbol);
        if (rpc) {
          const service = rpc.client.name.text.replace(/Client$/, '');
          const method = rpc.method.charAt(0).toUpperCase() + rpc.method.slice(1);
          edges.push({
            kind: 'rpc',
            rpc: `${service}.${method}`,
            units: handlersOf(rpc.client, rpc.method),
          });
          return;
        }
      }
      const decl = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      const callable = unitOf(decl);
      if (callable) edges.push({ kind: 'call', unit: callable });
      else if (
        called &&
        decl &&
        (ts.isMethodSignature(decl) || ts.isPropertySignature(decl)) &&
        ts.isInterfaceDeclaration(decl.parent)
      ) {
        edges.push({
          kind: 'interface',
          file: fileOf(decl),
          name: `${decl.parent.name.text}.${nameOf(decl)}`,
        });
      }
    };
    /** @param {ts.Node} node */
    const look = (node) => {
      if (ts.isCallExpression(node)) {
        target(node.expression, true);
        for (const argument of node.arguments) {
          if (ts.isIdentifier(argument) || ts.isPropertyAccessExpression(argument)) {
            target(argument, false);
          }
        }
      } else if (ts.isNewExpression(node)) {
        target(node.expression, true);
      }
      ts.forEachChild(node, look);
    };
    look(/** @type {Unit} */ (unit).body ?? unit);
    edgeCache.set(unit, edges);
    return edges;
  }

  // --- Shared modules -------------------------------------------------------------

  /** Per file of a service: the other modules of the service that import it (wiring aside). */
  const importersOf = new Map();

  /**
   * The modules of a file's service that import it, `import type` included
   * (an injected dependency is imported as a type); the wiring files do not
   * count.
   * @param {string} file
   * @returns {Set<string>}
   */
  function importers(file) {
    if (importersOf.size === 0) {
      const known = new Set(files.map(shown));
      for (const importer of files) {
        const from = shown(importer);
        if (roleOf(from) === 'kit') continue;
        const source = program.getSourceFile(importer);
        for (const statement of source?.statements ?? []) {
          const specifier =
            (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
            statement.moduleSpecifier &&
            ts.isStringLiteral(statement.moduleSpecifier)
              ? statement.moduleSpecifier.text
              : undefined;
          if (!specifier?.startsWith('.')) continue;
          const base = path.posix.join(path.posix.dirname(from), specifier);
          const to = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find((c) =>
            known.has(c),
          );
          if (!to || to === from || serviceOf(to) !== serviceOf(from)) continue;
          if (!importersOf.has(to)) importersOf.set(to, new Set());
          importersOf.get(to).add(from);
        }
      }
    }
    return importersOf.get(file) ?? new Set();
  }

  /** A module two or more other modules of its service import. @param {string} file */
  const isShared = (file) => importers(file).size >= 2;

  // --- The route table ----------------------------------------------------------

  /**
   * The texts an expression can be: a literal, a constant, a template over
   * values of literal types (a loop over `['md', 'pdf'] as const`).
   * @param {ts.Expression} expression
   * @returns {string[] | undefined}
   */
  function stringsOf(expression) {
    if (ts.isStringLiteralLike(expression)) return [expression.text];
    if (ts.isTemplateExpression(expression)) {
      let texts = [expression.head.text];
      for (const span of expression.templateSpans) {
        const values = stringsOf(span.expression);
        if (!values) return undefined;
        texts = texts.flatMap((text) => values.map((value) => text + value + span.literal.text));
      }
      return texts;
    }
    const type = checker.getTypeAtLocation(expression);
    const parts = type.isUnion() ? type.types : [type];
    const values = parts.map((part) => (part.isStringLiteral() ? part.value : undefined));
    return values.every((value) => value !== undefined)
      ? /** @type {string[]} */ (values)
      : undefined;
  }

  /**
   * Every `routes.add({ method, path, handler })` of the gateway's route modules.
   * @returns {{ route: string; file: string; handler: Unit }[]}
   */
  function routeTable() {
    /** @type {{ route: string; file: string; handler: Unit }[]} */
    const table = [];
    for (const file of files) {
      const relative = shown(file);
      if (roleOf(relative) !== 'route') continue;
      const source = program.getSourceFile(file);
      if (!source) continue;
      /** @param {ts.Node} node */
      const look = (node) => {
        const [definition] = ts.isCallExpression(node) ? node.arguments : [];
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          node.expression.name.text === 'add' &&
          definition &&
          ts.isObjectLiteralExpression(definition) &&
          ['path', 'handler'].every((key) => definition.properties.some((p) => nameOf(p) === key))
        ) {
          /** @param {string} key */
          const texts = (key) => {
            const property = definition.properties.find((p) => nameOf(p) === key);
            if (property && ts.isPropertyAssignment(property))
              return stringsOf(property.initializer);
            if (property && ts.isShorthandPropertyAssignment(property)) {
              const value = checker.getShorthandAssignmentValueSymbol(property)?.valueDeclaration;
              return value && ts.isVariableDeclaration(value) && value.initializer
                ? stringsOf(value.initializer)
                : undefined;
            }
            return undefined;
          };
          const methods = texts('method');
          const paths = texts('path');
          const handler = unitOf(definition.properties.find((p) => nameOf(p) === 'handler'));
          if (methods && paths && handler) {
            for (const method of methods) {
              for (const routePath of paths) {
                const route = `${method.toUpperCase()} ${routePath.replace(/:(\w+)/g, '{$1}')}`;
                table.push({ route, file: relative, handler });
              }
            }
          } else {
            const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            problems.push(
              `${relative}:${line}: a route whose method, path or handler cannot be read`,
            );
          }
        }
        ts.forEachChild(node, look);
      };
      look(source);
    }
    return table;
  }

  return { files, problems, fileOf, edgesOf, isShared, routeTable };
}
