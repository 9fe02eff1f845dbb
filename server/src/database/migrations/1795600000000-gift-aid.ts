import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gift Aid: members' declarations (each keeps its own copy of the name and home address HMRC needs, so it outlives
 * an erased account), the claims made to HMRC with the schedule rows each sent, and on each donation what Gift Aid
 * needs to know about it (asked for, under which declaration, its sterling amount, which claim took it).
 */
export class GiftAid1795600000000 implements MigrationInterface {
  name = 'GiftAid1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE gift_aid_declarations (
        id serial PRIMARY KEY,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        previous_id integer REFERENCES gift_aid_declarations(id),
        scope varchar(12) NOT NULL CHECK (scope IN ('ThisDonation', 'Enduring')),
        title varchar(20) NOT NULL DEFAULT '',
        first_name varchar(35) NOT NULL,
        last_name varchar(35) NOT NULL,
        house_name_or_number varchar(40) NOT NULL,
        postcode varchar(8),
        lives_abroad boolean NOT NULL DEFAULT false,
        wording_version varchar(20) NOT NULL,
        wording text NOT NULL,
        effective_from date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz,
        superseded_at timestamptz,
        CHECK (lives_abroad OR postcode IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX "IDX_gift_aid_declarations_user_id" ON gift_aid_declarations (user_id)`);

    await q.query(`
      CREATE TABLE gift_aid_claims (
        id serial PRIMARY KEY,
        period_from date NOT NULL,
        period_to date NOT NULL CHECK (period_to >= period_from),
        aggregated boolean NOT NULL DEFAULT false,
        donations_minor integer NOT NULL,
        tax_minor integer NOT NULL,
        adjustment_minor integer NOT NULL DEFAULT 0,
        adjustment_note varchar(100) NOT NULL DEFAULT '',
        row_count integer NOT NULL,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        keep_until date NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX "IDX_gift_aid_claims_period" ON gift_aid_claims (period_from, period_to)`);
    await q.query(`
      CREATE TABLE gift_aid_claim_rows (
        claim_id integer NOT NULL REFERENCES gift_aid_claims(id),
        position integer NOT NULL,
        title varchar(20) NOT NULL DEFAULT '',
        first_name varchar(35) NOT NULL DEFAULT '',
        last_name varchar(35) NOT NULL DEFAULT '',
        house_name_or_number varchar(40) NOT NULL DEFAULT '',
        postcode varchar(8) NOT NULL DEFAULT '',
        aggregated varchar(35) NOT NULL DEFAULT '',
        sponsored boolean NOT NULL DEFAULT false,
        donation_date date NOT NULL,
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        PRIMARY KEY (claim_id, position)
      )`);

    await q.query(`
      ALTER TABLE donations
        ADD COLUMN gift_aid boolean,
        ADD COLUMN gift_aid_declaration_id integer REFERENCES gift_aid_declarations(id),
        ADD COLUMN sterling_amount_minor integer CHECK (sterling_amount_minor > 0),
        ADD COLUMN exchange_rate varchar(20),
        ADD COLUMN gift_aid_claim_id integer REFERENCES gift_aid_claims(id),
        ADD COLUMN gift_aid_adjustment_claim_id integer REFERENCES gift_aid_claims(id)`);
    await q.query(`CREATE INDEX "IDX_donations_gift_aid_claim_id" ON donations (gift_aid_claim_id)`);
    await q.query(`CREATE INDEX "IDX_donations_paid_at" ON donations (paid_at)`);
    await q.query(`ALTER TABLE regular_donations ADD COLUMN gift_aid boolean`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE regular_donations DROP COLUMN gift_aid`);
    await q.query(`DROP INDEX "IDX_donations_paid_at"`);
    await q.query(`DROP INDEX "IDX_donations_gift_aid_claim_id"`);
    await q.query(`
      ALTER TABLE donations
        DROP COLUMN gift_aid_adjustment_claim_id,
        DROP COLUMN gift_aid_claim_id,
        DROP COLUMN exchange_rate,
        DROP COLUMN sterling_amount_minor,
        DROP COLUMN gift_aid_declaration_id,
        DROP COLUMN gift_aid`);
    await q.query(`DROP TABLE gift_aid_claim_rows`);
    await q.query(`DROP TABLE gift_aid_claims`);
    await q.query(`DROP TABLE gift_aid_declarations`);
  }
}
