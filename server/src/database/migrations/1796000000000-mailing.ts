import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACCOUNT_CHANGED_TRIGGER = `
  CREATE TRIGGER users_account_changed AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.email IS DISTINCT FROM NEW.email OR OLD.token_version IS DISTINCT FROM NEW.token_version
          OR OLD.erased_at IS DISTINCT FROM NEW.erased_at OR OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION users_notify_account_change()`;

/** A role name may be longer now ('Communications'); the trigger that reads the column is made again around the change. */
async function roleLength(q: QueryRunner, length: number) {
  await q.query(`DROP TRIGGER users_account_changed ON users`);
  await q.query(`ALTER TABLE users ALTER COLUMN role TYPE varchar(${length})`);
  await q.query(ACCOUNT_CHANGED_TRIGGER);
}

/**
 * E-mail to people who asked for it: lists, the people on them (an account, or an address alone), the append-only
 * consent ledger every subscription is read from, the suppression list (hashes only), broadcasts and one row per
 * recipient (claimed once when sent). Posts and videos may name the list their publication is announced to. The
 * Communications role.
 */
export class Mailing1796000000000 implements MigrationInterface {
  name = 'Mailing1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await roleLength(q, 20);
    await q.query(
      `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('Member', 'Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance', 'EventsTeam', 'Communications'))`,
    );
    await q.query(`
      CREATE TABLE mailing_lists (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        description varchar(500) NOT NULL DEFAULT '',
        public boolean NOT NULL DEFAULT true,
        basis varchar(20) NOT NULL CHECK (basis IN ('Consent', 'CharitableSoftOptIn')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_mailing_lists_name" ON mailing_lists (lower(name))`);
    await q.query(`
      CREATE TABLE mail_subscribers (
        id serial PRIMARY KEY,
        email varchar(254) NOT NULL,
        user_id integer REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_mail_subscribers_email" ON mail_subscribers (lower(email))`);
    await q.query(`CREATE UNIQUE INDEX "IDX_mail_subscribers_user" ON mail_subscribers (user_id)`);
    await q.query(`
      CREATE TABLE consent_events (
        id bigserial PRIMARY KEY,
        subscriber_id integer NOT NULL REFERENCES mail_subscribers(id) ON DELETE CASCADE,
        list_id integer NOT NULL REFERENCES mailing_lists(id) ON DELETE CASCADE,
        action varchar(10) NOT NULL CHECK (action IN ('Requested', 'Given', 'Withdrawn')),
        basis varchar(20) NOT NULL CHECK (basis IN ('Consent', 'CharitableSoftOptIn', 'ServiceMessage')),
        source varchar(15) NOT NULL,
        wording text NOT NULL,
        staff_id integer REFERENCES users(id) ON DELETE SET NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_consent_events_subscriber_list" ON consent_events (subscriber_id, list_id, id)`);
    await q.query(`CREATE INDEX "IDX_consent_events_list" ON consent_events (list_id, subscriber_id, id)`);
    await q.query(`
      CREATE TABLE mail_suppressions (
        address_hash char(64) PRIMARY KEY,
        reason varchar(15) NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE broadcasts (
        id serial PRIMARY KEY,
        subject varchar(200) NOT NULL,
        body text NOT NULL,
        list_id integer REFERENCES mailing_lists(id) ON DELETE SET NULL,
        audience jsonb NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'Draft',
        scheduled_at timestamptz,
        started_at timestamptz,
        sent_at timestamptz,
        post_id integer,
        source_key varchar(40) UNIQUE,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_broadcasts_due" ON broadcasts (status, scheduled_at)`);
    await q.query(`
      CREATE TABLE broadcast_recipients (
        id bigserial PRIMARY KEY,
        broadcast_id integer NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
        subscriber_id integer REFERENCES mail_subscribers(id) ON DELETE SET NULL,
        email varchar(254),
        status varchar(12) NOT NULL DEFAULT 'Queued',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_reply varchar(500),
        sent_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_broadcast_recipients_address" ON broadcast_recipients (broadcast_id, lower(email))`);
    await q.query(`CREATE INDEX "IDX_broadcast_recipients_due" ON broadcast_recipients (broadcast_id, next_attempt_at) WHERE status IN ('Queued', 'Deferred')`);
    await q.query(`ALTER TABLE posts ADD COLUMN announce_list_id integer REFERENCES mailing_lists(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE videos ADD COLUMN announce_list_id integer REFERENCES mailing_lists(id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE videos DROP COLUMN announce_list_id`);
    await q.query(`ALTER TABLE posts DROP COLUMN announce_list_id`);
    await q.query(`DROP TABLE broadcast_recipients`);
    await q.query(`DROP TABLE broadcasts`);
    await q.query(`DROP TABLE mail_suppressions`);
    await q.query(`DROP TABLE consent_events`);
    await q.query(`DROP TABLE mail_subscribers`);
    await q.query(`DROP TABLE mailing_lists`);
    await q.query(`UPDATE users SET role = 'Member' WHERE role = 'Communications'`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await roleLength(q, 10);
    await q.query(
      `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('Member', 'Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance', 'EventsTeam'))`,
    );
  }
}
