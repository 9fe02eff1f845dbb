import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The live page's stream: one row at most (there is one live page), linked to what it streams and what it became. */
export class LiveStream1796100000600 implements MigrationInterface {
  name = 'LiveStream1796100000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE live_streams (
        id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        title varchar(200) NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
        video varchar(11),
        hls_url varchar(500),
        service_sheet_url varchar(500),
        series_id integer REFERENCES sermon_series(id) ON DELETE SET NULL,
        speaker_id integer REFERENCES speakers(id) ON DELETE SET NULL,
        post_id integer REFERENCES posts(id) ON DELETE SET NULL,
        sermon_id integer REFERENCES videos(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE live_streams`);
  }
}
