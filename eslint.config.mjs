// @ts-check
import js from '@eslint/js';
import { builtinModules } from 'node:module';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const SERVICES = readdirSync('services');
const MICROFRONTENDS = readdirSync('.').filter((name) => name.startsWith('mfe-'));

/**
 * The rules of the house (docs/architecture.md, "Rules of the house") as
 * import boundaries: a service never reaches into another service, a
 * microfrontend never imports another one or the shell, and the shared
 * packages depend on neither.
 */
const boundaries = [
  ...SERVICES.map((service) => ({
    target: `./services/${service}/src`,
    from: './services',
    except: [`./${service}`],
    message: 'A service talks to another only through its protos and events, never its source.',
  })),
  ...MICROFRONTENDS.map((app) => ({
    target: `./${app}/src`,
    from: ['./shell', ...MICROFRONTENDS.filter((other) => other !== app).map((o) => `./${o}`)],
    message: 'A microfrontend shares code only through @chorus/platform and @chorus/contracts.',
  })),
  {
    target: './shell/src',
    from: MICROFRONTENDS.map((app) => `./${app}`),
    message:
      'The shell loads microfrontends at run time through Module Federation, never by import.',
  },
  {
    target: './packages/*/src',
    from: ['./services', './shell', './tools', ...MICROFRONTENDS.map((app) => `./${app}`)],
    message: 'Shared packages must not depend on the apps that use them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/coverage/**',
      '.data/**',
      'proto/src/gen/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      // noUncheckedIndexedAccess makes `!` the honest way to say "checked above".
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.web.json', 'tsconfig.web-tests.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['@chorus/source', 'import', 'require', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    // Command-line scripts talk to a person on a terminal.
    files: ['**/scripts/**', '**/src/cli.ts', 'tools/lint/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Contracts run in the browser too: nothing in them may need Node.js.
    files: ['packages/contracts/src/**', 'packages/research/src/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: builtinModules, patterns: ['node:*'] }],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', 'global'],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
