import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Verified e-mail addresses: whether the owner has proved the address is theirs, a new address waiting for its
 * link, and the links themselves (stored as hashes, like reset links). Accounts that exist count as unverified
 * until their owner opens a link or staff mark them verified.
 */
export class EmailVerification1795700000000 implements MigrationInterface {
  name = 'EmailVerification1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN email_verified boolean NOT NULL DEFAULT false,
        ADD COLUMN email_verified_at timestamptz,
        ADD COLUMN pending_email varchar(254) CHECK (pending_email = lower(pending_email))`);
    await q.query(`
      CREATE TABLE email_verification_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        token_hash varchar(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_email_verification_tokens_token_hash" ON email_verification_tokens (token_hash)`);
    await q.query(`CREATE INDEX "IDX_email_verification_tokens_user_id" ON email_verification_tokens (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE email_verification_tokens');
    await q.query('ALTER TABLE users DROP COLUMN pending_email, DROP COLUMN email_verified_at, DROP COLUMN email_verified');
  }
}
