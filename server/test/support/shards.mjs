import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SERVER = new URL('../..', import.meta.url).pathname;
/** Where the shard files go; jest.config.js runs them instead of test/ when `TEST_SHARDS` is set. */
export const SHARDS_DIR = join(SERVER, 'test-shards');

/**
 * Writes the server's suites (test/*.test.ts) into `count` shard files of about equal time, by each suite's time in
 * `lastSeconds` (keyed `server/test/<file>`) or, when a suite has none, by its size against the others'. A shard
 * imports its suites one after another, so they share one load of Nest, TypeORM and Apollo: loading them into a
 * fresh module registry costs a file about 2.5 s of CPU, more than most suites' own tests.
 */
export function writeShards(lastSeconds, count) {
  const suites = readdirSync(join(SERVER, 'test')).filter((name) => name.endsWith('.test.ts'));
  const bytes = (name) => statSync(join(SERVER, 'test', name)).size;
  const timed = suites.every((name) => lastSeconds.has(`server/test/${name}`));
  const weight = (name) => (timed ? lastSeconds.get(`server/test/${name}`) : bytes(name));
  // Longest first, each to the lightest shard so far.
  const shards = Array.from({ length: Math.min(count, suites.length) }, () => ({ weight: 0, suites: [] }));
  for (const name of suites.sort((a, b) => weight(b) - weight(a))) {
    const lightest = shards.reduce((least, shard) => (shard.weight < least.weight ? shard : least));
    lightest.weight += weight(name);
    lightest.suites.push(name);
  }
  rmSync(SHARDS_DIR, { recursive: true, force: true });
  mkdirSync(SHARDS_DIR);
  shards.forEach((shard, index) => {
    const imports = shard.suites.map((name) => `await import('../test/${name.replace(/\.ts$/, '.js')}');`);
    writeFileSync(join(SHARDS_DIR, `shard-${index + 1}.test.ts`), `// Written by the root's npm test (server/test/support/shards.mjs) for one run.\n${imports.join('\n')}\n`);
  });
}
