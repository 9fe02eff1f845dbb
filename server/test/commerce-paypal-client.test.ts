import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { emulatorCredentials } from '@ministry/paypal-emulator';
import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PayPalError, PayPalUnavailableError } from '../src/commerce/paypal/payment-gateway.js';
import { PayPalClient } from '../src/commerce/paypal/paypal.client.js';
import type { CreateOrderRequest } from '../src/commerce/paypal/paypal.types.js';
import { approve, emulatorStats } from './support/commerce.js';
import { startTestApp, TestApp } from './support/test-app.js';

const ORDER: CreateOrderRequest = {
  intent: 'CAPTURE',
  purchase_units: [
    {
      custom_id: 'client-test-1',
      amount: { currency_code: 'GBP', value: '30.00', breakdown: { item_total: { currency_code: 'GBP', value: '30.00' } } },
      items: [{ name: 'Book', unit_amount: { currency_code: 'GBP', value: '15.00' }, quantity: '2' }],
    },
  ],
  payment_source: { paypal: { experience_context: { return_url: 'http://site.test/back', cancel_url: 'http://site.test/cancel' } } },
};

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The PayPal client as the app builds it, pointed at the app's emulator over real HTTP. */
describe('the PayPal client against the emulator', () => {
  let t: TestApp;
  const client = (options: Partial<ConstructorParameters<typeof PayPalClient>[0]> = {}) =>
    new PayPalClient({
      baseUrl: () => `${t.baseUrl}/paypal-emulator`,
      ...emulatorCredentials(t.config.paypal.emulatorSecret!),
      timeoutMs: 5000,
      testPayments: true,
      ...options,
    });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates, reads and captures an order in PayPal shapes, once per PayPal-Request-Id', async () => {
    const paypal = client();
    const created = await paypal.createOrder(ORDER, 'client-test-1-create');
    expect(created.status).toBe('PAYER_ACTION_REQUIRED');
    const payerAction = created.links!.find((link) => link.rel === 'payer-action');
    expect(payerAction).toEqual({ href: expect.stringMatching(new RegExp(`^http://site\\.test/paypal-emulator/checkoutnow\\?token=${created.id}&key=[\\w-]+$`)), rel: 'payer-action', method: 'GET' });
    expect((await paypal.createOrder(ORDER, 'client-test-1-create')).id).toBe(created.id);

    await expect(paypal.captureOrder(created.id, 'client-test-1-capture-1')).rejects.toMatchObject({ status: 422, issue: 'ORDER_NOT_APPROVED' });
    await approve(t, payerAction!.href);
    const captured = await paypal.captureOrder(created.id, 'client-test-1-capture-2');
    const capture = captured.purchase_units![0].payments!.captures![0];
    expect(captured.status).toBe('COMPLETED');
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'GBP', value: '30.00' }, custom_id: 'client-test-1' });

    const repeated = await paypal.captureOrder(created.id, 'client-test-1-capture-2');
    expect(repeated.purchase_units![0].payments!.captures).toEqual([expect.objectContaining({ id: capture.id })]);
    const another = paypal.captureOrder(created.id, 'client-test-1-capture-3');
    await expect(another).rejects.toBeInstanceOf(PayPalError);
    await expect(another).rejects.toMatchObject({ issue: 'ORDER_ALREADY_CAPTURED' });

    const read = await paypal.getOrder(created.id);
    expect(read.purchase_units![0]).toMatchObject({ custom_id: 'client-test-1', amount: { value: '30.00' }, payments: { captures: [{ id: capture.id }] } });

    const refund = await paypal.refundCapture(capture.id, 'client-test-1-refund');
    expect(refund).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'GBP', value: '30.00' } });
    expect((await paypal.refundCapture(capture.id, 'client-test-1-refund')).id).toBe(refund.id);
  });

  it("turns PayPal's errors into clear, typed errors", async () => {
    const paypal = client();
    const missing = paypal.getOrder('NOSUCHORDER12345');
    await expect(missing).rejects.toMatchObject({ status: 404, issue: 'INVALID_RESOURCE_ID', message: expect.stringMatching(/^PayPal get order failed with 404 INVALID_RESOURCE_ID: Specified resource ID does not exist/) });

    const mismatch = { ...ORDER, purchase_units: [{ ...ORDER.purchase_units[0], amount: { ...ORDER.purchase_units[0].amount, value: '31.00' } }] };
    await expect(paypal.createOrder(mismatch, 'client-test-mismatch')).rejects.toMatchObject({ status: 422, issue: 'AMOUNT_MISMATCH' });

    const wrongSecret = client({ clientSecret: 'not-the-secret' }).getOrder('ANY');
    await expect(wrongSecret).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/get access token failed with 401 invalid_client: Client Authentication failed/) });

    const port = await closedPort();
    const refused = client({ baseUrl: () => `http://127.0.0.1:${port}/paypal` }).getOrder('ANY');
    await expect(refused).rejects.toBeInstanceOf(PayPalUnavailableError);
    await expect(refused).rejects.toThrow(`PayPal get access token: could not reach http://127.0.0.1:${port}: ECONNREFUSED`);
  });

  describe('with a server that never answers', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      silent = createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('gives up after the timeout with a clear error', async () => {
      const { port } = silent.address() as AddressInfo;
      const started = Date.now();
      const call = client({ baseUrl: () => `http://127.0.0.1:${port}`, timeoutMs: 300 }).getOrder('ANY');
      await expect(call).rejects.toThrow('PayPal get access token: no answer within 300 ms');
      expect(Date.now() - started).toBeLessThan(5000);
    });
  });

  it('caches the access token until shortly before it expires', async () => {
    await t.http.post('/paypal-emulator/control/settings').send({ tokenLifetimeSeconds: 2 }).expect(200);
    try {
      const paypal = client();
      const before = (await emulatorStats(t)).tokenRequests;
      await paypal.createOrder(ORDER, 'client-test-token-1');
      await paypal.createOrder(ORDER, 'client-test-token-2');
      expect((await emulatorStats(t)).tokenRequests).toBe(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 1900));
      await paypal.createOrder(ORDER, 'client-test-token-3');
      expect((await emulatorStats(t)).tokenRequests).toBe(before + 2);
    } finally {
      await t.http.post('/paypal-emulator/control/settings').send({ tokenLifetimeSeconds: 32400 }).expect(200);
    }
  });

  it('refuses API calls without a valid bearer token', async () => {
    const response = await t.http.get('/paypal-emulator/v2/checkout/orders/ANY').set('authorization', 'Bearer EMU.1.ab.forged');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'invalid_token', error_description: 'Token signature verification failed' });
  });

  it('verifies only webhook signatures the emulator made, over the exact body', async () => {
    const paypal = client();
    const created = await paypal.createOrder(ORDER, 'client-test-webhook');
    const signed = (await t.http.post(`/paypal-emulator/control/orders/${created.id}/events`).send({ event_type: 'CHECKOUT.ORDER.APPROVED', deliver: false }).expect(201)).body;
    const headers = Object.fromEntries(Object.entries(signed.headers as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value]));
    expect(await paypal.verifyWebhookSignature(headers, signed.body)).toBe(true);
    expect(await paypal.verifyWebhookSignature(headers, signed.body.replace('"CHECKOUT.ORDER.APPROVED"', '"PAYMENT.CAPTURE.COMPLETED"'))).toBe(false);
    expect(await paypal.verifyWebhookSignature({ ...headers, 'paypal-transmission-id': 'another' }, signed.body)).toBe(false);
    expect(await paypal.verifyWebhookSignature({ ...headers, 'paypal-auth-algo': undefined }, signed.body)).toBe(false);
    expect(await client({ webhookId: 'SOMEONE-ELSES' }).verifyWebhookSignature(headers, signed.body)).toBe(false);
  });
});
