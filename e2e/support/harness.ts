import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { seededDataDir } from './seeded-data.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
/** Production refuses the README's demo password and common ones, so the browser tests sign in with their own. */
export const ADMIN = { email: 'admin@example.org', password: 'Psalm-23-green-pastures-e2e' };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Site {
  baseUrl: string;
  dataDir: string;
  /** The server's process (the cluster's primary when CLUSTER_WORKERS is above 1). */
  pid: number;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  /** False once the server's process has exited, whatever the reason. */
  running(): boolean;
  /** Stops the server (and its embedded database); the data folder is removed unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Kills the server's process as a crash or an out-of-memory kill does (SIGKILL: nothing of it runs again). */
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * What every site seeds from unless a test overrides it, which keys the seeded template. Production seeds no demo
 * unless asked; the pages under test show the demo content.
 */
const SEED_ENV = { NODE_ENV: 'production', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'true' };

/** Settings a test may give that leave the seed as it is (the seed e-mails nobody). */
const NOT_SEEDING = new Set(['SMTP_URL', 'CLUSTER_WORKERS']);

/** True when a site would seed just what a template holds: the default seeding, the embedded database, local uploads. */
function seedsDefault(env: Record<string, string>): boolean {
  const merged: Record<string, string | undefined> = { ...process.env, ...SEED_ENV, ...env };
  const changesSeed = Object.entries(env).some(([name, value]) => !NOT_SEEDING.has(name) && SEED_ENV[name as keyof typeof SEED_ENV] !== value);
  return !changesSeed && !merged.DATABASE_URL && !merged.S3_BUCKET;
}

/**
 * Starts the built application (`npm run build` first) as a real process on a free port, with a throw-away
 * DATA_DIR, the embedded PostgreSQL (or `DATABASE_URL`), the demo seed and the PayPal emulator; waits for
 * /healthz. `nodeArgs` go to Node itself (`--cpu-prof`, which NODE_OPTIONS refuses). With the default seeding,
 * the DATA_DIR starts as a copy of one seeded once per build (see seeded-data.ts).
 */
export async function startSite(env: Record<string, string> = {}, reuseDataDir?: string, nodeArgs: string[] = []): Promise<Site> {
  const dataDir =
    reuseDataDir ??
    (seedsDefault(env) ? await seededDataDir(SEED_ENV, async (folder) => (await launch({}, folder)).stop({ keepData: true })) : undefined) ??
    mkdtempSync(join(tmpdir(), 'ministry-e2e-'));
  return launch(env, dataDir, nodeArgs);
}

async function launch(env: Record<string, string>, dataDir: string, nodeArgs: string[] = []): Promise<Site> {
  // A given PORT (an instance restarted where its load balancer expects it) is the one the health check waits on.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  chmodSync(dataDir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SQL_COUNT_HEADER: 'true',
      PAYPAL_EMULATOR: 'true',
      ...SEED_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(killer);
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with the flags this machine needs (no background network, no sandbox as root). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
