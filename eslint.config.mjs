// @ts-check
import js from '@eslint/js';
import { builtinModules } from 'node:module';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // Command-line scripts talk to a person on a terminal.
    files: ['**/scripts/**', '**/src/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Contracts run in the browser too: nothing in them may need Node.js.
    files: ['packages/contracts/src/**'],
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
