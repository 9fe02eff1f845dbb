// Builds each part whose build is missing or older than its sources (used by `npm start` and the benchmark).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

const parts = [
  { workspace: '@ministry/shared', output: 'packages/shared/dist/index.js', sources: ['packages/shared/src', 'packages/shared/package.json', 'packages/shared/tsconfig.json'] },
  { workspace: 'web', output: 'web/build/server/index.js', sources: ['web/app', 'web/public', 'web/package.json', 'web/vite.config.ts', 'web/react-router.config.ts'] },
  { workspace: 'admin', output: 'admin/dist/index.html', sources: ['admin/src', 'admin/index.html', 'admin/package.json', 'admin/vite.config.ts'] },
  { workspace: '@ministry/paypal-emulator', output: 'packages/paypal-emulator/dist/index.js', sources: ['packages/paypal-emulator/src', 'packages/paypal-emulator/package.json', 'packages/paypal-emulator/tsconfig.json'] },
  { workspace: 'server', output: 'server/dist/main.js', sources: ['server/src', 'server/package.json', 'server/tsconfig.json'] },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

export function buildIfNeeded() {
  for (const part of parts) {
    const output = join(root, part.output);
    const built = existsSync(output) ? statSync(output).mtimeMs : 0;
    const changed = Math.max(...part.sources.map((source) => newest(join(root, source))));
    if (built >= changed) continue;
    console.log(`building ${part.workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
