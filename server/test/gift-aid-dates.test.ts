import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RegularDonationService } from '../src/commerce/regular-donations/regular-donation.service.js';
import { agree, eventually, ok, runCycle } from './support/commerce.js';
import { startTestApp, TestApp } from './support/test-app.js';

type Member = Awaited<ReturnType<TestApp['member']>>;

const SETTINGS = `mutation($charityType: CharityType, $accountingYearEnd: String) {
  updateSiteSettings(charityType: $charityType, accountingYearEnd: $accountingYearEnd) { charityType accountingYearEnd } }`;
const DECLARE = `mutation { createGiftAidDeclaration(scope: Enduring, firstName: "Ada", lastName: "Byron", houseNameOrNumber: "12", postcode: "SW1A 1AA") { id } }`;
const STATUS = 'query($id: ID!) { Donation(id: $id) { giftAidStatus giftAidReason } }';
const SET_STERLING = `mutation($id: ID!, $amount: Float!, $rate: String, $rateSource: String, $rateDate: String) {
  setDonationSterlingAmount(id: $id, amount: $amount, rate: $rate, rateSource: $rateSource, rateDate: $rateDate) {
    sterlingAmount exchangeRate exchangeRateSource exchangeRateDate giftAidStatus } }`;

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
const today = LONDON_DAY.format(new Date());
/** The year the current calendar year, and the current tax year, start in (on 25 November 2026: both 2026). */
const calendarYear = Number(today.slice(0, 4));
const taxYear = today.slice(5) >= '04-06' ? calendarYear : calendarYear - 1;

describe("Gift Aid dates: the charity's accounting period, PayPal's payment times, sterling amounts", () => {
  let t: TestApp;
  let admin: string;
  let finance: Member;
  let donor: Member;

  /** A Paid GBP gift of the donor's, paid at noon in London on `day`. */
  async function giftOn(day: string, currency = 'GBP'): Promise<string> {
    const [{ id }] = await t.db.query(
      `INSERT INTO donations (user_id, status, amount_minor, currency, description, capture_status, paid_at)
       VALUES ($1, 'Paid', 1000, $2, 'Gift', 'COMPLETED', ($3::date + time '12:00') AT TIME ZONE 'Europe/London') RETURNING id`,
      [donor.id, currency, day],
    );
    return String(id);
  }
  const status = async (id: string) => (await ok(t, STATUS, { id }, finance.token)).Donation;
  const setCharity = (charityType: string, accountingYearEnd: string) => ok(t, SETTINGS, { charityType, accountingYearEnd }, admin);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.adminToken();
    finance = await t.member();
    await t.db.query(`UPDATE users SET role = 'Finance' WHERE id = $1`, [finance.id]);
    donor = await t.member();
    await ok(t, DECLARE, {}, donor.token);
    // The declaration covers every gift below: the window, not the declaration, decides.
    await t.db.query(`UPDATE gift_aid_declarations SET effective_from = '2015-01-01' WHERE user_id = $1`, [donor.id]);
  });
  afterAll(async () => {
    await setCharity('Trust', '04-05');
    await t.close();
  });

  it("counts HMRC's four-year window from the end of a calendar-year charity's accounting year", async () => {
    expect(await setCharity('CIO', '12-31')).toEqual({ updateSiteSettings: { charityType: 'CIO', accountingYearEnd: '12-31' } });
    // On 25 November 2026: May 2021 and 31 December 2021 are out (their year closed for claims on 31 December 2025).
    const tooOld = [await giftOn(`${calendarYear - 5}-05-15`), await giftOn(`${calendarYear - 5}-12-31`)];
    const inside = [await giftOn(`${calendarYear - 4}-01-01`), await giftOn(`${calendarYear - 4}-05-15`)];
    for (const id of tooOld) expect(await status(id)).toEqual({ giftAidStatus: 'Ineligible', giftAidReason: "Older than HMRC's four-year claim window" });
    for (const id of inside) expect((await status(id)).giftAidStatus).toBe('Eligible');
  });

  it('counts it from the end of the tax year for a trust, whatever its accounts say', async () => {
    // A trust's accounting year end is its own business; Gift Aid still runs by the tax year.
    await setCharity('Trust', '12-31');
    // On 25 November 2026: May 2021 and 5 April 2022 are out (tax year 2021-22 closed on 5 April 2026), 1 January 2022 too.
    const tooOld = [await giftOn(`${taxYear - 5}-05-15`), await giftOn(`${taxYear - 4}-04-05`), await giftOn(`${taxYear - 4}-01-01`)];
    const inside = [await giftOn(`${taxYear - 4}-04-06`), await giftOn(`${taxYear - 4}-05-15`)];
    for (const id of tooOld) expect((await status(id)).giftAidStatus).toBe('Ineligible');
    for (const id of inside) expect((await status(id)).giftAidStatus).toBe('Eligible');

    // The same January and April gifts are inside the window for a calendar-year CIO: the two rules differ there.
    await setCharity('CIO', '12-31');
    const separated = calendarYear === taxYear ? [tooOld[1], tooOld[2]] : [];
    const list = await ok(t, 'query($ids: [ID!]) { allDonations(filter: { ids: $ids, giftAidStatus: Eligible }) { id } }', { ids: [...tooOld, ...inside] }, finance.token);
    expect(list.allDonations.map((d: { id: string }) => d.id).sort()).toEqual([...separated, ...inside].sort());
  });

  it('refuses an accounting year end that is not a day of every year, naming the field', async () => {
    for (const accountingYearEnd of ['02-29', '13-01', '31-12', '', null]) {
      const response = await t.gql(SETTINGS, { accountingYearEnd }, admin);
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'accountingYearEnd' });
    }
    expect((await t.gql(SETTINGS, { charityType: 'CIO' }, finance.token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('dates a monthly payment when PayPal took it, not when its event was processed', async () => {
    await setCharity('Trust', '04-05');
    const gift = (await ok(t, 'mutation { createRegularDonation(amount: 5, currency: "GBP") { id subscriptionID approveUrl } }', {}, donor.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    // 23:30 in London on 5 April 2026 (BST): the last half hour of tax year 2025-26, delivered and processed later.
    const time = '2026-04-05T22:30:00.000Z';
    const response = await t.http.post(`/paypal-emulator/control/subscriptions/${gift.subscriptionID}/cycle`).send({ time }).expect(201);
    expect(response.body.event.resource.create_time).toBe(time);
    const [payment] = await eventually(async () => {
      const rows = await t.db.query(
        `SELECT paid_at, CAST(paid_at AT TIME ZONE 'Europe/London' AS date)::text AS day FROM donations WHERE regular_donation_id = $1`,
        [gift.id],
      );
      return rows.length ? rows : undefined;
    });
    expect(payment.paid_at.toISOString()).toBe(time);
    expect(payment.day).toBe('2026-04-05');
    const statements = (await ok(t, '{ myGivingStatements { taxYear donations { amount } } }', {}, donor.token)).myGivingStatements;
    expect(statements.find((s: { taxYear: number }) => s.taxYear === 2025)?.donations).toEqual([{ amount: 5 }]);
  });

  it('dates a payment whose time PayPal did not give readably when it is recorded', async () => {
    const gift = (await ok(t, 'mutation { createRegularDonation(amount: 3, currency: "GBP") { id subscriptionID approveUrl } }', {}, donor.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    const before = new Date();
    const sale = { id: 'UNDATEDSALE000001', amount: { total: '3.00', currency: 'GBP' }, billing_agreement_id: gift.subscriptionID, create_time: '5 April' };
    await t.app.get(RegularDonationService).paymentReceived(sale);
    const [payment] = await t.db.query('SELECT paid_at FROM donations WHERE capture_id = $1', [sale.id]);
    expect(payment.paid_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("lets Finance give a USD monthly payment's amount in pounds", async () => {
    const gift = (await ok(t, 'mutation { createRegularDonation(amount: 10, currency: "USD") { id subscriptionID approveUrl } }', {}, donor.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    const sale = await runCycle(t, gift.subscriptionID);
    const [payment] = await eventually(async () => {
      const rows = await t.db.query('SELECT id FROM donations WHERE capture_id = $1', [sale.resource.id]);
      return rows.length ? rows : undefined;
    });
    expect((await status(String(payment.id))).giftAidStatus).toBe('Ineligible');
    const entered = { id: String(payment.id), amount: 7.9, rate: '0.79', rateSource: 'PayPal statement', rateDate: today };
    expect((await ok(t, SET_STERLING, entered, finance.token)).setDonationSterlingAmount).toMatchObject({ sterlingAmount: 7.9, exchangeRateSource: 'PayPal statement', giftAidStatus: 'Eligible' });
  });

  it('keeps the rate of a USD gift Finance converts, where it came from and its day, on the audit trail', async () => {
    const usd = await giftOn(`${calendarYear}-01-02`, 'USD');
    expect((await status(usd)).giftAidStatus).toBe('Ineligible');
    const entered = { id: usd, amount: 7.85, rate: '0.785', rateSource: 'Bank of England', rateDate: `${calendarYear}-01-02` };
    expect((await t.gql(SET_STERLING, { ...entered, amount: 9 }, finance.token)).errors?.[0]?.extensions).toMatchObject({ field: 'amount' });
    expect((await t.gql(SET_STERLING, { ...entered, rateSource: undefined }, finance.token)).errors?.[0]?.extensions).toMatchObject({ field: 'rateSource' });
    expect((await t.gql(SET_STERLING, { ...entered, rateDate: '2999-01-01' }, finance.token)).errors?.[0]?.extensions).toMatchObject({ field: 'rateDate' });
    expect((await t.gql(SET_STERLING, { ...entered, rateSource: 'x'.repeat(61) }, finance.token)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const [unchanged] = await t.db.query('SELECT sterling_amount_minor FROM donations WHERE id = $1', [usd]);
    expect(unchanged.sterling_amount_minor).toBeNull();

    expect((await ok(t, SET_STERLING, entered, finance.token)).setDonationSterlingAmount).toEqual({
      sterlingAmount: 7.85,
      exchangeRate: '0.785',
      exchangeRateSource: 'Bank of England',
      exchangeRateDate: `${calendarYear}-01-02`,
      giftAidStatus: 'Eligible',
    });
    const [audit] = await t.db.query(`SELECT actor_id, detail FROM audit_events WHERE action = 'donation.sterling-amount' AND $1 = ANY(record_ids)`, [usd]);
    expect(audit).toEqual({ actor_id: finance.id, detail: `£7.85, at 0.785, Bank of England, ${calendarYear}-01-02` });
  });
});
