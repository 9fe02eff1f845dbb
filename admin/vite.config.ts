/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

const esmBuildOf = (pkg: string, file: string) => join(dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), file);

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // The workspace packages (`@ministry/shared`, `@ministry/browser`) are bundled from their TypeScript sources.
    conditions: ['@ministry/source', ...defaultClientConditions],
    // The lockfile nests an older @tiptap/core under ra-input-rich-text next to extensions that need the newer
    // one at the root; one copy of the editor core (and of ProseMirror) is also what the editor expects.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin and MUI together are one large vendor chunk; screens are split off per resource.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // ra-core re-exports its own modules in a cycle; split across chunks it would load out of order.
        manualChunks: (id) => (id.includes('/node_modules/ra-core/') ? 'ra-core' : undefined),
      },
    },
  },
  server: {
    proxy: { '/graphql': 'http://localhost:3000', '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  ssr: { resolve: { conditions: ['@ministry/source', ...defaultServerConditions] } },
  test: {
    environment: './src/test/environment.ts',
    setupFiles: ['src/test/setup.ts'],
    // Files share their worker's modules and window (src/test/environment.ts): react-admin loads once per worker.
    isolate: false,
    // A limit for a test that hangs, not a speed check: a first render of a form takes seconds on a loaded machine.
    testTimeout: 60_000,
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Under Node 20 the test runner would load react-router (and @apollo/client) as CommonJS for react-admin's
    // packages and as ES modules for ours: two copies that do not recognise each other's <Route>. One ES copy:
    server: { deps: { inline: [/\/ra-[a-z-]+\//, /\/react-admin\//, /\/react-router(-dom)?\//] } },
    alias: [
      { find: /^react-router$/, replacement: esmBuildOf('react-router', 'dist/development/index.mjs') },
      { find: /^react-router-dom$/, replacement: esmBuildOf('react-router-dom', 'dist/index.mjs') },
    ],
  },
});
