import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploaded sermon audio: kept as sent, with the size, length and type the podcast feed announces. */
export class AudioFiles1796100000500 implements MigrationInterface {
  name = 'AudioFiles1796100000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audio_files (
        id serial PRIMARY KEY,
        name varchar(64) NOT NULL,
        url varchar(500) NOT NULL,
        bytes bigint NOT NULL CHECK (bytes > 0),
        duration_seconds integer NOT NULL CHECK (duration_seconds > 0),
        mime_type varchar(40) NOT NULL,
        uploaded_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_audio_files_name" ON audio_files (name)`);
    await q.query(`CREATE UNIQUE INDEX "IDX_audio_files_url" ON audio_files (url)`);
    await q.query(`CREATE INDEX "IDX_audio_files_uploaded_by" ON audio_files (uploaded_by)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audio_files`);
  }
}
