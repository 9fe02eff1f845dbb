import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import XLSX from 'xlsx';
import { downloadSchedule, ok } from './support/commerce.js';
import { asOwner, startTestApp, TestApp } from './support/test-app.js';

type Member = Awaited<ReturnType<TestApp['member']>>;

const CLAIM_FIELDS = `id status batchId batchNumber batchSize rowCount donationsTotal taxToReclaim adjustment earliestDonationDate
  hmrcReference submittedAt paidAmount paidOn rejectionReason keepUntil scheduleFiles`;
const CREATE = `mutation($from: String!, $to: String!, $aggregate: Boolean) { createGiftAidClaims(from: $from, to: $to, aggregate: $aggregate) { ${CLAIM_FIELDS} } }`;
const CREATE_ONE = `mutation($from: String!, $to: String!) { createGiftAidClaim(from: $from, to: $to) { ${CLAIM_FIELDS} } }`;
const PREVIEW = `query($from: String!, $to: String!) { giftAidClaimPreview(from: $from, to: $to) { donationCount claimCount adjustment adjustments { donationId amount tax } } }`;
const SUBMIT = `mutation($id: ID!, $hmrcReference: String!) { submitGiftAidClaim(id: $id, hmrcReference: $hmrcReference) { ${CLAIM_FIELDS} } }`;
const PAY = `mutation($id: ID!, $amount: Float!, $receivedOn: String!) { recordGiftAidPayment(id: $id, amount: $amount, receivedOn: $receivedOn) { ${CLAIM_FIELDS} } }`;
const REJECT = `mutation($id: ID!, $reason: String!) { rejectGiftAidClaim(id: $id, reason: $reason) { ${CLAIM_FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteGiftAidClaim(id: $id) }';
const STATUS = 'query($id: ID!) { Donation(id: $id) { giftAidStatus giftAidClaimId } }';

const code = (response: { errors?: any[] }) => response.errors?.[0]?.extensions?.code;
const template = XLSX.read(readFileSync(new URL('./fixtures/gift-aid-schedule-template.xlsx', import.meta.url)), { cellDates: true });
const templateSheet = template.Sheets[template.SheetNames[0]];

describe('Gift Aid claims: at most 1,000 rows, HMRC’s sheet, and a lifecycle', () => {
  let t: TestApp;
  let finance: Member;
  let pastor: Member;
  const donors: { id: number; declaration: number }[] = [];

  const asRole = async (role: string) => {
    const account = await t.member();
    await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, account.id]);
    return account;
  };

  /** `count` paid £`pounds` gifts by the donors in turn, on successive days from `firstDay`, straight into the tables. */
  const insertGifts = (count: number, pounds: number, firstDay: string): Promise<number[]> =>
    asOwner(t.databaseName, async (client) => {
      const { rows } = await client.query(
        `INSERT INTO donations (user_id, currency, amount_minor, status, gift_aid, paid_at)
         SELECT ($1::int[])[1 + n % array_length($1::int[], 1)], 'GBP', $2, 'Paid', true, (($3::date + (n % 20)) + time '12:00') AT TIME ZONE 'Europe/London'
         FROM generate_series(0, $4 - 1) AS n ORDER BY n RETURNING id`,
        [donors.map((donor) => donor.id), pounds * 100, firstDay, count],
      );
      return rows.map((row) => row.id as number);
    });

  const download = (id: string, format: string) => downloadSchedule(t, id, format, finance.token);

  beforeAll(async () => {
    t = await startTestApp();
    finance = await asRole('Finance');
    pastor = await asRole('Pastor');
    for (let index = 0; index < 3; index++) {
      const member = await t.member();
      const declared = await ok(
        t,
        `mutation($firstName: String!, $houseNameOrNumber: String!) { createGiftAidDeclaration(scope: Enduring, title: "Ms", firstName: $firstName, lastName: "Giver",
          houseNameOrNumber: $houseNameOrNumber, postcode: "M1 1AE", effectiveFrom: "2025-01-01") { id } }`,
        { firstName: `Donor${'abc'[index]}`, houseNameOrNumber: String(index + 1) },
        member.token,
      );
      const declaration = { id: Number(declared.createGiftAidDeclaration.id) };
      donors.push({ id: member.id, declaration: declaration.id });
    }
  });
  afterAll(() => t.close());

  it('makes a Draft claim whose rows keep their donation and declaration, and whose .ods is HMRC’s sheet', async () => {
    const [gift] = await insertGifts(1, 40, '2026-01-10');
    const [claim] = (await ok(t, CREATE, { from: '2026-01-01', to: '2026-01-31' }, finance.token)).createGiftAidClaims;
    expect(claim).toMatchObject({ status: 'Draft', batchId: claim.id, batchNumber: 1, batchSize: 1, rowCount: 1, earliestDonationDate: '2026-01-10', hmrcReference: null, submittedAt: null });
    const [row] = await t.db.query('SELECT donation_id, declaration_id, donation_ids FROM gift_aid_claim_rows WHERE claim_id = $1', [claim.id]);
    expect(row).toEqual({ donation_id: gift, declaration_id: donors[0].declaration, donation_ids: null });

    const sheet = XLSX.read((await download(claim.id, 'ods')).body as Buffer, { type: 'buffer', cellDates: true });
    expect(sheet.SheetNames).toEqual(['R68GAD_V1_00_0_EN']);
    expect(sheet.SheetNames).toEqual(template.SheetNames);
    const cells = sheet.Sheets.R68GAD_V1_00_0_EN;
    expect((cells.D13.v as Date).toISOString().slice(0, 10)).toBe('2026-01-10');
    expect(cells.D17).toBeUndefined();
    for (const column of 'BCDEFGHIJK') expect(cells[`${column}23`].v).toBe(templateSheet[`${column}23`].v);
    expect([cells.B25.v, cells.D25.v, cells.K25.v]).toEqual([1, 'Donora', 40]);
    expect(cells.C26).toBeUndefined();

    // The console reads HMRC's columns from the API: the template's headings, C23 to K23, and the rows' field names.
    const columns = (await ok(t, '{ giftAidScheduleColumns { field heading kind } }', {}, finance.token)).giftAidScheduleColumns;
    expect(columns.map((column: any) => column.heading)).toEqual([...'CDEFGHIJK'].map((column) => templateSheet[`${column}23`].v));
    const read = await ok(t, `query($id: ID!) { GiftAidClaim(id: $id) { rows { ${columns.map((column: any) => column.field).join(' ')} } } }`, { id: claim.id }, finance.token);
    expect(Object.values(read.GiftAidClaim.rows[0])).toEqual(['Ms', 'Donora', 'Giver', '1', 'M1 1AE', '', '', '10/01/26', '40.00']);
    expect(code(await t.gql('{ giftAidScheduleColumns { field } }', {}, pastor.token))).toBe('FORBIDDEN');
  });

  it('submits a Draft with HMRC’s reference, records the payment, and then changes it no more', async () => {
    const [claim] = await t.db.query(`SELECT id FROM gift_aid_claims WHERE period_from = '2026-01-01'`);
    const id = String(claim.id);
    expect(code(await t.gql(SUBMIT, { id, hmrcReference: 'GA-2026-001' }, pastor.token))).toBe('FORBIDDEN');
    const blank = await t.gql(SUBMIT, { id, hmrcReference: '  ' }, finance.token);
    expect(blank.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'hmrcReference' });
    expect(code(await t.gql(PAY, { id, amount: 10, receivedOn: '2026-02-01' }, finance.token))).toBe('CONFLICT');

    const submitted = (await ok(t, SUBMIT, { id, hmrcReference: 'GA-2026-001' }, finance.token)).submitGiftAidClaim;
    expect(submitted).toMatchObject({ status: 'Submitted', hmrcReference: 'GA-2026-001', submittedAt: expect.any(String) });
    expect(code(await t.gql(SUBMIT, { id, hmrcReference: 'GA-2026-002' }, finance.token))).toBe('CONFLICT');
    expect(code(await t.gql(DELETE, { id }, finance.token))).toBe('CONFLICT');

    expect((await t.gql(PAY, { id, amount: 0, receivedOn: '2026-02-01' }, finance.token)).errors[0].extensions).toMatchObject({ field: 'amount' });
    expect((await t.gql(PAY, { id, amount: 10, receivedOn: '2999-01-01' }, finance.token)).errors[0].extensions).toMatchObject({ field: 'receivedOn' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const paid = (await ok(t, PAY, { id, amount: 10, receivedOn: today }, finance.token)).recordGiftAidPayment;
    expect(paid).toMatchObject({ status: 'Paid', paidAmount: 10, paidOn: today, hmrcReference: 'GA-2026-001' });
    expect(code(await t.gql(REJECT, { id, reason: 'Too late' }, finance.token))).toBe('CONFLICT');

    const trail = await t.db.query(`SELECT action, actor_id, detail FROM audit_events WHERE record_kind = 'GiftAidClaim' AND $1 = ANY(record_ids) AND action LIKE 'gift-aid.claim-%' ORDER BY id`, [id]);
    expect(trail).toEqual([
      { action: 'gift-aid.claim-made', actor_id: finance.id, detail: '2026-01-01 to 2026-01-31: 1 claim(s), 1 row(s)' },
      { action: 'gift-aid.claim-submitted', actor_id: finance.id, detail: 'HMRC reference GA-2026-001' },
      { action: 'gift-aid.claim-paid', actor_id: finance.id, detail: `£10.00 received on ${today}` },
    ]);
  });

  it('makes 2,345 rows three claims of 1,000, 1,000 and 345, with Box 2 on the first, its lines adding up to it', async () => {
    // The January gift, claimed and paid, is refunded in part: £13 of £40 (tax £3.25) goes in Box 2.
    const [claimed] = await t.db.query(`SELECT id FROM donations WHERE gift_aid_claim_id IS NOT NULL`);
    await asOwner(t.databaseName, (client) =>
      client.query(`INSERT INTO donation_refunds (donation_id, paypal_id, kind, amount_minor, sterling_minor, refunded_at) VALUES ($1, 'R-1', 'Refund', 1300, 1300, now())`, [claimed.id]),
    );
    const gifts = await insertGifts(2345, 25, '2026-03-01');
    const preview = (await ok(t, PREVIEW, { from: '2026-03-01', to: '2026-03-31' }, finance.token)).giftAidClaimPreview;
    expect(preview).toMatchObject({ donationCount: 2345, claimCount: 3, adjustment: 3.25, adjustments: [{ donationId: String(claimed.id), amount: 13, tax: 3.25 }] });

    const claims = (await ok(t, CREATE, { from: '2026-03-01', to: '2026-03-31' }, finance.token)).createGiftAidClaims;
    expect(claims.map((claim: any) => [claim.batchNumber, claim.batchSize, claim.rowCount, claim.status, claim.batchId])).toEqual([
      [1, 3, 1000, 'Draft', claims[0].id],
      [2, 3, 1000, 'Draft', claims[0].id],
      [3, 3, 345, 'Draft', claims[0].id],
    ]);
    expect(claims.map((claim: any) => claim.adjustment)).toEqual([3.25, 0, 0]);
    expect(claims.map((claim: any) => claim.donationsTotal)).toEqual([25000, 25000, 8625]);
    expect(claims.map((claim: any) => claim.earliestDonationDate)).toEqual(['2026-03-01', expect.any(String), expect.any(String)]);
    const [{ count }] = await t.db.query('SELECT count(DISTINCT gift_aid_claim_id)::int AS count FROM donations WHERE id = ANY($1)', [gifts]);
    expect(count).toBe(3);
    expect((await ok(t, STATUS, { id: String(claimed.id) }, finance.token)).Donation.giftAidStatus).toBe('Claimed');

    for (const claim of claims) {
      const cells = XLSX.read((await download(claim.id, 'ods')).body as Buffer, { type: 'buffer' }).Sheets.R68GAD_V1_00_0_EN;
      const last = 24 + claim.rowCount;
      expect([cells[`K${last}`]?.v, cells[`K${last + 1}`]]).toEqual([25, undefined]);
      expect(cells.D17?.v).toBe(claim.adjustment || undefined);
    }
    const csv = ((await download(claims[2].id, 'csv')).body as Buffer).toString('utf8').split('\r\n').filter(Boolean);
    expect(csv).toHaveLength(346);
    // A link from before, asking for a part, answers the claim's one file.
    const part = await t.http.get(`/api/gift-aid/claims/${claims[2].id}/schedule.csv?part=1`).set('authorization', `Bearer ${finance.token}`).expect(200);
    expect(part.text.split('\r\n').filter(Boolean)).toEqual(csv);

    expect(code(await t.gql(CREATE_ONE, { from: '2026-03-01', to: '2026-03-31' }, finance.token))).toBe('CONFLICT');
    const batch = (
      await ok(
        t,
        'query($filter: GiftAidClaimFilter) { allGiftAidClaims(filter: $filter, sortField: "id", sortOrder: "ASC") { id batchNumber } _allGiftAidClaimsMeta(filter: $filter) { count } }',
        { filter: { batchId: claims[0].batchId } },
        finance.token,
      )
    );
    expect(batch.allGiftAidClaims.map((claim: any) => claim.id)).toEqual(claims.map((claim: any) => claim.id));
    expect(batch._allGiftAidClaimsMeta.count).toBe(3);
  });

  it('deletes a Draft made by mistake with its rows, freeing its donations and refunds', async () => {
    const [first] = await t.db.query(`SELECT id FROM gift_aid_claims WHERE period_from = '2026-03-01' AND batch_number = 1`);
    const [{ donation_id: gift }] = await t.db.query('SELECT donation_id FROM gift_aid_claim_rows WHERE claim_id = $1 AND position = 1', [first.id]);
    expect(code(await t.gql(DELETE, { id: String(first.id) }, pastor.token))).toBe('FORBIDDEN');
    expect((await ok(t, DELETE, { id: String(first.id) }, finance.token)).deleteGiftAidClaim).toBe(true);
    expect(await t.db.query('SELECT id FROM gift_aid_claims WHERE id = $1', [first.id])).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM gift_aid_claim_rows WHERE claim_id = $1', [first.id])).toEqual([]);
    expect((await ok(t, STATUS, { id: String(gift) }, finance.token)).Donation).toEqual({ giftAidStatus: 'Eligible', giftAidClaimId: null });
    // The refund it declared is to be declared again.
    const [{ claim_id }] = await t.db.query(`SELECT gift_aid_claim_id AS claim_id FROM donation_refunds WHERE paypal_id = 'R-1'`);
    expect(claim_id).toBeNull();
    const preview = (await ok(t, PREVIEW, { from: '2026-03-01', to: '2026-03-31' }, finance.token)).giftAidClaimPreview;
    expect(preview).toMatchObject({ donationCount: 1000, claimCount: 1, adjustment: 3.25 });
  });

  it('of two steps at once on one claim, takes one and refuses the other', async () => {
    const [second] = await t.db.query(`SELECT id FROM gift_aid_claims WHERE period_from = '2026-03-01' AND batch_number = 2`);
    const id = String(second.id);
    const answers = await Promise.all(['GA-A', 'GA-B'].map((hmrcReference) => t.gql(SUBMIT, { id, hmrcReference }, finance.token)));
    expect(answers.map((answer) => code(answer) ?? 'OK').sort()).toEqual(['CONFLICT', 'OK']);
    const winner = answers.find((answer) => !answer.errors)!.data.submitGiftAidClaim.hmrcReference;
    const [stored] = await t.db.query('SELECT status, hmrc_reference FROM gift_aid_claims WHERE id = $1', [id]);
    expect(stored).toEqual({ status: 'Submitted', hmrc_reference: winner });
    const [{ count }] = await t.db.query(`SELECT count(*)::int FROM audit_events WHERE action = 'gift-aid.claim-submitted' AND $1 = ANY(record_ids)`, [id]);
    expect(count).toBe(1);
  });

  it('frees the donations of a claim HMRC rejects, keeping its rows as the record', async () => {
    const [third] = await t.db.query(`SELECT id FROM gift_aid_claims WHERE period_from = '2026-03-01' AND batch_number = 3`);
    const id = String(third.id);
    await ok(t, SUBMIT, { id, hmrcReference: 'GA-2026-003' }, finance.token);
    expect((await t.gql(REJECT, { id, reason: '' }, finance.token)).errors[0].extensions).toMatchObject({ field: 'reason' });
    const rejected = (await ok(t, REJECT, { id, reason: 'Donor addresses missing' }, finance.token)).rejectGiftAidClaim;
    expect(rejected).toMatchObject({ status: 'Rejected', rejectionReason: 'Donor addresses missing', rowCount: 345 });
    const [{ count }] = await t.db.query('SELECT count(*)::int FROM donations WHERE gift_aid_claim_id = $1', [id]);
    expect(count).toBe(0);
    const [{ rows }] = await t.db.query('SELECT count(*)::int AS rows FROM gift_aid_claim_rows WHERE claim_id = $1 AND donation_id IS NOT NULL', [id]);
    expect(rows).toBe(345);
    const [event] = await t.db.query(`SELECT action FROM audit_events WHERE $1 = ANY(record_ids) ORDER BY id DESC LIMIT 1`, [id]);
    expect(event.action).toBe('gift-aid.claim-rejected');
  });

  it('adds small gifts of different donors of one period into described rows that keep the ids they add up, Box 1 their earliest', async () => {
    // Donors a, b, c, then a again: a's second gift goes in another row ("from different people"), and a row of one
    // gift is the donor's own, named.
    const gifts = await insertGifts(4, 5, '2026-05-02');
    const [claim] = (await ok(t, CREATE, { from: '2026-05-01', to: '2026-05-31', aggregate: true }, finance.token)).createGiftAidClaims;
    const rows = await t.db.query(
      'SELECT aggregated, donation_id, declaration_id, donation_ids, donation_date::text AS day, amount_minor FROM gift_aid_claim_rows WHERE claim_id = $1 ORDER BY position',
      [claim.id],
    );
    expect(rows).toEqual([
      { aggregated: 'Online donations 2026-27', donation_id: null, declaration_id: null, donation_ids: gifts.slice(0, 3), day: '2026-05-04', amount_minor: 1500 },
      { aggregated: '', donation_id: gifts[3], declaration_id: expect.any(Number), donation_ids: null, day: '2026-05-05', amount_minor: 500 },
    ]);
    expect(rows[0].aggregated.length).toBeLessThanOrEqual(35);
    expect(claim.earliestDonationDate).toBe('2026-05-02');
  });

  it('still answers the CSV of a claim made with more than 1,000 rows before the limit, and says why there is no .ods', async () => {
    // As the migration leaves such a claim: stored before the row limit, which holds only for claims made after it.
    const id = await asOwner(t.databaseName, async (client) => {
      await client.query('ALTER TABLE gift_aid_claims DROP CONSTRAINT "CHK_gift_aid_claims_rows"');
      const { rows } = await client.query(`INSERT INTO gift_aid_claims (status, batch_id, period_from, period_to, donations_minor, tax_minor, row_count, keep_until)
        VALUES ('Submitted', 0, '2025-01-01', '2025-01-31', 1001000, 250250, 1001, '2031-04-05') RETURNING id`);
      await client.query(`INSERT INTO gift_aid_claim_rows (claim_id, position, first_name, last_name, house_name_or_number, postcode, donation_date, amount_minor)
        SELECT $1, n, 'Ann', 'Lee', n::text, 'M1 1AE', '2025-01-15', 1000 FROM generate_series(1, 1001) AS n`, [rows[0].id]);
      await client.query('ALTER TABLE gift_aid_claims ADD CONSTRAINT "CHK_gift_aid_claims_rows" CHECK (row_count <= 1000) NOT VALID');
      return String(rows[0].id);
    });
    expect(((await download(id, 'csv')).body as Buffer).toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1002);
    const ods = await t.http.get(`/api/gift-aid/claims/${id}/schedule.ods`).set('authorization', `Bearer ${finance.token}`).expect(409);
    expect(ods.body.errors[0].msg).toMatch(/1001 rows.*download its CSV/);
  });
});
