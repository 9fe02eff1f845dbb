import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addBooks, approve, CAPTURE_BOOK_ORDER, CAPTURE_DONATION, CREATE_BOOK_ORDER, CREATE_DONATION, emulatorOrder, eventually, ok, sendEvent } from './support/commerce.js';
import { createEvent, sendBooking } from './support/bookings.js';
import { startTestApp, TestApp } from './support/test-app.js';

type Order = 'capture first' | 'refund first';

/**
 * PayPal sends its events in no promised order: the refund of a capture may arrive before the event of the capture it
 * refunds has been settled here. Whichever comes first, the payment ends the same.
 */
describe('a refund event that arrives before its capture is recorded', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<TestApp['member']>>;
  let admin: string;
  let bookId: number;

  beforeAll(async () => {
    t = await startTestApp();
    member = await t.member();
    admin = await t.adminToken();
    [bookId] = await addBooks(t, [{ title: 'The Pursuit of God', pricePence: 900 }]);
  });
  afterAll(() => t.close());

  const processed = (eventId: string) =>
    eventually(async () => (await t.db.query('SELECT processed_at FROM paypal_webhook_events WHERE id = $1', [eventId]))[0]?.processed_at);
  const resend = async (eventId: string) => (await t.http.post(`/paypal-emulator/control/events/${eventId}/resend`).expect(201)).body;

  /** PayPal completes a capture the shop holds as PENDING and then refunds it; the shop hears of both in `order`. */
  async function completeThenRefund(orderID: string, order: Order) {
    if (order === 'capture first') {
      await processed((await sendEvent(t, orderID, 'PAYMENT.CAPTURE.COMPLETED')).event.id);
      await processed((await sendEvent(t, orderID, 'PAYMENT.CAPTURE.REFUNDED')).event.id);
    } else {
      const completed = await sendEvent(t, orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
      await processed((await sendEvent(t, orderID, 'PAYMENT.CAPTURE.REFUNDED')).event.id);
      expect((await resend(completed.event.id)).delivery.status).toBe(200);
      await processed(completed.event.id);
    }
  }

  const ORDERS: Order[] = ['capture first', 'refund first'];

  it('ends a book order Refunded either way', async () => {
    const ends = [];
    for (const order of ORDERS) {
      const checkout = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 1 }] }, member.token)).createBookOrder;
      await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
      expect((await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token)).captureBookOrder.status).toBe('PENDING');
      await completeThenRefund(checkout.orderID, order);
      const [row] = await t.db.query(
        `SELECT status, capture_status, paid_at IS NOT NULL AS paid, refunded_at IS NOT NULL AS refunded FROM book_orders WHERE paypal_order_id = $1`,
        [checkout.orderID],
      );
      ends.push({ order, ...row });
    }
    expect(ends).toEqual(ORDERS.map((order) => ({ order, status: 'Refunded', capture_status: 'REFUNDED', paid: true, refunded: true })));
  });

  it('ends a book order Paid with its part refund when the part refund is heard of first', async () => {
    const checkout = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 2 }] }, member.token)).createBookOrder;
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    const completed = await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    const part = await t.http.post(`/paypal-emulator/control/orders/${checkout.orderID}/events`).send({ event_type: 'PAYMENT.CAPTURE.REFUNDED', amount: '9.00' }).expect(201);
    await processed(part.body.event.id);
    await resend(completed.event.id);
    await processed(completed.event.id);
    const [row] = await t.db.query(
      `SELECT status, capture_status, paid_at IS NOT NULL AS paid, refunded_at IS NOT NULL AS refunded FROM book_orders WHERE paypal_order_id = $1`,
      [checkout.orderID],
    );
    expect(row).toEqual({ status: 'Paid', capture_status: 'PARTIALLY_REFUNDED', paid: true, refunded: false });
  });

  it('asks PayPal about the order once when a refund is heard of before its capture completed', async () => {
    const checkout = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 1 }] }, member.token)).createBookOrder;
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    const readsBefore = (await emulatorOrder(t, checkout.orderID)).getCalls;
    await processed((await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.REFUNDED')).event.id);
    expect((await emulatorOrder(t, checkout.orderID)).getCalls - readsBefore).toBe(1);
    const [row] = await t.db.query(`SELECT status FROM book_orders WHERE paypal_order_id = $1`, [checkout.orderID]);
    expect(row.status).toBe('Refunded');
  });

  it('ends a donation Refunded with its one refund recorded either way', async () => {
    const ends = [];
    for (const order of ORDERS) {
      const checkout = (await ok(t, CREATE_DONATION, { amount: 12.5, currency: 'GBP', description: 'Roof' }, member.token)).createDonation;
      await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
      expect((await ok(t, CAPTURE_DONATION, { orderID: checkout.orderID }, member.token)).captureDonation.status).toBe('PENDING');
      await completeThenRefund(checkout.orderID, order);
      const [row] = await t.db.query(
        `SELECT d.status, d.paid_at IS NOT NULL AS paid, d.refunded_amount_minor AS refunded,
                (SELECT count(*)::int FROM donation_refunds r WHERE r.donation_id = d.id) AS refunds
           FROM donations d WHERE d.paypal_order_id = $1`,
        [checkout.orderID],
      );
      ends.push({ order, ...row });
    }
    expect(ends).toEqual(ORDERS.map((order) => ({ order, status: 'Refunded', paid: true, refunded: 1250, refunds: 1 })));
  });

  it('ends a ticket payment Refunded, and cancels its booking as refunded, either way', async () => {
    const ends = [];
    for (const order of ORDERS) {
      const course = await createEvent(t, admin, { capacity: 5, price: 7 });
      const held = (
        await sendBooking(t, 'mutation($postId: ID!, $start: DateTime!) { createBooking(postId: $postId, occurrenceStart: $start, places: 1) { id checkout { orderID approveUrl } } }', member.token, {
          postId: course.id,
          start: course.start,
        })
      ).data.createBooking;
      await approve(t, held.checkout.approveUrl, { outcome: 'PENDING' });
      expect((await ok(t, 'mutation($orderID: String!) { captureBooking(orderID: $orderID) { status } }', { orderID: held.checkout.orderID }, member.token)).captureBooking.status).toBe('Held');
      await completeThenRefund(held.checkout.orderID, order);
      const [row] = await t.db.query(
        `SELECT p.status, p.capture_status, p.paid_at IS NOT NULL AS paid, p.refunded_at IS NOT NULL AS refunded, b.status AS booking
           FROM ticket_payments p JOIN bookings b ON b.id = p.booking_id WHERE p.paypal_order_id = $1`,
        [held.checkout.orderID],
      );
      ends.push({ order, ...row });
    }
    const [first, second] = ends;
    expect(first).toMatchObject({ status: 'Refunded', capture_status: 'REFUNDED', paid: true, refunded: true, booking: 'Refunded' });
    expect({ ...second, order: first.order }).toEqual(first);
  });
});
