import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/bootstrap.js';
import { PublicReadCache } from '../../src/http-cache/public-read-cache.js';
import { AppConfig, loadConfig } from '../../src/config/app-config.js';
import { prepareDatabase } from '../../src/database/database-roles.js';

export const ADMIN = { email: 'admin@test.example', password: 'admin-password-123' };

/** The database role the app connects as (created at its first start), which owns no table. */
export const TEST_APP_ROLE = 'ministry_app';

/** A database the migrations ran on once per run; each test's database is a copy, which the app prepares again as it starts. */
const TEMPLATE_DATABASE = 'test_template';
/** Held while the first test file to need it makes the template, so files running side by side make it once. */
const TEMPLATE_LOCK = 902_118;

/** The URL of `database` on the test server, as its superuser (the schema's owner) or as the app's role. */
function databaseUrl(database: string, role?: string): string {
  const url = new URL(process.env.TEST_POSTGRES_URL!.replace(/\/[^/]*$/, `/${database}`));
  if (role) [url.username, url.password] = [role, 'test'];
  return url.href;
}

/** Makes a fresh database: a copy of the migrated template, made first if no file has yet (migrations take seconds, a copy a fraction). */
async function createTestDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL! });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE_DATABASE]);
    if (!rowCount) await createTemplate(admin);
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
}

async function createTemplate(admin: pg.Client): Promise<void> {
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  try {
    await prepareDatabase(databaseUrl(TEMPLATE_DATABASE), databaseUrl(TEMPLATE_DATABASE, TEST_APP_ROLE));
  } catch (error) {
    await admin.query(`DROP DATABASE ${TEMPLATE_DATABASE}`);
    throw error;
  }
}

export const memberPayload = (overrides: Record<string, unknown> = {}) => ({
  title: 'Brother',
  firstname: 'John',
  lastname: 'Doe',
  gender: 'male',
  marital_status: 'single',
  phone: '+44 7700 900123',
  email: `member-${randomBytes(4).toString('hex')}@test.example`,
  password: 'a-good-password',
  country: 'United Kingdom',
  state: 'England',
  city: 'London',
  address: '1 Church Street',
  ...overrides,
});

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** The database's name on the test server: another app may start on it (`options.database`). */
  databaseName: string;
  baseUrl: string;
  db: DataSource;
  http: ReturnType<typeof request>;
  /** Runs a GraphQL operation; `token` signs it. Answers the parsed body. */
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ data: T; errors: any[] }>;
  adminToken(): Promise<string>;
  /** Registers a member through the API and logs them in. */
  member(overrides?: Record<string, unknown>): Promise<{ id: number; token: string; email: string; password: string }>;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database of the test PostgreSQL server, listening on a loopback port.
 * Addresses come from X-Forwarded-For (one trusted proxy hop), so a test can act as many clients. `databasePort`
 * reaches the database through another port on the same host (a relay the test controls). `database` starts
 * another instance on the database of an app already running (its `databaseName`) instead of a fresh one.
 */
export async function startTestApp(env: Record<string, string> = {}, options: { databasePort?: number; database?: string } = {}): Promise<TestApp> {
  const name = options.database ?? `test_${randomBytes(6).toString('hex')}`;
  if (!options.database) await createTestDatabase(name);
  // Migrations run as the server's superuser, the owner; the app connects as a role of its own, as in production.
  const ownerUrl = databaseUrl(name);
  const direct = new URL(databaseUrl(name, TEST_APP_ROLE));
  // A test may put a relay of its own (support/database-proxy.ts) between the app and the database.
  if (options.databasePort) direct.port = String(options.databasePort);
  const appUrl = direct.href;

  const dataDir = mkdtempSync(join(tmpdir(), 'ministry-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: appUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Production takes only an https address that is not this machine's (app-config.ts).
    PUBLIC_URL: env.NODE_ENV === 'production' ? 'https://site.test' : 'http://site.test',
    TRUST_PROXY: '1',
    SEED_DEMO: 'false',
    ...env,
  });
  const app = await createApp(config, appUrl, ownerUrl);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address();
  const baseUrl = `http://127.0.0.1:${port}`;
  const http = request(baseUrl);
  const db = heardOf(app.get(DataSource), app.get(PublicReadCache));

  let adminToken: string | undefined;
  const testApp: TestApp = {
    app,
    config,
    databaseName: name,
    baseUrl,
    db,
    http,
    async gql(query, variables, token) {
      const call = http.post('/graphql').set('content-type', 'application/json');
      if (token) call.set('authorization', `Bearer ${token}`);
      const response = await call.send({ query, variables });
      return response.body;
    },
    async adminToken() {
      if (!adminToken) {
        const response = await http.post('/api/admin-login').send(ADMIN).expect(200);
        adminToken = response.body.token as string;
      }
      return adminToken;
    },
    async member(overrides = {}) {
      const payload = memberPayload(overrides);
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const created = await http.post('/api/register').set('x-forwarded-for', ip).send(payload).expect(201);
      const login = await http.post('/api/login').set('x-forwarded-for', ip).send({ email: payload.email, password: payload.password }).expect(200);
      return { id: created.body.id, token: login.body.token, email: payload.email, password: payload.password };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * The app's database, whose `query` returns once the app has heard of what it wrote: a test's SQL stands for an
 * operator's or another instance's write, which reaches this instance's caches by notification a moment after it
 * commits. Writes through the app itself take effect at once.
 */
function heardOf(dataSource: DataSource, caches: PublicReadCache): DataSource {
  const query: DataSource['query'] = async (...args) => {
    const result = await dataSource.query(...args);
    await caches.caughtUp();
    return result;
  };
  return new Proxy(dataSource, {
    get(target, key) {
      if (key === 'query') return query;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A connection to a test database as the server's superuser, the owner of the schema. */
export async function asOwner<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The SQL statements a request ran for its own work (`x-sql-count`, less `x-sql-count-caller`): whether the caller's
 * account is read too depends on when the instance last verified them, which no test controls.
 */
export const requestsOwnSql = (response: { headers: Record<string, string> }) =>
  Number(response.headers['x-sql-count']) - Number(response.headers['x-sql-count-caller']);
