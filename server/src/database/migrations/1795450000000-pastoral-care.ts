import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The five request tables and the kind each one's rows are in the care inbox. */
const REQUEST_TABLES = [
  ['contact_enquiries', 'ContactEnquiry'],
  ['questions', 'Question'],
  ['counselling_requests', 'CounsellingRequest'],
  ['baptism_requests', 'BaptismRequest'],
  ['prayer_requests', 'PrayerRequest'],
] as const;

/**
 * Pastoral care: staff roles beyond Admin, one inbox over the five request tables (a view, so each kind keeps its
 * own table and legacy paths), a timeline per request, prayer privacy, and the moderated prayer wall.
 */
export class PastoralCare1795450000000 implements MigrationInterface {
  name = 'PastoralCare1795450000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('Member', 'Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance'))`);

    await q.query(`
      CREATE TABLE care_events (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN (${REQUEST_TABLES.map(([, kind]) => `'${kind}'`).join(', ')})),
        request_id integer NOT NULL,
        type text NOT NULL CHECK (type IN ('Note', 'RequesterAnswer', 'StatusChange', 'Assignment', 'Reply')),
        body varchar(5000),
        author_id integer REFERENCES users(id) ON DELETE SET NULL,
        from_status text,
        to_status text,
        assignee_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "IDX_care_events_kind_request_id" ON care_events (kind, request_id, created_at)`);
    // A request's timeline goes with it, however it is deleted (by staff, or with its member's account).
    await q.query(`
      CREATE FUNCTION care_events_forget() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM care_events WHERE kind = TG_ARGV[0] AND request_id = OLD.id;
        RETURN OLD;
      END $$`);

    for (const [table, kind] of REQUEST_TABLES) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_status_check`);
      await q.query(`
        ALTER TABLE ${table}
          ADD CONSTRAINT ${table}_status_check CHECK (status IN ('New', 'InProgress', 'Waiting', 'Closed')),
          ADD COLUMN assignee_id integer REFERENCES users(id) ON DELETE SET NULL,
          ADD COLUMN last_reply_at timestamptz`);
      await q.query(`CREATE INDEX "IDX_${table}_assignee_id" ON ${table} (assignee_id) WHERE assignee_id IS NOT NULL`);
      await q.query(`CREATE TRIGGER ${table}_forget_events AFTER DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION care_events_forget('${kind}')`);
    }

    await q.query(`
      ALTER TABLE prayer_requests
        ADD COLUMN privacy text NOT NULL DEFAULT 'PastorsOnly' CHECK (privacy IN ('PastorsOnly', 'PrayerTeam', 'PrayerWall')),
        ADD COLUMN wall_name text CHECK (wall_name IN ('FirstName', 'Anonymous')),
        ADD COLUMN wall_status text NOT NULL DEFAULT 'NotRequested' CHECK (wall_status IN ('NotRequested', 'Pending', 'Approved', 'Removed')),
        ADD COLUMN prayed_count integer NOT NULL DEFAULT 0,
        ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '30 days',
        ADD COLUMN closed_at timestamptz,
        ADD CONSTRAINT prayer_requests_wall_name_required CHECK (privacy <> 'PrayerWall' OR wall_name IS NOT NULL)`);
    await q.query(`UPDATE prayer_requests SET expires_at = created_at + interval '30 days'`);
    // The wall: approved requests, newest first.
    await q.query(`CREATE INDEX "IDX_prayer_requests_wall" ON prayer_requests (created_at DESC) WHERE wall_status = 'Approved'`);
    // "I prayed", once a day per member or per address: the key is `member:<id>` or a hash of the address.
    await q.query(`
      CREATE TABLE prayer_prayers (
        prayer_request_id integer NOT NULL REFERENCES prayer_requests(id) ON DELETE CASCADE,
        prayer_key text NOT NULL,
        day date NOT NULL,
        PRIMARY KEY (prayer_request_id, prayer_key, day)
      )`);

    // One row per request of any kind, in the columns the inbox lists, filters and searches; `id` is `PrayerRequest-12`.
    await q.query(`
      CREATE VIEW care_inbox AS
      SELECT kind || '-' || record_id AS id, requests.* FROM (
        SELECT 'ContactEnquiry' AS kind, id AS record_id, status, assignee_id, created_at, last_reply_at,
               'Contact: ' || reason AS subject, name AS requester_name, email AS requester_email, phone AS requester_phone,
               message, NULL::text AS privacy
          FROM contact_enquiries
        UNION ALL
        SELECT 'Question', id, status, assignee_id, created_at, last_reply_at,
               left(question, 80), email, email, NULL, question, NULL
          FROM questions
        UNION ALL
        SELECT 'CounsellingRequest', id, status, assignee_id, created_at, last_reply_at,
               left(description, 80), name, email, phone, description, NULL
          FROM counselling_requests
        UNION ALL
        SELECT 'BaptismRequest', id, status, assignee_id, created_at, last_reply_at,
               'Baptism request', name, email, phone, '', NULL
          FROM baptism_requests
        UNION ALL
        SELECT 'PrayerRequest', p.id, p.status, p.assignee_id, p.created_at, p.last_reply_at,
               p.title, u.firstname || ' ' || u.lastname, u.email, u.phone, p.body, p.privacy
          FROM prayer_requests p JOIN users u ON u.id = p.user_id
      ) requests`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW care_inbox`);
    await q.query(`DROP TABLE prayer_prayers`);
    await q.query(`
      ALTER TABLE prayer_requests
        DROP COLUMN privacy, DROP COLUMN wall_name, DROP COLUMN wall_status, DROP COLUMN prayed_count,
        DROP COLUMN expires_at, DROP COLUMN closed_at`);
    for (const [table] of REQUEST_TABLES) {
      await q.query(`DROP TRIGGER ${table}_forget_events ON ${table}`);
      await q.query(`UPDATE ${table} SET status = 'InProgress' WHERE status = 'Waiting'`);
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_status_check, DROP COLUMN assignee_id, DROP COLUMN last_reply_at`);
      await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_status_check CHECK (status IN ('New', 'InProgress', 'Closed'))`);
    }
    await q.query(`DROP FUNCTION care_events_forget`);
    await q.query(`DROP TABLE care_events`);
    await q.query(`UPDATE users SET role = 'Admin' WHERE role <> 'Member'`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('Member', 'Admin'))`);
  }
}
