import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gift Aid claims get HMRC's lifecycle (Draft → Submitted → Paid | Rejected) and hold at most 1,000 rows each:
 * a period with more is made as a batch of claims, numbered. Each row keeps the donation and the declaration it
 * came from (an aggregated row, the donations it adds up), and each claim its schedule's Box 1 date.
 * Claims made before this were locked when made, as if sent: they become Submitted. One of more than 1,000 rows,
 * sent then as several files, is left as it was (the row limit holds for new claims: NOT VALID).
 */
export class GiftAidClaimLifecycle1795810000000 implements MigrationInterface {
  name = 'GiftAidClaimLifecycle1795810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE gift_aid_claims
        ADD COLUMN status varchar(10) NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Submitted', 'Paid', 'Rejected')),
        ADD COLUMN batch_id integer,
        ADD COLUMN batch_number integer NOT NULL DEFAULT 1 CHECK (batch_number >= 1),
        ADD COLUMN batch_size integer NOT NULL DEFAULT 1 CHECK (batch_size >= batch_number),
        ADD COLUMN earliest_donation_date date,
        ADD COLUMN hmrc_reference varchar(64),
        ADD COLUMN submitted_at timestamptz,
        ADD COLUMN paid_minor integer CHECK (paid_minor > 0),
        ADD COLUMN paid_on date,
        ADD COLUMN rejection_reason varchar(500),
        ADD CONSTRAINT "CHK_gift_aid_claims_rows" CHECK (row_count <= 1000) NOT VALID`);
    await q.query(`UPDATE gift_aid_claims SET status = 'Submitted', submitted_at = created_at, batch_id = id`);
    await q.query(`
      UPDATE gift_aid_claims c SET earliest_donation_date = (SELECT min(r.donation_date) FROM gift_aid_claim_rows r WHERE r.claim_id = c.id)`);
    await q.query(`ALTER TABLE gift_aid_claims ALTER COLUMN batch_id SET NOT NULL`);
    await q.query(`DROP INDEX "IDX_gift_aid_claims_period"`);
    // A rejected claim leaves its period free to be claimed again.
    await q.query(`CREATE UNIQUE INDEX "IDX_gift_aid_claims_period" ON gift_aid_claims (period_from, period_to, batch_number) WHERE status <> 'Rejected'`);
    await q.query(`CREATE INDEX "IDX_gift_aid_claims_batch_id" ON gift_aid_claims (batch_id)`);
    await q.query(`
      ALTER TABLE gift_aid_claim_rows
        ADD COLUMN donation_id integer REFERENCES donations(id) ON DELETE SET NULL,
        ADD COLUMN declaration_id integer REFERENCES gift_aid_declarations(id) ON DELETE SET NULL,
        ADD COLUMN donation_ids integer[]`);
    await q.query(`CREATE INDEX "IDX_gift_aid_claim_rows_donation_id" ON gift_aid_claim_rows (donation_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_gift_aid_claim_rows_donation_id"`);
    await q.query(`ALTER TABLE gift_aid_claim_rows DROP COLUMN donation_ids, DROP COLUMN declaration_id, DROP COLUMN donation_id`);
    await q.query(`DROP INDEX "IDX_gift_aid_claims_batch_id"`);
    await q.query(`DROP INDEX "IDX_gift_aid_claims_period"`);
    await q.query(`CREATE UNIQUE INDEX "IDX_gift_aid_claims_period" ON gift_aid_claims (period_from, period_to)`);
    await q.query(`
      ALTER TABLE gift_aid_claims
        DROP CONSTRAINT "CHK_gift_aid_claims_rows",
        DROP COLUMN rejection_reason,
        DROP COLUMN paid_on,
        DROP COLUMN paid_minor,
        DROP COLUMN submitted_at,
        DROP COLUMN hmrc_reference,
        DROP COLUMN earliest_donation_date,
        DROP COLUMN batch_size,
        DROP COLUMN batch_number,
        DROP COLUMN batch_id,
        DROP COLUMN status`);
  }
}
