import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// A config of its own: the React Router plugin in vite.config.ts builds the app, which a component test does not need.
export default defineConfig({
  resolve: { conditions: ['@ministry/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@ministry/source', ...defaultServerConditions] } },
  test: {
    environment: 'jsdom',
    // A limit for a test that hangs, not a speed check: a first render of a form takes seconds on a loaded machine.
    testTimeout: 60_000,
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
