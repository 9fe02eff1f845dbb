import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Public pages are rendered by the API's Node process (server/src/frontends.ts); member pages hydrate on the client.
  ssr: true,
} satisfies Config;
