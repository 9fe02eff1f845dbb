import { Logger } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations/index.js';

/** Any number unique to this lock: held while one instance migrates and grants, so instances starting together take turns. */
const PREPARE_LOCK = 724_312;

/** Schemas the app's own role creates and owns as it runs: pg-boss's jobs (it adds a table per queue) and the PayPal emulator's state. */
const WORKING_SCHEMAS = ['pgboss', 'paypal_emulator'];

const { escapeIdentifier: ident, escapeLiteral: literal } = pg;

/**
 * Brings the schema up to date as its owner, then lets the app's own role (the user of `appUrl`) do what the app
 * does and no more: read and write the tables, but only add to and read the audit trail. Owning no table, that
 * role can neither drop the trail's append-only trigger nor alter, empty or remove the table, whatever SQL it is
 * made to run. The grants are applied after every migration run, so tables later migrations add are covered.
 * The role is created (with the password in `appUrl`) when it does not exist yet. With one URL for both, the app
 * runs as the owner, as before, and says so.
 */
export async function prepareDatabase(ownerUrl: string, appUrl: string): Promise<void> {
  const logger = new Logger('Database');
  // The owner names tables unqualified, so its search path is pinned to the app's one schema: by default it starts with
  // "$user", a schema the app's role (which may create schemas) could make and fill with a ledger or tables of the same names.
  const owner = new DataSource({
    type: 'postgres',
    url: ownerUrl,
    extra: { options: '-c search_path=public' },
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    logging: ['error', 'warn'],
  });
  await connectWhenUp(owner, logger);
  const session = owner.createQueryRunner();
  try {
    await session.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
    await owner.runMigrations({ transaction: 'each' });
    const app = new URL(appUrl);
    const role = decodeURIComponent(app.username);
    const [{ database, current }] = await session.query('SELECT current_database() AS database, current_user AS current');
    if (!role || role === current) {
      logger.warn('the app connects as the owner of its tables, so it could remove the audit trail: give it a role of its own (DATABASE_OWNER_URL, README)');
      return;
    }
    await ensureLoginRole(session.query.bind(session), role, decodeURIComponent(app.password));
    // One transaction: between granting every table and revoking on the audit trail, the role holds no more for a moment.
    await session.startTransaction();
    await grantAppAccess(session.query.bind(session), role, database, logger);
    await session.commitTransaction();
  } finally {
    if (session.isTransactionActive) await session.rollbackTransaction().catch(() => undefined);
    await session.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => undefined);
    await session.release();
    await owner.destroy();
  }
}

/** A database started beside the app (compose, a platform's add-on) may take a while to accept connections. */
async function connectWhenUp(source: DataSource, logger: Logger, attempts = 10): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await source.initialize();
      return;
    } catch (error) {
      if (attempt === attempts) throw error;
      logger.warn(`the database does not answer yet (${(error as Error).message}); trying again in 3 s`);
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}

type Query = (sql: string, parameters?: unknown[]) => Promise<{ [column: string]: unknown }[]>;

async function ensureLoginRole(query: Query, role: string, password: string): Promise<void> {
  const [{ exists }] = await query('SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS exists', [role]);
  if (exists) return;
  try {
    await query(`CREATE ROLE ${ident(role)} LOGIN${password ? ` PASSWORD ${literal(password)}` : ''}`);
  } catch (error) {
    // Another database on the same server made it at the same moment (roles belong to the whole server).
    const { code } = error as { code?: string };
    if (code !== '42710' && code !== '23505') throw error;
  }
}

async function grantAppAccess(query: Query, role: string, database: string, logger: Logger): Promise<void> {
  const app = ident(role);
  // CREATE on the database lets it make its working schemas; it grants nothing on the tables of others.
  await query(`GRANT CONNECT, CREATE ON DATABASE ${ident(database)} TO ${app}`);
  await query(`GRANT USAGE ON SCHEMA public TO ${app}`);
  // Before PostgreSQL 15 (and in a database upgraded from one) every role may create in public: the app's role could
  // plant a table a later migration expects, or a function the owner's unqualified calls would pick. PostgreSQL's
  // documentation asks for this REVOKE there; from 15 on it changes nothing. Only the schema's owner can make it.
  await query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC, ${app}`);
  const [{ can }] = await query(`SELECT has_schema_privilege($1, 'public', 'CREATE') AS can`, [role]);
  if (can) logger.warn(`the app's role may still create objects in schema public: its owner should run REVOKE CREATE ON SCHEMA public FROM PUBLIC (README)`);
  await query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app}`);
  await query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${app}`);
  await query(`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_events FROM ${app}`);
  // Only to remove a network address once the retention schedule says so; the trigger refuses any other change.
  await query(`GRANT UPDATE (address) ON audit_events TO ${app}`);
  // The consent ledger is appended to, never rewritten: what someone agreed to stays as it was (erasure deletes).
  await query(`REVOKE UPDATE, TRUNCATE ON consent_events FROM ${app}`);
  // Which migrations ran is the owner's record: a forged line would skip a migration.
  await query(`REVOKE INSERT, UPDATE, DELETE ON migrations FROM ${app}`);
  for (const schema of WORKING_SCHEMAS) await handOver(query, schema, role);
}

/**
 * Gives the app's role a working schema that an earlier version made as the owner, with everything in it:
 * pg-boss alters its own tables as it runs, so granting rights on them would not be enough.
 */
async function handOver(query: Query, schema: string, role: string): Promise<void> {
  const [found] = await query('SELECT nspowner::regrole::text AS owner FROM pg_namespace WHERE nspname = $1', [schema]);
  if (!found || found.owner === ident(role) || found.owner === role) return;
  const [to, name] = [ident(role), literal(schema)];
  await query(`
    DO $$
    DECLARE item record;
    BEGIN
      EXECUTE format('ALTER SCHEMA %I OWNER TO %s', ${name}, ${literal(to)});
      -- Tables, partitions, views and free-standing sequences; indexes and a column's sequence follow their table.
      FOR item IN SELECT c.oid::regclass AS name FROM pg_class c
                   WHERE c.relnamespace = ${name}::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
                     AND (c.relkind <> 'S' OR NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
      LOOP EXECUTE format('ALTER TABLE %s OWNER TO %s', item.name, ${literal(to)}); END LOOP;
      FOR item IN SELECT p.oid::regprocedure AS name FROM pg_proc p WHERE p.pronamespace = ${name}::regnamespace
      LOOP EXECUTE format('ALTER ROUTINE %s OWNER TO %s', item.name, ${literal(to)}); END LOOP;
      FOR item IN SELECT t.oid::regtype AS name FROM pg_type t WHERE t.typnamespace = ${name}::regnamespace AND t.typtype IN ('e', 'd', 'r', 'm')
      LOOP EXECUTE format('ALTER TYPE %s OWNER TO %s', item.name, ${literal(to)}); END LOOP;
    END $$`);
}
