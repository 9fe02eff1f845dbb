import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { agree, approve, emulatorOrder, eventually, ok, runCycle } from './support/commerce.js';
import { startTestApp, TestApp } from './support/test-app.js';

type Member = Awaited<ReturnType<TestApp['member']>>;

const DECLARE = `mutation($firstName: String!, $lastName: String!) {
  createGiftAidDeclaration(scope: Enduring, firstName: $firstName, lastName: $lastName, houseNameOrNumber: "1", postcode: "M1 1AE") { id } }`;
const GIVE = 'mutation($amount: Float!, $currency: String!) { createDonation(amount: $amount, currency: $currency) { id orderID approveUrl } }';
const CAPTURE = 'mutation($orderID: String!) { captureDonation(orderID: $orderID) { status } }';
const MONTHLY = 'mutation($amount: Float!) { createRegularDonation(amount: $amount, currency: "GBP", giftAid: true) { id subscriptionID approveUrl } }';
const DONATION = 'query($id: ID!) { Donation(id: $id) { id status amount refundedAmount giftAidStatus refunds { paypalId kind amount giftAidClaimId } } }';
const REFUND = 'mutation($id: ID!, $amount: Float) { refundDonation(id: $id, amount: $amount) { id status refundedAmount refunds { paypalId kind amount } } }';
const PREVIEW = 'query($from: String!, $to: String!) { giftAidClaimPreview(from: $from, to: $to) { donationsTotal adjustment rows { amount } } }';
const CLAIM = 'mutation($from: String!, $to: String!) { createGiftAidClaim(from: $from, to: $to) { id adjustment donationsTotal } }';

describe('refunds and chargebacks that match PayPal and reduce Gift Aid', () => {
  let t: TestApp;
  let finance: Member;
  let donor: Member;

  /** A paid £`amount` gift of the donor, dated noon in London on `day`. */
  async function give(amount: number, day: string, currency = 'GBP', giver = donor): Promise<{ id: string; orderID: string }> {
    const checkout = (await ok(t, GIVE, { amount, currency }, giver.token)).createDonation;
    await approve(t, checkout.approveUrl);
    expect((await ok(t, CAPTURE, { orderID: checkout.orderID }, giver.token)).captureDonation.status).toBe('COMPLETED');
    await paidOn(checkout.id, day);
    return checkout;
  }

  const paidOn = (id: string, day: string) => t.db.query(`UPDATE donations SET paid_at = ($1::date + time '12:00') AT TIME ZONE 'Europe/London' WHERE id = $2`, [day, id]);
  const donation = async (id: string) => (await ok(t, DONATION, { id }, finance.token)).Donation;
  const claim = async (day: string) => (await ok(t, CLAIM, { from: day, to: day }, finance.token)).createGiftAidClaim;
  /** A claim on `day` with a £100 gift in it: Box 2 may not exceed the tax a claim asks for, so it needs gifts to hold what is declared. */
  const nextClaim = async (day: string) => {
    await give(100, day);
    return claim(day);
  };
  const refundRows = (id: string) => t.db.query('SELECT paypal_id, kind, amount_minor FROM donation_refunds WHERE donation_id = $1 ORDER BY id', [id]);
  /** Waits until the app has processed a webhook event (in its background job). */
  const processed = (eventId: string) =>
    eventually(async () => (await t.db.query('SELECT 1 FROM paypal_webhook_events WHERE id = $1 AND processed_at IS NOT NULL', [eventId])).length > 0);
  const sendEvent = async (path: string, body: Record<string, unknown>) => {
    const sent = (await t.http.post(`/paypal-emulator/control/${path}/events`).send(body).expect(201)).body;
    expect(sent.delivery.status).toBe(200);
    await processed(sent.event.id);
    return sent.event as { id: string; resource: { id: string } };
  };
  const captureOf = async (orderID: string) => (await emulatorOrder(t, orderID)).order.purchase_units[0].payments.captures[0];

  /** A monthly gift's first payment, dated `day`: its donation id and PayPal's sale id. */
  async function monthlyPayment(day: string): Promise<{ id: string; saleId: string }> {
    const gift = (await ok(t, MONTHLY, { amount: 12 }, donor.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    const sale = await runCycle(t, gift.subscriptionID);
    const [row] = await eventually(async () => {
      const rows = await t.db.query('SELECT id FROM donations WHERE capture_id = $1', [sale.resource.id]);
      return rows.length ? rows : undefined;
    });
    await paidOn(String(row.id), day);
    return { id: String(row.id), saleId: sale.resource.id };
  }

  beforeAll(async () => {
    t = await startTestApp();
    donor = await t.member();
    finance = await t.member();
    await t.db.query(`UPDATE users SET role = 'Finance' WHERE id = $1`, [finance.id]);
    await ok(t, DECLARE, { firstName: 'Ruth', lastName: 'Giver' }, donor.token);
  });
  afterAll(() => t.close());

  it('declares £10 of tax on the next claim when staff refund £40 of a claimed £100 gift, and records PayPal’s event for it once', async () => {
    const gift = await give(100, '2026-05-04');
    expect((await claim('2026-05-04')).donationsTotal).toBe(100);

    const refunded = (await ok(t, REFUND, { id: gift.id, amount: 40 }, finance.token)).refundDonation;
    expect(refunded).toMatchObject({ status: 'Paid', refundedAmount: 40, refunds: [{ kind: 'Refund', amount: 40 }] });
    expect(await captureOf(gift.orderID)).toMatchObject({ status: 'PARTIALLY_REFUNDED' });
    expect((await donation(gift.id)).giftAidStatus).toBe('NeedsAdjustment');
    const [audit] = await t.db.query(`SELECT actor_id, detail FROM audit_events WHERE action = 'donation.refund' AND $1 = ANY(record_ids)`, [gift.id]);
    expect(audit).toEqual({ actor_id: finance.id, detail: `refunded £40.00 (PayPal ${refunded.refunds[0].paypalId})` });

    // PayPal's own event about that same refund changes nothing.
    await sendEvent(`orders/${gift.orderID}`, { event_type: 'PAYMENT.CAPTURE.REFUNDED', refund_id: refunded.refunds[0].paypalId });
    expect(await refundRows(gift.id)).toEqual([{ paypal_id: refunded.refunds[0].paypalId, kind: 'Refund', amount_minor: 4000 }]);

    await give(100, '2026-05-05');
    expect((await ok(t, PREVIEW, { from: '2026-05-05', to: '2026-05-05' }, finance.token)).giftAidClaimPreview.adjustment).toBe(10);
    const next = await claim('2026-05-05');
    expect(next.adjustment).toBe(10);
    const after = await donation(gift.id);
    expect(after).toMatchObject({ giftAidStatus: 'Claimed', refundedAmount: 40, refunds: [{ giftAidClaimId: next.id }] });
  });

  it('declares £10 of tax on the next claim when PayPal reports £40 of a claimed £100 gift refunded, once however often it says so', async () => {
    const gift = await give(100, '2026-05-06');
    await nextClaim('2026-05-06');
    const event = await sendEvent(`orders/${gift.orderID}`, { event_type: 'PAYMENT.CAPTURE.REFUNDED', amount: '40.00' });
    expect(await donation(gift.id)).toMatchObject({ status: 'Paid', refundedAmount: 40, giftAidStatus: 'NeedsAdjustment', refunds: [{ paypalId: event.resource.id, kind: 'Refund', amount: 40 }] });

    const resent = (await t.http.post(`/paypal-emulator/control/events/${event.id}/resend`).expect(201)).body;
    expect(resent.delivery.status).toBe(200);
    expect(await refundRows(gift.id)).toHaveLength(1);
    expect((await donation(gift.id)).refundedAmount).toBe(40);

    expect((await nextClaim('2026-05-07')).adjustment).toBe(10);
  });

  it('claims only what was kept of a gift refunded in part before any claim', async () => {
    const gift = await give(100, '2026-05-08');
    await ok(t, REFUND, { id: gift.id, amount: 40 }, finance.token);
    expect((await donation(gift.id)).giftAidStatus).toBe('Eligible');
    expect((await ok(t, PREVIEW, { from: '2026-05-08', to: '2026-05-08' }, finance.token)).giftAidClaimPreview).toMatchObject({ donationsTotal: 60, rows: [{ amount: '60.00' }] });
    const made = await claim('2026-05-08');
    expect(made).toMatchObject({ donationsTotal: 60, adjustment: 0 });
    expect((await donation(gift.id)).giftAidStatus).toBe('Claimed');
  });

  it("takes a dollar refund's share of the gift's pounds off what is claimed", async () => {
    // PayPal converted the $20 gift to £15.70; $5 back is a quarter of it, £3.93 to the penny.
    const gift = await give(20, '2026-05-09', 'USD');
    expect((await ok(t, REFUND, { id: gift.id, amount: 5 }, finance.token)).refundDonation).toMatchObject({ status: 'Paid', refundedAmount: 5 });
    const [row] = await t.db.query('SELECT amount_minor, sterling_minor FROM donation_refunds WHERE donation_id = $1', [gift.id]);
    expect(row).toEqual({ amount_minor: 500, sterling_minor: 393 });
    expect(await captureOf(gift.orderID)).toMatchObject({ status: 'PARTIALLY_REFUNDED' });
    expect((await ok(t, PREVIEW, { from: '2026-05-09', to: '2026-05-09' }, finance.token)).giftAidClaimPreview).toMatchObject({ donationsTotal: 11.77, rows: [{ amount: '11.77' }] });
  });

  it("never takes back more pounds than a dollar gift was worth, however it is refunded in parts", async () => {
    // $10 was £7.85: each $5 half is £3.925, and rounding each half up would take back £7.86 and declare 1p too much.
    const gift = await give(10, '2026-05-20', 'USD');
    const claimed = await claim('2026-05-20');
    expect(claimed.donationsTotal).toBe(7.85);
    await ok(t, REFUND, { id: gift.id, amount: 5 }, finance.token);
    await ok(t, REFUND, { id: gift.id, amount: 5 }, finance.token);
    const [{ sum }] = await t.db.query('SELECT sum(sterling_minor)::int AS sum FROM donation_refunds WHERE donation_id = $1', [gift.id]);
    expect(sum).toBe(785);
    expect((await nextClaim('2026-05-21')).adjustment).toBe(1.96);
  });

  it('refunds once when the console sends the same refund twice with its Idempotency-Key', async () => {
    const gift = await give(100, '2026-05-22');
    const send = () =>
      t.http.post('/graphql').set('authorization', `Bearer ${finance.token}`).set('Idempotency-Key', 'refund-5f0c2d1e-0b7a-4c55-9d1e')
        .send({ query: REFUND, variables: { id: gift.id, amount: 30 } }).expect(200);
    expect((await send()).body.data.refundDonation).toMatchObject({ status: 'Paid', refundedAmount: 30 });
    expect((await send()).body.data.refundDonation).toMatchObject({ status: 'Paid', refundedAmount: 30 });
    expect(await refundRows(gift.id)).toHaveLength(1);
    const audits = await t.db.query(`SELECT 1 FROM audit_events WHERE action = 'donation.refund' AND $1 = ANY(record_ids)`, [gift.id]);
    expect(audits).toHaveLength(1);
  });

  it('adjusts a claimed monthly payment that PayPal refunds (PAYMENT.SALE.REFUNDED) or staff refund in part', async () => {
    const payment = await monthlyPayment('2026-05-10');
    const other = await monthlyPayment('2026-05-10');
    expect((await claim('2026-05-10')).donationsTotal).toBe(24);

    await sendEvent(`sales/${payment.saleId}`, { event_type: 'PAYMENT.SALE.REFUNDED', amount: '4.00' });
    expect(await donation(payment.id)).toMatchObject({ status: 'Paid', refundedAmount: 4, giftAidStatus: 'NeedsAdjustment' });

    expect((await ok(t, REFUND, { id: other.id, amount: 2 }, finance.token)).refundDonation).toMatchObject({ status: 'Paid', refundedAmount: 2 });
    expect(await refundRows(other.id)).toEqual([{ paypal_id: expect.any(String), kind: 'Refund', amount_minor: 200 }]);

    // £6 refunded in all: £1.50 of tax to declare.
    expect((await nextClaim('2026-05-11')).adjustment).toBe(1.5);
  });

  it('adjusts a claimed gift and a claimed monthly payment taken back by a chargeback', async () => {
    const gift = await give(20, '2026-05-12');
    const payment = await monthlyPayment('2026-05-12');
    expect((await claim('2026-05-12')).donationsTotal).toBe(32);

    await sendEvent(`orders/${gift.orderID}`, { event_type: 'PAYMENT.CAPTURE.REVERSED' });
    expect(await donation(gift.id)).toMatchObject({ status: 'Refunded', refundedAmount: 20, giftAidStatus: 'NeedsAdjustment', refunds: [{ kind: 'Reversal', amount: 20 }] });
    expect(await captureOf(gift.orderID)).toMatchObject({ status: 'REVERSED' });

    await sendEvent(`sales/${payment.saleId}`, { event_type: 'PAYMENT.SALE.REVERSED' });
    expect(await donation(payment.id)).toMatchObject({ status: 'Refunded', refundedAmount: 12, giftAidStatus: 'NeedsAdjustment', refunds: [{ kind: 'Reversal', amount: 12 }] });

    expect((await nextClaim('2026-05-13')).adjustment).toBe(8);
    expect((await donation(gift.id)).giftAidStatus).toBe('Ineligible');
  });

  it("counts only what was kept of a gift refunded in part in the donor's giving statement", async () => {
    const giver = await t.member();
    const gift = await give(50, '2026-06-01', 'GBP', giver);
    await ok(t, REFUND, { id: gift.id, amount: 20 }, finance.token);
    const [statement] = (await ok(t, '{ myGivingStatements { totals { currency amount } donations { id refundedAmount } } }', {}, giver.token)).myGivingStatements;
    expect(statement).toEqual({ totals: [{ currency: 'GBP', amount: 30 }], donations: [{ id: gift.id, refundedAmount: 20 }] });
  });

  it('never refunds more than is left of a gift, even for two refunds at once, naming amount', async () => {
    const gift = await give(100, '2026-05-14');
    const [first, second] = await Promise.all([60, 60].map((amount) => t.gql(REFUND, { id: gift.id, amount }, finance.token)));
    const outcomes = [first, second].map((response) => response.errors?.[0]?.extensions?.field ?? response.data.refundDonation.refundedAmount).sort();
    expect(outcomes).toEqual([60, 'amount']);
    expect(await refundRows(gift.id)).toHaveLength(1);
    expect(await captureOf(gift.orderID)).toMatchObject({ status: 'PARTIALLY_REFUNDED' });

    const tooMuch = await t.gql(REFUND, { id: gift.id, amount: 40.01 }, finance.token);
    expect(tooMuch.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amount' });
    expect(tooMuch.errors[0].message).toMatch(/at most 40\.00/);
    expect(await refundRows(gift.id)).toHaveLength(1);
    expect((await t.gql(REFUND, { id: gift.id, amount: 10 }, donor.token)).errors[0].extensions.code).toBe('FORBIDDEN');

    // Without an amount, what is left is refunded: the gift is Refunded.
    expect((await ok(t, REFUND, { id: gift.id }, finance.token)).refundDonation).toMatchObject({ status: 'Refunded', refundedAmount: 100 });
    expect(await captureOf(gift.orderID)).toMatchObject({ status: 'REFUNDED' });
  });

  it('claims a gift again in full after HMRC rejects its claim when a later claim already declared its refund in Box 2', async () => {
    const gift = await give(100, '2026-06-15');
    const first = await claim('2026-06-15');
    await ok(t, 'mutation($id: ID!) { submitGiftAidClaim(id: $id, hmrcReference: "REF-A") { id } }', { id: first.id }, finance.token);
    await ok(t, REFUND, { id: gift.id, amount: 40 }, finance.token);
    expect((await nextClaim('2026-06-16')).adjustment).toBe(10);
    await ok(t, 'mutation($id: ID!) { rejectGiftAidClaim(id: $id, reason: "Resubmit") { id } }', { id: first.id }, finance.token);

    // HMRC paid nothing on the first claim but takes £10 back on the second: the gift is claimed again whole, so
    // HMRC pays 25 - 10 = £15 in all, Gift Aid on the £60 kept.
    const again = (await ok(t, PREVIEW, { from: '2026-06-15', to: '2026-06-15' }, finance.token)).giftAidClaimPreview;
    expect(again).toMatchObject({ donationsTotal: 100, adjustment: 0 });
  });
});
