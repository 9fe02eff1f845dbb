import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BookingSweepService } from '../src/bookings/index.js';
import { RetentionService } from '../src/privacy/retention.service.js';
import { approve, emulatorOrder, eventually, ok, sendEvent } from './support/commerce.js';
import { createEvent, firstSaturday, payFor, sendBooking } from './support/bookings.js';
import { startSmtpServer } from './support/smtp.js';
import { requestsOwnSql, startTestApp, TestApp } from './support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BOOKING_FIELDS =
  'id reference status places names amount currency holdExpiresAt offerExpiresAt postId postName occurrenceStart checkout { orderID approveUrl } ticket ticketQr canCancel answers { questionId label answer }';
const CREATE_BOOKING = `mutation($postId: ID!, $start: DateTime!, $places: Int!, $names: [String!], $answers: [BookingAnswerInput!], $name: String, $email: String) {
  createBooking(postId: $postId, occurrenceStart: $start, places: $places, names: $names, answers: $answers, name: $name, email: $email) { ${BOOKING_FIELDS} } }`;
const JOIN_WAITLIST = `mutation($postId: ID!, $start: DateTime!, $places: Int!) { joinWaitlist(postId: $postId, occurrenceStart: $start, places: $places) { ${BOOKING_FIELDS} } }`;
const CREATE_PROGRAM = `mutation($name: String!, $startsAt: DateTime!, $booking: BookingSettingsInput) {
  createPost(name: $name, body: "<p>Come</p>", categoryId: "1", startsAt: $startsAt, booking: $booking) { id booking { capacity price } } }`;
const OCCURRENCES = `query($id: ID!) { Post(id: $id) { booking { capacity price currency questions { id label kind } } bookingOccurrences(limit: 3) { start placesLeft full open waitlist cancelled } } }`;

describe('booking places on events: holds, payment, waiting lists, tickets and the door', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let member: Awaited<ReturnType<TestApp['member']>>;
  let door: Awaited<ReturnType<TestApp['member']>>;
  let editor: Awaited<ReturnType<TestApp['member']>>;
  const sweep = (now = new Date()) => t.app.get(BookingSweepService).sweep(now);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    admin = await t.adminToken();
    member = await t.member({ firstname: 'Ruth', lastname: 'Okafor' });
    door = await t.member({ firstname: 'Door', lastname: 'Keeper' });
    editor = await t.member({ firstname: 'Eddie', lastname: 'Editor' });
    await t.db.query(`UPDATE users SET role = 'EventsTeam' WHERE id = $1`, [door.id]);
    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [editor.id]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const event = (booking: Record<string, unknown>, recurrence?: string) => createEvent(t, admin, booking, { recurrence });
  const book = (token: string | undefined, variables: Record<string, unknown>, address?: string) => sendBooking(t, CREATE_BOOKING, token, variables, address);

  it('checks the settings staff give, naming the field at fault', async () => {
    const startsAt = firstSaturday();
    const bad = await t.gql(CREATE_PROGRAM, { name: 'Bad', startsAt, booking: { capacity: 0 } }, admin);
    expect(bad.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'booking.capacity',
    });
    const choice = await t.gql(
      CREATE_PROGRAM,
      {
        name: 'Bad',
        startsAt,
        booking: {
          capacity: 5,
          questions: [{ label: 'Size', kind: 'Choice', choices: ['M'] }],
        },
      },
      admin,
    );
    expect(choice.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'booking.questions.0.choices',
    });
    const blog = await t.gql('mutation { createPost(name: "News", body: "<p>x</p>", categoryId: "3", booking: { capacity: 5 }) { id } }', {}, admin);
    expect(blog.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'booking',
    });
    const created = await ok(
      t,
      CREATE_PROGRAM,
      {
        name: 'Good',
        startsAt,
        booking: {
          capacity: 30,
          price: 12.5,
          questions: [{ label: 'Dietary needs', kind: 'ShortText' }],
        },
      },
      editor.token,
    );
    expect(created.createPost.booking).toEqual({ capacity: 30, price: 12.5 });
    const read = await ok(t, OCCURRENCES, { id: created.createPost.id }, admin);
    expect(read.Post.booking).toEqual({
      capacity: 30,
      price: 12.5,
      currency: 'GBP',
      questions: [{ id: 'dietary-needs', label: 'Dietary needs', kind: 'ShortText' }],
    });
  });

  it('confirms a member’s free booking at once and e-mails the ticket with its QR code and calendar entry', async () => {
    const course = await event({
      capacity: 10,
      questions: [{ id: 'access', label: 'Access needs', kind: 'ShortText' }],
    });
    const data = (
      await book(member.token, {
        postId: course.id,
        start: course.start,
        places: 2,
        names: ['Ruth Okafor', 'Ada Okafor'],
        answers: [{ questionId: 'access', answer: 'Step-free, please' }],
      })
    ).data;
    expect(data.createBooking).toMatchObject({
      status: 'Confirmed',
      places: 2,
      amount: 0,
      reference: expect.stringMatching(/^BK-[A-Z0-9]{8}$/),
      checkout: null,
      canCancel: true,
    });
    expect(data.createBooking.ticket).toMatch(/^T1\.BK-/);
    expect(data.createBooking.ticketQr).toMatch(/^data:image\/svg\+xml;base64,/);
    const mail = await smtp.waitFor((m) => m.to.includes(member.email) && m.raw.includes(data.createBooking.reference));
    expect(mail.raw).toMatch(/Content-Type: image\/png; name=BK-[A-Z0-9]{8}\.png/);
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/);
    const occurrences = (await ok(t, OCCURRENCES, { id: course.id }, member.token)).Post.bookingOccurrences;
    expect(occurrences[0]).toMatchObject({
      start: course.start,
      placesLeft: 8,
      full: false,
      open: true,
    });
    // Another's booking is not theirs to read, and its answers are for events staff only.
    const other = await t.member();
    expect(
      (await t.gql(`query($id: ID!) { Booking(id: $id) { answers { answer } } }`, { id: data.createBooking.id }, other.token)).errors[0].extensions.code,
    ).toBe('NOT_FOUND');
    expect((await ok(t, `query($id: ID!) { Booking(id: $id) { answers { answer } } }`, { id: data.createBooking.id }, door.token)).Booking.answers).toEqual([
      { answer: 'Step-free, please' },
    ]);
    expect((await t.gql('{ allBookings { id } }', {}, editor.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    // Answers are health data: each staff read of a booking or a list of them is on the audit trail; the booker's own is not.
    await ok(t, `query($id: ID!) { Booking(id: $id) { id } }`, { id: data.createBooking.id }, member.token);
    await ok(t, '{ allBookings { id } }', {}, door.token);
    const reads = await t.db.query(`SELECT action, actor_id FROM audit_events WHERE action LIKE 'booking.%' AND $1 = ANY(record_ids) ORDER BY id`, [
      String(data.createBooking.id),
    ]);
    expect(reads).toEqual([
      { action: 'booking.read', actor_id: door.id },
      { action: 'booking.list', actor_id: door.id },
    ]);
  });

  it('holds a visitor’s free places until the e-mailed link confirms them; paid places need an account', async () => {
    const course = await event({ capacity: 5 });
    const held = (
      await book(undefined, {
        postId: course.id,
        start: course.start,
        places: 1,
        name: 'Vera Visitor',
        email: 'vera@test.example',
      })
    ).data.createBooking;
    expect(held).toMatchObject({ status: 'Held', ticket: null });
    const mail = await smtp.waitFor((m) => m.to.includes('vera@test.example') && m.subject.startsWith('Confirm your booking'));
    const token = /\/booking\/confirm\?token=([\w-]+)/.exec(mail.text)![1];
    const confirmed = await ok(t, 'mutation($token: String!) { confirmBooking(token: $token) { status reference } }', { token }, '');
    expect(confirmed.confirmBooking).toEqual({
      status: 'Confirmed',
      reference: held.reference,
    });
    expect((await t.gql('mutation { confirmBooking(token: "made-up") { status } }')).errors[0].extensions.code).toBe('NOT_FOUND');
    const ticket = await smtp.waitFor((m) => m.to.includes('vera@test.example') && m.subject.startsWith('Your booking'));
    const [, id, cancelToken] = /\/booking\/cancel\?id=(\d+)&token=([\w-]+)/.exec(ticket.text)!;
    expect(id).toBe(held.id);
    const CANCEL = 'mutation($id: ID!, $token: String) { cancelBooking(id: $id, token: $token) { status } }';
    expect((await t.gql(CANCEL, { id, token: 'not-hers' })).errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await ok(t, CANCEL, { id, token: cancelToken }, '')).cancelBooking.status).toBe('Cancelled');

    const asking = await event({ capacity: 5, questions: [{ id: 'access', label: 'Access needs', kind: 'YesNo', required: true }] });
    const blank = await book(undefined, { postId: asking.id, start: asking.start, places: 1, name: ' ', email: 'not-an-address' });
    expect(blank.errors![0].extensions.errors).toEqual([
      { field: 'name', message: 'Please give your name' },
      { field: 'email', message: 'Please give a valid e-mail address' },
      { field: 'answers.access', message: 'Please answer "Access needs"' },
    ]);

    const paid = await event({ capacity: 5, price: 10 });
    const refused = await book(undefined, {
      postId: paid.id,
      start: paid.start,
      places: 1,
      name: 'Vera Visitor',
      email: 'vera@test.example',
    });
    expect(refused.errors![0]).toMatchObject({
      message: 'Please log in to book a paid place',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('holds paid places while the member pays, prices them on the server and confirms them on capture', async () => {
    const course = await event({ capacity: 5, price: 12.5 });
    const held = (
      await book(member.token, {
        postId: course.id,
        start: course.start,
        places: 2,
      })
    ).data.createBooking;
    expect(held).toMatchObject({
      status: 'Held',
      amount: 25,
      checkout: { orderID: expect.stringMatching(/^[A-Z0-9]{17}$/) },
    });
    expect(new Date(held.holdExpiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const atPayPal = await emulatorOrder(t, held.checkout.orderID);
    expect(atPayPal.order.purchase_units[0]).toMatchObject({
      custom_id: expect.stringMatching(/^ticket-\d+$/),
      amount: { currency_code: 'GBP', value: '25.00' },
    });
    const back = await approve(t, held.checkout.approveUrl);
    expect(back.pathname).toBe('/user/booking-paypal-payment-response');
    const captured = await ok(
      t,
      `mutation($orderID: String!) { captureBooking(orderID: $orderID) { status reference ticketQr } }`,
      { orderID: held.checkout.orderID },
      member.token,
    );
    expect(captured.captureBooking).toMatchObject({
      status: 'Confirmed',
      reference: held.reference,
      ticketQr: expect.stringMatching(/^data:image\/svg/),
    });
    const mine = (await ok(t, `{ myBookings { reference status ticket } }`, {}, member.token)).myBookings;
    expect(mine.find((b: { reference: string }) => b.reference === held.reference)).toMatchObject({
      status: 'Confirmed',
      ticket: expect.stringMatching(/^T1\./),
    });
    const [gift] = await t.db.query(`SELECT count(*)::int AS n FROM donations WHERE user_id = $1`, [member.id]);
    expect(gift.n).toBe(0);
  });

  it('confirms a paid booking from PayPal’s webhook when the member approved but never came back', async () => {
    const course = await event({ capacity: 2, price: 6 });
    const held = (await book(member.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    expect((await sendEvent(t, held.checkout.orderID, 'CHECKOUT.ORDER.APPROVED')).delivery!.status).toBe(200);
    await eventually(async () => (await t.db.query(`SELECT status FROM bookings WHERE id = $1`, [held.id]))[0].status === 'Confirmed');
    await smtp.waitFor((m) => m.to.includes(member.email) && m.raw.includes(held.reference) && m.subject.startsWith('Your booking'));
    // Coming back after all changes nothing and charges nothing more.
    const late = await ok(t, `mutation($orderID: String!) { captureBooking(orderID: $orderID) { status } }`, { orderID: held.checkout.orderID }, member.token);
    expect(late.captureBooking.status).toBe('Confirmed');
    expect((await emulatorOrder(t, held.checkout.orderID)).captureCalls).toBe(1);
  });

  it('reminds each confirmed booker once, a day ahead, and lets events staff write to everyone booked', async () => {
    const course = await event({ capacity: 5 });
    const booking = (await book(member.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
    const start = new Date(course.start).getTime();
    const remindedAt = async () => (await t.db.query(`SELECT reminded_at FROM bookings WHERE id = $1`, [booking.id]))[0].reminded_at;
    await sweep(new Date(start - 2 * DAY_MS));
    expect(await remindedAt()).toBeNull();
    // Every booking of that Saturday is due a day ahead (other tests' too); each is reminded by one sweep only.
    expect((await sweep(new Date(start - DAY_MS / 2))).reminded).toBeGreaterThanOrEqual(1);
    expect(await remindedAt()).not.toBeNull();
    expect((await sweep(new Date(start - DAY_MS / 4))).reminded).toBe(0);
    const reminder = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject.startsWith('Reminder:') && m.text.includes(booking.reference));
    expect(reminder.text).toContain('Your ticket:');

    const MESSAGE =
      'mutation($postId: ID!, $start: DateTime!, $subject: String!) { messageBookers(postId: $postId, occurrenceStart: $start, subject: $subject, body: "Bring a Bible.") }';
    expect((await t.gql(MESSAGE, { postId: course.id, start: course.start, subject: 'Hi\r\nBcc: x@y' }, door.token)).errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'subject',
    });
    expect((await t.gql(MESSAGE, { postId: course.id, start: course.start, subject: 'Saturday' }, editor.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await ok(t, MESSAGE, { postId: course.id, start: course.start, subject: 'Saturday' }, door.token)).messageBookers).toBe(1);
    const told = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === 'Saturday' && m.text.includes(booking.reference));
    expect(told.text).toContain('Bring a Bible.');
  });

  it('never books more places than there are: 200 calls at once for the last 20 places, five times', async () => {
    const course = await event({ capacity: 25, perBookingLimit: 5 }, 'FREQ=WEEKLY;COUNT=5');
    const occurrences = (await ok(t, `query($id: ID!) { Post(id: $id) { bookingOccurrences(limit: 5) { start } } }`, { id: course.id }, admin)).Post
      .bookingOccurrences;
    expect(occurrences).toHaveLength(5);
    for (const [round, { start }] of occurrences.entries()) {
      await book(admin, { postId: course.id, start, places: 5 });
      const calls = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          book(
            undefined,
            { postId: course.id, start, places: 1, name: `Guest ${index}`, email: `guest${index}@test.example` },
            `10.${round + 20}.${Math.floor(index / 200)}.${index % 200}`,
          ),
        ),
      );
      // Visitors' places are held (each until its e-mailed link confirms it): held places count as taken.
      const booked = calls.filter((call) => call.data?.createBooking?.status === 'Held');
      const full = calls.filter((call) => call.errors?.[0]?.extensions?.code === 'CONFLICT');
      expect({ round, booked: booked.length, full: full.length }).toEqual({
        round,
        booked: 20,
        full: 180,
      });
      expect(full[0].errors![0]).toMatchObject({
        message: 'This event is full',
        extensions: { field: 'places', placesLeft: 0, waitlist: false },
      });
      const [stored] = await t.db.query(
        `SELECT sum(b.places)::int AS places FROM bookings b JOIN booking_occurrences o ON o.id = b.occurrence_id WHERE o.post_id = $1 AND o.starts_at = $2 AND b.status IN ('Confirmed', 'Held')`,
        [course.id, start],
      );
      expect(stored.places).toBe(25);
    }
  });

  it('frees a lapsed hold’s places; a late payment is refunded when they are gone and confirmed when they are not', async () => {
    const course = await event({ capacity: 1, price: 8 });
    const first = (
      await book(member.token, {
        postId: course.id,
        start: course.start,
        places: 1,
      })
    ).data.createBooking;
    const second = await t.member();
    expect(
      (
        await book(second.token, {
          postId: course.id,
          start: course.start,
          places: 1,
        })
      ).errors![0].extensions.code,
    ).toBe('CONFLICT');
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [first.id]);
    expect((await ok(t, OCCURRENCES, { id: course.id }, admin)).Post.bookingOccurrences[0].placesLeft).toBe(1);
    const taker = (
      await book(second.token, {
        postId: course.id,
        start: course.start,
        places: 1,
      })
    ).data.createBooking;
    expect(taker.status).toBe('Held');
    await sweep();

    await approve(t, first.checkout.approveUrl);
    const late = await ok(
      t,
      `mutation($orderID: String!) { captureBooking(orderID: $orderID) { status ticket } }`,
      { orderID: first.checkout.orderID },
      member.token,
    );
    expect(late.captureBooking).toEqual({ status: 'Refunded', ticket: null });
    expect((await emulatorOrder(t, first.checkout.orderID)).order.purchase_units[0].payments.captures[0].status).toBe('REFUNDED');
    await smtp.waitFor((m) => m.to.includes(member.email) && m.subject.startsWith('Refunded:'));

    // The second member's hold lapses too, but nobody took the place meanwhile: their late payment confirms it.
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [taker.id]);
    await sweep();
    expect(await payFor(t, taker, second.token)).toBe('Confirmed');
  });

  it('offers a freed place to the first in line, then the next when the offer lapses, and never charges anyone waiting', async () => {
    const course = await event({ capacity: 2, waitlist: true, price: 5 });
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => t.member()));
    const pay = async (who: typeof a) => {
      const held = (await book(who.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking;
      expect(await payFor(t, held, who.token)).toBe('Confirmed');
      return held;
    };
    const booked = await pay(a);
    await pay(b);
    const full = await book(c.token, {
      postId: course.id,
      start: course.start,
      places: 1,
    });
    expect(full.errors![0]).toMatchObject({
      message: 'This event is full: you can join the waiting list',
      extensions: { placesLeft: 0, waitlist: true },
    });
    for (const who of [c, d]) {
      const waiting = await ok(t, JOIN_WAITLIST, { postId: course.id, start: course.start, places: 1 }, who.token);
      expect(waiting.joinWaitlist).toMatchObject({
        status: 'Waitlisted',
        checkout: null,
      });
    }
    const [payments] = await t.db.query(`SELECT count(*)::int AS n FROM ticket_payments WHERE user_id = ANY($1)`, [[c.id, d.id]]);
    expect(payments.n).toBe(0);

    expect((await ok(t, `mutation($id: ID!) { cancelBooking(id: $id) { status } }`, { id: booked.id }, a.token)).cancelBooking.status).toBe('Refunded');
    const offer = await smtp.waitFor((m) => m.to.includes(c.email) && m.subject.startsWith('A place is free'));
    expect(offer.text).toContain('You have not been charged');
    await t.db.query(`UPDATE bookings SET offer_expires_at = now() - interval '1 minute' WHERE user_id = $1 AND status = 'Offered'`, [c.id]);
    expect(await sweep()).toMatchObject({ lapsed: 1, offered: 1 });
    await smtp.waitFor((m) => m.to.includes(c.email) && m.subject.startsWith('Your offer has lapsed'));
    const next = await smtp.waitFor((m) => m.to.includes(d.email) && m.subject.startsWith('A place is free'));
    const token = /\/booking\/offer\?token=([\w-]+)/.exec(next.text)![1];
    expect((await t.gql('mutation($token: String!) { acceptBookingOffer(token: $token) { status } }', { token }, c.token)).errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const accepted = await ok(
      t,
      `mutation($token: String!) { acceptBookingOffer(token: $token) { status checkout { approveUrl orderID } } }`,
      { token },
      d.token,
    );
    expect(accepted.acceptBookingOffer).toMatchObject({
      status: 'Held',
      checkout: { orderID: expect.any(String) },
    });
    expect(await payFor(t, accepted.acceptBookingOffer, d.token)).toBe('Confirmed');
    const [charged] = await t.db.query(`SELECT count(*)::int AS n FROM ticket_payments WHERE user_id = $1`, [c.id]);
    expect(charged.n).toBe(0);
  });

  it('checks a ticket in at the door once, by reference or scanned code, and says when it already was', async () => {
    const course = await event({ capacity: 3 });
    const booking = (
      await book(member.token, {
        postId: course.id,
        start: course.start,
        places: 1,
      })
    ).data.createBooking;
    const CHECK_IN = 'mutation($reference: String!) { checkInBooking(reference: $reference) { status reference } }';
    expect((await t.gql(CHECK_IN, { reference: booking.reference }, editor.token)).errors[0].extensions.code).toBe('FORBIDDEN');
    const typed = ` ${booking.reference.slice(3).toLowerCase()} `;
    expect((await ok(t, CHECK_IN, { reference: typed }, door.token)).checkInBooking).toEqual({ status: 'CheckedIn', reference: booking.reference });
    const again = await t.gql(CHECK_IN, { reference: booking.ticket }, door.token);
    expect(again.errors[0]).toMatchObject({
      message: expect.stringMatching(/^Already checked in at \d\d:\d\d$/),
      extensions: { code: 'CONFLICT' },
    });
    const forged = await t.gql(CHECK_IN, { reference: `${booking.ticket.slice(0, -2)}xx` }, door.token);
    expect(forged.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'reference',
    });
    const counts = await ok(
      t,
      'query($postId: ID!, $start: DateTime!) { bookingCounts(postId: $postId, occurrenceStart: $start) { capacity booked checkedIn waiting placesLeft } }',
      { postId: course.id, start: course.start },
      door.token,
    );
    expect(counts.bookingCounts).toEqual({
      capacity: 3,
      booked: 1,
      checkedIn: 1,
      waiting: 0,
      placesLeft: 2,
    });
    const [audited] = await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'booking.check-in' AND $1 = ANY(record_ids)`, [
      String(booking.id),
    ]);
    expect(audited.n).toBe(1);
  });

  it('exports the attendees as CSV for events staff, with formulas neutralised, on the audit trail', async () => {
    const course = await event({
      capacity: 3,
      questions: [{ id: 'dietary', label: 'Dietary needs', kind: 'ShortText' }],
    });
    await book(member.token, {
      postId: course.id,
      start: course.start,
      places: 1,
      names: ['=HYPERLINK("x")'],
      answers: [{ questionId: 'dietary', answer: '+vegan' }],
    });
    const path = `/api/admin/bookings.csv?postId=${course.id}&occurrenceStart=${encodeURIComponent(course.start)}`;
    await t.http.get(path).set('authorization', `Bearer ${editor.token}`).expect(403);
    const csv = await t.http.get(path).set('authorization', `Bearer ${door.token}`).expect(200);
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.text).toContain(`,Dietary needs: +vegan,`);
    const [audited] = await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'booking.export'`);
    expect(audited.n).toBe(1);
  });

  it('cancels an occurrence: every booking cancelled, paid ones refunded, everyone told', async () => {
    const course = await event({ capacity: 4, price: 3 });
    const held = (
      await book(member.token, {
        postId: course.id,
        start: course.start,
        places: 1,
      })
    ).data.createBooking;
    expect(await payFor(t, held, member.token)).toBe('Confirmed');
    const cancelled = await ok(
      t,
      'mutation($postId: ID!, $start: DateTime!) { cancelOccurrence(postId: $postId, occurrenceStart: $start, message: "The hall is flooded.") }',
      { postId: course.id, start: course.start },
      door.token,
    );
    expect(cancelled.cancelOccurrence).toBe(1);
    expect((await ok(t, `query($id: ID!) { Booking(id: $id) { status } }`, { id: held.id }, member.token)).Booking.status).toBe('Refunded');
    const told = await smtp.waitFor((m) => m.to.includes(member.email) && m.subject.startsWith('Booking cancelled') && m.text.includes('flooded'));
    expect(told.text).toContain('refunded');
    expect(
      (
        await book(member.token, {
          postId: course.id,
          start: course.start,
          places: 1,
        })
      ).errors![0].message,
    ).toBe('This occurrence has been cancelled');
  });

  it('puts bookings in the export, keeps paid ones without identity on erasure, and deletes answers 30 days after the event', async () => {
    const someone = await t.member({ firstname: 'Erin' });
    const free = await event({
      capacity: 3,
      questions: [{ id: 'access', label: 'Access needs', kind: 'ShortText' }],
    });
    const freeBooking = (
      await book(someone.token, {
        postId: free.id,
        start: free.start,
        places: 1,
        answers: [{ questionId: 'access', answer: 'Wheelchair' }],
      })
    ).data.createBooking;
    const paid = await event({ capacity: 3, price: 4 });
    const held = (
      await book(someone.token, {
        postId: paid.id,
        start: paid.start,
        places: 1,
      })
    ).data.createBooking;
    expect(await payFor(t, held, someone.token)).toBe('Confirmed');

    const exported = JSON.parse((await ok(t, '{ exportMyData }', {}, someone.token)).exportMyData);
    expect(exported.bookings.map((b: { reference: string }) => b.reference).sort()).toEqual([freeBooking.reference, held.reference].sort());
    expect(exported.bookings.find((b: { reference: string }) => b.reference === freeBooking.reference).answers).toEqual([
      { questionId: 'access', label: 'Access needs', answer: 'Wheelchair' },
    ]);

    const retention = t.app.get(RetentionService);
    // Answers are kept 30 days after the event, which starts 7 to 13 days from today, by the weekday.
    const afterEvent = (days: number) => new Date(Date.parse(free.start) + days * DAY_MS);
    expect(await retention.run(afterEvent(29))).not.toMatch(/answers of/);
    expect(await retention.run(afterEvent(31))).toMatch(/answers of \d+ bookings deleted/);
    const [answers] = await t.db.query(`SELECT answers FROM bookings WHERE id = $1`, [freeBooking.id]);
    expect(answers.answers).toEqual([]);

    await ok(t, 'mutation($p: String!) { deleteMyAccount(password: $p) }', { p: someone.password }, someone.token);
    expect(await t.db.query(`SELECT id FROM bookings WHERE id = $1`, [freeBooking.id])).toEqual([]);
    const [kept] = await t.db.query(`SELECT user_id, booker_name, email, names, amount_minor FROM bookings WHERE id = $1`, [held.id]);
    expect(kept).toEqual({
      user_id: null,
      booker_name: '',
      email: '',
      names: [],
      amount_minor: 400,
    });
  });

  it('lists a page of programs with their coming occurrences in the same number of SQL statements whatever its length', async () => {
    const single = await event({ capacity: 10 });
    const weekly = await event({ capacity: 5 }, 'FREQ=WEEKLY');
    const cancelledOne = await event({ capacity: 3, waitlist: true });
    const draft = await event({ capacity: 8 });
    const undated = await ok(t, 'mutation { createPost(name: "Notice", body: "<p>x</p>", categoryId: "1") { id } }', {}, admin);
    expect((await book(member.token, { postId: weekly.id, start: weekly.start, places: 2 })).data.createBooking.status).toBe('Confirmed');
    await ok(
      t,
      'mutation($postId: ID!, $start: DateTime!) { cancelOccurrence(postId: $postId, occurrenceStart: $start, message: "No hall that day.") }',
      { postId: cancelledOne.id, start: cancelledOne.start },
      door.token,
    );
    await ok(t, 'mutation($id: ID!) { updatePost(id: $id, status: UnAuthorised) { id } }', { id: draft.id }, admin);
    const ids = [single.id, weekly.id, cancelledOne.id, draft.id, undated.createPost.id];

    // What the console's posts list asks for (ra-data-graphql-simple selects every field of Post, occurrences with their default limit).
    const OCCURRENCE_FIELDS = 'postId start end capacity placesLeft open full waitlist cancelled';
    const page = async (perPage: number) => {
      const response = await t.http
        .post('/graphql')
        .set({ 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-sql-count': '1' })
        .send({
          query: `query($ids: [ID!]) {
            items: allPosts(perPage: ${perPage}, sortField: "id", sortOrder: "ASC", filter: { ids: $ids }) { id name status booking { capacity } bookingOccurrences { ${OCCURRENCE_FIELDS} } }
            total: _allPostsMeta(perPage: ${perPage}, sortField: "id", sortOrder: "ASC", filter: { ids: $ids }) { count } }`,
          variables: { ids },
        })
        .expect(200);
      expect(response.body.errors).toBeUndefined();
      return { posts: response.body.data.items, statements: requestsOwnSql(response) };
    };

    const one = await page(1);
    const all = await page(ids.length);
    expect(one.posts.map((post: { id: string }) => post.id)).toEqual([single.id]);
    expect(all.posts.map((post: { id: string }) => post.id)).toEqual(ids);
    expect(one.statements).toBeGreaterThan(0);
    expect(all.statements).toBe(one.statements);

    // Each program still gets its own occurrences, in order, with its own places; drafts and undated posts none.
    const [singleRead, weeklyRead, cancelledRead, draftRead, undatedRead] = all.posts.map(
      (post: { bookingOccurrences: { postId: string; start: string; placesLeft: number; cancelled: boolean; open: boolean }[] }) => post.bookingOccurrences,
    );
    expect(singleRead).toEqual([
      { postId: single.id, start: single.start, end: null, capacity: 10, placesLeft: 10, open: true, full: false, waitlist: false, cancelled: false },
    ]);
    expect(weeklyRead).toHaveLength(12);
    const weeklyStarts = weeklyRead.map((occurrence: { start: string }) => Date.parse(occurrence.start));
    expect(weeklyStarts[0]).toBe(Date.parse(weekly.start));
    // A week apart, give or take the hour the clocks change by (the program keeps its London time).
    for (const [week, start] of weeklyStarts.slice(1).entries()) expect(Math.abs(start - weeklyStarts[week] - 7 * DAY_MS)).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(weeklyRead.map((occurrence: { placesLeft: number }) => occurrence.placesLeft)).toEqual([3, ...Array(11).fill(5)]);
    expect(weeklyRead.every((occurrence: { postId: string }) => occurrence.postId === weekly.id)).toBe(true);
    expect(cancelledRead).toEqual([
      { postId: cancelledOne.id, start: cancelledOne.start, end: null, capacity: 3, placesLeft: 3, open: false, full: false, waitlist: true, cancelled: true },
    ]);
    expect(draftRead).toEqual([]);
    expect(undatedRead).toEqual([]);
    // A page of one reads what the longer page read for that program.
    expect(one.posts[0].bookingOccurrences).toEqual(singleRead);
  });
});
