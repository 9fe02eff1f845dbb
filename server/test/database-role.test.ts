import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import { JobQueue } from '../src/database/job-queue.js';
import { asOwner, startTestApp, TEST_APP_ROLE, TestApp } from './support/test-app.js';

const REFUSED = /permission denied|must be owner/;

describe("the app's own database role", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a role of its own, neither superuser nor the owner of any table the migrations made', async () => {
    const [role] = await t.db.query(`SELECT current_user AS name, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`);
    expect(role).toEqual({ name: TEST_APP_ROLE, superuser: false });
    expect(await t.db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user`)).toEqual([]);
  });

  it('may only add to and read the audit trail: changing, emptying, altering or unguarding it is refused', async () => {
    await t.db.query(`INSERT INTO audit_events (action) VALUES ('test.insert')`);
    expect(await t.db.query(`SELECT action FROM audit_events WHERE action = 'test.insert'`)).toEqual([{ action: 'test.insert' }]);
    for (const statement of [
      `UPDATE audit_events SET action = 'rewritten'`,
      `DELETE FROM audit_events`,
      `TRUNCATE audit_events`,
      `DROP TRIGGER audit_events_no_change ON audit_events`,
      `ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`,
      `ALTER TABLE audit_events ADD COLUMN note text`,
      `DROP TABLE audit_events`,
    ]) {
      await expect(t.db.query(statement)).rejects.toThrow(REFUSED);
    }
    // The owner, who could, is stopped by the trigger.
    await asOwner(t.databaseName, async (owner) => {
      await expect(owner.query(`UPDATE audit_events SET action = 'rewritten'`)).rejects.toThrow(/append-only/);
    });
    expect(await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'rewritten'`)).toEqual([{ n: 0 }]);
  });

  it('cannot forge which migrations ran', async () => {
    await expect(t.db.query(`INSERT INTO migrations (timestamp, name) VALUES (1999999999999, 'Skipped1999999999999')`)).rejects.toThrow(REFUSED);
  });

  it('may create nothing in the public schema, even on a database whose public schema lets everyone create (PostgreSQL before 15, or upgraded)', async () => {
    const database = `test_${randomBytes(6).toString('hex')}`;
    await asOwner('postgres', (server) => server.query(`CREATE DATABASE ${database}`));
    // What CREATE DATABASE gave every role before PostgreSQL 15, and what a database upgraded from one keeps.
    await asOwner(database, (owner) => owner.query(`GRANT CREATE ON SCHEMA public TO PUBLIC`));
    const older = await startTestApp({}, { database });
    try {
      for (const statement of [
        `CREATE TABLE public.planted (id int)`,
        `CREATE FUNCTION public.lower(character varying) RETURNS text LANGUAGE sql AS $$ SELECT 'x' $$`,
        `CREATE VIEW public.audit_view AS SELECT 1 AS one`,
      ]) {
        await expect(older.db.query(statement)).rejects.toThrow(REFUSED);
      }
      expect(await older.db.query(`SELECT has_schema_privilege('public', 'CREATE') AS can`)).toEqual([{ can: false }]);
    } finally {
      await older.close();
    }
  });

  it('takes over the job schema an earlier version made as the owner, and queues jobs in it', async () => {
    const database = `test_${randomBytes(6).toString('hex')}`;
    await asOwner('postgres', (server) => server.query(`CREATE DATABASE ${database}`));
    const boss = new PgBoss({ connectionString: process.env.TEST_POSTGRES_URL!.replace(/\/[^/]*$/, `/${database}`), schedule: false, supervise: false });
    await boss.start();
    await boss.createQueue('made-by-the-owner');
    await boss.stop({ graceful: false, wait: true });

    const upgraded = await startTestApp({}, { database });
    try {
      await upgraded.app.get(JobQueue).send('made-after-the-upgrade', { hello: 'world' });
      const owners = await upgraded.db.query(
        `SELECT DISTINCT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relnamespace = 'pgboss'::regnamespace AND relkind IN ('r', 'p')
         UNION SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'pgboss'`,
      );
      expect(owners).toEqual([{ owner: TEST_APP_ROLE }]);
    } finally {
      await upgraded.close();
    }
  });
});
