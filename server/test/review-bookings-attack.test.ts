import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, sendBooking } from './support/bookings.js';
import { approve, emulatorOrder, ok } from './support/commerce.js';
import { untilJobsSettle } from './support/eventually.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, TestApp } from './support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIELDS = 'id reference status places names amount holdExpiresAt checkout { orderID approveUrl } ticket canCancel answers { questionId answer }';
const CREATE_BOOKING = `mutation($postId: ID!, $start: DateTime!, $places: Int!, $names: [String!], $answers: [BookingAnswerInput!], $name: String, $email: String) {
  createBooking(postId: $postId, occurrenceStart: $start, places: $places, names: $names, answers: $answers, name: $name, email: $email) { ${FIELDS} } }`;
const JOIN_WAITLIST = `mutation($postId: ID!, $start: DateTime!, $places: Int!, $name: String, $email: String) {
  joinWaitlist(postId: $postId, occurrenceStart: $start, places: $places, name: $name, email: $email) { ${FIELDS} } }`;
const CAPTURE = `mutation($orderID: String!) { captureBooking(orderID: $orderID) { id status ticket } }`;
const CANCEL = `mutation($id: ID!, $token: String) { cancelBooking(id: $id, token: $token) { id status } }`;
const CHECK_IN = `mutation($reference: String!) { checkInBooking(reference: $reference) { status } }`;
const READ = `query($id: ID!) { Booking(id: $id) { id email bookerName answers { answer } ticket } }`;

const codeOf = (response: { errors?: any[] }) => response.errors?.[0]?.extensions?.code;

describe('review: attacking event booking from outside', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  type Who = Awaited<ReturnType<TestApp['member']>>;
  const people: Record<string, Who> = {};

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ SMTP_URL: smtp.url });
    admin = await t.adminToken();
    for (const role of ['Member', 'Editor', 'Finance', 'PrayerTeam', 'Pastor', 'EventsTeam']) {
      people[role] = await t.member({ firstname: role, lastname: 'Tester' });
      await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, people[role].id]);
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const event = (booking: Record<string, unknown>, startsAt?: Date) => createEvent(t, admin, booking, { startsAt });

  const book = (token: string | undefined, variables: Record<string, unknown>, query = CREATE_BOOKING) => sendBooking(t, query, token, variables);

  async function booked(token: string | undefined, variables: Record<string, unknown>, query = CREATE_BOOKING) {
    const response = await book(token, variables, query);
    expect(response.errors).toBeUndefined();
    return response.data.createBooking ?? response.data.joinWaitlist;
  }

  const csv = (query: string, token?: string) => {
    const call = t.http.get(`/api/admin/bookings.csv?${query}`).buffer(true);
    return token ? call.set('authorization', `Bearer ${token}`) : call;
  };

  it('keeps bookers, counts, the door and messages to events:manage alone, for every role', async () => {
    const course = await event({ capacity: 5 });
    const booker = await t.member();
    const mine = await booked(booker.token, { postId: course.id, start: course.start, places: 1 });
    const staffOnly = [
      ['{ allBookings { id email } }', {}],
      ['{ _allBookingsMeta { count } }', {}],
      ['query($p: ID!, $s: DateTime!) { bookingCounts(postId: $p, occurrenceStart: $s) { booked } }', { p: course.id, s: course.start }],
      ['mutation($r: String!) { checkInBooking(reference: $r) { status } }', { r: mine.reference }],
      ['mutation($p: ID!, $s: DateTime!) { messageBookers(postId: $p, occurrenceStart: $s, subject: "Hi", body: "x") }', { p: course.id, s: course.start }],
      ['mutation($p: ID!, $s: DateTime!) { cancelOccurrence(postId: $p, occurrenceStart: $s) }', { p: course.id, s: course.start }],
      ['mutation($id: ID!) { refundBooking(id: $id) { status } }', { id: mine.id }],
    ] as const;
    for (const role of ['Member', 'Editor', 'Finance', 'PrayerTeam', 'Pastor']) {
      for (const [query, variables] of staffOnly) {
        expect([role, query, codeOf(await t.gql(query, variables, people[role].token))]).toEqual([role, query, 'FORBIDDEN']);
      }
      expect([role, codeOf(await t.gql(READ, { id: mine.id }, people[role].token))]).toEqual([role, 'NOT_FOUND']);
    }
    for (const [query, variables] of staffOnly) expect([query, codeOf(await t.gql(query, variables))]).toEqual([query, 'UNAUTHENTICATED']);
    expect(codeOf(await t.gql(READ, { id: mine.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.gql('{ myBookings { id } }'))).toBe('UNAUTHENTICATED');
    // Events staff read the booker and the answers, but never hold the booker's ticket.
    const seen = await ok(t, READ, { id: mine.id }, people.EventsTeam.token);
    expect(seen.Booking).toMatchObject({ email: booker.email, ticket: null });
    expect((await ok(t, READ, { id: mine.id }, admin)).Booking.ticket).toBeNull();
  });

  it('refuses the attendee CSV to visitors and to every role without events:manage, and audits the download', async () => {
    const course = await event({ capacity: 5 });
    const query = `postId=${course.id}&occurrenceStart=${encodeURIComponent(course.start)}`;
    expect((await csv(query)).status).toBe(401);
    expect((await csv(query, 'not-a-token')).status).toBe(401);
    for (const role of ['Member', 'Editor', 'Finance', 'PrayerTeam', 'Pastor'])
      expect([role, (await csv(query, people[role].token)).status]).toEqual([role, 403]);
    expect((await csv(query, people.EventsTeam.token)).status).toBe(200);
    expect((await csv(query, admin)).status).toBe(200);
    for (const bad of [
      'postId=constructor&occurrenceStart=2026-01-01',
      'postId=-1&occurrenceStart=x',
      `postId=99999999999&occurrenceStart=${encodeURIComponent(course.start)}`,
    ]) {
      const response = await csv(bad, admin);
      expect([bad, response.status < 500]).toEqual([bad, true]);
    }
    const [audit] = await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'booking.export'`);
    expect(audit.n).toBeGreaterThanOrEqual(2);
  });

  it('answers odd ids with NOT_FOUND or BAD_USER_INPUT, never an internal error', async () => {
    const course = await event({ capacity: 5 });
    for (const id of ['0', '-1', '99999999999', 'constructor', '__proto__', '1e3', ' 1']) {
      for (const [query, token] of [
        [READ, people.Member.token],
        [READ, admin],
        [CANCEL, people.Member.token],
        [CANCEL, admin],
        ['mutation($id: ID!) { refundBooking(id: $id) { id } }', admin],
      ] as const) {
        expect([id, query, codeOf(await t.gql(query, { id }, token))]).toEqual([id, query, expect.stringMatching(/^(NOT_FOUND|BAD_USER_INPUT)$/)]);
      }
      const create = await book(people.Member.token, { postId: id, start: course.start, places: 1 });
      expect([id, codeOf(create)]).toEqual([id, expect.stringMatching(/^(NOT_FOUND|BAD_USER_INPUT)$/)]);
      const counts = await t.gql(
        'query($p: ID!, $s: DateTime!) { bookingCounts(postId: $p, occurrenceStart: $s) { booked } }',
        { p: id, s: course.start },
        admin,
      );
      expect([id, codeOf(counts)]).toEqual([id, expect.stringMatching(/^(NOT_FOUND|BAD_USER_INPUT)$/)]);
    }
    for (const reference of ['constructor', '', 'BK-', 'T1.BK-AAAAAAAA.', `BK-${'A'.repeat(5000)}`]) {
      expect([reference, codeOf(await t.gql(CHECK_IN, { reference }, admin))]).toEqual([reference, expect.stringMatching(/^(NOT_FOUND|BAD_USER_INPUT)$/)]);
    }
    const filtered = await t.gql('query($f: BookingFilter) { allBookings(filter: $f) { id } }', { f: { ids: ['constructor', '-1'], q: `%_\\'"` } }, admin);
    expect(codeOf(filtered) ?? 'OK').toMatch(/^(OK|BAD_USER_INPUT)$/);
    const huge = await book(people.Member.token, { postId: course.id, start: course.start, places: 99999999999 });
    expect(codeOf(huge)).not.toBe('INTERNAL_SERVER_ERROR');
    expect(huge.data?.createBooking ?? null).toBeNull();
  });

  it('refuses line breaks in names, answers, a visitor’s name and a message subject', async () => {
    const course = await event({ capacity: 10, perBookingLimit: 5, questions: [{ id: 'access', label: 'Access needs', kind: 'ShortText' }] });
    const base = { postId: course.id, start: course.start };
    const names = await book(people.Member.token, { ...base, places: 2, names: ['Ann', 'Bob\r\nBcc: victim@test.example'] });
    expect(names.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'names.1' });
    const answer = await book(people.Member.token, { ...base, places: 1, answers: [{ questionId: 'access', answer: 'ramp\nX-Injected: 1' }] });
    expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'answers.access' });
    const visitor = await book(undefined, { ...base, places: 1, name: 'Vic\r\nBcc: x@test.example', email: 'vic@test.example' });
    expect(visitor.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    const email = await book(undefined, { ...base, places: 1, name: 'Vic', email: 'vic@test.example\r\nBcc: x@test.example' });
    expect(email.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
    const unknownQuestion = await book(people.Member.token, { ...base, places: 1, answers: [{ questionId: 'constructor', answer: 'x' }] });
    expect(codeOf(unknownQuestion)).toBe('BAD_USER_INPUT');
    const subject = await t.gql(
      'mutation($p: ID!, $s: DateTime!, $subject: String!) { messageBookers(postId: $p, occurrenceStart: $s, subject: $subject, body: "x") }',
      { p: course.id, s: course.start, subject: 'Hello\r\nBcc: everyone@test.example' },
      people.EventsTeam.token,
    );
    expect(codeOf(subject)).toBe('BAD_USER_INPUT');
  });

  it('writes spreadsheet formulas in the attendee CSV as text', async () => {
    const course = await event({ capacity: 10, perBookingLimit: 3, questions: [{ id: 'dietary', label: 'Dietary', kind: 'ShortText' }] });
    await booked(people.Member.token, {
      postId: course.id,
      start: course.start,
      places: 2,
      names: ['+SUM(1,2)', '@cmd'],
      answers: [{ questionId: 'dietary', answer: '=1+1' }],
    });
    const visitor = await booked(undefined, {
      postId: course.id,
      start: course.start,
      places: 1,
      name: '=HYPERLINK("http://evil.test","x")',
      email: 'formula@test.example',
    });
    await booked(undefined, { postId: course.id, start: course.start, places: 1, name: '-2+3', email: 'formula2@test.example' });
    expect(visitor.status).toBe('Held');
    const response = await csv(`postId=${course.id}&occurrenceStart=${encodeURIComponent(course.start)}`, people.EventsTeam.token);
    expect(response.status).toBe(200);
    const body = response.text ?? String(response.body);
    const cells = body.split(/\r\n/).flatMap((line: string) => line.match(/("([^"]|"")*"|[^,]*)/g) ?? []);
    for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    expect(body).toContain(`'=HYPERLINK`);
    expect(body).toContain(`'-2+3`);
    expect(body).toContain(`'+SUM(1,2)`);
  });

  it('keeps one member out of another’s booking: reading, cancelling, capturing, or cancelling with another booking’s token', async () => {
    const course = await event({ capacity: 5, price: 8 });
    const victim = await t.member();
    const thief = await t.member();
    const held = await booked(victim.token, { postId: course.id, start: course.start, places: 1 });
    expect(held.status).toBe('Held');
    expect(codeOf(await t.gql(READ, { id: held.id }, thief.token))).toBe('NOT_FOUND');
    expect(codeOf(await t.gql(CANCEL, { id: held.id }, thief.token))).toBe('NOT_FOUND');
    expect(codeOf(await t.gql(CANCEL, { id: held.id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.gql(CANCEL, { id: held.id, token: 'guess' }))).toBe('NOT_FOUND');
    const mineVisible = (await ok(t, '{ myBookings { id } }', {}, thief.token)).myBookings;
    expect(mineVisible).toEqual([]);
    // The victim pays at PayPal; the thief tries to capture the victim's order.
    await approve(t, held.checkout.approveUrl);
    const stolen = await t.gql(CAPTURE, { orderID: held.checkout.orderID }, thief.token);
    expect(codeOf(stolen)).toBe('NOT_FOUND');
    expect(codeOf(await t.gql(CAPTURE, { orderID: held.checkout.orderID }))).toBe('UNAUTHENTICATED');
    expect((await emulatorOrder(t, held.checkout.orderID)).captureCalls).toBe(0);
    // The real booker captures, then replays the capture: one payment, one confirmed booking.
    const first = await ok(t, CAPTURE, { orderID: held.checkout.orderID }, victim.token);
    const again = await t.gql(CAPTURE, { orderID: held.checkout.orderID }, victim.token);
    expect(first.captureBooking.status).toBe('Confirmed');
    expect(again.data?.captureBooking?.status ?? codeOf(again)).toMatch(/^(Confirmed|CONFLICT)$/);
    expect((await emulatorOrder(t, held.checkout.orderID)).captureCalls).toBe(1);
    const [payments] = await t.db.query(`SELECT count(*)::int AS n FROM ticket_payments WHERE booking_id = $1 AND status = 'Paid'`, [held.id]);
    expect(payments.n).toBe(1);

    // A visitor's link token cancels their own booking, never another.
    const free = await event({ capacity: 5 });
    await booked(undefined, { postId: free.id, start: free.start, places: 1, name: 'Tom', email: 'tom@test.example' });
    const mail = await smtp.waitFor((m) => m.to.includes('tom@test.example') && m.subject.startsWith('Confirm your booking'));
    const tomToken = /\/booking\/confirm\?token=([\w-]+)/.exec(mail.text)![1];
    const other = await booked(people.Member.token, { postId: free.id, start: free.start, places: 1 });
    expect(codeOf(await t.gql(CANCEL, { id: other.id, token: tomToken }))).toBe('NOT_FOUND');
    expect((await ok(t, READ, { id: other.id }, people.Member.token)).Booking.id).toBe(other.id);
  });

  it('lets two cancels at once of a paid booking cancel and refund it exactly once', async () => {
    const course = await event({ capacity: 5, price: 15 });
    const payer = await t.member();
    const held = await booked(payer.token, { postId: course.id, start: course.start, places: 1 });
    await approve(t, held.checkout.approveUrl);
    await ok(t, CAPTURE, { orderID: held.checkout.orderID }, payer.token);
    const answers = await Promise.all([
      t.gql(CANCEL, { id: held.id }, payer.token),
      t.gql(CANCEL, { id: held.id }, people.EventsTeam.token),
      t.gql(CANCEL, { id: held.id }, payer.token),
    ]);
    const succeeded = answers.filter((answer) => !answer.errors);
    expect(succeeded).toHaveLength(1);
    for (const answer of answers.filter((one) => one.errors)) expect(codeOf(answer)).toBe('CONFLICT');
    const order = (await emulatorOrder(t, held.checkout.orderID)).order;
    const capture = order.purchase_units[0].payments.captures[0];
    expect(capture.status).toBe('REFUNDED');
    const read = await ok(t, READ.replace('ticket }', 'ticket } b: Booking(id: $id) { status }'), { id: held.id }, payer.token);
    expect(read.b.status).toBe('Refunded');
  });

  it('takes a waiting-list offer once only', async () => {
    const course = await event({ capacity: 1, waitlist: true });
    const first = await t.member();
    const second = await t.member();
    const taken = await booked(first.token, { postId: course.id, start: course.start, places: 1 });
    const waiting = await booked(second.token, { postId: course.id, start: course.start, places: 1 }, JOIN_WAITLIST);
    expect(waiting.status).toBe('Waitlisted');
    // A waitlisted booking and an offer admit nobody at the door.
    expect(codeOf(await t.gql(CHECK_IN, { reference: waiting.reference }, people.EventsTeam.token))).toBe('CONFLICT');
    await ok(t, CANCEL, { id: taken.id }, first.token);
    const offer = await smtp.waitFor((m) => m.to.includes(second.email) && m.subject.startsWith('A place is free'));
    const token = /\/booking\/offer\?token=([\w-]+)/.exec(offer.text)![1];
    expect(codeOf(await t.gql(CHECK_IN, { reference: waiting.reference }, people.EventsTeam.token))).toBe('CONFLICT');
    const answers = await Promise.all([1, 2, 3].map(() => t.gql('mutation($token: String!) { acceptBookingOffer(token: $token) { status } }', { token })));
    expect(answers.filter((answer) => answer.data?.acceptBookingOffer?.status === 'Confirmed')).toHaveLength(1);
    for (const answer of answers.filter((one) => one.errors)) expect(codeOf(answer)).toBe('CONFLICT');
    const again = await t.gql('mutation($token: String!) { acceptBookingOffer(token: $token) { status } }', { token });
    expect(codeOf(again)).toBe('CONFLICT');
    // The offer's token, tried on the visitor's confirm link, takes no further place.
    await t.gql('mutation($token: String!) { confirmBooking(token: $token) { status } }', { token });
    const counts = await ok(
      t,
      'query($p: ID!, $s: DateTime!) { bookingCounts(postId: $p, occurrenceStart: $s) { booked placesLeft } }',
      { p: course.id, s: course.start },
      admin,
    );
    expect(counts.bookingCounts).toEqual({ booked: 1, placesLeft: 0 });
  });

  it('admits only Confirmed bookings at the door, and refuses forged tickets', async () => {
    const free = await event({ capacity: 5 });
    const paid = await event({ capacity: 5, price: 5 });
    const heldPaid = await booked(people.Member.token, { postId: paid.id, start: paid.start, places: 1 });
    const heldVisitor = await booked(undefined, { postId: free.id, start: free.start, places: 1, name: 'Hal', email: 'hal@test.example' });
    for (const held of [heldPaid, heldVisitor]) {
      const answer = await t.gql(CHECK_IN, { reference: held.reference.toLowerCase() }, people.EventsTeam.token);
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT' });
    }
    const confirmed = await booked(people.Member.token, { postId: free.id, start: free.start, places: 1 });
    expect(confirmed.ticket).toMatch(/^T1\.BK-[A-Z0-9]{8}\.[\w-]{22}$/);
    const [, reference, signature] = /^T1\.(BK-[A-Z0-9]{8})\.([\w-]{22})$/.exec(confirmed.ticket)!;
    const flipped = `${signature.slice(0, 21)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forged = await t.gql(CHECK_IN, { reference: `T1.${reference}.${flipped}` }, people.EventsTeam.token);
    expect(forged.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    // Another booking's signature does not transfer to this reference.
    const otherTicket = (await booked(people.Member.token, { postId: free.id, start: free.start, places: 1 })).ticket as string;
    const swapped = await t.gql(CHECK_IN, { reference: `T1.${heldVisitor.reference}.${otherTicket.split('.')[2]}` }, people.EventsTeam.token);
    expect(codeOf(swapped)).toBe('BAD_USER_INPUT');
    expect((await ok(t, CHECK_IN, { reference: confirmed.ticket }, people.EventsTeam.token)).checkInBooking.status).toBe('CheckedIn');
    expect(codeOf(await t.gql(CHECK_IN, { reference: confirmed.ticket }, people.EventsTeam.token))).toBe('CONFLICT');
    // A cancelled booking's genuine ticket admits nobody.
    const cancelled = await booked(people.Member.token, { postId: free.id, start: free.start, places: 1 });
    await ok(t, CANCEL, { id: cancelled.id }, people.Member.token);
    expect(codeOf(await t.gql(CHECK_IN, { reference: cancelled.ticket }, people.EventsTeam.token))).toBe('CONFLICT');
  });

  it('books only published, open, coming occurrences, within the limits', async () => {
    const course = await event({ capacity: 3, perBookingLimit: 2 });
    const base = { postId: course.id, start: course.start };
    for (const places of [0, -1, 3, 51]) {
      expect([places, (await book(people.Member.token, { ...base, places })).errors?.[0].extensions]).toEqual([
        places,
        expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'places' }),
      ]);
    }
    const names = await book(people.Member.token, { ...base, places: 1, names: ['A', 'B', 'C'] });
    expect(names.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'names' });
    const offByOne = new Date(new Date(course.start).getTime() + 60_000).toISOString();
    expect((await book(people.Member.token, { ...base, start: offByOne, places: 1 })).errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'occurrenceStart',
    });
    await booked(people.Member.token, { ...base, places: 2 });
    const over = await book(people.Member.token, { ...base, places: 2 });
    expect(over.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', field: 'places', placesLeft: 1 });
    const [count] = await t.db.query(
      `SELECT coalesce(sum(places), 0)::int AS n FROM bookings b JOIN booking_occurrences o ON o.id = b.occurrence_id WHERE o.post_id = $1`,
      [course.id],
    );
    expect(count.n).toBe(2);

    // A draft is not bookable by anyone, staff included.
    const draft = await event({ capacity: 5 });
    await t.db.query(`UPDATE posts SET status = 'UnAuthorised' WHERE id = $1`, [draft.id]);
    for (const token of [people.Member.token, admin, undefined]) {
      const variables = { postId: draft.id, start: draft.start, places: 1, name: 'V', email: 'v@test.example' };
      expect(codeOf(await book(token, variables))).toBe('NOT_FOUND');
    }
    // A past occurrence.
    const past = await event({ capacity: 5 }, new Date(Date.now() - 3 * DAY_MS));
    expect((await book(people.Member.token, { postId: past.id, start: past.start, places: 1 })).errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'occurrenceStart',
    });
    // Not yet open, and already closed.
    const later = await event({ capacity: 5, opensAt: new Date(Date.now() + 2 * DAY_MS).toISOString() });
    expect(codeOf(await book(people.Member.token, { postId: later.id, start: later.start, places: 1 }))).toBe('CONFLICT');
    const closed = await event({ capacity: 5, closesAt: new Date(Date.now() - DAY_MS).toISOString() });
    expect(codeOf(await book(people.Member.token, { postId: closed.id, start: closed.start, places: 1 }))).toBe('CONFLICT');
    // A cancelled occurrence.
    const gone = await event({ capacity: 5 });
    await ok(t, 'mutation($p: ID!, $s: DateTime!) { cancelOccurrence(postId: $p, occurrenceStart: $s) }', { p: gone.id, s: gone.start }, admin);
    expect(codeOf(await book(people.Member.token, { postId: gone.id, start: gone.start, places: 1 }))).toBe('CONFLICT');
  });

  it('keeps paid places and paid waiting lists away from visitors', async () => {
    const paid = await event({ capacity: 1, price: 20, waitlist: true });
    const refused = await book(undefined, { postId: paid.id, start: paid.start, places: 1, name: 'V', email: 'v2@test.example' });
    expect(codeOf(refused)).toBe('FORBIDDEN');
    const held = await booked(people.Member.token, { postId: paid.id, start: paid.start, places: 1 });
    expect(held.status).toBe('Held');
    const waitlist = await book(undefined, { postId: paid.id, start: paid.start, places: 1, name: 'V', email: 'v2@test.example' }, JOIN_WAITLIST);
    expect(codeOf(waitlist)).toBe('FORBIDDEN');
    // The price is the server's: the PayPal order asks what the event costs.
    expect((await emulatorOrder(t, held.checkout.orderID)).order.purchase_units[0].amount).toMatchObject({ value: '20.00', currency_code: 'GBP' });
  });

  it('does not confirm a lapsed visitor hold once the occurrence has started', async () => {
    const course = await event({ capacity: 5 });
    const held = await booked(undefined, { postId: course.id, start: course.start, places: 1, name: 'Late Larry', email: 'larry@test.example' });
    const mail = await smtp.waitFor((m) => m.to.includes('larry@test.example') && m.subject.startsWith('Confirm your booking'));
    const token = /\/booking\/confirm\?token=([\w-]+)/.exec(mail.text)![1];
    await t.db.query(`UPDATE bookings SET status = 'Cancelled', cancel_reason = 'hold-lapsed', hold_expires_at = NULL, cancelled_at = now() WHERE id = $1`, [
      held.id,
    ]);
    await t.db.query(
      `UPDATE booking_occurrences SET starts_at = now() - interval '2 hours', ends_at = NULL WHERE id = (SELECT occurrence_id FROM bookings WHERE id = $1)`,
      [held.id],
    );
    const late = await t.gql('mutation($token: String!) { confirmBooking(token: $token) { status } }', { token });
    expect(late.data?.confirmBooking?.status ?? codeOf(late)).toBe('CONFLICT');
  });

  it('does not let a staff-cancelled visitor booking be revived by its link', async () => {
    const course = await event({ capacity: 5 });
    const held = await booked(undefined, { postId: course.id, start: course.start, places: 1, name: 'Sam', email: 'sam@test.example' });
    const mail = await smtp.waitFor((m) => m.to.includes('sam@test.example') && m.subject.startsWith('Confirm your booking'));
    const token = /\/booking\/confirm\?token=([\w-]+)/.exec(mail.text)![1];
    await ok(t, CANCEL, { id: held.id }, people.EventsTeam.token);
    expect(codeOf(await t.gql('mutation($token: String!) { confirmBooking(token: $token) { status } }', { token }))).toBe('CONFLICT');
    expect(codeOf(await t.gql(CANCEL, { id: held.id, token }))).toBe('CONFLICT');
  });
  it('gives the last places to exactly as many people as there are, however many ask at once', async () => {
    const course = await event({ capacity: 2 });
    const crowd = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.member()));
    const answers = await Promise.all(crowd.map((who) => book(who.token, { postId: course.id, start: course.start, places: 1 })));
    expect(answers.filter((answer) => answer.data?.createBooking?.status === 'Confirmed')).toHaveLength(2);
    for (const answer of answers.filter((one) => one.errors)) expect(codeOf(answer)).toBe('CONFLICT');
  });

  it('refunds, never confirms, a hold the booker cancelled and then paid for anyway', async () => {
    const course = await event({ capacity: 5, price: 9 });
    const payer = await t.member();
    const held = await booked(payer.token, { postId: course.id, start: course.start, places: 1 });
    expect((await ok(t, CANCEL, { id: held.id }, payer.token)).cancelBooking.status).toBe('Cancelled');
    await approve(t, held.checkout.approveUrl);
    const late = await t.gql(CAPTURE, { orderID: held.checkout.orderID }, payer.token);
    expect(late.data?.captureBooking?.status ?? codeOf(late)).not.toBe('Confirmed');
    const [row] = await t.db.query('SELECT status FROM bookings WHERE id = $1', [held.id]);
    expect(row.status).toMatch(/^(Refunded|Cancelled)$/);
    const order = (await emulatorOrder(t, held.checkout.orderID)).order;
    const capture = order.purchase_units[0].payments?.captures?.[0];
    if (capture) expect(capture.status).toBe('REFUNDED');
  });

  it('refunds, never confirms, a lapsed paid hold captured after the occurrence started', async () => {
    const course = await event({ capacity: 5, price: 9 });
    const payer = await t.member();
    const held = await booked(payer.token, { postId: course.id, start: course.start, places: 1 });
    await approve(t, held.checkout.approveUrl);
    await t.db.query(`UPDATE bookings SET status = 'Cancelled', cancel_reason = 'hold-lapsed', hold_expires_at = NULL, cancelled_at = now() WHERE id = $1`, [
      held.id,
    ]);
    await t.db.query(
      `UPDATE booking_occurrences SET starts_at = now() - interval '2 hours', ends_at = NULL WHERE id = (SELECT occurrence_id FROM bookings WHERE id = $1)`,
      [held.id],
    );
    const late = await t.gql(CAPTURE, { orderID: held.checkout.orderID }, payer.token);
    expect(late.data?.captureBooking?.status ?? codeOf(late)).toBe('Refunded');
  });

  it('sends one cancellation and refunds once when the booker cancels while staff refund', async () => {
    const course = await event({ capacity: 5, price: 15 });
    const payer = await t.member();
    const held = await booked(payer.token, { postId: course.id, start: course.start, places: 1 });
    await approve(t, held.checkout.approveUrl);
    await ok(t, CAPTURE, { orderID: held.checkout.orderID }, payer.token);
    const answers = await Promise.all([
      t.gql(CANCEL, { id: held.id }, payer.token),
      t.gql('mutation($id: ID!) { refundBooking(id: $id) { id status } }', { id: held.id }, people.EventsTeam.token),
    ]);
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    await smtp.waitFor((m) => m.to.includes(payer.email) && m.subject.startsWith('Booking cancelled'));
    await untilJobsSettle(t.db, ['mail']);
    expect(smtp.received.filter((m) => m.to.includes(payer.email) && m.subject.startsWith('Booking cancelled'))).toHaveLength(1);
    const [row] = await t.db.query('SELECT status FROM bookings WHERE id = $1', [held.id]);
    expect(row.status).toBe('Refunded');
  });
});
