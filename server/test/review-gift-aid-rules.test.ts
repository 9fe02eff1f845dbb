import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { approve, ok } from './support/commerce.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

/** HMRC's own rules the Gift Aid change must follow, checked over HTTP against PostgreSQL and the PayPal emulator. */

type Member = Awaited<ReturnType<TestApp['member']>>;

const RECORD = `mutation($donorEmail: String, $source: GiftAidDeclarationSource!, $declaredOn: String!, $scope: GiftAidDeclarationScope!,
  $firstName: String!, $lastName: String!, $houseNameOrNumber: String!, $postcode: String) {
  recordGiftAidDeclaration(donorEmail: $donorEmail, source: $source, declaredOn: $declaredOn, scope: $scope, firstName: $firstName,
    lastName: $lastName, houseNameOrNumber: $houseNameOrNumber, postcode: $postcode) { id confirmationSentAt } }`;
const GIVE = `mutation($amount: Float!, $currency: String!, $giftAid: Boolean) {
  createDonation(amount: $amount, currency: $currency, giftAid: $giftAid) { id orderID approveUrl } }`;
const CAPTURE = 'mutation($orderID: String!) { captureDonation(orderID: $orderID) { status } }';
const DONATION = 'query($id: ID!) { Donation(id: $id) { id giftAidStatus giftAidReason } }';
const CANCEL = 'mutation($id: ID!) { cancelGiftAidDeclaration(id: $id) { id cancelledAt } }';

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
  async function oralDeclaration(donor: Member): Promise<string> {
    const details = { source: 'Oral', declaredOn: today, scope: 'Enduring', firstName: 'Ada', lastName: 'Byron', houseNameOrNumber: '12', postcode: 'M1 1AE' };
    return (await ok(t, RECORD, { ...details, donorEmail: donor.email }, finance.token)).recordGiftAidDeclaration.id;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
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
});
