import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, sendBooking } from './support/bookings.js';
import { startSmtpServer, type ReceivedMail } from './support/smtp.js';
import { untilPasses } from './support/eventually.js';
import { asOwner, startTestApp, type TestApp } from './support/test-app.js';

const LIST = `mutation ($name: String!, $public: Boolean!, $basis: ConsentBasis!) { createMailingList(name: $name, description: "About the church", public: $public, basis: $basis) { id } }`;
const SUBSCRIBE = `mutation ($listId: ID!, $email: String!) { subscribe(listId: $listId, email: $email) }`;
const CONFIRM = `mutation ($token: String!) { confirmSubscription(token: $token) { id } }`;
const UNSUBSCRIBE = `mutation ($token: String!) { unsubscribe(token: $token) { id } }`;
const RECORD = `mutation ($listId: ID!, $email: String!) { recordMailingConsent(listId: $listId, email: $email, wording: "Said yes on the phone") { id action } }`;
const HISTORY = `query ($email: String!) { mailingConsentHistory(email: $email) { id listId action source } }`;
const CREATE = `mutation ($subject: String!, $body: String!, $listId: ID) { createBroadcast(subject: $subject, body: $body, listId: $listId) { id status recipientCount } }`;
const SEND = `mutation ($id: ID!, $at: DateTime) { sendBroadcast(id: $id, at: $at) { id status } }`;
const STATUS = `query ($id: ID!) { Broadcast(id: $id) { status recipientCount totals { sent unsubscribed bounced } } }`;
const RECIPIENTS = `query ($id: ID!) { broadcastRecipients(id: $id, perPage: 100) { email status } }`;
const REGISTER = `mutation ($email: String!, $choices: [MailingChoiceInput!]) { register(title: "Mr", firstname: "Reg", lastname: "Ister", gender: "male",
  marital_status: "single", phone: "+44 7700 900123", country: "United Kingdom", state: "England", city: "London", address: "1 Church Street", email: $email, password: "a-good-password", mailingChoices: $choices) { id } }`;
const PREFS = `{ myCommunicationPreferences { email lists { list { id } subscribed pending } history { listId action } } }`;
const UPDATE_PREFS = `mutation ($lists: [MailingChoiceInput!]!) { updateCommunicationPreferences(lists: $lists) { lists { list { id } subscribed } } }`;

const codeOf = (response: { errors?: any[] }) => response.errors?.[0]?.extensions?.code;
const fieldOf = (response: { errors?: any[] }) => JSON.stringify(response.errors?.[0] ?? null);
const tokenIn = (mail: ReceivedMail, path: string) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail.text)?.[1];
const unfolded = (mail: ReceivedMail) => mail.raw.replace(/\r?\n[ \t]+/g, ' ');
const SECONDS = 1000;

describe('review: attacking e-mail lists and broadcasts from outside', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let admin: string;
  type Who = Awaited<ReturnType<TestApp['member']>>;
  const people: Record<string, Who> = {};
  const logged: string[] = [];
  let ipCounter = 1;
  let restoreOutput = () => {};

  /** GraphQL from a client address of its own, so rate limits of one check do not spill into another. */
  async function gql(query: string, variables: Record<string, unknown> = {}, token?: string, ip = `10.77.${ipCounter}.1`) {
    const call = t.http.post('/graphql').set('content-type', 'application/json').set('x-forwarded-for', ip);
    if (token) call.set('authorization', `Bearer ${token}`);
    return (await call.send({ query, variables })).body as {
      data: any;
      errors?: any[];
    };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const write = process.stdout.write.bind(process.stdout);
    const writeErr = process.stderr.write.bind(process.stderr);
    process.stdout.write = ((chunk: unknown, ...rest: any[]) => (logged.push(String(chunk)), write(chunk as string, ...rest))) as typeof process.stdout.write;
    restoreOutput = () => {
      process.stdout.write = write;
      process.stderr.write = writeErr;
    };
    process.stderr.write = ((chunk: unknown, ...rest: any[]) => (
      logged.push(String(chunk)),
      writeErr(chunk as string, ...rest)
    )) as typeof process.stderr.write;
    t = await startTestApp({
      NODE_ENV: 'production',
      PAYPAL_EMULATOR: 'true',
      SMTP_URL: smtp.url,
      MAIL_SEND_RATE_PER_MINUTE: '60000',
      MAIL_RETRY_SECONDS: '1',
    });
    admin = await t.adminToken();
    for (const role of ['Member', 'Editor', 'Finance', 'PrayerTeam', 'Pastor', 'EventsTeam', 'Communications']) {
      people[role] = await t.member({ firstname: role, lastname: 'Tester' });
      await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, people[role].id]);
    }
  }, 60 * SECONDS);

  afterAll(async () => {
    restoreOutput();
    await t.close();
    await smtp.close();
  });

  const newList = async (name: string, basis = 'Consent', isPublic = true) =>
    (
      await gql(
        LIST,
        {
          name: `${name} ${Math.random().toString(36).slice(2, 7)}`,
          public: isPublic,
          basis,
        },
        admin,
      )
    ).data.createMailingList.id as string;

  async function confirmationToken(listId: string, email: string) {
    ipCounter++;
    expect((await gql(SUBSCRIBE, { listId, email })).data.subscribe).toBe(true);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Confirm your subscription'));
    return tokenIn(mail, '/newsletters/confirm')!;
  }

  async function sendAndWait(subject: string, listId: string, body = '<p>Hello</p>') {
    const { id } = (await gql(CREATE, { subject, body, listId }, admin)).data.createBroadcast;
    expect((await gql(SEND, { id }, admin)).data.sendBroadcast.status).toBe('Sending');
    await untilPasses(async () => expect((await gql(STATUS, { id }, admin)).data.Broadcast.status).toBe('Sent'), 30 * SECONDS);
    return id as string;
  }

  /** An address on a list with consent recorded by staff, and the unsubscribe token of a message sent to it. */
  async function unsubscribeTokenFor(listId: string, email: string) {
    await gql(RECORD, { listId, email }, admin);
    const subject = `For ${email}`;
    await sendAndWait(subject, listId);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === subject);
    return tokenIn(mail, '/unsubscribe')!;
  }

  const actionsOf = async (email: string, listId: string) =>
    (
      (await gql(HISTORY, { email }, admin)).data.mailingConsentHistory as {
        listId: string;
        action: string;
      }[]
    )
      .filter((event) => event.listId === listId)
      .map((event) => event.action)
      .reverse();

  it(
    'keeps lists, ledgers and broadcasts to comms:send, for every role, and audits staff reads',
    async () => {
      const hidden = await newList('Staff rota', 'Consent', false);
      await gql(RECORD, { listId: hidden, email: 'rota@test.example' }, admin);
      const draft = (await gql(CREATE, { subject: 'Rota', body: '<p>x</p>', listId: hidden }, admin)).data.createBroadcast.id;
      const staffOnly: [string, Record<string, unknown>][] = [
        [HISTORY, { email: 'rota@test.example' }],
        [RECORD, { listId: hidden, email: 'x@test.example' }],
        ['mutation ($l: ID!) { withdrawMailingConsent(listId: $l, email: "rota@test.example") { id } }', { l: hidden }],
        [LIST, { name: 'Sneaky', public: true, basis: 'Consent' }],
        ['mutation ($id: ID!) { updateMailingList(id: $id, name: "Open", description: "x", public: true) { id } }', { id: hidden }],
        [CREATE, { subject: 'x', body: 'y', listId: hidden }],
        ['mutation ($id: ID!) { updateBroadcast(id: $id, subject: "x", body: "y") { id } }', { id: draft }],
        [SEND, { id: draft }],
        ['mutation ($id: ID!) { cancelBroadcast(id: $id) { id } }', { id: draft }],
        ['mutation ($id: ID!) { testSendBroadcast(id: $id) }', { id: draft }],
        ['query ($id: ID!) { Broadcast(id: $id) { subject } }', { id: draft }],
        ['{ allBroadcasts { id } }', {}],
        ['{ _allBroadcastsMeta { count } }', {}],
        [RECIPIENTS, { id: draft }],
        ['query ($id: ID!) { _broadcastRecipientsMeta(id: $id) { count } }', { id: draft }],
        ['query ($l: ID) { audienceSize(listId: $l) }', { l: hidden }],
        ['query ($l: ID) { previewBroadcast(subject: "x", body: "y", listId: $l) { html } }', { l: hidden }],
        ['{ sendingHealth { domain } }', {}],
      ];
      for (const role of ['Member', 'Editor', 'Finance', 'PrayerTeam', 'Pastor', 'EventsTeam']) {
        for (const [query, variables] of staffOnly)
          expect([role, query, codeOf(await gql(query, variables, people[role].token))]).toEqual([role, query, 'FORBIDDEN']);
      }
      for (const [query, variables] of staffOnly) expect([query, codeOf(await gql(query, variables))]).toEqual([query, 'UNAUTHENTICATED']);
      for (const who of [admin, people.Communications.token]) {
        expect((await gql('{ allBroadcasts { id } }', {}, who)).errors).toBeUndefined();
        expect((await gql(HISTORY, { email: 'rota@test.example' }, who)).data.mailingConsentHistory).toHaveLength(1);
      }
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'mailing.consent.read' AND actor_id = $1`, [
        people.Communications.id,
      ]);
      expect(n).toBe(1);
      const changes = await t.db.query(`SELECT DISTINCT action FROM audit_events WHERE action IN ('mailing.consent.record', 'broadcast.send')`);
      expect(changes.length).toBeGreaterThanOrEqual(1);

      // The staff-only list: never seen, joined or counted from outside.
      for (const who of [undefined, people.Member.token, people.Pastor.token]) {
        const lists = (await gql('{ allMailingLists(perPage: 100) { id subscriberCount } }', {}, who)).data.allMailingLists as {
          id: string;
          subscriberCount: null;
        }[];
        expect(lists.map((l) => l.id)).not.toContain(hidden);
        expect(lists.every((l) => l.subscriberCount === null)).toBe(true);
        expect((await gql('query ($id: ID!) { MailingList(id: $id) { id } }', { id: hidden }, who)).data?.MailingList ?? null).toBeNull();
      }
      ipCounter++;
      expect(
        (
          await gql(SUBSCRIBE, {
            listId: hidden,
            email: 'outsider@test.example',
          })
        ).data?.subscribe,
      ).not.toBe(true);
      expect(codeOf(await gql(UPDATE_PREFS, { lists: [{ listId: hidden, ticked: true }] }, people.Member.token))).toBe('BAD_USER_INPUT');
      expect(await actionsOf(people.Member.email, hidden)).toEqual([]);
      expect(codeOf(await gql(PREFS))).toBe('UNAUTHENTICATED');
    },
    120 * SECONDS,
  );

  it(
    'gives a member only their own preferences, whatever they send',
    async () => {
      const listId = await newList('Parish news');
      expect((await gql(RECORD, { listId, email: people.Editor.email }, admin)).errors).toBeUndefined();
      const mine = (await gql(PREFS, {}, people.Member.token)).data.myCommunicationPreferences;
      expect(mine.email).toBe(people.Member.email);
      expect(mine.history).toEqual([]);
      // Another person's list id in the member's own update changes only the member.
      await gql(UPDATE_PREFS, { lists: [{ listId, ticked: false }] }, people.Member.token);
      expect(await actionsOf(people.Editor.email, listId)).toEqual(['Given']);
    },
    60 * SECONDS,
  );

  it(
    'refuses forged, altered, truncated and wrong-purpose tokens, and odd tokens on the one-click URL, with 400',
    async () => {
      const listId = await newList('Token list');
      const good = await unsubscribeTokenFor(listId, 'tokens@test.example');
      const confirm = await confirmationToken(listId, 'confirmer@test.example');
      const altered = good.replace(/^(\d+)-/, (_, id: string) => `${Number(id) + 1}-`);
      const bad = [
        `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`,
        altered,
        good.slice(0, -3),
        confirm,
        '1-2-000000000000000000000000',
        'constructor',
        '__proto__',
        'x'.repeat(10_000),
        `${good}\r\nSet-Cookie: a=b`,
      ];
      for (const token of bad) {
        expect([token.slice(0, 40), codeOf(await gql(UNSUBSCRIBE, { token }))]).toEqual([token.slice(0, 40), 'BAD_USER_INPUT']);
        const answer = await t.http
          .post(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`)
          .type('form')
          .send('List-Unsubscribe=One-Click');
        expect([token.slice(0, 40), answer.status]).toEqual([token.slice(0, 40), 400]);
        expect(answer.text).toContain('This unsubscribe link is not valid');
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
      expect(codeOf(await gql(CONFIRM, { token: good }))).toBe('BAD_USER_INPUT');
      expect(codeOf(await gql(CONFIRM, { token: 'constructor' }))).toBe('BAD_USER_INPUT');
      expect((await t.http.post('/api/mail/unsubscribe').type('form').send('List-Unsubscribe=One-Click')).status).toBe(400);
      expect((await t.http.post('/api/mail/unsubscribe?token=a&token=b').type('form').send('List-Unsubscribe=One-Click')).status).toBe(400);
      expect(await actionsOf('tokens@test.example', listId)).toEqual(['Given']);
    },
    90 * SECONDS,
  );

  it(
    'unsubscribes on the one-click POST (with a cookie too, retried once), never on GET',
    async () => {
      const listId = await newList('One click');
      const token = await unsubscribeTokenFor(listId, 'oneclick@test.example');
      const url = `/api/mail/unsubscribe?token=${token}`;
      const page = await t.http.get(url).expect(200);
      expect(page.text).toContain('<button');
      await t.http.head(url);
      expect(await actionsOf('oneclick@test.example', listId)).toEqual(['Given']);
      await t.http.post(url).set('cookie', 'session=abc').type('form').send('List-Unsubscribe=One-Click').expect(200);
      await t.http.post(url).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(await actionsOf('oneclick@test.example', listId)).toEqual(['Given', 'Withdrawn']);
    },
    60 * SECONDS,
  );

  it(
    'does not unsubscribe on a POST without the RFC 8058 body (a prefetcher or scanner)',
    async () => {
      const listId = await newList('Bodyless');
      const token = await unsubscribeTokenFor(listId, 'bodyless@test.example');
      await t.http.post(`/api/mail/unsubscribe?token=${token}`);
      expect(await actionsOf('bodyless@test.example', listId)).toEqual(['Given']);
    },
    60 * SECONDS,
  );

  it(
    'confirms once, never after 7 days',
    async () => {
      const listId = await newList('Confirmations');
      const token = await confirmationToken(listId, 'twice@test.example');
      expect((await gql(CONFIRM, { token })).data.confirmSubscription.id).toBe(listId);
      expect((await gql(CONFIRM, { token })).data.confirmSubscription.id).toBe(listId);
      expect(await actionsOf('twice@test.example', listId)).toEqual(['Requested', 'Given']);

      const late = await confirmationToken(listId, 'late@test.example');
      await asOwner(t.databaseName, async (client) => {
        await client.query(`ALTER TABLE consent_events DISABLE TRIGGER USER`);
        await client.query(`UPDATE consent_events SET at = at - interval '8 days' WHERE action = 'Requested'
        AND subscriber_id IN (SELECT id FROM mail_subscribers WHERE lower(email) = 'late@test.example')`);
        await client.query(`ALTER TABLE consent_events ENABLE TRIGGER USER`);
      });
      expect(codeOf(await gql(CONFIRM, { token: late }))).toBe('BAD_USER_INPUT');
      expect(await actionsOf('late@test.example', listId)).toEqual(['Requested']);
    },
    60 * SECONDS,
  );

  it(
    'does not subscribe again when an old confirmation link is pressed after the person unsubscribed',
    async () => {
      const listId = await newList('Resubscribe');
      const email = 'changed-mind@test.example';
      const confirm = await confirmationToken(listId, email);
      await gql(CONFIRM, { token: confirm });
      const subject = 'Before leaving';
      await sendAndWait(subject, listId);
      const unsubscribe = tokenIn(await smtp.waitFor((m) => m.to.includes(email) && m.subject === subject), '/unsubscribe')!;
      expect((await gql(UNSUBSCRIBE, { token: unsubscribe })).data.unsubscribe.id).toBe(listId);
      // The old link, still in their inbox, pressed again (or by someone forwarding the e-mail).
      await gql(CONFIRM, { token: confirm });
      expect(await actionsOf(email, listId)).toEqual(['Requested', 'Given', 'Withdrawn']);
    },
    60 * SECONDS,
  );

  it(
    'answers subscribe the same for every state of an address, sends no second link to a subscriber, and rate-limits it',
    async () => {
      const listId = await newList('Enumeration');
      await gql(RECORD, { listId, email: 'already@test.example' }, admin);
      await t.db.query(`INSERT INTO mail_suppressions (address_hash, reason) VALUES (encode(sha256('suppressed@test.example'), 'hex'), 'Complaint')`);
      const answers = [];
      ipCounter++;
      for (const email of ['already@test.example', 'suppressed@test.example', 'fresh@test.example']) answers.push(await gql(SUBSCRIBE, { listId, email }));
      expect(answers.map((a) => JSON.stringify(a))).toEqual(answers.map(() => JSON.stringify({ data: { subscribe: true } })));
      await smtp.waitFor((m) => m.to.includes('fresh@test.example'));
      expect(smtp.received.some((m) => m.to.includes('already@test.example') || m.to.includes('suppressed@test.example'))).toBe(false);
      ipCounter++;
      const codes = [];
      for (let i = 0; i < 15; i++) codes.push(codeOf(await gql(SUBSCRIBE, { listId, email: `flood${i}@test.example` })));
      expect(codes).toContain('TOO_MANY_REQUESTS');
    },
    60 * SECONDS,
  );

  it(
    'records the registration form’s boxes: a consent list only requested, a soft opt-in left unticked given, an unshown list untouched',
    async () => {
      const consent = await newList('Form consent');
      const soft = await newList('Form soft', 'CharitableSoftOptIn');
      const unshown = await newList('Form unshown', 'CharitableSoftOptIn');
      ipCounter++;
      const registered = await gql(REGISTER, {
        email: 'former@test.example',
        choices: [
          { listId: consent, ticked: true },
          { listId: soft, ticked: false },
        ],
      });
      expect(registered.errors).toBeUndefined();
      expect(await actionsOf('former@test.example', consent)).toEqual(['Requested']);
      expect(await actionsOf('former@test.example', soft)).toEqual(['Given']);
      expect(await actionsOf('former@test.example', unshown)).toEqual([]);
      expect((await gql(CREATE, { subject: 'x', body: '<p>x</p>', listId: consent }, admin)).data.createBroadcast.recipientCount).toBe(0);
    },
    60 * SECONDS,
  );

  it(
    'refuses registration boxes naming a staff-only or missing list with 400 on mailingChoices and no account',
    async () => {
      const hidden = await newList('Register hidden', 'Consent', false);
      for (const listId of [hidden, '999999']) {
        ipCounter++;
        const email = `refused-${listId}@test.example`;
        const answer = await gql(REGISTER, {
          email,
          choices: [{ listId, ticked: true }],
        });
        expect(codeOf(answer)).toBe('BAD_USER_INPUT');
        expect(fieldOf(answer)).toContain('mailingChoices');
        expect(await t.db.query(`SELECT 1 FROM users WHERE email = $1`, [email])).toHaveLength(0);
        expect(await t.db.query(`SELECT 1 FROM mail_subscribers WHERE lower(email) = $1`, [email])).toHaveLength(0);
      }
    },
    60 * SECONDS,
  );

  it(
    'asks a visitor booking with a consent list ticked to confirm first, and refuses a staff-only list with no booking made',
    async () => {
      const consent = await newList('Booking consent');
      const hidden = await newList('Booking hidden', 'Consent', false);
      const soft = await newList('Booking soft', 'CharitableSoftOptIn');
      const otherConsent = await newList('Booking other', 'Consent');
      const course = await createEvent(t, admin, { capacity: 20 });
      const BOOK = `mutation ($postId: ID!, $start: DateTime!, $email: String, $choices: [MailingChoiceInput!]) {
      createBooking(postId: $postId, occurrenceStart: $start, places: 1, name: "Visitor", email: $email, mailingChoices: $choices) { id } }`;
      const booked = await sendBooking(t, BOOK, undefined, {
        postId: course.id,
        start: course.start,
        email: 'booker@test.example',
        choices: [
          { listId: consent, ticked: true },
          { listId: soft, ticked: false },
          { listId: otherConsent, ticked: false },
        ],
      });
      expect(booked.errors).toBeUndefined();
      expect(await actionsOf('booker@test.example', consent)).toEqual(['Requested']);
      expect(await actionsOf('booker@test.example', soft)).toEqual(['Given']);
      expect(await actionsOf('booker@test.example', otherConsent)).toEqual([]);
      await smtp.waitFor((m) => m.to.includes('booker@test.example') && m.subject.startsWith('Confirm your subscription'));
      expect((await gql(CREATE, { subject: 'x', body: '<p>x</p>', listId: consent }, admin)).data.createBroadcast.recipientCount).toBe(0);

      const refused = await sendBooking(t, BOOK, undefined, {
        postId: course.id,
        start: course.start,
        email: 'sneak@test.example',
        choices: [{ listId: hidden, ticked: true }],
      });
      expect(codeOf(refused)).toBe('BAD_USER_INPUT');
      expect(fieldOf(refused)).toContain('mailingChoices');
      expect(await t.db.query(`SELECT 1 FROM bookings WHERE lower(email) = 'sneak@test.example'`)).toHaveLength(0);
    },
    60 * SECONDS,
  );

  it(
    'sends once when sendBroadcast is called twice at once, then refuses to send or change it again',
    async () => {
      const listId = await newList('Race');
      for (const email of ['Race@Test.example', 'race@test.example', 'other-race@test.example']) await gql(RECORD, { listId, email }, admin);
      await t.db.query(`INSERT INTO mail_suppressions (address_hash, reason) VALUES (encode(sha256('other-race@test.example'), 'hex'), 'HardBounce')`);
      const { id } = (await gql(CREATE, { subject: 'Raced', body: '<p>x</p>', listId }, admin)).data.createBroadcast;
      const answers = await Promise.all([gql(SEND, { id }, admin), gql(SEND, { id }, people.Communications.token)]);
      expect(answers.filter((a) => a.errors === undefined)).toHaveLength(1);
      await untilPasses(async () => expect((await gql(STATUS, { id }, admin)).data.Broadcast.status).toBe('Sent'), 30 * SECONDS);
      expect(codeOf(await gql(SEND, { id }, admin))).toBe('BAD_USER_INPUT');
      expect(codeOf(await gql('mutation ($id: ID!) { updateBroadcast(id: $id, subject: "Changed", body: "y") { id } }', { id }, admin))).toBe('BAD_USER_INPUT');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const sent = smtp.received.filter((m) => m.subject === 'Raced').map((m) => m.to[0].toLowerCase());
      expect(sent).toEqual(['race@test.example']);
    },
    60 * SECONDS,
  );

  it(
    'does not send to someone who unsubscribed after the sending started',
    async () => {
      const listId = await newList('Long list');
      const emails = Array.from({ length: 120 }, (_, i) => `long${String(i).padStart(3, '0')}@test.example`);
      await t.db.query(`INSERT INTO mail_subscribers (email) SELECT unnest($1::text[])`, [emails]);
      await t.db.query(
        `INSERT INTO consent_events (subscriber_id, list_id, action, basis, source, wording)
       SELECT id, $1, 'Given', 'Consent', 'Staff', 'Said yes on the phone' FROM mail_subscribers WHERE email = ANY($2)`,
        [listId, emails],
      );
      const last = emails[emails.length - 1];
      const { id } = (await gql(CREATE, { subject: 'Long send', body: '<p>x</p>', listId }, admin)).data.createBroadcast;
      await gql(SEND, { id }, admin);
      const withdrawn = await gql(
        'mutation ($l: ID!, $e: String!) { withdrawMailingConsent(listId: $l, email: $e) { action } }',
        { l: listId, e: last },
        admin,
      );
      expect(withdrawn.errors).toBeUndefined();
      await untilPasses(async () => expect((await gql(STATUS, { id }, admin)).data.Broadcast.status).toBe('Sent'), 30 * SECONDS);
      expect(smtp.received.some((m) => m.subject === 'Long send' && m.to.includes(last))).toBe(false);
      expect(smtp.received.filter((m) => m.subject === 'Long send')).toHaveLength(emails.length - 1);
    },
    60 * SECONDS,
  );

  it(
    'sends nothing of a scheduled e-mail cancelled before its time',
    async () => {
      const listId = await newList('Cancelled');
      await gql(RECORD, { listId, email: 'cancelled@test.example' }, admin);
      const { id } = (await gql(CREATE, { subject: 'Never sent', body: '<p>x</p>', listId }, admin)).data.createBroadcast;
      expect((await gql(SEND, { id, at: new Date(Date.now() + 2 * SECONDS).toISOString() }, admin)).data.sendBroadcast.status).toBe('Scheduled');
      expect((await gql('mutation ($id: ID!) { cancelBroadcast(id: $id) { status } }', { id }, admin)).data.cancelBroadcast.status).toBe('Draft');
      await new Promise((resolve) => setTimeout(resolve, 5 * SECONDS));
      expect((await gql(STATUS, { id }, admin)).data.Broadcast.status).toBe('Draft');
      expect(smtp.received.some((m) => m.subject === 'Never sent')).toBe(false);
    },
    30 * SECONDS,
  );

  it(
    'sanitises a hostile subject and body, and carries the one-click headers',
    async () => {
      const listId = await newList('Hostile');
      await gql(RECORD, { listId, email: 'hostile@test.example' }, admin);
      const body = '<p>Hi <script>alert(1)</script><a href="javascript:alert(2)">click</a><img src=x onerror="alert(3)"></p>';
      const created = await gql(CREATE, { subject: 'Hello\r\nBcc: victim@test.example', body, listId }, admin);
      if (created.errors) {
        expect(codeOf(created)).toBe('BAD_USER_INPUT');
      } else {
        const { id } = created.data.createBroadcast;
        await gql(SEND, { id }, admin);
        await untilPasses(async () => expect((await gql(STATUS, { id }, admin)).data.Broadcast.status).toBe('Sent'), 30 * SECONDS);
      }
      await sendAndWait('=HYPERLINK("http://evil.example")', listId, body);
      const mail = await smtp.waitFor((m) => m.to.includes('hostile@test.example') && m.subject.includes('HYPERLINK'));
      expect(smtp.received.some((m) => m.to.includes('victim@test.example'))).toBe(false);
      expect(mail.raw).not.toMatch(/^Bcc:/im);
      expect(mail.text).not.toMatch(/<script|javascript:|onerror/i);
      const headers = unfolded(mail);
      expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/site\.test\/api\/mail\/unsubscribe\?token=[\w-]+>, <mailto:unsubscribe\+[\w-]+@[^>]+>/im);
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    },
    60 * SECONDS,
  );

  it(
    'erases an address: never mailed again, only its hash kept, the ledger gone, recipients without it; the export held the ledger',
    async () => {
      const listId = await newList('Erasure');
      const member = await t.member();
      await gql(RECORD, { listId, email: member.email }, admin);
      await sendAndWait('Before erasure', listId);
      const exported = JSON.parse((await gql('{ exportMyData }', {}, member.token)).data.exportMyData);
      expect(JSON.stringify(exported)).toContain('Said yes on the phone');
      expect((await gql('mutation ($p: String!) { deleteMyAccount(password: $p) }', { p: member.password }, member.token)).data.deleteMyAccount).toBe(true);
      const hash = (await t.db.query(`SELECT encode(sha256(convert_to(lower($1), 'UTF8')), 'hex') AS h`, [member.email]))[0].h;
      expect(await t.db.query(`SELECT 1 FROM mail_suppressions WHERE address_hash = $1`, [hash])).toHaveLength(1);
      expect(await t.db.query(`SELECT 1 FROM mail_subscribers WHERE lower(email) = lower($1)`, [member.email])).toHaveLength(0);
      expect(await t.db.query(`SELECT 1 FROM broadcast_recipients WHERE lower(email) = lower($1)`, [member.email])).toHaveLength(0);
      expect((await gql(HISTORY, { email: member.email }, admin)).data.mailingConsentHistory).toEqual([]);
      // Staff re-entering the address from an old paper form: still never mailed.
      await gql(RECORD, { listId, email: member.email.toUpperCase() }, admin);
      await sendAndWait('After erasure', listId);
      expect(smtp.received.some((m) => m.subject === 'After erasure' && m.to.some((to) => to.toLowerCase() === member.email))).toBe(false);
    },
    90 * SECONDS,
  );

  it('records staff consent for an address that has an account', async () => {
    const listId = await newList('Paper form');
    const member = await t.member();
    const answer = await gql(RECORD, { listId, email: member.email }, admin);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.recordMailingConsent.action).toBe('Given');
  });

  it('lets a member tick a list in the privacy centre', async () => {
    const listId = await newList('Centre');
    const member = await t.member();
    const answer = await gql(UPDATE_PREFS, { lists: [{ listId, ticked: true }] }, member.token);
    expect(answer.errors).toBeUndefined();
    expect(await actionsOf(member.email, listId)).toEqual(['Requested']);
  });

  it(
    'erases a visitor’s address on staff request: never mailed again, only its hash kept',
    async () => {
      const listId = await newList('Visitor erasure');
      const email = 'erase-me@test.example';
      await gql(RECORD, { listId, email }, admin);
      await sendAndWait('Before visitor erasure', listId);
      const access = JSON.parse((await gql('query ($e: String!) { subjectAccessExport(email: $e) }', { e: email }, admin)).data.subjectAccessExport);
      expect(JSON.stringify(access)).toContain('Said yes on the phone');
      const erased = await gql('mutation ($e: String!) { eraseVisitorRecords(email: $e) }', { e: email }, admin);
      expect(erased.errors).toBeUndefined();
      expect(await t.db.query(`SELECT 1 FROM mail_suppressions WHERE address_hash = encode(sha256($1::bytea), 'hex')`, [email])).toHaveLength(1);
      expect(await t.db.query(`SELECT 1 FROM mail_subscribers WHERE lower(email) = $1`, [email])).toHaveLength(0);
      expect(await t.db.query(`SELECT 1 FROM broadcast_recipients WHERE lower(email) = $1`, [email])).toHaveLength(0);
      expect((await gql(HISTORY, { email }, admin)).data.mailingConsentHistory).toEqual([]);
      await gql(RECORD, { listId, email: email.toUpperCase() }, admin);
      await sendAndWait('After visitor erasure', listId);
      expect(smtp.received.some((m) => m.subject === 'After visitor erasure')).toBe(false);
    },
    60 * SECONDS,
  );

  it('answers the unsubscribe page 400 for a token that is not ours, rather than a button', async () => {
    for (const token of ['constructor', '1-2-000000000000000000000000', 'x\r\ny']) {
      const answer = await t.http.get(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`);
      expect([token, answer.status]).toEqual([token, 400]);
    }
  });

  it(
    'refuses a ServiceMessage list and audits reads of recipients',
    async () => {
      const refused = await gql(LIST, { name: 'Service', public: true, basis: 'ServiceMessage' }, admin);
      expect(codeOf(refused)).toBe('BAD_USER_INPUT');
      const listId = await newList('Audited');
      const id = await sendAndWait('Audited send', listId);
      await gql(RECIPIENTS, { id }, people.Communications.token);
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'broadcast.recipients' AND actor_id = $1`, [
        people.Communications.id,
      ]);
      expect(n).toBe(1);
    },
    60 * SECONDS,
  );

  it('keeps the consent ledger append-only for the app’s database role', async () => {
    await expect(t.db.query(`UPDATE consent_events SET wording = 'rewritten'`)).rejects.toThrow();
  });

  it('writes no recipient address to the logs', () => {
    const output = logged.join('');
    // The capture works: the app's own log lines are in it.
    expect(output).toContain('registered');
    for (const email of ['hostile@test.example', 'race@test.example', 'tokens@test.example', 'fresh@test.example', 'former@test.example']) {
      expect([email, output.toLowerCase().includes(email)]).toEqual([email, false]);
    }
  });
});
