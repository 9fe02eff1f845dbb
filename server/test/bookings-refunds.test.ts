import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BookingSweepService } from '../src/bookings/index.js';
import { approve, eventually, ok } from './support/commerce.js';
import { createEvent, payFor, sendBooking } from './support/bookings.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const CREATE_BOOKING = `mutation($postId: ID!, $start: DateTime!, $places: Int!) {
  createBooking(postId: $postId, occurrenceStart: $start, places: $places) { id status checkout { orderID approveUrl } } }`;
const READ = `query($id: ID!) { Booking(id: $id) { status refundFailure refundFailedAt } }`;
const CANCEL_OCCURRENCE = 'mutation($postId: ID!, $start: DateTime!) { cancelOccurrence(postId: $postId, occurrenceStart: $start) }';
const REFUSED = /^PayPal refused the refund \(REFUND_FAILED_INSUFFICIENT_FUNDS\)/;

describe('a refund PayPal refuses: staff see it, and it is tried again until PayPal makes it', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let door: Awaited<ReturnType<TestApp['member']>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    admin = await t.adminToken();
    door = await t.member({ firstname: 'Door', lastname: 'Keeper' });
    await t.db.query(`UPDATE users SET role = 'EventsTeam' WHERE id = $1`, [door.id]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const book = async (token: string, course: { id: string; start: string }) =>
    (await sendBooking(t, CREATE_BOOKING, token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
  const refuseRefunds = (orderID: string, count: number) =>
    t.http.post(`/paypal-emulator/control/orders/${orderID}/refuse-refunds`).send({ count }).expect(200);
  const refundsAtPayPal = async (orderID: string) =>
    (await t.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM paypal_emulator.refunds r JOIN paypal_emulator.orders o ON o.capture_id = r.capture_id WHERE o.id = $1`, [orderID]))[0].n;
  /** The refund's retry job of a booking, once it is waiting; `due` brings its next attempt to now (the clock of the job, not a sleep). */
  const retryJob = (bookingId: string) =>
    eventually(async () => {
      const [job] = await t.db.query<{ id: string; state: string }[]>(
        `SELECT j.id, j.state FROM pgboss.job j JOIN ticket_payments p ON p.id = (j.data->>'paymentId')::int
          WHERE j.name = 'booking-refund' AND p.booking_id = $1 AND j.state IN ('created', 'retry') ORDER BY j.created_on DESC LIMIT 1`,
        [bookingId],
      );
      return job;
    });
  const due = (jobId: string) => t.db.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [jobId]);

  it('keeps a cancelled occurrence’s refund PayPal refused in view of staff, and retries it in the background until it is made', async () => {
    const course = await createEvent(t, admin, { capacity: 3, price: 6 });
    const member = await t.member();
    const held = await book(member.token, course);
    expect(await payFor(t, held, member.token)).toBe('Confirmed');
    await refuseRefunds(held.checkout.orderID, 2);

    expect((await ok(t, CANCEL_OCCURRENCE, { postId: course.id, start: course.start }, door.token)).cancelOccurrence).toBe(1);
    const seen = (await ok(t, READ, { id: held.id }, door.token)).Booking;
    expect(seen).toMatchObject({ status: 'Cancelled', refundFailure: expect.stringMatching(REFUSED) });
    expect(new Date(seen.refundFailedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The booker sees the cancellation, not the staff's note of PayPal's refusal.
    expect((await ok(t, READ, { id: held.id }, member.token)).Booking).toMatchObject({ status: 'Cancelled', refundFailure: null });
    const listed = await ok(t, 'query($ids: [ID!]) { allBookings(filter: { ids: $ids }) { id refundFailure } }', { ids: [held.id] }, door.token);
    expect(listed.allBookings).toEqual([{ id: held.id, refundFailure: expect.stringMatching(REFUSED) }]);

    // The first retry is refused too: still in view, and tried again later.
    const first = await retryJob(held.id);
    expect(first.state).toBe('created');
    await due(first.id);
    const again = await eventually(async () => {
      const job = await retryJob(held.id);
      return job.state === 'retry' ? job : undefined;
    });
    expect((await ok(t, READ, { id: held.id }, door.token)).Booking.refundFailure).toMatch(REFUSED);
    expect(await refundsAtPayPal(held.checkout.orderID)).toBe(0);

    await due(again.id);
    await eventually(async () => (await ok(t, READ, { id: held.id }, door.token)).Booking.status === 'Refunded');
    expect((await ok(t, READ, { id: held.id }, door.token)).Booking).toMatchObject({ status: 'Refunded', refundFailure: null, refundFailedAt: null });
    expect(await refundsAtPayPal(held.checkout.orderID)).toBe(1);
    const [payment] = await t.db.query(`SELECT status, refund_attempt FROM ticket_payments WHERE booking_id = $1`, [held.id]);
    // PayPal keeps each refusal against its PayPal-Request-Id: each of the two refused tries was followed by a new one.
    expect(payment).toEqual({ status: 'Refunded', refund_attempt: 3 });
    await smtp.waitFor((m) => m.to.includes(member.email) && m.subject.startsWith('Refunded:'));
  });

  it('retries the refund of a late payment for places that had gone, which PayPal refused at first', async () => {
    const course = await createEvent(t, admin, { capacity: 1, price: 4 });
    const late = await t.member();
    const held = await book(late.token, course);
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [held.id]);
    const other = await t.member();
    expect(await payFor(t, await book(other.token, course), other.token)).toBe('Confirmed');
    await t.app.get(BookingSweepService).sweep(new Date());

    await refuseRefunds(held.checkout.orderID, 1);
    await approve(t, held.checkout.approveUrl);
    await ok(t, 'mutation($orderID: String!) { captureBooking(orderID: $orderID) { status } }', { orderID: held.checkout.orderID }, late.token);
    expect((await ok(t, READ, { id: held.id }, door.token)).Booking).toMatchObject({ status: 'Cancelled', refundFailure: expect.stringMatching(REFUSED) });

    await due((await retryJob(held.id)).id);
    await eventually(async () => (await ok(t, READ, { id: held.id }, door.token)).Booking.status === 'Refunded');
    expect((await ok(t, READ, { id: held.id }, door.token)).Booking.refundFailure).toBeNull();
    expect(await refundsAtPayPal(held.checkout.orderID)).toBe(1);
    await smtp.waitFor((m) => m.to.includes(late.email) && m.subject.startsWith('Refunded:'));
  });
});
