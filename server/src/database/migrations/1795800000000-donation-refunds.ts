import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds and chargebacks of donations, one row per PayPal refund or reversal, so a partial refund is kept to the
 * penny and Gift Aid can be claimed on what was kept, or declared back on a later claim. Donations already
 * refunded in full get one row each (their PayPal refund id was never kept), accounted by the claim that declared them.
 */
export class DonationRefunds1795800000000 implements MigrationInterface {
  name = 'DonationRefunds1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE donation_refunds (
        id serial PRIMARY KEY,
        donation_id integer NOT NULL REFERENCES donations(id),
        paypal_id varchar(64) NOT NULL,
        kind varchar(10) NOT NULL CHECK (kind IN ('Refund', 'Reversal')),
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        sterling_minor integer CHECK (sterling_minor >= 0),
        refunded_at timestamptz NOT NULL,
        gift_aid_claim_id integer REFERENCES gift_aid_claims(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_donation_refunds_paypal_id" ON donation_refunds (paypal_id)`);
    await q.query(`CREATE INDEX "IDX_donation_refunds_donation_id" ON donation_refunds (donation_id)`);
    await q.query(`CREATE INDEX "IDX_donation_refunds_gift_aid_claim_id" ON donation_refunds (gift_aid_claim_id)`);
    await q.query(`ALTER TABLE donations ADD COLUMN refunded_amount_minor integer NOT NULL DEFAULT 0 CHECK (refunded_amount_minor >= 0 AND refunded_amount_minor <= amount_minor)`);
    await q.query(`
      INSERT INTO donation_refunds (donation_id, paypal_id, kind, amount_minor, sterling_minor, refunded_at, gift_aid_claim_id)
      SELECT id, 'before-refund-ids-' || id, 'Refund', amount_minor,
             CASE WHEN currency = 'GBP' THEN amount_minor ELSE sterling_amount_minor END,
             coalesce(refunded_at, updated_at), gift_aid_adjustment_claim_id
      FROM donations WHERE status = 'Refunded'`);
    await q.query(`UPDATE donations SET refunded_amount_minor = amount_minor WHERE status = 'Refunded'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE donations DROP COLUMN refunded_amount_minor`);
    await q.query(`DROP TABLE donation_refunds`);
  }
}
