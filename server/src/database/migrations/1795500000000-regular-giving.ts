import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Regular giving: a member's monthly gift is a PayPal subscription, and each month's payment a donation linked to
 * it. The PayPal catalog product and the one monthly plan per currency are created once and their ids kept.
 */
export class RegularGiving1795500000000 implements MigrationInterface {
  name = 'RegularGiving1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE paypal_billing_plans (
        currency varchar(3) PRIMARY KEY,
        product_id varchar(50) NOT NULL,
        plan_id varchar(50) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE regular_donations (
        id serial PRIMARY KEY,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        currency varchar(3) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'ApprovalPending',
        paypal_plan_id varchar(50),
        paypal_subscription_id varchar(50),
        approve_url varchar(500),
        next_billing_at timestamptz,
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_regular_donations_paypal_subscription_id" ON regular_donations (paypal_subscription_id)`);
    await q.query(`CREATE INDEX "IDX_regular_donations_user_id" ON regular_donations (user_id)`);
    await q.query(`CREATE INDEX "IDX_regular_donations_status" ON regular_donations (status)`);
    await q.query(`CREATE INDEX "IDX_regular_donations_created_at" ON regular_donations (created_at)`);

    await q.query(`ALTER TABLE donations ADD COLUMN regular_donation_id integer REFERENCES regular_donations(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX "IDX_donations_regular_donation_id" ON donations (regular_donation_id)`);
    // A subscription's payment (PayPal's sale id, kept as the capture id) is recorded once, however often it is reported.
    await q.query(`CREATE UNIQUE INDEX "IDX_donations_sale_id" ON donations (capture_id) WHERE regular_donation_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "IDX_donations_sale_id"');
    await q.query('DROP INDEX "IDX_donations_regular_donation_id"');
    await q.query('ALTER TABLE donations DROP COLUMN regular_donation_id');
    await q.query('DROP TABLE regular_donations');
    await q.query('DROP TABLE paypal_billing_plans');
  }
}
