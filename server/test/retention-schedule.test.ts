import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { RetentionService } from '../src/privacy/retention.service.js';
import { ok } from './support/commerce.js';
import { asOwner, startTestApp, TestApp } from './support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365.25 * DAY_MS;

describe('the retention schedule: what the daily run does to the trail, PayPal’s notices and testimonies', () => {
  let t: TestApp;
  let admin: string;
  const run = (msFromNow: number) => t.app.get(RetentionService).run(new Date(Date.now() + msFromNow));

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the run remove an audit entry’s network address, and nobody change anything else on the trail', async () => {
    const action = `test.${randomBytes(3).toString('hex')}`;
    const [{ id }] = await t.db.query(`INSERT INTO audit_events (action, address, detail) VALUES ($1, '203.0.113.9', 'kept') RETURNING id`, [action]);
    // The app's own role may set the address to NULL, and touch no other column.
    await expect(t.db.query(`UPDATE audit_events SET address = NULL, detail = 'rewritten' WHERE id = $1`, [id])).rejects.toThrow(/permission denied/);
    await expect(t.db.query(`UPDATE audit_events SET address = '198.51.100.1' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await asOwner(t.databaseName, async (owner) => {
      // The owner, who holds every privilege, is held by the trigger alone.
      await expect(owner.query(`UPDATE audit_events SET address = NULL, detail = 'rewritten' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
      await expect(owner.query(`DELETE FROM audit_events WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    });
    expect(await run(0)).not.toContain('network addresses removed');
    expect(await run(13 * 31 * DAY_MS)).toMatch(/\d+ network addresses removed from the audit trail/);
    expect(await t.db.query(`SELECT action, address, detail FROM audit_events WHERE id = $1`, [id])).toEqual([{ action, address: null, detail: 'kept' }]);
    // Once removed, an address cannot be put back.
    await expect(t.db.query(`UPDATE audit_events SET address = '203.0.113.9' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
  });

  it('empties PayPal’s notices of the payer once their days are over, keeping the id that stops a replay', async () => {
    const id = `WH-RETAIN-${randomBytes(4).toString('hex').toUpperCase()}`;
    const body = { id, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { payer: { name: { given_name: 'Priscilla', surname: 'Payer' }, email_address: 'priscilla@test.example' } } };
    await t.db.query(`INSERT INTO paypal_webhook_events (id, event_type, body, processed_at) VALUES ($1, $2, $3, now())`, [id, body.event_type, body]);
    await run(0);
    expect((await t.db.query(`SELECT body FROM paypal_webhook_events WHERE id = $1`, [id]))[0].body).toEqual(body);
    expect(await run((t.config.retention.paypalNoticesDays + 1) * DAY_MS)).toMatch(/\d+ PayPal notices emptied/);
    expect(await t.db.query(`SELECT id, body FROM paypal_webhook_events WHERE id = $1`, [id])).toEqual([{ id, body: {} }]);
  });

  it('takes the donor’s name and address off a Gift Aid declaration once six years have passed since the period of its last gift', async () => {
    const donor = await t.member();
    const [{ id }] = await t.db.query(
      `INSERT INTO gift_aid_declarations (user_id, scope, first_name, last_name, house_name_or_number, postcode, wording_version, wording, effective_from, declared_on)
       VALUES ($1, 'Enduring', 'Lydia', 'Purpleseller', '12', 'E1 6AN', 'test', 'I want to Gift Aid my donations', current_date, current_date) RETURNING id`,
      [donor.id],
    );
    const declaration = () =>
      t.db.query(`SELECT user_id AS "userId", first_name AS "firstName", last_name AS "lastName", house_name_or_number AS house, postcode FROM gift_aid_declarations WHERE id = $1`, [id]);
    await run(5 * YEAR_MS);
    expect(await declaration()).toEqual([{ userId: donor.id, firstName: 'Lydia', lastName: 'Purpleseller', house: '12', postcode: 'E1 6AN' }]);
    expect(await run(8 * YEAR_MS)).toMatch(/\d+ Gift Aid declarations anonymised/);
    expect(await declaration()).toEqual([{ userId: null, firstName: '', lastName: '', house: '', postcode: '' }]);
  });

  it('unlinks an ended monthly gift from its donor six years after its last payment, and never a running one', async () => {
    const donor = await t.member();
    const gift = (status: string, cancelled: boolean) =>
      t.db.query(`INSERT INTO regular_donations (user_id, amount_minor, currency, status, cancelled_at) VALUES ($1, 1000, 'GBP', $2, $3) RETURNING id`, [donor.id, status, cancelled ? new Date() : null]);
    const [[ended], [running]] = [await gift('Cancelled', true), await gift('Active', false)];
    const donorOf = async (id: number) => (await t.db.query(`SELECT user_id AS "userId" FROM regular_donations WHERE id = $1`, [id]))[0].userId;
    await run(5 * YEAR_MS);
    expect([await donorOf(ended.id), await donorOf(running.id)]).toEqual([donor.id, donor.id]);
    expect(await run(8 * YEAR_MS)).toMatch(/\d+ monthly gifts no longer linked to their donor/);
    expect([await donorOf(ended.id), await donorOf(running.id)]).toEqual([null, donor.id]);
  });

  it('deletes a testimony whose consent was withdrawn, and the withdrawn consent once six years have passed', async () => {
    const author = await t.member();
    const made = await ok(t, 'mutation { createPost(name: "Kept while consent stands", body: "<p>Healed</p>", categoryId: 2, consentToPublish: true) { id } }', {}, author.token);
    const id = made.createPost.id as string;
    await ok(t, 'mutation($id: ID!) { updatePost(id: $id, status: Authorised) { id } }', { id }, admin);
    await run(0);
    expect(await t.db.query(`SELECT id FROM posts WHERE id = $1`, [id])).toHaveLength(1);

    const [consent] = (await ok(t, '{ myConsents { id } }', {}, author.token)).myConsents;
    await ok(t, 'mutation($id: ID!) { withdrawConsent(id: $id) { withdrawnAt } }', { id: consent.id }, author.token);
    expect(await run(0)).toMatch(/\d+ testimonies whose consent was withdrawn deleted/);
    expect(await t.db.query(`SELECT id FROM posts WHERE id = $1`, [id])).toEqual([]);
    expect(await t.db.query(`SELECT id FROM consents WHERE id = $1`, [consent.id])).toHaveLength(1);

    await run(7 * YEAR_MS);
    expect(await t.db.query(`SELECT id FROM consents WHERE id = $1`, [consent.id])).toEqual([]);
  });
});
