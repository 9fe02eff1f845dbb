import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PersonalDataSources } from '../src/privacy/personal-data-sources.js';
import { startTestApp, TestApp } from './support/test-app.js';

/**
 * Columns that name a person, reach them or point at their account. Bare `name` is not among them: in this
 * schema it is a post's title, a file's, a category's or the church's own, and the forms that hold a sender's
 * name also hold their e-mail address. Ids of staff (`assignee_id`, `actor_id`, and every `*_by`: `created_by`,
 * `uploaded_by`, `recorded_by`, `cancelled_by`) are people too. `address` is a postal address on an account and a
 * network address on sign-ins and the trail (`ip`, `user_agent` would be too). A free-text `body` holds someone's
 * words, and a JSON document (`PERSONAL_TYPE`) may be what a payment provider sent about a payer.
 */
const PERSONAL_COLUMN =
  /^(email|emails|\w+_email|phone|address|\w+_address|address_lines|postcode|firstname|lastname|first_name|last_name|display_name|wall_name|house_name_or_number|user_id|author_id|actor_id|assignee_id|\w+_by|ip|\w+_ip|user_agent|body)$/;
const PERSONAL_TYPE = /^jsonb?$/;

/** Tables with such columns that hold nobody's personal data, and why. */
const NOT_ABOUT_A_PERSON: Record<string, string> = {
  site_settings: "the church's own address, telephone and e-mail addresses, as its pages print them",
  videos: "a sermon's passages (jsonb): Bible references and their verse ranges",
};

/**
 * Every table of the migrated database with a personal column is answered for by a registered personal data
 * source, so export, erasure and retention cannot silently skip it: a new table must be claimed by its feature.
 */
describe('the catalogue of personal data', () => {
  let t: TestApp;
  let catalogue: { source: string; tables: readonly string[] }[];

  beforeAll(async () => {
    t = await startTestApp();
    catalogue = t.app.get(PersonalDataSources).catalogue();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a registered source for every table with a personal column', async () => {
    const columns: { table: string; column: string; type: string }[] = await t.db.query(
      // Tables only: a view (the care inbox) stores nothing of its own.
      `SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema = 'public' ORDER BY c.table_name, c.ordinal_position`,
    );
    const personal = new Map<string, string[]>();
    const isPersonal = ({ column, type }: { column: string; type: string }) => PERSONAL_COLUMN.test(column) || PERSONAL_TYPE.test(type);
    for (const { table, column } of columns.filter(isPersonal)) personal.set(table, [...(personal.get(table) ?? []), column]);
    // The pattern still finds what it must: were it to match nothing, nothing could be left uncovered.
    expect([...personal.keys()]).toEqual(expect.arrayContaining(['users', 'prayer_requests', 'contact_enquiries', 'gift_aid_declarations', 'paypal_webhook_events', 'audit_events']));
    expect(personal.get('gift_aid_declarations')).toEqual(expect.arrayContaining(['recorded_by', 'cancelled_by']));

    const covered = new Set(catalogue.flatMap(({ tables }) => tables));
    const uncovered = [...personal]
      .filter(([table]) => !covered.has(table) && !(table in NOT_ABOUT_A_PERSON))
      .map(([table, personalColumns]) => `${table} (${personalColumns.join(', ')}) is covered by no personal data source`);
    expect(uncovered).toEqual([]);
  });

  it('names only tables that exist, each claimed by one source', async () => {
    const tables: { name: string }[] = await t.db.query(
      `SELECT CASE WHEN table_schema = 'public' THEN table_name ELSE table_schema || '.' || table_name END AS name FROM information_schema.tables`,
    );
    const existing = new Set(tables.map(({ name }) => name));
    const claims = catalogue.flatMap(({ source, tables: claimed }) => claimed.map((table) => ({ source, table })));
    expect(claims.filter(({ table }) => !existing.has(table))).toEqual([]);
    const claimedTwice = claims.filter(({ table }, index) => claims.findIndex((claim) => claim.table === table) !== index);
    expect(claimedTwice).toEqual([]);
  });
});
