import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763800000000 implements MigrationInterface {
  name = 'Accounts1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        title varchar(20) NOT NULL,
        firstname varchar(100) NOT NULL,
        lastname varchar(100) NOT NULL,
        gender varchar(10) NOT NULL,
        marital_status varchar(10) NOT NULL,
        phone varchar(40) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash varchar NOT NULL,
        country varchar(100) NOT NULL DEFAULT '',
        state varchar(100) NOT NULL DEFAULT '',
        city varchar(100) NOT NULL DEFAULT '',
        address varchar(300) NOT NULL DEFAULT '',
        role varchar(10) NOT NULL DEFAULT 'Member',
        token_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_role_check CHECK (role IN ('Member', 'Admin')),
        CONSTRAINT users_email_lower_check CHECK (email = lower(email))
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_users_email" ON users (email)`);
    await q.query(`CREATE INDEX "IDX_users_role" ON users (role)`);
    await q.query(`CREATE INDEX "IDX_users_created_at" ON users (created_at)`);
    await q.query(`
      CREATE TABLE password_reset_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash varchar(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_password_reset_tokens_token_hash" ON password_reset_tokens (token_hash)`);
    await q.query(`CREATE INDEX "IDX_password_reset_tokens_user_id" ON password_reset_tokens (user_id)`);
    await q.query(`
      CREATE UNLOGGED TABLE rate_limit_counter (
        key varchar(300) PRIMARY KEY,
        count integer NOT NULL,
        resets_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rate_limit_counter');
    await q.query('DROP TABLE password_reset_tokens');
    await q.query('DROP TABLE users');
  }
}
