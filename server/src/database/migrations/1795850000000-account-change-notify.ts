import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every instance keeps the users it verified (`Callers`), so each must hear at once when one of them changes in a
 * way a session depends on: a role, an address, a token version (logout, password reset), an erasure, a deletion.
 * The database tells them, whoever wrote (the app, a migration, an operator's SQL), on the channel the visitors'
 * cache listens to, when the write commits.
 */
export class AccountChangeNotify1795850000000 implements MigrationInterface {
  name = 'AccountChangeNotify1795850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION users_notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('public_cache', 'signed-in:' || OLD.id);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_account_changed AFTER UPDATE ON users FOR EACH ROW
        WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.email IS DISTINCT FROM NEW.email OR OLD.token_version IS DISTINCT FROM NEW.token_version
              OR OLD.erased_at IS DISTINCT FROM NEW.erased_at OR OLD.id IS DISTINCT FROM NEW.id)
        EXECUTE FUNCTION users_notify_account_change()`);
    await q.query(`CREATE TRIGGER users_account_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_notify_account_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_account_deleted ON users`);
    await q.query(`DROP TRIGGER users_account_changed ON users`);
    await q.query(`DROP FUNCTION users_notify_account_change()`);
  }
}
