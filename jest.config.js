// @ts-check
/** One transform for every TypeScript file: swc to CommonJS, as the build emits. */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
      module: { type: 'commonjs' },
    },
  ],
};

/** @type {import('jest').Config} */
const common = {
  transform,
  testEnvironment: 'node',
  // Workspace packages resolve to their TypeScript sources, so tests never
  // depend on a previous build.
  testEnvironmentOptions: {
    customExportConditions: ['@chorus/source', 'node', 'require', 'default'],
  },
  roots: [
    '<rootDir>/packages',
    '<rootDir>/services',
    '<rootDir>/tools',
    '<rootDir>/proto',
    '<rootDir>/shell',
  ],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/test/**/*.test.ts', '**/test/**/*.test.tsx'],
      testPathIgnorePatterns: [
        '/node_modules/',
        '\\.int\\.test\\.tsx?$',
        '<rootDir>/tools/deploy-check/',
      ],
    },
    {
      ...common,
      // Helm, kustomize, skaffold and Dockerfile checks (npm run test:delivery).
      displayName: 'delivery',
      roots: ['<rootDir>/tools/deploy-check'],
      testMatch: ['**/test/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/test/**/*.int.test.ts'],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      testPathIgnorePatterns: ['/node_modules/'],
      setupFilesAfterEnv: ['<rootDir>/test/integration-timeout.ts'],
    },
  ],
};
