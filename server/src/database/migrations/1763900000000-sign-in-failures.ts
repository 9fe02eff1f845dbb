import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Failed sign-ins since the last successful one, so an admin learns at sign-in that someone has been guessing. */
export class SignInFailures1763900000000 implements MigrationInterface {
  name = 'SignInFailures1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN failed_sign_ins integer NOT NULL DEFAULT 0, ADD COLUMN last_sign_in_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN failed_sign_ins, DROP COLUMN last_sign_in_at`);
  }
}
