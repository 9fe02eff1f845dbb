import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/** Modules only some pages need (forms, the map, the weekly schedule, the member area, payments): left to per-route splitting. */
const ON_DEMAND = /\/app\/(routes\/|root\.tsx|entry\.|features\/(member|donations|accounts|requests|shop)\/|lib\/(member-graphql|pending-checkout)|components\/(combobox|leaflet-map|form|payment-return|weekly-schedule))/;

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rollupOptions: {
      output: {
        // The small modules every public page uses (header, footer, cards, session) travel as one file rather
        // than a dozen: fewer requests and better compression on a first visit.
        manualChunks(id) {
          return id.includes('/web/app/') && !ON_DEMAND.test(id) ? 'site' : undefined;
        },
      },
    },
  },
});
