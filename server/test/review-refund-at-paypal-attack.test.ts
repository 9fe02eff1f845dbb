import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BookingCancellationService } from '../src/bookings/booking-cancellation.service.js';
import { PayPalWebhookService } from '../src/commerce/webhooks/paypal-webhook.service.js';
import { addBooks, approve, CAPTURE_BOOK_ORDER, CAPTURE_DONATION, CREATE_BOOK_ORDER, CREATE_DONATION, eventually, ok, sendEvent } from './support/commerce.js';
import { createEvent, payFor, sendBooking } from './support/bookings.js';
import { untilJobsSettle } from './support/eventually.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const CREATE_BOOKING = `mutation($postId: ID!, $start: DateTime!, $places: Int!) {
  createBooking(postId: $postId, occurrenceStart: $start, places: $places) { id status checkout { orderID approveUrl } } }`;
const CAPTURE_BOOKING = 'mutation($orderID: String!) { captureBooking(orderID: $orderID) { status } }';

/**
 * Review of 7acc39b: refunds PayPal reports (before or after the capture's completion), and a ticket refunded in
 * PayPal cancelling its booking.
 */
describe('review: refunds PayPal reports, in any order', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let bookId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    admin = await t.adminToken();
    [bookId] = await addBooks(t, [{ title: 'Knowing God', pricePence: 1000 }]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const processed = (eventId: string) =>
    eventually(async () => (await t.db.query('SELECT processed_at FROM paypal_webhook_events WHERE id = $1', [eventId]))[0]?.processed_at);
  const refundAtPayPal = async (orderID: string, amount?: string) => {
    const response = await t.http
      .post(`/paypal-emulator/control/orders/${orderID}/events`)
      .send({ event_type: 'PAYMENT.CAPTURE.REFUNDED', ...(amount && { amount }) })
      .expect(201);
    return response.body as { event: any; delivery: { status: number } };
  };
  const mailsTo = (email: string, subject: RegExp) => smtp.received.filter((mail) => mail.to.includes(email) && subject.test(mail.subject));
  /** Every mail queued so far has gone out: none can come later. */
  const settleMail = () => untilJobsSettle(t.db, ['mail']);

  /** A held booking whose capture PayPal holds as PENDING. */
  async function pendingTicket(member: { token: string }, price = 8) {
    const course = await createEvent(t, admin, { capacity: 4, price });
    const held = (await sendBooking(t, CREATE_BOOKING, member.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    await approve(t, held.checkout.approveUrl, { outcome: 'PENDING' });
    expect((await ok(t, CAPTURE_BOOKING, { orderID: held.checkout.orderID }, member.token)).captureBooking.status).toBe('Held');
    return held as { id: string; checkout: { orderID: string; approveUrl: string } };
  }
  const ticketRow = async (orderID: string) =>
    (
      await t.db.query(
        `SELECT p.status, p.capture_status, b.status AS booking FROM ticket_payments p JOIN bookings b ON b.id = p.booking_id WHERE p.paypal_order_id = $1`,
        [orderID],
      )
    )[0];

  it('ends a pending ticket payment Paid, its booking Confirmed, when PayPal reports a partial refund before the capture completes', async () => {
    const member = await t.member();
    const held = await pendingTicket(member);
    // PayPal completes the capture (that event not delivered yet) and refunds £3 of the £8; the refund arrives first.
    await sendEvent(t, held.checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    const refund = await refundAtPayPal(held.checkout.orderID, '3.00');
    expect(refund.delivery.status).toBe(200);
    await processed(refund.event.id);
    // The buyer comes back and captures again: PayPal's view is the same.
    await t.gql(CAPTURE_BOOKING, { orderID: held.checkout.orderID }, member.token);
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Paid', capture_status: 'PARTIALLY_REFUNDED', booking: 'Confirmed' });
  });

  it('ends a pending book order Paid when PayPal reports a partial refund before the capture completes', async () => {
    const member = await t.member();
    const checkout = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 1 }] }, member.token)).createBookOrder;
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    expect((await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token)).captureBookOrder.status).toBe('PENDING');
    await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    await processed((await refundAtPayPal(checkout.orderID, '4.00')).event.id);
    const [row] = await t.db.query(`SELECT status, capture_status, paid_at IS NOT NULL AS paid FROM book_orders WHERE paypal_order_id = $1`, [checkout.orderID]);
    expect(row).toEqual({ status: 'Paid', capture_status: 'PARTIALLY_REFUNDED', paid: true });
  });

  it('ends a pending donation Paid with its partial refund recorded when the refund arrives before the completion', async () => {
    const member = await t.member();
    const checkout = (await ok(t, CREATE_DONATION, { amount: 20, currency: 'GBP', description: 'Hall' }, member.token)).createDonation;
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    expect((await ok(t, CAPTURE_DONATION, { orderID: checkout.orderID }, member.token)).captureDonation.status).toBe('PENDING');
    const completed = await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    await processed((await refundAtPayPal(checkout.orderID, '5.00')).event.id);
    await t.http.post(`/paypal-emulator/control/events/${completed.event.id}/resend`).expect(201);
    await processed(completed.event.id);
    const [row] = await t.db.query(
      `SELECT d.status, d.paid_at IS NOT NULL AS paid, d.refunded_amount_minor AS refunded,
              (SELECT count(*)::int FROM donation_refunds r WHERE r.donation_id = d.id) AS refunds
         FROM donations d WHERE d.paypal_order_id = $1`,
      [checkout.orderID],
    );
    expect(row).toEqual({ status: 'Paid', paid: true, refunded: 500, refunds: 1 });
  });

  it('keeps a booking whose payment PayPal refunded in part, and lets its booker cancel it: the rest is refunded, and the mail says how much', async () => {
    const course = await createEvent(t, admin, { capacity: 4, price: 9 });
    const member = await t.member();
    const held = (await sendBooking(t, CREATE_BOOKING, member.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect(await payFor(t, held, member.token)).toBe('Confirmed');
    await processed((await refundAtPayPal(held.checkout.orderID, '2.00')).event.id);
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Paid', capture_status: 'PARTIALLY_REFUNDED', booking: 'Confirmed' });
    const cancelled = await t.gql('mutation($id: ID!) { cancelBooking(id: $id) { status } }', { id: held.id }, member.token);
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data.cancelBooking.status).toBe('Refunded');
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', booking: 'Refunded' });
    const [{ refunded }] = await t.db.query(
      `SELECT sum(r.amount_minor)::int AS refunded FROM paypal_emulator.refunds r JOIN paypal_emulator.orders o ON o.capture_id = r.capture_id WHERE o.id = $1`,
      [held.checkout.orderID],
    );
    expect(refunded).toBe(900);
    await settleMail();
    const [mail] = mailsTo(member.email, /^Booking cancelled/);
    // The text is as the wire carried it (quoted-printable undone byte by byte), so the pound sign is left out.
    expect(mail.text).toMatch(/We have refunded \S+7\.00 through PayPal, what was left of your payment/);
    expect(mail.text).not.toContain('in full');
  });

  it('tells the booker once when staff refund in the app and PayPal then reports that refund (twice, at once)', async () => {
    const course = await createEvent(t, admin, { capacity: 4, price: 6 });
    const member = await t.member();
    const held = (await sendBooking(t, CREATE_BOOKING, member.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect(await payFor(t, held, member.token)).toBe('Confirmed');
    expect((await ok(t, 'mutation($id: ID!) { refundBooking(id: $id) { status } }', { id: held.id }, admin)).refundBooking.status).toBe('Refunded');
    const [{ id: refundId }] = await t.db.query(
      `SELECT r.id FROM paypal_emulator.refunds r JOIN paypal_emulator.orders o ON o.capture_id = r.capture_id WHERE o.id = $1`,
      [held.checkout.orderID],
    );
    const event = (
      await t.http.post(`/paypal-emulator/control/orders/${held.checkout.orderID}/events`).send({ event_type: 'PAYMENT.CAPTURE.REFUNDED', refund_id: refundId, deliver: false }).expect(201)
    ).body;
    await Promise.all([1, 2].map(() => t.http.post(`/paypal-emulator/control/events/${event.event.id}/resend`).expect(201)));
    await processed(event.event.id);
    await settleMail();
    expect(mailsTo(member.email, /^Booking cancelled/)).toHaveLength(1);
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', booking: 'Refunded' });
  });

  it('leaves a checked-in booking checked in when PayPal reports its payment refunded, and a cancelled one untold again', async () => {
    const course = await createEvent(t, admin, { capacity: 4, price: 5 });
    const member = await t.member();
    const held = (await sendBooking(t, CREATE_BOOKING, member.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect(await payFor(t, held, member.token)).toBe('Confirmed');
    await t.db.query(`UPDATE bookings SET status = 'CheckedIn' WHERE id = $1`, [held.id]);
    await processed((await refundAtPayPal(held.checkout.orderID)).event.id);
    await settleMail();
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', booking: 'CheckedIn' });
    expect(mailsTo(member.email, /^Booking cancelled/)).toHaveLength(0);
  });

  it('sends no "booking confirmed" mail, only the cancellation, for a pending ticket PayPal refunded before completing', async () => {
    const member = await t.member();
    const held = await pendingTicket(member);
    const completed = await sendEvent(t, held.checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    // The refund event and the buyer's own capture come back at once.
    const [refund] = await Promise.all([refundAtPayPal(held.checkout.orderID), t.gql(CAPTURE_BOOKING, { orderID: held.checkout.orderID }, member.token)]);
    await processed(refund.event.id);
    await t.http.post(`/paypal-emulator/control/events/${completed.event.id}/resend`).expect(201);
    await processed(completed.event.id);
    await settleMail();
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', booking: 'Refunded' });
    expect(mailsTo(member.email, /^Your booking/)).toHaveLength(0);
    expect(mailsTo(member.email, /^Booking cancelled/)).toHaveLength(1);
  });

  it('still cancels the booking when the first try at it fails after the payment was stored Refunded (the event retried)', async () => {
    const course = await createEvent(t, admin, { capacity: 4, price: 4 });
    const member = await t.member();
    const held = (await sendBooking(t, CREATE_BOOKING, member.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect(await payFor(t, held, member.token)).toBe('Confirmed');
    // A passing fault (the database, a deploy) in the booking's part of the work, once.
    const cancellation = t.app.get<unknown, { refundedAtPayPal: (payment: unknown) => Promise<void> }>(BookingCancellationService);
    const real = cancellation.refundedAtPayPal;
    cancellation.refundedAtPayPal = async () => {
      cancellation.refundedAtPayPal = real;
      throw new Error('connection terminated unexpectedly');
    };
    const refund = await refundAtPayPal(held.checkout.orderID);
    await eventually(async () => (await ticketRow(held.checkout.orderID)).status === 'Refunded');
    const webhooks = t.app.get(PayPalWebhookService);
    // The job failed and is retried (here at once rather than 30 s later).
    await eventually(async () => {
      await webhooks.process(refund.event.id).catch(() => undefined);
      return (await t.db.query('SELECT processed_at FROM paypal_webhook_events WHERE id = $1', [refund.event.id]))[0]?.processed_at;
    });
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', booking: 'Refunded' });
  });
});
