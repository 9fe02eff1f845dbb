import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Part of a refund's PayPal-Request-Id, as `capture_attempt` is of a capture's: PayPal answers an id used before with
 * that request's answer, so a refund PayPal refused is tried again under the next one.
 */
export class RefundAttempts1796100000800 implements MigrationInterface {
  name = 'RefundAttempts1796100000800';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['book_orders', 'ticket_payments']) await q.query(`ALTER TABLE ${table} ADD COLUMN refund_attempt integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['book_orders', 'ticket_payments']) await q.query(`ALTER TABLE ${table} DROP COLUMN refund_attempt`);
  }
}
