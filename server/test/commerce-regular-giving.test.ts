import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { RegularDonationService } from '../src/commerce/regular-donations/regular-donation.service.js';
import { agree, eventually, ok, runCycle } from './support/commerce.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const CREATE = `mutation($amount: Float!, $currency: String!) {
  createRegularDonation(amount: $amount, currency: $currency) { id subscriptionID approveUrl status } }`;
const FIELDS = 'id amount currency status nextBillingAt createdAt cancelledAt subscriptionID user { id email }';
const CONFIRM = `mutation($subscriptionID: String!) { confirmRegularDonation(subscriptionID: $subscriptionID) { ${FIELDS} } }`;
const CANCEL = `mutation($id: ID!) { cancelRegularDonation(id: $id) { ${FIELDS} } }`;
const ONE = `query($id: ID!) { RegularDonation(id: $id) { ${FIELDS} } }`;
const ALL = `query($filter: RegularDonationFilter) { allRegularDonations(filter: $filter) { ${FIELDS} } _allRegularDonationsMeta(filter: $filter) { count } }`;
const TOTALS = `query($filter: RegularDonationFilter) { regularGivingTotals(filter: $filter) { currency amount gifts } }`;

type Member = Awaited<ReturnType<TestApp['member']>>;
type Gift = { id: string; subscriptionID: string; approveUrl: string; status: string };

async function giftFor(t: TestApp, member: Member, amount: number, currency = 'GBP'): Promise<Gift> {
  return (await ok(t, CREATE, { amount, currency }, member.token)).createRegularDonation;
}

/** A gift set up and agreed to at PayPal, as the member's return to /user/giving confirms it. */
async function activeGift(t: TestApp, member: Member, amount: number, currency = 'GBP') {
  const gift = await giftFor(t, member, amount, currency);
  const back = await agree(t, gift.approveUrl);
  expect(back.pathname).toBe('/user/giving');
  expect(back.searchParams.get('subscription_id')).toBe(gift.subscriptionID);
  const confirmed = (await ok(t, CONFIRM, { subscriptionID: gift.subscriptionID }, member.token)).confirmRegularDonation;
  return { gift, confirmed };
}

const linkedDonations = (t: TestApp, giftId: string) =>
  t.db.query('SELECT amount_minor, currency, status, capture_id, user_id FROM donations WHERE regular_donation_id = $1 ORDER BY id', [giftId]);

const processed = (t: TestApp, eventId: string) => eventually(async () => (await t.db.query('SELECT processed_at FROM paypal_webhook_events WHERE id = $1', [eventId]))[0]?.processed_at);

describe('regular giving through PayPal subscriptions', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let member: Member;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    member = await t.member();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sets up a monthly gift and records each billing cycle once as a donation linked to it', async () => {
    const gift = await giftFor(t, member, 12.5);
    expect(gift).toMatchObject({ status: 'ApprovalPending', subscriptionID: expect.stringMatching(/^I-/) });
    const atPayPal = (await t.http.get(`/paypal-emulator/control/subscriptions/${gift.subscriptionID}`).expect(200)).body;
    expect(atPayPal.subscription).toMatchObject({ status: 'APPROVAL_PENDING', custom_id: `regular-donation-${gift.id}`, plan_overridden: true });

    await agree(t, gift.approveUrl);
    const confirmed = (await ok(t, CONFIRM, { subscriptionID: gift.subscriptionID }, member.token)).confirmRegularDonation;
    expect(confirmed).toMatchObject({ id: gift.id, amount: 12.5, currency: 'GBP', status: 'Active', cancelledAt: null, user: { id: String(member.id) } });
    expect(confirmed.nextBillingAt).not.toBeNull();

    const first = await runCycle(t, gift.subscriptionID);
    expect(first).toMatchObject({ event_type: 'PAYMENT.SALE.COMPLETED', resource: { billing_agreement_id: gift.subscriptionID, amount: { total: '12.50', currency: 'GBP' } } });
    const second = await runCycle(t, gift.subscriptionID);
    await processed(t, first.id);
    await processed(t, second.id);
    // Webhooks are settled by background jobs, in whatever order they finish.
    const donations = await linkedDonations(t, gift.id);
    expect(donations).toHaveLength(2);
    expect(donations).toEqual(
      expect.arrayContaining([
        { amount_minor: 1250, currency: 'GBP', status: 'Paid', capture_id: first.resource.id, user_id: member.id },
        { amount_minor: 1250, currency: 'GBP', status: 'Paid', capture_id: second.resource.id, user_id: member.id },
      ]),
    );

    // The next payment is a month after the second one.
    const after = (await ok(t, ONE, { id: gift.id }, member.token)).RegularDonation;
    expect(new Date(after.nextBillingAt).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const { allDonations } = await ok(t, '{ allDonations(filter: {}) { amount regularDonationId status } }', {}, member.token);
    expect(allDonations.filter((donation: any) => donation.regularDonationId === gift.id)).toHaveLength(2);
    await smtp.waitFor((mail) => mail.to.includes(member.email) && /receipt for donation/.test(mail.subject));
  });

  it('records nothing more when a payment is reported again, in the same event or a new one', async () => {
    const { gift } = await activeGift(t, member, 7);
    const sale = await runCycle(t, gift.subscriptionID);
    await processed(t, sale.id);

    const resent = await t.http.post(`/paypal-emulator/control/events/${sale.id}/resend`).expect(201);
    expect(JSON.parse(resent.body.delivery.body)).toEqual({ received: true, duplicate: true });
    // The same sale in an event of its own (PayPal may report a payment twice) is still one donation.
    await t.app.get(RegularDonationService).paymentReceived(sale.resource);
    expect(await linkedDonations(t, gift.id)).toHaveLength(1);
  });

  it('does not record a payment whose amount differs from the gift', async () => {
    const { gift } = await activeGift(t, member, 20, 'USD');
    const wrong = await runCycle(t, gift.subscriptionID, '2.00');
    expect(wrong.resource.amount).toEqual({ total: '2.00', currency: 'USD', details: { subtotal: '2.00' } });
    await processed(t, wrong.id);
    expect(await linkedDonations(t, gift.id)).toEqual([]);
  });

  it('refuses a payment webhook whose signature PayPal does not vouch for', async () => {
    const { gift } = await activeGift(t, member, 5);
    const forged = {
      id: `WH-FORGED${randomBytes(4).toString('hex')}`,
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource: { id: 'FORGEDSALE0000001', amount: { total: '5.00', currency: 'GBP' }, billing_agreement_id: gift.subscriptionID },
    };
    const response = await t.http
      .post('/api/paypal/webhook')
      .set({
        'PAYPAL-AUTH-ALGO': 'EMULATOR-HMAC-SHA256',
        'PAYPAL-CERT-URL': 'https://example.invalid/cert',
        'PAYPAL-TRANSMISSION-ID': 'forged',
        'PAYPAL-TRANSMISSION-SIG': 'forged',
        'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
      })
      .type('application/json')
      .send(JSON.stringify(forged));
    expect(response.status).toBe(401);
    expect(await linkedDonations(t, gift.id)).toEqual([]);
  });

  it('e-mails the member when a monthly payment fails', async () => {
    const { gift } = await activeGift(t, member, 15);
    await t.http.post(`/paypal-emulator/control/subscriptions/${gift.subscriptionID}/fail-next`).expect(200);
    const failed = await runCycle(t, gift.subscriptionID);
    expect(failed.event_type).toBe('BILLING.SUBSCRIPTION.PAYMENT.FAILED');
    const mail = await smtp.waitFor((received) => received.to.includes(member.email) && received.subject === 'Your monthly gift could not be taken this month');
    expect(mail.text).toContain('£15.00');
    expect(mail.text).toContain(gift.subscriptionID);
    expect(await linkedDonations(t, gift.id)).toEqual([]);
  });

  it('cancels a gift at PayPal, after which no payment is taken', async () => {
    const { gift } = await activeGift(t, member, 9);
    const cancelled = (await ok(t, CANCEL, { id: gift.id }, member.token)).cancelRegularDonation;
    expect(cancelled).toMatchObject({ status: 'Cancelled', nextBillingAt: null });
    expect(cancelled.cancelledAt).not.toBeNull();
    const atPayPal = (await t.http.get(`/paypal-emulator/control/subscriptions/${gift.subscriptionID}`).expect(200)).body;
    expect(atPayPal.subscription.status).toBe('CANCELLED');
    await t.http.post(`/paypal-emulator/control/subscriptions/${gift.subscriptionID}/cycle`).send({}).expect(422);

    // PayPal's own CANCELLED event arrives too, and cancelling again changes nothing.
    const [event] = await t.db.query("SELECT id FROM paypal_webhook_events WHERE event_type = 'BILLING.SUBSCRIPTION.CANCELLED' AND body->'resource'->>'id' = $1", [gift.subscriptionID]);
    await processed(t, event.id);
    const again = (await ok(t, CANCEL, { id: gift.id }, member.token)).cancelRegularDonation;
    expect(again).toMatchObject({ status: 'Cancelled', cancelledAt: cancelled.cancelledAt });
    expect(await linkedDonations(t, gift.id)).toEqual([]);
  });

  it("keeps a member away from another member's gifts, and shows finance staff every gift and the monthly total", async () => {
    const { gift } = await activeGift(t, member, 30, 'USD');
    const other = await t.member();

    for (const [query, variables] of [
      [ONE, { id: gift.id }],
      [CANCEL, { id: gift.id }],
      [CONFIRM, { subscriptionID: gift.subscriptionID }],
    ] as const) {
      const refused = await t.gql(query, variables, other.token);
      expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await ok(t, ONE, { id: gift.id }, member.token)).RegularDonation.status).toBe('Active');
    const theirs = await ok(t, ALL, { filter: { userId: String(member.id) } }, other.token);
    expect(theirs).toEqual({ allRegularDonations: [], _allRegularDonationsMeta: { count: 0 } });
    expect((await t.gql(TOTALS, {}, other.token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const admin = await t.adminToken();
    const mine = await ok(t, ALL, { filter: { userId: String(member.id), status: 'Active', currency: 'USD' } }, admin);
    expect(mine.allRegularDonations.map((found: any) => found.id)).toContain(gift.id);
    expect(mine.allRegularDonations.every((found: any) => found.status === 'Active' && found.currency === 'USD')).toBe(true);
    const [usd] = await t.db.query("SELECT sum(amount_minor)::int AS minor, count(*)::int AS gifts FROM regular_donations WHERE status = 'Active' AND currency = 'USD'");
    expect((await ok(t, TOTALS, { filter: { currency: 'USD' } }, admin)).regularGivingTotals).toEqual([{ currency: 'USD', amount: usd.minor / 100, gifts: usd.gifts }]);
    expect((await ok(t, CANCEL, { id: gift.id }, admin)).cancelRegularDonation.status).toBe('Cancelled');
  });

  it('creates the PayPal product once and one plan per currency, reused by every gift', async () => {
    await giftFor(t, member, 3, 'GBP');
    await giftFor(t, member, 4, 'USD');
    const plans = await t.db.query('SELECT currency, product_id, plan_id FROM paypal_billing_plans ORDER BY currency');
    expect(plans.map((plan: any) => plan.currency)).toEqual(['GBP', 'USD']);
    expect(plans[0].product_id).toBe(plans[1].product_id);
    const used = await t.db.query('SELECT DISTINCT currency, paypal_plan_id FROM regular_donations ORDER BY currency');
    expect(used).toEqual(plans.map((plan: any) => ({ currency: plan.currency, paypal_plan_id: plan.plan_id })));
  });

  it('records the mailing boxes ticked with a monthly gift in the consent ledger, and refuses a wrong list before any gift is set up', async () => {
    const admin = await t.adminToken();
    const LIST = `mutation ($name: String!, $basis: ConsentBasis!) { createMailingList(name: $name, description: "News", public: true, basis: $basis) { id } }`;
    const newList = async (name: string, basis: string) => (await ok(t, LIST, { name, basis }, admin)).createMailingList.id as string;
    const news = await newList('Monthly givers news', 'Consent');
    const letter = await newList('Monthly givers letter', 'CharitableSoftOptIn');
    const giver = await t.member();
    const WITH_CHOICES = `mutation ($amount: Float!, $currency: String!, $choices: [MailingChoiceInput!]) {
      createRegularDonation(amount: $amount, currency: $currency, mailingChoices: $choices) { id status } }`;
    const gifts = () => t.db.query('SELECT id FROM regular_donations WHERE user_id = $1', [giver.id]);

    const wrong = await t.gql(WITH_CHOICES, { amount: 5, currency: 'GBP', choices: [{ listId: '99999', ticked: true }] }, giver.token);
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'mailingChoices' });
    expect(await gifts()).toHaveLength(0);

    const choices = [
      { listId: news, ticked: true },
      { listId: letter, ticked: false },
    ];
    const gift = (await ok(t, WITH_CHOICES, { amount: 5, currency: 'GBP', choices }, giver.token)).createRegularDonation;
    expect(gift.status).toBe('ApprovalPending');
    const ledger = await t.db.query(
      `SELECT l.name, e.action, e.basis, e.source FROM consent_events e JOIN mail_subscribers s ON s.id = e.subscriber_id
       JOIN mailing_lists l ON l.id = e.list_id WHERE s.user_id = $1 ORDER BY l.name`,
      [giver.id],
    );
    expect(ledger).toEqual([
      { name: 'Monthly givers letter', action: 'Given', basis: 'CharitableSoftOptIn', source: 'Donation' },
      { name: 'Monthly givers news', action: expect.stringMatching(/^(Requested|Given)$/), basis: 'Consent', source: 'Donation' },
    ]);
  });

  it('refuses an amount or currency it does not take, naming the field', async () => {
    for (const [variables, field] of [
      [{ amount: 0, currency: 'GBP' }, 'amount'],
      [{ amount: 1.234, currency: 'GBP' }, 'amount'],
      [{ amount: 10, currency: 'EUR' }, 'currency'],
    ] as const) {
      const refused = await t.gql(CREATE, variables, member.token);
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(refused.errors[0].extensions)).toContain(field);
    }
  });
});

describe('regular giving across a restart', () => {
  const shared = { JWT_SECRET: randomBytes(32).toString('base64'), PAYPAL_EMULATOR_SECRET: randomBytes(32).toString('base64') };
  const running: TestApp[] = [];
  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
  });

  it('keeps a subscription approved before a restart and records its payment after', async () => {
    const before = await startTestApp(shared);
    running.push(before);
    const member = await before.member();
    const { gift } = await activeGift(before, member, 11);
    await running.pop()!.close();

    const after = await startTestApp(shared, { database: before.databaseName });
    running.push(after);
    const atPayPal = (await after.http.get(`/paypal-emulator/control/subscriptions/${gift.subscriptionID}`).expect(200)).body;
    expect(atPayPal.subscription).toMatchObject({ status: 'ACTIVE', custom_id: `regular-donation-${gift.id}` });
    const sale = await runCycle(after, gift.subscriptionID);
    await processed(after, sale.id);
    expect(await linkedDonations(after, gift.id)).toEqual([expect.objectContaining({ amount_minor: 1100, status: 'Paid', capture_id: sale.resource.id })]);
  });
});
