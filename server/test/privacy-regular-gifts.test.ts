import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RegularDonationService } from '../src/commerce/regular-donations/regular-donation.service.js';
import { agree, eventually, ok, runCycle } from './support/commerce.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const CREATE = 'mutation($amount: Float!) { createRegularDonation(amount: $amount, currency: "GBP") { id subscriptionID approveUrl } }';
const ERASE = 'mutation($p: String!) { deleteMyAccount(password: $p) }';

describe("erasing an account stops the member's monthly gifts", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('cancels the subscription at PayPal, and a payment reported afterwards records nothing and mails no one', async () => {
    const member = await t.member();
    const gift = (await ok(t, CREATE, { amount: 6 }, member.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    const sale = await runCycle(t, gift.subscriptionID);
    await eventually(async () => (await t.db.query('SELECT id FROM donations WHERE capture_id = $1', [sale.resource.id])).length > 0);

    expect(await ok(t, ERASE, { p: member.password }, member.token)).toEqual({ deleteMyAccount: true });
    const atPayPal = (await t.http.get(`/paypal-emulator/control/subscriptions/${gift.subscriptionID}`).expect(200)).body;
    expect(atPayPal.subscription.status).toBe('CANCELLED');
    const [stored] = await t.db.query('SELECT status, cancelled_at FROM regular_donations WHERE id = $1', [gift.id]);
    expect(stored.status).toBe('Cancelled');

    // A payment PayPal reports after the erasure (taken before the cancellation, delivered late).
    const late = { ...sale.resource, id: `${sale.resource.id.slice(0, -4)}LATE`, create_time: new Date().toISOString() };
    await t.app.get(RegularDonationService).paymentReceived(late);
    expect(await t.db.query('SELECT id FROM donations WHERE capture_id = $1', [late.id])).toEqual([]);
    expect(smtp.received.filter((mail) => mail.to.some((to) => to.startsWith('erased-')))).toEqual([]);
  });

  it('erases nothing when PayPal cannot stop the gift, and says so', async () => {
    const member = await t.member();
    const gift = (await ok(t, CREATE, { amount: 4 }, member.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    // PayPal refuses the cancellation (a subscription id it does not know).
    await t.db.query(`UPDATE regular_donations SET paypal_subscription_id = 'I-UNKNOWN000000' WHERE id = $1`, [gift.id]);
    const response = await t.gql(ERASE, { p: member.password }, member.token);
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_GATEWAY');
    expect(response.errors?.[0]?.message).toMatch(/nothing has been deleted/);
    const [user] = await t.db.query('SELECT email, erased_at FROM users WHERE id = $1', [member.id]);
    expect(user).toEqual({ email: member.email, erased_at: null });
  });

  it("keeps the last Admin's monthly gift running when their erasure is refused", async () => {
    const member = await t.member();
    const gift = (await ok(t, CREATE, { amount: 3 }, member.token)).createRegularDonation;
    await agree(t, gift.approveUrl);
    const admins = await t.db.query(`SELECT id FROM users WHERE role = 'Admin'`);
    await t.db.query(`UPDATE users SET role = CASE WHEN id = $1 THEN 'Admin' ELSE 'Member' END WHERE role = 'Admin' OR id = $1`, [member.id]);
    try {
      const login = await t.http.post('/api/admin-login').send({ email: member.email, password: member.password }).expect(200);
      const response = await t.gql(ERASE, { p: member.password }, login.body.token);
      expect(response.errors?.[0]?.message).toMatch(/last Admin/);
      const atPayPal = (await t.http.get(`/paypal-emulator/control/subscriptions/${gift.subscriptionID}`).expect(200)).body;
      expect(atPayPal.subscription.status).toBe('ACTIVE');
      const [stored] = await t.db.query('SELECT cancelled_at FROM regular_donations WHERE id = $1', [gift.id]);
      expect(stored.cancelled_at).toBeNull();
    } finally {
      await t.db.query(`UPDATE users SET role = CASE WHEN id = ANY($1) THEN 'Admin' ELSE 'Member' END WHERE role = 'Admin' OR id = ANY($1)`, [admins.map((admin: { id: number }) => admin.id)]);
    }
  });
});
