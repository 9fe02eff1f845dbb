import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { CREATE_DONATION } from './support/commerce.js';
import { startTestApp, TestApp } from './support/test-app.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** With real PayPal credentials the emulator is gone; PayPal here is a closed port, so nothing leaves the machine. */
describe('with PayPal credentials configured', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      PAYPAL_CLIENT_ID: 'live-client-id',
      PAYPAL_CLIENT_SECRET: 'live-client-secret',
      PAYPAL_WEBHOOK_ID: 'WH-LIVE',
      PAYPAL_API_BASE: `http://127.0.0.1:${await closedPort()}`,
      PAYPAL_TIMEOUT_MS: '2000',
    });
  });
  afterAll(() => t.close());

  it('has no emulator: its paths are left to the web app, and it keeps no tables', async () => {
    const calls = [
      t.http.get('/paypal-emulator/checkoutnow?token=ABC'),
      t.http.get('/paypal-emulator'),
      t.http.post('/paypal-emulator/v1/oauth2/token').type('form').send({ grant_type: 'client_credentials' }),
      t.http.get('/paypal-emulator/control/stats'),
    ];
    for (const response of await Promise.all(calls)) {
      // The web app's "not found" (or, before it is built, its "not built yet"): never an emulator's answer.
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.text).not.toMatch(/access_token|tokenRequests|This page stands in for PayPal/);
    }
    expect(await t.db.query("SELECT nspname FROM pg_namespace WHERE nspname = 'paypal_emulator'")).toEqual([]);
  });

  it("tells the browser payments are real, which client id to use, and to load PayPal's own JS SDK", async () => {
    const response = await t.gql('{ paymentSettings { testPayments paypalClientId paypalSdkUrl } }');
    expect(response.data.paymentSettings).toEqual({ testPayments: false, paypalClientId: 'live-client-id', paypalSdkUrl: null });
  });

  it("allows PayPal's scripts only on the pages that show PayPal's buttons", async () => {
    const scriptSrc = async (path: string) => {
      const response = await t.http.get(path);
      return String(response.headers['content-security-policy']).split(';').find((directive) => directive.startsWith('script-src '));
    };
    for (const path of ['/user/cart-page', '/user/paypal-payment', '/user/make-donations', '/User/Cart-Page/', '/post-details/12']) {
      expect(await scriptSrc(path)).toMatch(/ https:\/\/\*\.paypal\.com https:\/\/\*\.paypalobjects\.com/);
    }
    for (const path of ['/', '/book-shop', '/user/giving', '/user/user-dashboard', '/user/make-donations-paypal-payment-response', '/post-details/12/x', '/blog']) {
      expect({ path, scriptSrc: await scriptSrc(path) }).toEqual({ path, scriptSrc: expect.not.stringContaining('paypal') });
    }
  });

  it('marks a donation Failed with a clear message when PayPal cannot be reached', async () => {
    const member = await t.member();
    const response = await t.gql(CREATE_DONATION, { amount: 10, currency: 'GBP' }, member.token);
    expect(response.errors[0]).toMatchObject({ message: expect.stringMatching(/could not start the PayPal payment. Nothing was charged/), extensions: { code: 'BAD_GATEWAY' } });
    const rows = await t.db.query('SELECT status, failure_message, paypal_order_id FROM donations WHERE user_id = $1', [member.id]);
    expect(rows).toEqual([{ status: 'Failed', failure_message: 'PayPal could not start the payment', paypal_order_id: null }]);
  });

  it('answers a webhook it cannot verify with a 5xx, so PayPal delivers it again later, and stores nothing', async () => {
    const event = JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} });
    const response = await t.http
      .post('/api/paypal/webhook')
      .set({
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
        'PAYPAL-CERT-URL': 'https://api.paypal.com/v1/notifications/certs/CERT',
        'PAYPAL-TRANSMISSION-ID': 'a',
        'PAYPAL-TRANSMISSION-SIG': 'b',
        'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
      })
      .type('application/json')
      .send(event);
    expect(response.status).toBe(502);
    expect(await t.db.query('SELECT id FROM paypal_webhook_events')).toEqual([]);
  });
});
