import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of the public forms: a retried submission is answered from here instead of stored again.
 * Only hashes, the form's kind and the record's id: the key a client chose and what the sender wrote stay out.
 */
export class Idempotency1795720000000 implements MigrationInterface {
  name = 'Idempotency1795720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        kind text NOT NULL,
        key_hash text NOT NULL,
        payload_hash text NOT NULL,
        record_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, key_hash)
      )`);
    await q.query(`CREATE INDEX "IDX_idempotency_keys_created_at" ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
