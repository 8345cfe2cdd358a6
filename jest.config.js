// @ts-check
/** One jest run, three projects: backend unit, backend integration (real PostgreSQL + Redis), frontend components. */

// ESM-only packages that Node 20.19+ loads through require(esm) but jest's module system does not.
const esmOnlyPackages = [
  'openid-client',
  'oauth4webapi',
  'jose',
  '@scure/base',
  '@noble/hashes',
  '@otplib',
  '@orpc',
  'rou3',
  'json-schema-typed',
];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`];

const backendTransform = {
  '^.+\\.(ts|m?js)$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2023',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const frontendTransform = {
  '^.+\\.(ts|tsx|mjs)$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2023',
      },
      module: { type: 'commonjs' },
    },
  ],
};

/** @type {import('jest').Config} */
module.exports = {
  // One bound for every test and hook (jest reads it here only, not per project). A bound only
  // decides when a stuck test gives up: on a busy machine (two CI runs side by side) the longest
  // integration specs and the fault spec's start took 30-90 s, and a spec that gives up leaves
  // its work running under the next specs of its worker.
  testTimeout: 180_000,
  projects: [
    {
      displayName: 'backend-unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/backend/src', '<rootDir>/test'],
      testMatch: ['**/*.unit.spec.ts'],
      transform: backendTransform,
      transformIgnorePatterns,
    },
    {
      displayName: 'backend-int',
      testEnvironment: 'node',
      roots: ['<rootDir>/backend/src', '<rootDir>/test'],
      testMatch: ['**/*.int.spec.ts'],
      transform: backendTransform,
      transformIgnorePatterns,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFiles: ['<rootDir>/test/support/worker-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/contract-answers-after-each.ts'],
    },
    {
      displayName: 'frontend',
      testEnvironment: '<rootDir>/frontend/src/test/jsdom-environment.cjs',
      roots: ['<rootDir>/frontend/src'],
      testMatch: ['**/*.test.tsx', '**/*.test.ts'],
      transform: frontendTransform,
      transformIgnorePatterns,
      setupFilesAfterEnv: ['<rootDir>/frontend/src/test/setup.ts'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/frontend/src/test/style-stub.ts',
        // The same alias as frontend/tsconfig.json and vite.config.ts.
        '^@contracts/(.*)$': '<rootDir>/backend/src/contracts/$1',
        // Icons are imported one module each (src/tabler-icons.d.ts); jest cannot load those .mjs files.
        '^@tabler/icons-react/dist/esm/icons/.*\\.mjs$': '<rootDir>/frontend/src/test/icon-stub.tsx',
      },
    },
  ],
};
