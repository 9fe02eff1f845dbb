import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why PayPal last refused a booking's refund, and when: shown to staff until a retry makes the refund. */
export class BookingRefundFailures1796100000700 implements MigrationInterface {
  name = 'BookingRefundFailures1796100000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bookings ADD COLUMN refund_failure varchar(300), ADD COLUMN refund_failed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bookings DROP COLUMN refund_failure, DROP COLUMN refund_failed_at`);
  }
}
