import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sermons: a video message gains its series, speaker, passages (labels and verse ranges, searched by overlap),
 * audio and podcast fields; series and speakers are public records of their own; the site settings gain the
 * podcast's channel details. A show's `podcast:guid` is kept once made (on the settings, and on each series for its own feed).
 */
export class Sermons1796100000000 implements MigrationInterface {
  name = 'Sermons1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sermon_series (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL,
        slug varchar(220) NOT NULL,
        description text NOT NULL DEFAULT '',
        image varchar(500),
        started_at date,
        podcast_guid uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_sermon_series_slug" ON sermon_series (slug)`);
    await q.query(`
      CREATE TABLE speakers (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        slug varchar(220) NOT NULL,
        bio text NOT NULL DEFAULT '',
        image varchar(500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_speakers_slug" ON speakers (slug)`);
    await q.query(`CREATE INDEX "IDX_speakers_name" ON speakers (name)`);
    await q.query(`
      ALTER TABLE videos
        ADD COLUMN series_id integer REFERENCES sermon_series(id) ON DELETE SET NULL,
        ADD COLUMN speaker_id integer REFERENCES speakers(id) ON DELETE SET NULL,
        ADD COLUMN passages jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN preached_on date,
        ADD COLUMN summary text,
        ADD COLUMN audio varchar(500),
        ADD COLUMN audio_bytes bigint,
        ADD COLUMN audio_duration_seconds integer,
        ADD COLUMN audio_mime_type varchar(40),
        ADD COLUMN transcript text,
        ADD COLUMN chapters text,
        ADD COLUMN in_podcast boolean NOT NULL DEFAULT false,
        ADD COLUMN podcast_guid uuid NOT NULL DEFAULT gen_random_uuid(),
        ADD COLUMN episode integer`);
    await q.query(`CREATE INDEX "IDX_videos_series_id" ON videos (series_id)`);
    await q.query(`CREATE INDEX "IDX_videos_speaker_id" ON videos (speaker_id)`);
    await q.query(`CREATE INDEX "IDX_videos_preached_on" ON videos (preached_on)`);
    await q.query(`CREATE UNIQUE INDEX "IDX_videos_podcast_guid" ON videos (podcast_guid)`);
    await q.query(`CREATE UNIQUE INDEX "IDX_videos_episode" ON videos (episode)`);
    await q.query(`
      ALTER TABLE site_settings
        ADD COLUMN podcast_title varchar(200) NOT NULL DEFAULT '',
        ADD COLUMN podcast_artwork varchar(500),
        ADD COLUMN podcast_category varchar(120) NOT NULL DEFAULT 'Religion & Spirituality > Christianity',
        ADD COLUMN podcast_owner_email varchar(254) NOT NULL DEFAULT '',
        ADD COLUMN podcast_explicit boolean NOT NULL DEFAULT false,
        ADD COLUMN podcast_locked boolean NOT NULL DEFAULT true,
        ADD COLUMN podcast_guid uuid,
        ADD COLUMN podcast_apple_url varchar(500),
        ADD COLUMN podcast_spotify_url varchar(500)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE site_settings DROP COLUMN podcast_title, DROP COLUMN podcast_artwork, DROP COLUMN podcast_category,
        DROP COLUMN podcast_owner_email, DROP COLUMN podcast_explicit, DROP COLUMN podcast_locked, DROP COLUMN podcast_guid,
        DROP COLUMN podcast_apple_url, DROP COLUMN podcast_spotify_url`);
    await q.query(`
      ALTER TABLE videos DROP COLUMN series_id, DROP COLUMN speaker_id, DROP COLUMN passages, DROP COLUMN preached_on,
        DROP COLUMN summary, DROP COLUMN audio, DROP COLUMN audio_bytes, DROP COLUMN audio_duration_seconds,
        DROP COLUMN audio_mime_type, DROP COLUMN transcript, DROP COLUMN chapters, DROP COLUMN in_podcast,
        DROP COLUMN podcast_guid, DROP COLUMN episode`);
    await q.query(`DROP TABLE speakers`);
    await q.query(`DROP TABLE sermon_series`);
  }
}
