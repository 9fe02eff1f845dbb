/** Jest in ESM mode (run with NODE_OPTIONS=--experimental-vm-modules); TypeScript through ts-jest. */
export default {
  testEnvironment: 'node',
  // Workspace packages resolve to their TypeScript sources, so tests never run a stale build of them.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', '@ministry/source'] },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  testTimeout: 60_000,
  maxWorkers: 1,
};
