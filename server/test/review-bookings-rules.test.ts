import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RetentionService } from '../src/privacy/retention.service.js';
import { createEvent, payFor, sendBooking } from './support/bookings.js';
import { ok } from './support/commerce.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIELDS = 'id reference status amount checkout { orderID approveUrl } answers { questionId answer }';
const CREATE_BOOKING = `mutation($postId: ID!, $start: DateTime!, $places: Int!, $answers: [BookingAnswerInput!]) {
  createBooking(postId: $postId, occurrenceStart: $start, places: $places, answers: $answers) { ${FIELDS} } }`;

/** The headers and decoded body of the text/calendar part of a raw MIME message. */
function calendarPart(raw: string): { headers: string; body: string } {
  const start = raw.search(/^Content-Type: text\/calendar/im);
  expect(start).toBeGreaterThan(-1);
  const part = raw.slice(start);
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const encoded = part
    .slice(split)
    .replace(/^\r?\n\r?\n/, '')
    .split(/\r?\n--/)[0];
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return { headers, body: Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return { headers, body: encoded.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) };
  return { headers, body: encoded };
}

describe('review: event booking against the rules of its domain', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let door: Awaited<ReturnType<TestApp['member']>>;
  let editor: Awaited<ReturnType<TestApp['member']>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    admin = await t.adminToken();
    door = await t.member({ firstname: 'Door', lastname: 'Keeper' });
    editor = await t.member({ firstname: 'Eddie', lastname: 'Editor' });
    await t.db.query(`UPDATE users SET role = 'EventsTeam' WHERE id = $1`, [door.id]);
    await t.db.query(`UPDATE users SET role = 'Editor' WHERE id = $1`, [editor.id]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const event = (booking: Record<string, unknown>) => createEvent(t, admin, booking);
  const book = (token: string, variables: Record<string, unknown>) => sendBooking(t, CREATE_BOOKING, token, variables);
  async function paidBooking(who: Awaited<ReturnType<TestApp['member']>>, price = 7.5, places = 2) {
    const course = await event({ capacity: 5, price });
    const held = (await book(who.token, { postId: course.id, start: course.start, places })).data.createBooking;
    expect(await payFor(t, held, who.token)).toBe('Confirmed');
    return held;
  }

  describe('the .ics attached to the confirmation (RFC 5545)', () => {
    let mailRaw: string;
    let reference: string;
    beforeAll(async () => {
      const member = await t.member({ firstname: 'Ics', lastname: 'Reader' });
      const course = await event({ capacity: 5 });
      reference = (await book(member.token, { postId: course.id, start: course.start, places: 1 })).data.createBooking.reference;
      mailRaw = (await smtp.waitFor((m) => m.to.includes(member.email) && m.raw.includes(reference) && /text\/calendar/.test(m.raw))).raw;
    });

    // IANA text/calendar registration (RFC 5545 §8.1): 'The "method" parameter MUST be specified and MUST be set to the
    // same value as the "METHOD" component property of the iCalendar objects … if and only if' they carry one.
    // RFC 5545 §3.7.2: METHOD "defines the iCalendar object method associated with the calendar object".
    it('carries METHOD:PUBLISH inside the object, matching the method=PUBLISH of its Content-Type', () => {
      const { headers, body } = calendarPart(mailRaw);
      expect(headers).toMatch(/method=PUBLISH/i);
      expect(body).toMatch(/\r\nMETHOD:PUBLISH\r\n/);
    });

    // RFC 5545 §3.6: 'prodid' and 'version' are REQUIRED calendar properties; in a VEVENT 'dtstamp' and 'uid' are
    // REQUIRED, MUST NOT occur more than once; §3.8.4.7 UID "MUST be a globally unique identifier"; §3.2.19 TZID
    // names a VTIMEZONE that "MUST be present in the iCalendar object".
    it('has VERSION, PRODID, one DTSTAMP, a stable UID from the reference, and a TZID backed by a VTIMEZONE', () => {
      const { body } = calendarPart(mailRaw);
      const unfolded = body.replace(/\r\n[ \t]/g, '');
      expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(unfolded).toMatch(/\r\nVERSION:2\.0\r\n/);
      expect(unfolded).toMatch(/\r\nPRODID:[^\r\n]+\r\n/);
      expect(unfolded.match(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/g)).toHaveLength(1);
      expect(unfolded).toMatch(new RegExp(`\\r\\nUID:${reference}@[^\\r\\n]+\\r\\n`));
      expect(unfolded).toMatch(/\r\nDTSTART;TZID=Europe\/London:\d{8}T\d{6}\r\n/);
      expect(unfolded).toMatch(/\r\nBEGIN:VTIMEZONE\r\nTZID:Europe\/London\r\n/);
    });

    // RFC 5545 §3.1: "Lines of text SHOULD NOT be longer than 75 octets, excluding the line break" and a content
    // line is delimited by CRLF; §3.4: icalbody ends with "END:VCALENDAR" CRLF.
    it('ends every line, the last included, with CRLF and folds at 75 octets', () => {
      const { body } = calendarPart(mailRaw);
      expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    });
  });

  describe('refunds through PayPal Payments v2', () => {
    // PayPal Payments v2, captures refund: "For a full refund, include an empty payload in the JSON request body";
    // PayPal-Request-Id: "A unique ID identifying the request header for idempotency purposes."
    it('refunds the whole capture once, under a stable PayPal-Request-Id, and a second refund asks PayPal for nothing', async () => {
      const member = await t.member();
      const held = await paidBooking(member, 7.5, 2);
      const cancelled = await ok(t, 'mutation($id: ID!) { cancelBooking(id: $id) { status } }', { id: held.id }, member.token);
      expect(cancelled.cancelBooking.status).toBe('Refunded');
      const [payment] = await t.db.query(`SELECT id, capture_id, amount_minor, status FROM ticket_payments WHERE booking_id = $1`, [held.id]);
      expect(payment).toMatchObject({ amount_minor: 1500, status: 'Refunded' });
      const refunds = await t.db.query(`SELECT amount_minor FROM paypal_emulator.refunds WHERE capture_id = $1`, [payment.capture_id]);
      expect(refunds).toEqual([{ amount_minor: 1500 }]);
      const keys = await t.db.query(`SELECT key FROM paypal_emulator.answers WHERE order_id = $1 AND key LIKE 'refund:%'`, [held.checkout.orderID]);
      expect(keys).toEqual([{ key: `refund:${held.checkout.orderID}:ticket-${payment.id}-refund` }]);
      const again = await t.gql('mutation($id: ID!) { refundBooking(id: $id) { status } }', { id: held.id }, door.token);
      expect(again.errors[0].extensions.code).toBe('CONFLICT');
      expect(await t.db.query(`SELECT id FROM paypal_emulator.refunds WHERE capture_id = $1`, [payment.capture_id])).toHaveLength(1);
    });

    // Contract: "refundBooking(id: ID!): Booking! (events:manage)" … "cancelling and refunding bookings".
    it('lets only events:manage refund a booking; an editor is refused', async () => {
      const member = await t.member();
      const held = await paidBooking(member, 3, 1);
      expect((await t.gql('mutation($id: ID!) { refundBooking(id: $id) { status } }', { id: held.id }, editor.token)).errors[0].extensions.code).toBe(
        'FORBIDDEN',
      );
      expect((await ok(t, 'mutation($id: ID!) { refundBooking(id: $id) { status } }', { id: held.id }, door.token)).refundBooking.status).toBe('Refunded');
    });
  });

  describe('answers are health data (UK GDPR Art. 9; ICO storage limitation)', () => {
    const MARKER = `Insulin fridge ${Math.random().toString(36).slice(2, 10)}`;
    let member: Awaited<ReturnType<TestApp['member']>>;
    let course: { id: string; start: string };
    let booking: { id: string; reference: string };
    beforeAll(async () => {
      member = await t.member({ firstname: 'Hana' });
      course = await event({ capacity: 5, questions: [{ id: 'access', label: 'Access needs', kind: 'ShortText' }] });
      booking = (await book(member.token, { postId: course.id, start: course.start, places: 1, answers: [{ questionId: 'access', answer: MARKER }] })).data
        .createBooking;
    });

    // Contract: "Every booking answer is treated as health data … only the booker and events:manage read it".
    // ICO: special category data "needs more protection"; access limited to those who need it.
    it('is read by the booker and events:manage, never by an editor or another member, nor in the editor CSV', async () => {
      const READ = `query($id: ID!) { Booking(id: $id) { answers { answer } } }`;
      expect((await ok(t, READ, { id: booking.id }, member.token)).Booking.answers).toEqual([{ answer: MARKER }]);
      expect((await ok(t, READ, { id: booking.id }, door.token)).Booking.answers).toEqual([{ answer: MARKER }]);
      expect((await t.gql(READ, { id: booking.id }, editor.token)).errors[0].extensions.code).toBe('NOT_FOUND');
      expect((await t.gql(READ, { id: booking.id }, (await t.member()).token)).errors[0].extensions.code).toBe('NOT_FOUND');
      expect((await t.gql('{ allBookings { answers { answer } } }', {}, editor.token)).errors[0].extensions.code).toBe('FORBIDDEN');
      const path = `/api/admin/bookings.csv?postId=${course.id}&occurrenceStart=${encodeURIComponent(course.start)}`;
      await t.http.get(path).set('authorization', `Bearer ${editor.token}`).expect(403);
    });

    // "Never logged": the answer is stored only in the booking itself, not in mails queued, audit events, jobs or
    // any other table (ICO data minimisation: "adequate, relevant and limited to what is necessary").
    it('is stored nowhere but the booking row: not in e-mails, the mail queue, jobs or the audit trail', async () => {
      await smtp.waitFor((m) => m.to.includes(member.email) && m.raw.includes(booking.reference));
      expect(smtp.received.filter((m) => m.raw.includes(MARKER) || m.text.includes(MARKER))).toEqual([]);
      const tables = await t.db.query<{ schema: string; name: string }[]>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      const holding: string[] = [];
      for (const { schema, name } of tables) {
        const [row] = await t.db.query(`SELECT count(*)::int AS n FROM "${schema}"."${name}" x WHERE x::text LIKE $1`, [`%${MARKER}%`]);
        if (row.n) holding.push(`${schema}.${name}`);
      }
      expect(holding).toEqual(['public.bookings']);
    });

    // UK GDPR Art. 15 / ICO right of access: the member's export includes the answers they gave.
    it('is in the booker’s own export', async () => {
      const exported = JSON.parse((await ok(t, '{ exportMyData }', {}, member.token)).exportMyData);
      expect(exported.bookings.find((b: { reference: string }) => b.reference === booking.reference).answers).toEqual([
        { questionId: 'access', label: 'Access needs', answer: MARKER },
      ]);
    });

    // ICO storage limitation: "You must not keep personal data for longer than you need it"; contract: "deleted 30 days
    // after the occurrence". Kept on day 29 after the event, gone on day 31, whatever the booking's status.
    it('is deleted 30 days after the occurrence and not before, for cancelled bookings too', async () => {
      const other = await t.member();
      const cancelled = (await book(other.token, { postId: course.id, start: course.start, places: 1, answers: [{ questionId: 'access', answer: 'Ramp' }] }))
        .data.createBooking;
      await ok(t, 'mutation($id: ID!) { cancelBooking(id: $id) { status } }', { id: cancelled.id }, other.token);
      const [{ ends }] = await t.db.query(
        `SELECT coalesce(o.ends_at, o.starts_at) AS ends FROM bookings b JOIN booking_occurrences o ON o.id = b.occurrence_id WHERE b.id = $1`,
        [booking.id],
      );
      const retention = t.app.get(RetentionService);
      await retention.run(new Date(new Date(ends).getTime() + 29 * DAY_MS));
      const kept = await t.db.query(`SELECT answers FROM bookings WHERE id = ANY($1) ORDER BY id`, [[booking.id, cancelled.id]]);
      expect(kept.map((row: { answers: unknown[] }) => row.answers.length)).toEqual([1, 1]);
      await retention.run(new Date(new Date(ends).getTime() + 31 * DAY_MS));
      const gone = await t.db.query(`SELECT answers FROM bookings WHERE id = ANY($1)`, [[booking.id, cancelled.id]]);
      expect(gone.map((row: { answers: unknown[] }) => row.answers)).toEqual([[], []]);
    });
  });

  // HMRC Gift Aid: a payment for a ticket that gives the right to attend an event is not a gift ("donors must not
  // receive benefits above the limits"); contract: "Tickets are not gifts: no Gift Aid is claimed on them".
  it('never treats a ticket payment as a donation, even from a member with a Gift Aid declaration', async () => {
    const member = await t.member({ firstname: 'Gift', lastname: 'Aider' });
    await t.gql(
      `mutation { createGiftAidDeclaration(title: "Ms", firstName: "Gift", lastName: "Aider", houseNameOrNumber: "1", postcode: "SW1A 1AA", confirmed: true) { id } }`,
      {},
      member.token,
    );
    await paidBooking(member, 20, 1);
    const [gifts] = await t.db.query(`SELECT count(*)::int AS n FROM donations WHERE user_id = $1`, [member.id]);
    expect(gifts.n).toBe(0);
    const statements = (await ok(t, '{ myGivingStatements { totals { amount } donations { id } } }', {}, member.token)).myGivingStatements;
    expect(statements.flatMap((s: { donations: unknown[] }) => s.donations)).toEqual([]);
    const [rows] = await t.db.query(`SELECT count(*)::int AS n FROM gift_aid_claim_rows r JOIN ticket_payments p ON p.user_id = $1`, [member.id]);
    expect(rows.n).toBe(0);
  });
});
