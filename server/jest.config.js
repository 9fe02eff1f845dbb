import { createRequire } from 'node:module';

/**
 * The root's `npm test` sets TEST_SHARDS and runs the suites through shard files (test/support/shards.mjs), several
 * suites to a file; run on its own, each test file is a Jest file of its own.
 */
const SUITES = process.env.TEST_SHARDS ? '<rootDir>/test-shards/*.test.ts' : '<rootDir>/test/**/*.test.ts';

/** Jest in ESM mode (run with NODE_OPTIONS=--experimental-vm-modules); TypeScript through ts-jest. */
export default {
  // Node's, telling apart the suites of a shard for the timing report.
  testEnvironment: '<rootDir>/test/support/suite-environment.mjs',
  // Workspace packages resolve to their TypeScript sources, so tests never run a stale build of them.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', '@ministry/source'] },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The emulator from this checkout's own packages/, even when node_modules is shared with another checkout.
    '^@ministry/paypal-emulator$': '<rootDir>/../packages/paypal-emulator/src/index.ts',
    // Its ES build imports JSON without an import attribute, which Jest warns about on every file; its CommonJS
    // build is the same code.
    '^libphonenumber-js$': createRequire(import.meta.url).resolve('libphonenumber-js'),
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
  },
  testMatch: [SUITES, '<rootDir>/src/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  // Files run side by side on a shared machine: the limit catches a hang, never a slow answer.
  testTimeout: 120_000,
  // Two files at a time, each on its own database, ports and folders: half of a file's time is waiting on PostgreSQL.
  maxWorkers: 2,
  // Every file loads Nest, TypeORM and Apollo afresh into its worker, and ESM modules are never freed: a worker that
  // has grown past this is replaced after its file, so late files do not crawl through an ever larger heap.
  workerIdleMemoryLimit: '512MB',
};
