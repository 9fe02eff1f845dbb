import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Programs become events (start, end, place, online link, RFC 5545 recurrence), and the organisation's
 * details move from the web app's code into one `site_settings` row that volunteers edit in the console.
 */
export class Reach1795426326000 implements MigrationInterface {
  name = 'Reach1795426326000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE posts
        ADD COLUMN starts_at timestamptz,
        ADD COLUMN ends_at timestamptz,
        ADD COLUMN location varchar(300),
        ADD COLUMN online_url varchar(500),
        ADD COLUMN recurrence varchar(300),
        ADD COLUMN sort_starts_at timestamptz,
        ADD COLUMN over_at timestamptz,
        ADD CONSTRAINT posts_event_check CHECK (ends_at IS NULL OR (starts_at IS NOT NULL AND ends_at > starts_at)),
        ADD CONSTRAINT posts_recurrence_check CHECK (recurrence IS NULL OR starts_at IS NOT NULL)`);
    // "Upcoming programs": dated ones by their next occurrence, then undated ones newest first.
    await q.query(`CREATE INDEX "IDX_posts_category_id_sort_starts_at" ON posts (category_id, sort_starts_at, created_at)`);
    // The occasional refresh of recurring programs' next occurrence looks only at those.
    await q.query(`CREATE INDEX "IDX_posts_recurring_sort_starts_at" ON posts (sort_starts_at) WHERE recurrence IS NOT NULL`);

    await q.query(`
      CREATE TABLE site_settings (
        id integer PRIMARY KEY DEFAULT 1,
        name varchar(200) NOT NULL DEFAULT '',
        short_name varchar(60) NOT NULL DEFAULT '',
        tagline varchar(300) NOT NULL DEFAULT '',
        description varchar(500) NOT NULL DEFAULT '',
        charity_number varchar(20) NOT NULL DEFAULT '',
        address_lines jsonb NOT NULL DEFAULT '[]',
        postcode varchar(10) NOT NULL DEFAULT '',
        phone varchar(30) NOT NULL DEFAULT '',
        emails jsonb NOT NULL DEFAULT '[]',
        social_links jsonb NOT NULL DEFAULT '[]',
        latitude double precision,
        longitude double precision,
        service_times jsonb NOT NULL DEFAULT '[]',
        doors_open varchar(200) NOT NULL DEFAULT '',
        weekly_schedule jsonb NOT NULL DEFAULT '[]',
        pastors jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT site_settings_single_row CHECK (id = 1)
      )`);
    await q.query(`INSERT INTO site_settings (id) VALUES (1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE site_settings');
    await q.query('DROP INDEX "IDX_posts_recurring_sort_starts_at"');
    await q.query('DROP INDEX "IDX_posts_category_id_sort_starts_at"');
    await q.query(`
      ALTER TABLE posts DROP CONSTRAINT posts_recurrence_check, DROP CONSTRAINT posts_event_check,
        DROP COLUMN over_at, DROP COLUMN sort_starts_at, DROP COLUMN recurrence, DROP COLUMN online_url,
        DROP COLUMN location, DROP COLUMN ends_at, DROP COLUMN starts_at`);
  }
}
