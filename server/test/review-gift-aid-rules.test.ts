import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { agree, approve, eventually, ok, runCycle } from './support/commerce.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

/** HMRC's own rules the Gift Aid change must follow, checked over HTTP against PostgreSQL and the PayPal emulator. */

type Member = Awaited<ReturnType<TestApp['member']>>;

const RECORD = `mutation($donorEmail: String, $source: GiftAidDeclarationSource!, $declaredOn: String!, $scope: GiftAidDeclarationScope!,
  $firstName: String!, $lastName: String!, $houseNameOrNumber: String!, $postcode: String) {
  recordGiftAidDeclaration(donorEmail: $donorEmail, source: $source, declaredOn: $declaredOn, scope: $scope, firstName: $firstName,
    lastName: $lastName, houseNameOrNumber: $houseNameOrNumber, postcode: $postcode) { id confirmationSentAt writtenRecord } }`;
const GIVE = `mutation($amount: Float!, $currency: String!, $giftAid: Boolean) {
  createDonation(amount: $amount, currency: $currency, giftAid: $giftAid) { id orderID approveUrl } }`;
const CAPTURE = 'mutation($orderID: String!) { captureDonation(orderID: $orderID) { status } }';
const DONATION = 'query($id: ID!) { Donation(id: $id) { id giftAidStatus giftAidReason } }';
const CANCEL = 'mutation($id: ID!) { cancelGiftAidDeclaration(id: $id) { id cancelledAt } }';
const MONTHLY = 'mutation($amount: Float!) { createRegularDonation(amount: $amount, currency: "GBP") { id subscriptionID approveUrl } }';
const REFUNDS = 'query($id: ID!) { Donation(id: $id) { status refundedAmount refunds { paypalId kind amount } } }';
const STAFF_CANCEL = `mutation($id: ID!, $cancelledOn: String!, $method: GiftAidCancellationMethod!) {
  cancelGiftAidDeclarationForDonor(id: $id, cancelledOn: $cancelledOn, method: $method) { id cancelledAt } }`;
const EMULATOR_SECRET = randomBytes(32).toString('base64');

const london = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);

describe("Gift Aid against HMRC's rules", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let finance: Member;
  const today = london(new Date());

  async function give(member: Member, amount: number): Promise<string> {
    const checkout = (await ok(t, GIVE, { amount, currency: 'GBP', giftAid: true }, member.token)).createDonation;
    await approve(t, checkout.approveUrl);
    expect((await ok(t, CAPTURE, { orderID: checkout.orderID }, member.token)).captureDonation.status).toBe('COMPLETED');
    return checkout.id;
  }
  const donation = async (id: string) => (await ok(t, DONATION, { id }, finance.token)).Donation;
  async function recordOral(donor: Member): Promise<{ id: string; writtenRecord: string }> {
    const details = { source: 'Oral', declaredOn: today, scope: 'Enduring', firstName: 'Ada', lastName: 'Byron', houseNameOrNumber: '12', postcode: 'M1 1AE' };
    return (await ok(t, RECORD, { ...details, donorEmail: donor.email }, finance.token)).recordGiftAidDeclaration;
  }
  const oralDeclaration = async (donor: Member): Promise<string> => (await recordOral(donor)).id;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url, PAYPAL_EMULATOR_SECRET: EMULATOR_SECRET });
    finance = await t.member();
    await t.db.query(`UPDATE users SET role = 'Finance' WHERE id = $1`, [finance.id]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // HMRC RE1841 and the written record itself: "You may cancel this declaration within 30 days …: it will then be as
  // if you never made it"; Giving in Grace: "if the donor cancels within 30 days, the declaration will be treated as if
  // it had never been made".
  it('treats an oral declaration cancelled within 30 days of its written record as never made, so no gift under it is claimable', async () => {
    const donor = await t.member();
    const declaration = await oralDeclaration(donor);
    const gift = await give(donor, 30);
    expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Eligible' });

    await ok(t, CANCEL, { id: declaration }, donor.token);
    expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Ineligible', giftAidReason: expect.stringMatching(/within 30 days/) });
  });

  it('keeps gifts before the cancellation claimable when an oral declaration is cancelled after its 30 days', async () => {
    const donor = await t.member();
    const declaration = await oralDeclaration(donor);
    const gift = await give(donor, 30);
    // The record went 31 days ago; the gift was made the day after.
    await t.db.query(`UPDATE gift_aid_declarations SET confirmation_sent_at = now() - interval '31 days' WHERE id = $1`, [declaration]);
    await t.db.query(`UPDATE donations SET paid_at = now() - interval '30 days' WHERE id = $1`, [gift]);

    await ok(t, CANCEL, { id: declaration }, donor.token);
    expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Eligible' });
  });

  describe('a claim and an oral declaration voided within its 30 days', () => {
    const PREVIEW = 'query($from: String!, $to: String!) { giftAidClaimPreview(from: $from, to: $to) { rows { lastName } } }';
    const CLAIM = 'mutation($from: String!, $to: String!) { createGiftAidClaims(from: $from, to: $to) { id status } }';
    const SUBMIT = 'mutation($id: ID!) { submitGiftAidClaim(id: $id, hmrcReference: "HMRC-1") { id } }';
    const DRAFT_ROWS = 'query($id: ID!) { GiftAidClaim(id: $id) { rows { lastName } } }';

    /** A donor's oral declaration under a last name no other test uses, so the claim's rows can be told apart. */
    async function oralUnder(lastName: string): Promise<{ donor: Member; declaration: string }> {
      const donor = await t.member();
      const details = { source: 'Oral', declaredOn: today, scope: 'Enduring', firstName: 'Ada', lastName, houseNameOrNumber: '12', postcode: 'M1 1AE' };
      const declaration = (await ok(t, RECORD, { ...details, donorEmail: donor.email }, finance.token)).recordGiftAidDeclaration.id;
      return { donor, declaration };
    }
    const previewNames = async () => (await ok(t, PREVIEW, { from: today, to: today }, finance.token)).giftAidClaimPreview.rows.map((row: { lastName: string }) => row.lastName);

    it('leaves out of a claim a gift whose only declaration was an oral one since voided', async () => {
      const { donor, declaration } = await oralUnder('Voidedbeforeclaim');
      await give(donor, 30);
      expect(await previewNames()).toContain('Voidedbeforeclaim');

      await ok(t, CANCEL, { id: declaration }, donor.token);
      expect(await previewNames()).not.toContain('Voidedbeforeclaim');
    });

    it('keeps in a claim a gift that another declaration still covers when the oral one is voided', async () => {
      const { donor, declaration } = await oralUnder('Voidedbutpaper');
      const gift = await give(donor, 30);
      const paper = { source: 'Paper', declaredOn: today, scope: 'ThisDonation', firstName: 'Ada', lastName: 'Voidedbutpaper', houseNameOrNumber: '12', postcode: 'M1 1AE' };
      const covering = (await ok(t, RECORD, { ...paper, donorEmail: donor.email }, finance.token)).recordGiftAidDeclaration.id;
      await t.db.query('UPDATE donations SET gift_aid_declaration_id = $1 WHERE id = $2', [covering, gift]);

      await ok(t, CANCEL, { id: declaration }, donor.token);
      expect(await previewNames()).toContain('Voidedbutpaper');
    });

    it('refuses to send HMRC a draft claim holding a gift whose oral declaration was voided after the draft was made', async () => {
      const { donor, declaration } = await oralUnder('Voidedafterdraft');
      const gift = await give(donor, 30);
      const [draft] = (await ok(t, CLAIM, { from: today, to: today }, finance.token)).createGiftAidClaims;
      expect((await ok(t, DRAFT_ROWS, { id: draft.id }, finance.token)).GiftAidClaim.rows.map((row: { lastName: string }) => row.lastName)).toContain('Voidedafterdraft');

      await ok(t, CANCEL, { id: declaration }, donor.token);
      const refused = await t.gql(SUBMIT, { id: draft.id }, finance.token);
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT' });
      expect(refused.errors?.[0]?.message).toMatch(/oral declaration/);
      expect((await t.db.query('SELECT status FROM gift_aid_claims WHERE id = $1', [draft.id]))[0].status).toBe('Draft');

      await ok(t, 'mutation($id: ID!) { deleteGiftAidClaim(id: $id) }', { id: draft.id }, finance.token);
      expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Ineligible', giftAidReason: expect.stringMatching(/within 30 days/) });
      expect(await previewNames()).not.toContain('Voidedafterdraft');
    });

    // HMRC, Charities: detailed Gift Aid guidance, chapter 6: "If you've over-claimed tax in a previous claim, you
    // can make an adjustment to the next claim" (Box 2). A declaration void from the start leaves its claimed gift
    // over-claimed in full.
    it('declares back on the next claim the Gift Aid on a gift already sent to HMRC whose oral declaration is then voided', async () => {
      const ADJUSTMENTS = `query($from: String!, $to: String!) { giftAidClaimPreview(from: $from, to: $to) {
        adjustments { donationId amount tax declarationVoided } adjustment adjustmentNote } }`;
      const { donor, declaration } = await oralUnder('Voidedaftersubmit');
      const gift = await give(donor, 40);
      const [sent] = (await ok(t, CLAIM, { from: today, to: today }, finance.token)).createGiftAidClaims;
      await ok(t, SUBMIT, { id: sent.id }, finance.token);
      expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Claimed' });

      await ok(t, CANCEL, { id: declaration }, donor.token);
      expect(await donation(gift)).toMatchObject({ giftAidStatus: 'NeedsAdjustment', giftAidReason: expect.stringMatching(/as if never made/) });
      // Today is claimed; the next claim is of a gift paid yesterday, whose tax can take Box 2.
      const { donor: other } = await oralUnder('Coversthebox');
      await t.db.query(`UPDATE donations SET paid_at = now() - interval '1 day' WHERE id = $1`, [await give(other, 200)]);
      const yesterday = { from: london(new Date(Date.now() - 86_400_000)), to: london(new Date(Date.now() - 86_400_000)) };
      const preview = (await ok(t, ADJUSTMENTS, yesterday, finance.token)).giftAidClaimPreview;
      expect(preview.adjustments).toEqual([{ donationId: gift, amount: 40, tax: 10, declarationVoided: true }]);
      expect(preview).toMatchObject({ adjustment: 10, adjustmentNote: `Gift Aid over-claimed on 1 donation whose declaration was void, from claim ${sent.id}` });

      const [next] = (await ok(t, CLAIM, yesterday, finance.token)).createGiftAidClaims;
      expect((await t.db.query('SELECT adjustment_minor FROM gift_aid_claims WHERE id = $1', [next.id]))[0].adjustment_minor).toBe(1000);
      expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Ineligible', giftAidReason: expect.stringMatching(/declared on a later claim/) });
      expect((await ok(t, ADJUSTMENTS, { from: today, to: today }, finance.token)).giftAidClaimPreview.adjustments).toEqual([]);

      // Deleting that draft puts the adjustment back for the claim after it.
      await ok(t, 'mutation($id: ID!) { deleteGiftAidClaim(id: $id) }', { id: next.id }, finance.token);
      expect(await donation(gift)).toMatchObject({ giftAidStatus: 'NeedsAdjustment' });
    });
  });

  /** Sends `event` to the shop as PayPal would, signed as the emulator signs (its secret is the test's). */
  async function deliver(event: Record<string, unknown>) {
    const body = JSON.stringify(event);
    const id = randomUUID();
    const time = new Date().toISOString();
    const digest = createHash('sha256').update(body).digest('hex');
    const signature = createHmac('sha256', Buffer.from(EMULATOR_SECRET)).update(`${id}|${time}|EMULATOR-WEBHOOK|${digest}`).digest('base64url');
    await t.http
      .post('/api/paypal/webhook')
      .set({
        'content-type': 'application/json',
        'paypal-auth-algo': 'EMULATOR-HMAC-SHA256',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/emulator',
        'paypal-transmission-id': id,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': time,
      })
      .send(body)
      .expect(200);
    await eventually(async () => (await t.db.query('SELECT 1 FROM paypal_webhook_events WHERE id = $1 AND processed_at IS NOT NULL', [event.id])).length > 0);
  }

  // PayPal's documented PAYMENT.SALE.REVERSED sample: resource.id is not the reversal (the self link names it,
  // /v1/payments/refund/{id}), there is no sale_id, and the amount is negative.
  it("records a monthly payment's chargeback sent in PayPal's documented PAYMENT.SALE.REVERSED shape", async () => {
    const donor = await t.member();
    const gift = (await ok(t, MONTHLY, { amount: 12 }, donor.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    const sale = await runCycle(t, gift.subscriptionID);
    const [payment] = await eventually(async () => {
      const rows = await t.db.query('SELECT id FROM donations WHERE capture_id = $1', [sale.resource.id]);
      return rows.length ? rows : undefined;
    });
    // PayPal reverses the sale; its event is sent below as PayPal's sample has it, whatever the emulator's own.
    const made = (await t.http.post(`/paypal-emulator/control/sales/${sale.resource.id}/events`).send({ event_type: 'PAYMENT.SALE.REVERSED', deliver: false }).expect(201)).body;
    const self = made.event.resource.links.find((link: { rel: string }) => link.rel === 'self').href as string;
    const reversalId = self.split('/').at(-1)!;

    await deliver({
      id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'sale',
      event_type: 'PAYMENT.SALE.REVERSED',
      summary: 'A £12.00 GBP sale payment was reversed',
      resource: {
        id: sale.resource.id,
        state: 'completed',
        amount: { total: '-12.00', currency: 'GBP' },
        create_time: new Date().toISOString(),
        links: [{ href: `https://api.paypal.com/v1/payments/refund/${reversalId}`, rel: 'self', method: 'GET' }],
      },
    });
    expect((await ok(t, REFUNDS, { id: String(payment.id) }, finance.token)).Donation).toMatchObject({
      status: 'Refunded',
      refundedAmount: 12,
      refunds: [{ paypalId: reversalId, kind: 'Reversal', amount: 12 }],
    });
  });

  // HMRC's model declaration (October 2015) ends: "If you pay Income Tax at the higher or additional rate and want to
  // receive the additional tax relief due to you, you must include all your Gift Aid donations on your
  // Self-Assessment tax return or ask HM Revenue and Customs to adjust your tax code."
  it("tells the donor, as HMRC's model declaration does, how a higher-rate taxpayer gets the rest of the relief", async () => {
    const donor = await t.member();
    const { notice } = (await ok(t, 'query { giftAidDeclarationForm(scope: Enduring) { notice } }', {}, donor.token)).giftAidDeclarationForm;
    const model = /If you pay Income Tax at the higher or additional rate .*Self-Assessment tax return or ask HM Revenue and Customs to adjust your tax code\./;
    expect(notice).toMatch(model);
    expect((await recordOral(donor)).writtenRecord).toMatch(model);
  });

  // gov.uk: "You must also keep a record of declarations that have been cancelled by the donor - including the date
  // the cancellation takes effect"; HMRC's model note: "it will then not apply to donations you make on or after the
  // date of cancellation or such later date as you specify"; Church of Scotland: "This will not affect donations
  // already made". Only an oral declaration cancelled within its 30 days goes back to the start, and does so by itself.
  it('refuses a cancellation dated before the declaration was given, so gifts it covered stay claimable', async () => {
    const donor = await t.member();
    const details = { source: 'Paper', declaredOn: today, scope: 'Enduring', firstName: 'Ada', lastName: 'Byron', houseNameOrNumber: '12', postcode: 'M1 1AE' };
    const declaration = (await ok(t, RECORD, { ...details, donorEmail: donor.email }, finance.token)).recordGiftAidDeclaration.id;
    const gift = await give(donor, 30);
    await t.db.query(`UPDATE donations SET paid_at = now() - interval '10 days' WHERE id = $1`, [gift]);
    expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Eligible' });

    const before = london(new Date(Date.now() - 20 * 86_400_000));
    const refused = await t.gql(STAFF_CANCEL, { id: declaration, cancelledOn: before, method: 'Phone' }, finance.token);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'cancelledOn' });
    expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Eligible' });

    await ok(t, STAFF_CANCEL, { id: declaration, cancelledOn: today, method: 'Phone' }, finance.token);
    expect(await donation(gift)).toMatchObject({ giftAidStatus: 'Eligible' });
  });
});
