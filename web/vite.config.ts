import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/**
 * Modules only some pages need (forms, the map, the weekly schedule, the member area, the prayer wall, payments,
 * Gift Aid and PayPal's buttons, long-form page styles): left to per-route splitting. A stylesheet follows the same rule as
 * the module beside it.
 */
const ON_DEMAND =
  /\/app\/(routes\/|root\.tsx|entry\.|features\/(member|donations|gift-aid|accounts|requests|shop|prayer-wall)\/|lib\/(member-graphql|pending-checkout|prayed)|components\/(combobox|leaflet-map|form|payment-return|lazy-paypal-buttons|paypal-buttons|weekly-schedule)|styles\/content)/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // The workspace packages (`@ministry/shared`, `@ministry/browser`) are bundled from their TypeScript sources.
  resolve: { conditions: ['@ministry/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@ministry/source', ...defaultServerConditions] }, noExternal: [/^@ministry\//] },
  build: {
    // terser packs the browser's scripts a few kilobytes tighter than esbuild; the server build needs no minifying.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: {
      output: {
        // The small modules every public page uses (header, footer, cards, session, and their styles) travel as
        // one file rather than a dozen: fewer requests and better compression on a first visit. The server
        // build loads everything at start, so only the browser's build is split.
        manualChunks: isSsrBuild ? undefined : (id: string) => (id.includes('/web/app/') && !ON_DEMAND.test(id) ? 'site' : undefined),
      },
    },
  },
}));
