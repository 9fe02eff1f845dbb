import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * Modules only some pages need (forms, the map, the weekly schedule, the member area, payments and PayPal's
 * buttons, long-form page styles): left to per-route splitting. A stylesheet follows the same rule as the module beside it.
 */
const ON_DEMAND =
  /\/app\/(routes\/|root\.tsx|entry\.|features\/(member|donations|accounts|requests|shop)\/|lib\/(member-graphql|pending-checkout)|components\/(combobox|leaflet-map|form|payment-return|lazy-paypal-buttons|paypal-buttons|weekly-schedule)|styles\/content)/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: {
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
