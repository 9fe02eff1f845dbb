import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BookingSweepService } from '../src/bookings/index.js';
import { PayPalWebhookService } from '../src/commerce/webhooks/paypal-webhook.service.js';
import { addBooks, approve, CAPTURE_BOOK_ORDER, CAPTURE_DONATION, CREATE_BOOK_ORDER, CREATE_DONATION, eventually, ok, sendEvent } from './support/commerce.js';
import { createEvent, payFor, sendBooking } from './support/bookings.js';
import { untilJobsSettle } from './support/eventually.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const CREATE_BOOKING = `mutation($postId: ID!, $start: DateTime!, $places: Int!) {
  createBooking(postId: $postId, occurrenceStart: $start, places: $places) { id status checkout { orderID approveUrl } } }`;
const CAPTURE_BOOKING = 'mutation($orderID: String!) { captureBooking(orderID: $orderID) { status } }';
const CANCEL = 'mutation($id: ID!, $token: String) { cancelBooking(id: $id, token: $token) { status } }';
const REFUND_BOOKING = 'mutation($id: ID!) { refundBooking(id: $id) { status } }';
const REFUND_ORDER = 'mutation($id: ID!) { refundBookOrder(id: $id) { id status } }';
const CANCEL_OCCURRENCE = 'mutation($postId: ID!, $start: DateTime!) { cancelOccurrence(postId: $postId, occurrenceStart: $start) }';

/** Review of 8284eff: refunding what is left after a part refund made in PayPal, and the mails that say how much. */
describe('review: part refunds made in PayPal, then refunded in the app', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let bookId: number;
  let finance: Awaited<ReturnType<TestApp['member']>>;
  let events: Awaited<ReturnType<TestApp['member']>>;
  let editor: Awaited<ReturnType<TestApp['member']>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    admin = await t.adminToken();
    [bookId] = await addBooks(t, [{ title: 'Knowing God', pricePence: 1000 }]);
    finance = await t.member();
    events = await t.member();
    editor = await t.member();
    await t.db.query(`UPDATE users SET role = 'Finance' WHERE id = $1`, [finance.id]);
    await t.db.query(`UPDATE users SET role = 'EventsTeam' WHERE id = $1`, [events.id]);
    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [editor.id]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const processed = (eventId: string) =>
    eventually(async () => (await t.db.query('SELECT processed_at FROM paypal_webhook_events WHERE id = $1', [eventId]))[0]?.processed_at);
  const refundAtPayPal = async (orderID: string, amount?: string, deliver = true) => {
    const response = await t.http
      .post(`/paypal-emulator/control/orders/${orderID}/events`)
      .send({ event_type: 'PAYMENT.CAPTURE.REFUNDED', deliver, ...(amount && { amount }) })
      .expect(201);
    return response.body as { event: any; delivery?: { status: number } };
  };
  const resend = (eventId: string) => t.http.post(`/paypal-emulator/control/events/${eventId}/resend`).expect(201);
  const refundsAtPayPal = async (orderID: string) =>
    (
      await t.db.query(
        `SELECT count(*)::int AS n, coalesce(sum(r.amount_minor), 0)::int AS minor FROM paypal_emulator.refunds r JOIN paypal_emulator.orders o ON o.capture_id = r.capture_id WHERE o.id = $1`,
        [orderID],
      )
    )[0] as { n: number; minor: number };
  const mailsTo = (email: string, subject: RegExp) => smtp.received.filter((mail) => mail.to.includes(email) && subject.test(mail.subject));
  const settleMail = () => untilJobsSettle(t.db, ['mail', 'paypal-webhook']);
  const ticketRow = async (orderID: string) =>
    (
      await t.db.query(
        `SELECT p.status, p.capture_status, b.status AS booking FROM ticket_payments p JOIN bookings b ON b.id = p.booking_id WHERE p.paypal_order_id = $1`,
        [orderID],
      )
    )[0];
  const code = (response: { errors?: any[] }) => response.errors?.[0]?.extensions?.code;

  /** A confirmed, paid booking whose payment PayPal then refunded `part` of (event delivered and settled). */
  async function partRefundedBooking(price: number, part: string, member?: Awaited<ReturnType<TestApp['member']>>) {
    const course = await createEvent(t, admin, { capacity: 4, price });
    const booker = member ?? (await t.member());
    const held = (await sendBooking(t, CREATE_BOOKING, booker.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect(await payFor(t, held, booker.token)).toBe('Confirmed');
    await processed((await refundAtPayPal(held.checkout.orderID, part)).event.id);
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Paid', capture_status: 'PARTIALLY_REFUNDED', booking: 'Confirmed' });
    return { course, booker, held: held as { id: string; checkout: { orderID: string; approveUrl: string } } };
  }

  /** A paid book order PayPal then refunded `part` of. */
  async function partRefundedOrder(part: string) {
    const member = await t.member();
    const checkout = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 2 }] }, member.token)).createBookOrder;
    await approve(t, checkout.approveUrl);
    expect((await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token)).captureBookOrder.status).toBe('COMPLETED');
    await processed((await refundAtPayPal(checkout.orderID, part)).event.id);
    const [row] = await t.db.query(`SELECT status, capture_status FROM book_orders WHERE id = $1`, [checkout.id]);
    expect(row).toEqual({ status: 'Paid', capture_status: 'PARTIALLY_REFUNDED' });
    return { member, checkout };
  }

  // ---- Book orders -------------------------------------------------------------------------------------------

  it('refunds what is left of a book order PayPal refunded in part, once, and a second refund changes nothing', async () => {
    const { checkout } = await partRefundedOrder('5.00');
    expect((await ok(t, REFUND_ORDER, { id: checkout.id }, finance.token)).refundBookOrder).toEqual({ id: checkout.id, status: 'Refunded' });
    expect(await refundsAtPayPal(checkout.orderID)).toEqual({ n: 2, minor: 2000 });
    expect((await ok(t, REFUND_ORDER, { id: checkout.id }, admin)).refundBookOrder.status).toBe('Refunded');
    expect(await refundsAtPayPal(checkout.orderID)).toEqual({ n: 2, minor: 2000 });
    const [row] = await t.db.query(`SELECT status, capture_status, refunded_at IS NOT NULL AS refunded FROM book_orders WHERE id = $1`, [checkout.id]);
    expect(row).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', refunded: true });
  });

  it('refunds a part-refunded book order once when two staff refund it at once', async () => {
    const { checkout } = await partRefundedOrder('3.00');
    const answers = await Promise.all([t.gql(REFUND_ORDER, { id: checkout.id }, admin), t.gql(REFUND_ORDER, { id: checkout.id }, finance.token)]);
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.refundBookOrder.status).toBe('Refunded');
    }
    expect(await refundsAtPayPal(checkout.orderID)).toEqual({ n: 2, minor: 2000 });
  });

  it('refunds a part-refunded book order after PayPal already refunded the rest (event not yet heard): Refunded, nothing more refunded', async () => {
    const { checkout } = await partRefundedOrder('4.00');
    const rest = await refundAtPayPal(checkout.orderID, undefined, false);
    expect((await ok(t, REFUND_ORDER, { id: checkout.id }, admin)).refundBookOrder.status).toBe('Refunded');
    expect(await refundsAtPayPal(checkout.orderID)).toEqual({ n: 2, minor: 2000 });
    await resend(rest.event.id);
    await processed(rest.event.id);
    const [row] = await t.db.query(`SELECT status, capture_status FROM book_orders WHERE id = $1`, [checkout.id]);
    expect(row).toEqual({ status: 'Refunded', capture_status: 'REFUNDED' });
  });

  it('refuses a part-refunded book order refund to the buyer, the events team, an editor and no token; odd ids are refused', async () => {
    const { member, checkout } = await partRefundedOrder('2.00');
    expect(code(await t.gql(REFUND_ORDER, { id: checkout.id }, member.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(REFUND_ORDER, { id: checkout.id }, events.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(REFUND_ORDER, { id: checkout.id }, editor.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(REFUND_ORDER, { id: checkout.id }))).toBe('UNAUTHENTICATED');
    for (const id of ['abc', '0', '-1', '1e3', ' 1', '0x10', '99999999999999999999', `${checkout.id}.0`]) {
      expect({ id, code: code(await t.gql(REFUND_ORDER, { id }, admin)) }).toEqual({ id, code: 'BAD_USER_INPUT' });
    }
    expect(code(await t.gql(REFUND_ORDER, { id: '2147483000' }, admin))).toBe('NOT_FOUND');
    expect(await refundsAtPayPal(checkout.orderID)).toEqual({ n: 1, minor: 200 });
    const [row] = await t.db.query(`SELECT status, capture_status FROM book_orders WHERE id = $1`, [checkout.id]);
    expect(row).toEqual({ status: 'Paid', capture_status: 'PARTIALLY_REFUNDED' });
  });

  it('keeps the legacy lists showing a part-refunded order refunded in the app as refunded', async () => {
    const { checkout } = await partRefundedOrder('1.00');
    await ok(t, REFUND_ORDER, { id: checkout.id }, admin);
    const orders = await t.http.get('/api/all-bookshop-orders').set('authorization', `Bearer ${admin}`).expect(200);
    const listed = orders.body.find((o: { id: number }) => o.id === Number(checkout.id));
    expect(listed).toBeDefined();
    expect(JSON.stringify(listed)).toMatch(/Refunded/);
  });

  // ---- Bookings ----------------------------------------------------------------------------------------------

  it('cancels a part-refunded booking once when its booker cancels twice at once: the rest refunded once, one mail', async () => {
    const { booker, held } = await partRefundedBooking(9, '2.00');
    const answers = await Promise.all([t.gql(CANCEL, { id: held.id }, booker.token), t.gql(CANCEL, { id: held.id }, booker.token)]);
    const done = answers.filter((answer) => !answer.errors);
    expect(done).toHaveLength(1);
    expect(done[0].data.cancelBooking.status).toBe('Refunded');
    const refused = answers.find((answer) => answer.errors)!;
    expect(code(refused)).toBe('CONFLICT');
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 900 });
    await settleMail();
    const mails = mailsTo(booker.email, /^Booking cancelled/);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/We have refunded \S+7\.00 through PayPal, what was left of your payment/);
  });

  it('staff refundBooking of a part-refunded booking refunds the rest and says how much', async () => {
    const { booker, held } = await partRefundedBooking(10, '2.50');
    expect((await ok(t, REFUND_BOOKING, { id: held.id }, events.token)).refundBooking.status).toBe('Refunded');
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 1000 });
    await settleMail();
    const [mail] = mailsTo(booker.email, /^Booking cancelled/);
    expect(mail.text).toMatch(/We have refunded \S+7\.50 through PayPal, what was left of your payment/);
    expect(code(await t.gql(REFUND_BOOKING, { id: held.id }, events.token))).toBe('CONFLICT');
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 1000 });
  });

  it('refuses to cancel a part-refunded booking for a member who is not the booker, staff without events:manage, no token and a wrong token; odd ids', async () => {
    const { held } = await partRefundedBooking(6, '1.00');
    const stranger = await t.member();
    expect(code(await t.gql(CANCEL, { id: held.id }, stranger.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(CANCEL, { id: held.id }, finance.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(CANCEL, { id: held.id }, editor.token))).toBe('NOT_FOUND');
    expect(code(await t.gql(CANCEL, { id: held.id }))).toBe('UNAUTHENTICATED');
    expect(code(await t.gql(CANCEL, { id: held.id, token: 'not-the-token-of-this-booking' }))).toBe('NOT_FOUND');
    expect(code(await t.gql(REFUND_BOOKING, { id: held.id }, stranger.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(REFUND_BOOKING, { id: held.id }, finance.token))).toBe('FORBIDDEN');
    expect(code(await t.gql(REFUND_BOOKING, { id: held.id }))).toBe('UNAUTHENTICATED');
    for (const id of ['abc', '0', '-1', '1e3', '99999999999999999999']) {
      expect({ id, code: code(await t.gql(CANCEL, { id }, admin)) }).toEqual({ id, code: 'BAD_USER_INPUT' });
      expect({ id, code: code(await t.gql(REFUND_BOOKING, { id }, admin)) }).toEqual({ id, code: 'BAD_USER_INPUT' });
    }
    expect(code(await t.gql(CANCEL, { id: '2147483000' }, admin))).toBe('NOT_FOUND');
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 1, minor: 100 });
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Paid', capture_status: 'PARTIALLY_REFUNDED', booking: 'Confirmed' });
    // Admin (events:manage) may: the rest is refunded.
    expect((await ok(t, CANCEL, { id: held.id }, admin)).cancelBooking.status).toBe('Refunded');
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 600 });
  });

  it('tells the booker of the refund when PayPal refunded the rest of a part-refunded booking before the cancel (its event not yet heard)', async () => {
    const { booker, held } = await partRefundedBooking(9, '2.00');
    // Staff refund the remaining £7 in PayPal itself; the event is on its way.
    const rest = await refundAtPayPal(held.checkout.orderID, undefined, false);
    const cancelled = await t.gql(CANCEL, { id: held.id }, booker.token);
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data.cancelBooking.status).toBe('Refunded');
    await resend(rest.event.id);
    await processed(rest.event.id);
    await settleMail();
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 900 });
    const mails = [...mailsTo(booker.email, /^Booking cancelled/), ...mailsTo(booker.email, /^Refunded/)];
    expect(mails).toHaveLength(1);
    // PayPal had returned the rest before the app asked: the booker is told it is all refunded, with no amount this
    // refund cannot vouch for.
    expect(mails[0].text).toContain('Your payment has been refunded in full through PayPal.');
  });

  it('tells the booker of the refund when the cancel waits on the payment while PayPal\'s REFUNDED event for it is being settled', async () => {
    const course = await createEvent(t, admin, { capacity: 4, price: 5 });
    const booker = await t.member();
    const held = (await sendBooking(t, CREATE_BOOKING, booker.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect(await payFor(t, held, booker.token)).toBe('Confirmed');
    const [{ id: paymentId }] = await t.db.query(`SELECT id FROM ticket_payments WHERE paypal_order_id = $1`, [held.checkout.orderID]);
    // Hold the payment's row, as a webhook settling it would, so the event and the cancel queue behind it in that order.
    const runner = t.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await runner.query(`SELECT id FROM ticket_payments WHERE id = $1 FOR UPDATE`, [paymentId]);
    const waiting = async (n: number) =>
      eventually(async () => {
        const [{ count }] = await t.db.query(
          `SELECT count(*)::int AS count FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%ticket_payments%' AND datname = current_database()`,
        );
        return count >= n;
      });
    let cancelled: Promise<{ data: any; errors: any[] }> | undefined;
    try {
      const event = await refundAtPayPal(held.checkout.orderID);
      expect(event.delivery?.status).toBe(200);
      await waiting(1);
      cancelled = t.gql(CANCEL, { id: held.id }, booker.token);
      await waiting(2);
    } finally {
      await runner.commitTransaction();
      await runner.release();
    }
    const answer = await cancelled;
    expect(answer.errors).toBeUndefined();
    expect(answer.data.cancelBooking.status).toBe('Refunded');
    await settleMail();
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 1, minor: 500 });
    const mails = mailsTo(booker.email, /^Booking cancelled/);
    expect(mails).toHaveLength(1);
    // PayPal's event refunded it while the cancel waited: the booker is still told their money came back.
    expect(mails[0].text).toContain('Your payment has been refunded in full through PayPal.');
  });

  /** A £8 booking whose capture PayPal held as PENDING until after its hold lapsed and its one place went to another. */
  async function paidAfterPlacesWent() {
    const course = await createEvent(t, admin, { capacity: 1, price: 8 });
    const late = await t.member();
    const held = (await sendBooking(t, CREATE_BOOKING, late.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    await approve(t, held.checkout.approveUrl, { outcome: 'PENDING' });
    expect((await ok(t, CAPTURE_BOOKING, { orderID: held.checkout.orderID }, late.token)).captureBooking.status).toBe('Held');
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [held.id]);
    await t.app.get(BookingSweepService).sweep(new Date());
    const other = await t.member();
    const otherHeld = (await sendBooking(t, CREATE_BOOKING, other.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect(await payFor(t, otherHeld, other.token)).toBe('Confirmed');
    return { late, held };
  }

  it('says how much a late payment for places that had gone was refunded, when PayPal had refunded part of it first', async () => {
    const { late, held } = await paidAfterPlacesWent();
    // PayPal completes the capture (event not delivered) and staff there refund £2 of the £8; that event arrives.
    await sendEvent(t, held.checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    await processed((await refundAtPayPal(held.checkout.orderID, '2.00')).event.id);
    await eventually(async () => (await ticketRow(held.checkout.orderID))?.status === 'Refunded');
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 800 });
    await settleMail();
    const [mail] = mailsTo(late.email, /^Refunded/);
    expect(mail).toBeDefined();
    // The app refunded the £6 that was left: the mail should say so, not "£8.00 in full".
    expect(mail.text).toMatch(/refunded \S+6\.00/);
    expect(mail.text).not.toContain('in full');
  });

  // ---- The retry job -----------------------------------------------------------------------------------------

  const retryJob = (bookingId: string) =>
    eventually(async () => {
      const [job] = await t.db.query(
        `SELECT j.id, j.state FROM pgboss.job j JOIN ticket_payments p ON p.id = (j.data->>'paymentId')::int
          WHERE j.name = 'booking-refund' AND p.booking_id = $1 AND j.state IN ('created', 'retry') ORDER BY j.created_on DESC LIMIT 1`,
        [bookingId],
      );
      return job as { id: string; state: string } | undefined;
    });
  const due = (jobId: string) => t.db.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [jobId]);
  const refuseRefunds = (orderID: string, count: number) => t.http.post(`/paypal-emulator/control/orders/${orderID}/refuse-refunds`).send({ count }).expect(200);
  const READ = `query($id: ID!) { Booking(id: $id) { status refundFailure } }`;

  it('cancelling the occurrence of a part-refunded booking refunds the rest and says how much, with the message', async () => {
    const { course, booker, held } = await partRefundedBooking(9, '4.00');
    expect((await ok(t, 'mutation($postId: ID!, $start: DateTime!, $message: String) { cancelOccurrence(postId: $postId, occurrenceStart: $start, message: $message) }', { postId: course.id, start: course.start, message: 'The hall flooded.' }, events.token)).cancelOccurrence).toBe(1);
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 900 });
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', booking: 'Refunded' });
    await settleMail();
    const [mail] = mailsTo(booker.email, /^Booking cancelled/);
    expect(mail.text).toContain('The hall flooded.');
    expect(mail.text).toMatch(/We have refunded \S+5\.00 through PayPal, what was left of your payment/);
  });

  it('says how much a late payment was refunded on a retry, when PayPal had refunded part of it first and refused the app at first', async () => {
    const { late, held } = await paidAfterPlacesWent();
    await refuseRefunds(held.checkout.orderID, 1);
    await sendEvent(t, held.checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    await processed((await refundAtPayPal(held.checkout.orderID, '3.00')).event.id);
    expect((await ok(t, READ, { id: held.id }, events.token)).Booking.refundFailure).toMatch(/PayPal refused/);
    await due((await retryJob(held.id)).id);
    await eventually(async () => (await ok(t, READ, { id: held.id }, events.token)).Booking.status === 'Refunded');
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 800 });
    await settleMail();
    const [mail] = mailsTo(late.email, /^Refunded/);
    expect(mail).toBeDefined();
    expect(mail.text).toMatch(/refunded \S+5\.00/);
    expect(mail.text).not.toContain('in full');
  });

  /** A paid £6 booking whose occurrence staff cancelled while PayPal refused its refund: the retry job holds it. */
  async function refundRefusedOnCancel() {
    const course = await createEvent(t, admin, { capacity: 3, price: 6 });
    const booker = await t.member();
    const held = (await sendBooking(t, CREATE_BOOKING, booker.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect(await payFor(t, held, booker.token)).toBe('Confirmed');
    await refuseRefunds(held.checkout.orderID, 1);
    expect((await ok(t, CANCEL_OCCURRENCE, { postId: course.id, start: course.start }, events.token)).cancelOccurrence).toBe(1);
    return { booker, held };
  }

  it('the retry job refunds what is left after PayPal refunded part meanwhile, and says how much', async () => {
    const { booker, held } = await refundRefusedOnCancel();
    expect((await ok(t, READ, { id: held.id }, events.token)).Booking.refundFailure).toMatch(/PayPal refused/);
    await processed((await refundAtPayPal(held.checkout.orderID, '2.00')).event.id);
    await due((await retryJob(held.id)).id);
    await eventually(async () => (await ok(t, READ, { id: held.id }, events.token)).Booking.status === 'Refunded');
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 600 });
    await settleMail();
    const [mail] = await eventually(async () => {
      const found = mailsTo(booker.email, /^Refunded/);
      return found.length ? found : undefined;
    });
    expect(mail.text).toMatch(/refunded \S+4\.00 through PayPal, what was left of your payment/);
  });

  it('the retry job, after PayPal refunded the payment in full meanwhile, never tells the booker it refunded 0.00', async () => {
    const { booker, held } = await refundRefusedOnCancel();
    expect((await ok(t, READ, { id: held.id }, events.token)).Booking.refundFailure).toMatch(/PayPal refused/);
    // Staff refund it in PayPal itself; the event is heard and the payment stored Refunded.
    await processed((await refundAtPayPal(held.checkout.orderID)).event.id);
    expect((await ticketRow(held.checkout.orderID)).status).toBe('Refunded');
    await due((await retryJob(held.id)).id);
    await eventually(async () => !(await ok(t, READ, { id: held.id }, events.token)).Booking.refundFailure);
    await settleMail();
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 1, minor: 600 });
    for (const mail of smtp.received.filter((m) => m.to.includes(booker.email))) expect(mail.text).not.toMatch(/\D0\.00/);
  });

  it('the retry job, after PayPal refunded the rest of a part refund (event not yet heard), never tells the booker it refunded 0.00', async () => {
    const { booker, held } = await refundRefusedOnCancel();
    await processed((await refundAtPayPal(held.checkout.orderID, '2.00')).event.id);
    const rest = await refundAtPayPal(held.checkout.orderID, undefined, false);
    await due((await retryJob(held.id)).id);
    await eventually(async () => (await ok(t, READ, { id: held.id }, events.token)).Booking.status === 'Refunded');
    await resend(rest.event.id);
    await processed(rest.event.id);
    await settleMail();
    expect(await refundsAtPayPal(held.checkout.orderID)).toEqual({ n: 2, minor: 600 });
    for (const mail of smtp.received.filter((m) => m.to.includes(booker.email))) expect(mail.text).not.toMatch(/\D0\.00/);
  });

  // ---- The webhook -------------------------------------------------------------------------------------------

  it('records a Created donation\'s full refund once, however often the event is delivered', async () => {
    const member = await t.member();
    const checkout = (await ok(t, CREATE_DONATION, { amount: 12, currency: 'GBP', description: 'Roof' }, member.token)).createDonation;
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    expect((await ok(t, CAPTURE_DONATION, { orderID: checkout.orderID }, member.token)).captureDonation.status).toBe('PENDING');
    const completed = await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    const refund = await refundAtPayPal(checkout.orderID, undefined, false);
    await Promise.all([resend(refund.event.id), resend(refund.event.id)]);
    await processed(refund.event.id);
    await resend(refund.event.id);
    await resend(completed.event.id);
    await processed(completed.event.id);
    await untilJobsSettle(t.db, ['paypal-webhook']);
    const [row] = await t.db.query(
      `SELECT d.status, d.paid_at IS NOT NULL AS paid, d.refunded_amount_minor AS refunded,
              (SELECT count(*)::int FROM donation_refunds r WHERE r.donation_id = d.id) AS refunds
         FROM donations d WHERE d.paypal_order_id = $1`,
      [checkout.orderID],
    );
    expect(row).toEqual({ status: 'Refunded', paid: true, refunded: 1200, refunds: 1 });
  });

  it('records a Created donation\'s part refund once, even when it is delivered again after the capture completes', async () => {
    const member = await t.member();
    const checkout = (await ok(t, CREATE_DONATION, { amount: 30, currency: 'GBP' }, member.token)).createDonation;
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    await ok(t, CAPTURE_DONATION, { orderID: checkout.orderID }, member.token);
    await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    const refund = await refundAtPayPal(checkout.orderID, '7.00');
    await processed(refund.event.id);
    await resend(refund.event.id);
    await untilJobsSettle(t.db, ['paypal-webhook']);
    const [row] = await t.db.query(
      `SELECT d.status, d.refunded_amount_minor AS refunded, (SELECT count(*)::int FROM donation_refunds r WHERE r.donation_id = d.id) AS refunds
         FROM donations d WHERE d.paypal_order_id = $1`,
      [checkout.orderID],
    );
    expect(row).toEqual({ status: 'Paid', refunded: 700, refunds: 1 });
  });

  it('settles a refund event for a Created book order refunded in full, once, and a retried delivery changes nothing', async () => {
    const member = await t.member();
    const checkout = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 1 }] }, member.token)).createBookOrder;
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    const refund = await refundAtPayPal(checkout.orderID);
    await processed(refund.event.id);
    await resend(refund.event.id);
    await untilJobsSettle(t.db, ['paypal-webhook']);
    const [row] = await t.db.query(`SELECT status, capture_status, paid_at IS NOT NULL AS paid FROM book_orders WHERE id = $1`, [checkout.id]);
    expect(row).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', paid: true });
    // Staff refunding it now changes nothing at PayPal.
    expect((await ok(t, REFUND_ORDER, { id: checkout.id }, admin)).refundBookOrder.status).toBe('Refunded');
    expect(await refundsAtPayPal(checkout.orderID)).toEqual({ n: 1, minor: 1000 });
  });

  it('cancels a Created (pending) ticket once when PayPal reports it refunded, and a retried event sends no second mail', async () => {
    const course = await createEvent(t, admin, { capacity: 4, price: 7 });
    const booker = await t.member();
    const held = (await sendBooking(t, CREATE_BOOKING, booker.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    await approve(t, held.checkout.approveUrl, { outcome: 'PENDING' });
    await ok(t, CAPTURE_BOOKING, { orderID: held.checkout.orderID }, booker.token);
    await sendEvent(t, held.checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    const refund = await refundAtPayPal(held.checkout.orderID);
    await processed(refund.event.id);
    await resend(refund.event.id);
    await settleMail();
    expect(await ticketRow(held.checkout.orderID)).toEqual({ status: 'Refunded', capture_status: 'REFUNDED', booking: 'Refunded' });
    expect(mailsTo(booker.email, /^Booking cancelled/)).toHaveLength(1);
  });

  it('marks processed, changing nothing, a refund event about no record of ours (and one with odd ids)', async () => {
    const webhooks = t.app.get(PayPalWebhookService);
    const bodies = [
      { event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'NOSUCHREFUND1', supplementary_data: { related_ids: { order_id: 'NOSUCHORDER1' } } } },
      { event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'NOSUCHREFUND2', supplementary_data: { related_ids: { capture_id: 'NOSUCHCAPTURE2' } } } },
      { event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: '../../v1/oauth2/token', links: [{ rel: 'up', href: 'https://x/v2/payments/captures/../../' }] } },
      { event_type: 'PAYMENT.CAPTURE.REVERSED', resource: {} },
      { event_type: 'PAYMENT.CAPTURE.REFUNDED' },
    ];
    for (const [i, body] of bodies.entries()) {
      const id = `WH-REVIEW-${Date.now()}-${i}`;
      await t.db.query(`INSERT INTO paypal_webhook_events (id, event_type, body) VALUES ($1, $2, $3)`, [id, body.event_type, { id, ...body }]);
      await webhooks.process(id);
      const [row] = await t.db.query('SELECT processed_at FROM paypal_webhook_events WHERE id = $1', [id]);
      expect({ i, processed: Boolean(row.processed_at) }).toEqual({ i, processed: true });
    }
  });

  it('marks processed a refund event whose record is gone (its PayPal ids no longer ours), changing nothing', async () => {
    const member = await t.member();
    const checkout = (await ok(t, CREATE_BOOK_ORDER, { items: [{ bookId: String(bookId), quantity: 1 }] }, member.token)).createBookOrder;
    await approve(t, checkout.approveUrl, { outcome: 'PENDING' });
    await ok(t, CAPTURE_BOOK_ORDER, { orderID: checkout.orderID }, member.token);
    await t.db.query(`UPDATE book_orders SET paypal_order_id = 'GONE' || id, capture_id = NULL WHERE id = $1`, [checkout.id]);
    await sendEvent(t, checkout.orderID, 'PAYMENT.CAPTURE.COMPLETED', false);
    const refund = await refundAtPayPal(checkout.orderID, '3.00');
    await processed(refund.event.id);
    const [row] = await t.db.query(`SELECT status FROM book_orders WHERE id = $1`, [checkout.id]);
    expect(row.status).toBe('Created');
  });
});
