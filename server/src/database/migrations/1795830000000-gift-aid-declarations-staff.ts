import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Declarations staff act on: how a declaration was given (online, orally, on paper) and who recorded it, when the
 * written record of an oral one was sent, and how, when and by whom a cancellation was received.
 */
export class GiftAidDeclarationsStaff1795830000000 implements MigrationInterface {
  name = 'GiftAidDeclarationsStaff1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE gift_aid_declarations
        ADD COLUMN source varchar(6) NOT NULL DEFAULT 'Online' CHECK (source IN ('Online', 'Oral', 'Paper')),
        ADD COLUMN declared_on date,
        ADD COLUMN recorded_by integer REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN confirmation_sent_at timestamptz,
        ADD COLUMN cancellation_method varchar(8) CHECK (cancellation_method IN ('Online', 'Written', 'Phone', 'Email', 'InPerson')),
        ADD COLUMN cancellation_note varchar(500) NOT NULL DEFAULT '',
        ADD COLUMN cancelled_by integer REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN cancellation_recorded_at timestamptz`);
    // Cancellations made before now were the donor's own, online.
    await q.query(`UPDATE gift_aid_declarations SET cancellation_method = 'Online', cancelled_by = user_id, cancellation_recorded_at = cancelled_at WHERE cancelled_at IS NOT NULL`);
    await q.query(`UPDATE gift_aid_declarations SET declared_on = (created_at AT TIME ZONE 'Europe/London')::date`);
    await q.query(`ALTER TABLE gift_aid_declarations ALTER COLUMN declared_on SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE gift_aid_declarations
        DROP COLUMN source, DROP COLUMN declared_on, DROP COLUMN recorded_by, DROP COLUMN confirmation_sent_at,
        DROP COLUMN cancellation_method, DROP COLUMN cancellation_note, DROP COLUMN cancelled_by, DROP COLUMN cancellation_recorded_at`);
  }
}
