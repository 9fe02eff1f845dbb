import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addBooks,
  approve,
  CAPTURE_BOOK_ORDER,
  CAPTURE_DONATION,
  CREATE_BOOK_ORDER,
  CREATE_DONATION,
  emulatorOrder,
  eventually,
  ok,
  sendEvent,
} from './support/commerce.js';
import { untilJobsSettle } from './support/eventually.js';
import { startTestApp, TestApp } from './support/test-app.js';

describe('PayPal webhooks', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<TestApp['member']>>;
  let bookId: number;

  beforeAll(async () => {
    t = await startTestApp();
    member = await t.member();
    [bookId] = await addBooks(t, [{ title: 'Streams in the Desert', pricePence: 1500 }]);
  });
  afterAll(() => t.close());

  const orderRow = async (orderID: string) =>
    (await t.db.query('SELECT id, status, capture_status, updated_at FROM book_orders WHERE paypal_order_id = $1', [orderID]))[0];
  const eventRows = async (id: string) => t.db.query('SELECT id, processed_at FROM paypal_webhook_events WHERE id = $1', [id]);

  /** A book order approved with the given capture outcome and captured once by the buyer. */
  async function capturedOrder(outcome: string) {
    const created = await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 1 }] }, member.token);
    const checkout = created.createBookOrder;
    await approve(t, checkout.approveUrl, { outcome });
    const captured = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    return { checkout, result: captured.captureBookOrder };
  }

  it('settles a PENDING capture as Paid only when a verified webhook says COMPLETED, re-reading the order from PayPal', async () => {
    const { checkout, result } = await capturedOrder('PENDING');
    expect(result.status).toBe('PENDING');
    expect((await orderRow(checkout.orderID)).status).toBe('Created');
    const readsBefore = (await emulatorOrder(t, checkout.orderID)).getCalls;

    const sent = await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED');
    expect(sent.delivery).toMatchObject({ status: 200 });
    expect(JSON.parse(sent.delivery!.body)).toEqual({ received: true, duplicate: false });
    expect(sent.event.resource.supplementary_data.related_ids.order_id).toBe(checkout.orderID);

    await eventually(async () => (await orderRow(checkout.orderID)).status === 'Paid');
    expect((await orderRow(checkout.orderID)).capture_status).toBe('COMPLETED');
    expect((await emulatorOrder(t, checkout.orderID)).getCalls).toBeGreaterThan(readsBefore);
    await eventually(async () => (await eventRows(sent.event.id))[0]?.processed_at);

    const buyer = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(buyer.captureBookOrder).toMatchObject({ status: 'COMPLETED', bookOrder: { status: 'Paid' } });
    expect((await emulatorOrder(t, checkout.orderID)).captureCalls).toBe(1);
  });

  it('refuses a webhook with a bad signature or an altered body with 401, storing and changing nothing', async () => {
    const { checkout } = await capturedOrder('PENDING');
    const signed = await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    expect(signed.delivery).toBeUndefined();
    const before = await orderRow(checkout.orderID);

    const forged = await t.http
      .post('/api/paypal/webhook')
      .set({ ...signed.headers, 'PAYPAL-TRANSMISSION-SIG': `${signed.headers['PAYPAL-TRANSMISSION-SIG'].slice(0, -4)}AAAA` })
      .type('application/json')
      .send(signed.body);
    expect(forged.status).toBe(401);
    expect(forged.body.errors[0].msg).toBe('The webhook signature is not valid');

    const altered = signed.body.replace(`"order_id":"${checkout.orderID}"`, '"order_id":"ANOTHERORDER00000"');
    expect(altered).not.toBe(signed.body);
    const tampered = await t.http.post('/api/paypal/webhook').set(signed.headers).type('application/json').send(altered);
    expect(tampered.status).toBe(401);

    const unsigned = await t.http.post('/api/paypal/webhook').type('application/json').send(signed.body);
    expect(unsigned.status).toBe(401);
    const notJson = await t.http.post('/api/paypal/webhook').set(signed.headers).type('application/json').send('{not json');
    expect(notJson.status).toBe(400);

    expect(await eventRows(signed.event.id)).toEqual([]);
    await untilJobsSettle(t.db, ['paypal-webhook']);
    expect(await orderRow(checkout.orderID)).toEqual(before);

    // The genuine delivery of the same event still settles it.
    const genuine = await t.http.post('/api/paypal/webhook').set(signed.headers).type('application/json').send(signed.body);
    expect(genuine.status).toBe(200);
    await eventually(async () => (await orderRow(checkout.orderID)).status === 'Paid');
  });

  it('ignores a replayed event: no second processing, nothing changes', async () => {
    const { checkout } = await capturedOrder('PENDING');
    const sent = await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED');
    await eventually(async () => (await eventRows(sent.event.id))[0]?.processed_at);
    const settled = await orderRow(checkout.orderID);
    expect(settled.status).toBe('Paid');
    const reads = (await emulatorOrder(t, checkout.orderID)).getCalls;

    // PayPal resends the same event id with a fresh, valid signature.
    const replay = await t.http.post(`/paypal-emulator/control/events/${sent.event.id}/resend`).expect(201);
    expect(replay.body.headers['PAYPAL-TRANSMISSION-ID']).not.toBe(sent.headers['PAYPAL-TRANSMISSION-ID']);
    expect(replay.body.delivery.status).toBe(200);
    expect(JSON.parse(replay.body.delivery.body)).toEqual({ received: true, duplicate: true });

    await untilJobsSettle(t.db, ['paypal-webhook']);
    expect(await eventRows(sent.event.id)).toHaveLength(1);
    expect(await orderRow(checkout.orderID)).toEqual(settled);
    expect((await emulatorOrder(t, checkout.orderID)).getCalls).toBe(reads);
  });

  it('marks a denied pending capture Failed', async () => {
    const { checkout } = await capturedOrder('PENDING');
    await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.DENIED');
    await eventually(async () => (await orderRow(checkout.orderID)).status === 'Failed');
    const buyer = await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    expect(buyer.captureBookOrder).toMatchObject({ status: 'FAILED', bookOrder: { status: 'Failed' } });
  });

  it('records a refund made at PayPal', async () => {
    const { checkout, result } = await capturedOrder('COMPLETED');
    expect(result.bookOrder.status).toBe('Paid');
    const sent = await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.REFUNDED');
    expect(sent.event.resource_type).toBe('refund');
    await eventually(async () => (await orderRow(checkout.orderID)).status === 'Refunded');
  });

  it('lets a developer send events from the emulator page', async () => {
    const { checkout } = await capturedOrder('PENDING');
    const page = await t.http.get('/paypal-emulator').expect(200);
    expect(page.text).toContain('Test payments: no money moves');
    expect(page.text).toContain(checkout.orderID);
    const sent = await t.http.post('/paypal-emulator/dashboard/events').type('form').send({ order: checkout.orderID, event_type: 'PAYMENT.CAPTURE.COMPLETED' }).expect(303);
    expect(decodeURIComponent(sent.headers.location)).toContain('PAYMENT.CAPTURE.COMPLETED sent; the shop answered 200');
    await eventually(async () => (await orderRow(checkout.orderID)).status === 'Paid');
  });

  it('captures and records a donation whose buyer approved but never came back', async () => {
    const created = await ok(t, CREATE_DONATION, { amount: 40, currency: 'GBP', description: 'Missions' }, member.token);
    const checkout = created.createDonation;
    const sent = await sendEvent(t, checkout.orderID, 'CHECKOUT.ORDER.APPROVED');
    expect(sent.delivery!.status).toBe(200);
    await eventually(async () => (await t.db.query('SELECT status FROM donations WHERE id = $1', [checkout.id]))[0].status === 'Paid');
    expect((await emulatorOrder(t, checkout.orderID)).captureCalls).toBe(1);

    // Were they to come back after all, the capture answers the same result and charges nothing more.
    const late = await ok(t, CAPTURE_DONATION, { orderID: checkout.orderID }, member.token);
    expect(late.captureDonation).toMatchObject({ status: 'COMPLETED', donation: { status: 'Paid', amount: 40 } });
    expect((await emulatorOrder(t, checkout.orderID)).captureCalls).toBe(1);
  });
});
