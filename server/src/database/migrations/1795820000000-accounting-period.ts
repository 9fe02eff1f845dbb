import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The charity's type and accounting year end, which HMRC's Gift Aid time limits count from (a trust's, the tax
 * year's; defaults keep the tax year), and where a USD gift's sterling rate came from and on which day.
 */
export class AccountingPeriod1795820000000 implements MigrationInterface {
  name = 'AccountingPeriod1795820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE site_settings
        ADD COLUMN charity_type varchar(30) NOT NULL DEFAULT 'Trust'
          CHECK (charity_type IN ('Trust', 'CIO', 'CharitableCompany', 'UnincorporatedAssociation')),
        ADD COLUMN accounting_year_end char(5) NOT NULL DEFAULT '04-05' CHECK (accounting_year_end ~ '^\\d{2}-\\d{2}$')`);
    await q.query(`
      ALTER TABLE donations
        ADD COLUMN exchange_rate_source varchar(60),
        ADD COLUMN exchange_rate_date date`);
    // PayPal's own conversions so far: their source is PayPal, their day the capture's (London's).
    await q.query(`
      UPDATE donations SET exchange_rate_source = 'PayPal', exchange_rate_date = CAST(coalesce(paid_at, created_at) AT TIME ZONE 'Europe/London' AS date)
       WHERE exchange_rate IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE donations DROP COLUMN exchange_rate_source, DROP COLUMN exchange_rate_date`);
    await q.query(`ALTER TABLE site_settings DROP COLUMN charity_type, DROP COLUMN accounting_year_end`);
  }
}
