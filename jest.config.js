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

/**
 * One project per microfrontend: its test/ folder in a browser-like document
 * (jsdom) with Testing Library's matchers. They are all named `unit`, so
 * `npm run test:unit` (--selectProjects unit) runs them with the rest.
 * Stylesheets are webpack's business: an import of one is an empty module.
 * The build-time constants webpack's DefinePlugin writes are globals here.
 * @param {string} workspace
 * @returns {import('jest').Config}
 */
const browserProject = (workspace) => ({
  transform,
  displayName: { name: 'unit', color: 'cyan' },
  testEnvironment: 'jsdom',
  testEnvironmentOptions: {
    customExportConditions: ['@chorus/source', 'browser', 'require', 'default'],
  },
  roots: [`<rootDir>/${workspace}`],
  testMatch: ['**/test/**/*.test.ts', '**/test/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  moduleNameMapper: { '\\.css$': '<rootDir>/test/style-stub.js' },
  setupFilesAfterEnv: ['<rootDir>/test/dom-setup.ts'],
  globals: { __RELEASE__: 'test', __SUPPORT_EMAIL__: 'support@chorus.example' },
});

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    ...['mfe-admin', 'mfe-billing', 'mfe-products', 'mfe-roadmaps', 'mfe-share'].map(
      browserProject,
    ),
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
      setupFilesAfterEnv: [
        '<rootDir>/test/integration-timeout.ts',
        '<rootDir>/test/in-process-verify.ts',
      ],
    },
    {
      ...common,
      // Faults on the distributed run: real processes (built first), the
      // Kafka test broker, a PostgreSQL of its own (npm run test:faults).
      displayName: 'faults',
      roots: ['<rootDir>/test/faults'],
      testMatch: ['**/*.test.ts'],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/faults/timeout.ts'],
    },
  ],
};
