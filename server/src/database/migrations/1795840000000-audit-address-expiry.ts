import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail stays append-only but for one change: the retention schedule may remove an entry's network
 * address once its period is over (`address` from a value to NULL, every other column as it was). Anything else,
 * a delete or an emptying included, is still refused, whoever asks.
 */
export class AuditAddressExpiry1795840000000 implements MigrationInterface {
  name = 'AuditAddressExpiry1795840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.address IS NOT NULL AND NEW.address IS NULL AND to_jsonb(NEW) - 'address' = to_jsonb(OLD) - 'address' THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'the audit trail is append-only';
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit trail is append-only';
      END $$`);
  }
}
