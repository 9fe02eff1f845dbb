import type { MigrationInterface, QueryRunner } from 'typeorm';

const PUBLIC_REQUEST_TABLES = ['contact_enquiries', 'questions', 'counselling_requests', 'baptism_requests'];

/**
 * Privacy: an append-only audit trail, recorded consent to publish testimonies (and the name they show), sign-in
 * history for the member's own export, when each request was closed (the retention clock), and erased accounts.
 */
export class Privacy1795460000000 implements MigrationInterface {
  name = 'Privacy1795460000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_events (
        id serial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id integer,
        actor_role text,
        action text NOT NULL,
        record_kind text,
        record_ids text[] NOT NULL DEFAULT '{}',
        address text,
        detail text
      )`);
    await q.query(`CREATE INDEX "IDX_audit_events_at" ON audit_events (at)`);
    // Append-only whoever asks, the application's own account included.
    await q.query(`
      CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit trail is append-only';
      END $$`);
    await q.query(`CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`);
    await q.query(`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`);

    await q.query(`ALTER TABLE posts ADD COLUMN display_name text CHECK (display_name IN ('FullName', 'FirstName', 'Anonymous'))`);
    await q.query(`
      CREATE TABLE consents (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('TestimonyPublication')),
        post_id integer REFERENCES posts(id) ON DELETE SET NULL,
        display_name text CHECK (display_name IN ('FullName', 'FirstName', 'Anonymous')),
        text_version text NOT NULL,
        text text NOT NULL,
        given_at timestamptz NOT NULL DEFAULT now(),
        withdrawn_at timestamptz
      )`);
    await q.query(`CREATE INDEX "IDX_consents_user_id" ON consents (user_id)`);
    await q.query(`CREATE INDEX "IDX_consents_post_id" ON consents (post_id)`);

    await q.query(`
      CREATE TABLE sign_ins (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        address text NOT NULL
      )`);
    await q.query(`CREATE INDEX "IDX_sign_ins_user_id_at" ON sign_ins (user_id, at)`);
    await q.query(`CREATE INDEX "IDX_sign_ins_at" ON sign_ins (at)`);

    await q.query(`ALTER TABLE users ADD COLUMN erased_at timestamptz`);
    for (const table of PUBLIC_REQUEST_TABLES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN closed_at timestamptz, ADD COLUMN anonymised_at timestamptz`);
      await q.query(`UPDATE ${table} SET closed_at = created_at WHERE status = 'Closed'`);
    }
    await q.query(`UPDATE prayer_requests SET closed_at = created_at WHERE status = 'Closed' AND closed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of PUBLIC_REQUEST_TABLES) await q.query(`ALTER TABLE ${table} DROP COLUMN closed_at, DROP COLUMN anonymised_at`);
    await q.query(`ALTER TABLE users DROP COLUMN erased_at`);
    await q.query(`DROP TABLE sign_ins`);
    await q.query(`DROP TABLE consents`);
    await q.query(`ALTER TABLE posts DROP COLUMN display_name`);
    await q.query(`DROP TABLE audit_events`);
    await q.query(`DROP FUNCTION audit_events_append_only`);
  }
}
