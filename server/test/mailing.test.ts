import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSmtpServer, type ReceivedMail } from './support/smtp.js';
import { untilPasses } from './support/eventually.js';
import { createEvent, sendBooking } from './support/bookings.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { BroadcastSender } from '../src/mailing/broadcasts/broadcast-sender.service.js';

const LIST = `mutation ($name: String!, $basis: ConsentBasis!) { createMailingList(name: $name, description: "News from the church", public: true, basis: $basis) { id name basis } }`;
const CREATE = `mutation ($subject: String!, $listId: ID) { createBroadcast(subject: $subject, body: "<p>Dear friends, <strong>hello</strong>.</p>", listId: $listId) { id status recipientCount } }`;
const SEND = `mutation ($id: ID!) { sendBroadcast(id: $id) { id status } }`;
const STATUS = `query ($id: ID!) { Broadcast(id: $id) { status recipientCount totals { queued sent deferred bounced complained unsubscribed } } }`;
const RECIPIENTS = `query ($id: ID!) { broadcastRecipients(id: $id, perPage: 100) { email status attempts lastReply } }`;

const tokenIn = (mail: ReceivedMail, path: string) => new RegExp(`${path.replace('?', '\\?')}\\?token=([\\w-]+)`).exec(mail.text)?.[1];

describe('E-mail to people who asked for it', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpServer({
      replyTo: (address, earlier) => (address.startsWith('busy') && earlier === 0 ? 451 : address.startsWith('gone') ? 550 : 250),
    });
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_SEND_RATE_PER_MINUTE: '60000', MAIL_RETRY_SECONDS: '1' });
    admin = await t.adminToken();
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const newList = async (name: string, basis = 'Consent') => (await t.gql(LIST, { name, basis }, admin)).data.createMailingList.id as string;

  /** Signs an address up and opens its confirmation link, as a visitor does. */
  async function confirmed(listId: string, email: string) {
    expect((await t.gql(`mutation ($listId: ID!, $email: String!) { subscribe(listId: $listId, email: $email) }`, { listId, email })).data.subscribe).toBe(
      true,
    );
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Confirm your subscription'));
    const token = tokenIn(mail, '/newsletters/confirm');
    expect(token).toBeTruthy();
    const answer = await t.gql(`mutation ($token: String!) { confirmSubscription(token: $token) { id } }`, { token });
    expect(answer.data.confirmSubscription.id).toBe(listId);
  }

  async function sendAndWait(subject: string, listId: string) {
    const { id } = (await t.gql(CREATE, { subject, listId }, admin)).data.createBroadcast;
    expect((await t.gql(SEND, { id }, admin)).data.sendBroadcast.status).toBe('Sending');
    await untilPasses(async () => expect((await t.gql(STATUS, { id }, admin)).data.Broadcast.status).toBe('Sent'), 30_000);
    return id as string;
  }

  it('sends a consent list nothing before the link is opened, then the message with one-click unsubscribe headers, and honours the one-click POST', async () => {
    const listId = await newList('Newsletter');
    await t.gql(`mutation ($listId: ID!, $email: String!) { subscribe(listId: $listId, email: $email) }`, { listId, email: 'waiting@test.example' });
    await smtp.waitFor((m) => m.to.includes('waiting@test.example'));
    await confirmed(listId, 'reader@test.example');

    const first = await sendAndWait('Harvest supper', listId);
    const status = (await t.gql(STATUS, { id: first }, admin)).data.Broadcast;
    expect(status.recipientCount).toBe(1);
    expect(status.totals.sent).toBe(1);
    expect(smtp.received.some((m) => m.to.includes('waiting@test.example') && m.subject === 'Harvest supper')).toBe(false);

    const mail = await smtp.waitFor((m) => m.to.includes('reader@test.example') && m.subject === 'Harvest supper');
    const unsubscribe = /^List-Unsubscribe: <(https?:\/\/[^>]+)>, <mailto:unsubscribe\+([\w-]+)@[^>]+>/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '));
    expect(unsubscribe).not.toBeNull();
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.text).toMatch(/Unsubscribe/);

    const url = new URL(unsubscribe![1]);
    const scanned = await t.http.get(`${url.pathname}${url.search}`).expect(200);
    expect(scanned.text).toContain('<button');
    const oneClick = await t.http.post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(oneClick.text).toContain('You are unsubscribed from Newsletter');

    const second = await sendAndWait('Carol service', listId);
    expect((await t.gql(STATUS, { id: second }, admin)).data.Broadcast.recipientCount).toBe(0);
    expect(smtp.received.some((m) => m.subject === 'Carol service')).toBe(false);
  }, 60_000);

  it('retries a 451 and delivers it later, and suppresses a 550 after one attempt', async () => {
    const listId = await newList('Prayer letter');
    // Consent given on paper, recorded by staff: these addresses are never sent a confirmation link.
    const RECORD = `mutation ($listId: ID!, $email: String!) { recordMailingConsent(listId: $listId, email: $email, wording: "Ticked on the paper form at the Harvest supper") { action source byStaff } }`;
    for (const email of ['busy@test.example', 'gone@test.example', 'fine@test.example']) {
      expect((await t.gql(RECORD, { listId, email }, admin)).data.recordMailingConsent).toEqual({ action: 'Given', source: 'Staff', byStaff: true });
    }

    const id = await sendAndWait('Prayer letter for December', listId);
    const recipients = (await t.gql(RECIPIENTS, { id }, admin)).data.broadcastRecipients as {
      email: string;
      status: string;
      attempts: number;
      lastReply: string;
    }[];
    const of = (email: string) => recipients.find((r) => r.email === email)!;
    expect(of('busy@test.example')).toMatchObject({ status: 'Sent', attempts: 2 });
    expect(of('gone@test.example')).toMatchObject({ status: 'Bounced', attempts: 1 });
    expect(of('gone@test.example').lastReply).toMatch(/550/);
    expect(of('fine@test.example')).toMatchObject({ status: 'Sent', attempts: 1 });
    expect(
      smtp.received
        .filter((m) => m.subject === 'Prayer letter for December')
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['busy@test.example', 'fine@test.example']);
    expect(smtp.tries.get('gone@test.example')).toBe(1);

    const [{ count }] = await t.db.query(
      `SELECT count(*)::int AS count FROM mail_suppressions WHERE address_hash = encode(sha256('gone@test.example'), 'hex')`,
    );
    expect(count).toBe(1);
    const next = (await t.gql(CREATE, { subject: 'After the bounce', listId }, admin)).data.createBroadcast;
    expect(next.recipientCount).toBe(2);
  }, 60_000);
  it('gives a booker who ticked nothing only the soft opt-in lists, each message with its opt-out', async () => {
    const consentList = await newList('Parish news');
    const softList = await newList('Supporters’ letter', 'CharitableSoftOptIn');
    const event = await createEvent(t, admin, { capacity: 20, perBookingLimit: 2, price: 0 });
    const BOOK = `mutation ($postId: ID!, $start: DateTime!, $choices: [MailingChoiceInput!]) {
      createBooking(postId: $postId, occurrenceStart: $start, places: 1, name: "Vera Visitor", email: "vera@test.example", mailingChoices: $choices) { status } }`;
    const unticked = [
      { listId: consentList, ticked: false },
      { listId: softList, ticked: false },
    ];
    const booked = await sendBooking(t, BOOK, undefined, { postId: event.id, start: event.start, choices: unticked });
    expect(booked.data.createBooking.status).toBe('Held');

    const wrong = await sendBooking(t, BOOK, undefined, { postId: event.id, start: event.start, choices: [{ listId: '99999', ticked: true }] });
    expect(wrong.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'mailingChoices' });

    await sendAndWait('News nobody asked for', consentList);
    expect(smtp.received.some((m) => m.to.includes('vera@test.example') && m.subject === 'News nobody asked for')).toBe(false);
    await sendAndWait('A letter to supporters', softList);
    const letter = await smtp.waitFor((m) => m.to.includes('vera@test.example') && m.subject === 'A letter to supporters');
    expect(letter.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(letter.text).toMatch(/Unsubscribe/);

    const [ledger] = await t.db.query(
      `SELECT e.action, e.basis, e.source, e.wording FROM consent_events e JOIN mail_subscribers s ON s.id = e.subscriber_id WHERE s.email = 'vera@test.example'`,
    );
    expect(ledger).toMatchObject({ action: 'Given', basis: 'CharitableSoftOptIn', source: 'Booking' });
    expect(ledger.wording).toMatch(/^Do not send me Supporters’ letter/);
  }, 60_000);

  it('stops the next send when a member withdraws in the privacy centre, shows each event, and never mails an erased member again', async () => {
    const listId = await newList('Members news');
    const member = await t.member();
    await t.db.query(`UPDATE users SET email_verified = true WHERE id = $1`, [member.id]);
    const PREFERENCES = `{ myCommunicationPreferences { email suppressed lists { list { id } subscribed pending } history { action source listName } } }`;
    const UPDATE = `mutation ($lists: [MailingChoiceInput!]!) { updateCommunicationPreferences(lists: $lists) { lists { list { id } subscribed } } }`;
    await t.gql(UPDATE, { lists: [{ listId, ticked: true }] }, member.token);
    await sendAndWait('Members news one', listId);
    await smtp.waitFor((m) => m.to.includes(member.email) && m.subject === 'Members news one');

    await t.gql(UPDATE, { lists: [{ listId, ticked: false }] }, member.token);
    const second = await sendAndWait('Members news two', listId);
    expect((await t.gql(STATUS, { id: second }, admin)).data.Broadcast.recipientCount).toBe(0);
    const mine = (await t.gql(PREFERENCES, {}, member.token)).data.myCommunicationPreferences;
    expect(mine.history.map((event: { action: string; source: string }) => `${event.action} ${event.source}`)).toEqual([
      'Withdrawn PrivacyCentre',
      'Given PrivacyCentre',
    ]);
    expect(mine.lists.find((entry: { list: { id: string } }) => entry.list.id === listId)).toMatchObject({ subscribed: false, pending: false });

    await t.gql(UPDATE, { lists: [{ listId, ticked: true }] }, member.token);
    const exported = JSON.parse((await t.gql('{ exportMyData }', {}, member.token)).data.exportMyData);
    expect(exported.mailingConsents).toHaveLength(3);
    expect(exported.mailingsSent.map((sent: { subject: string }) => sent.subject)).toEqual(['Members news one']);

    expect((await t.gql('mutation ($p: String!) { deleteMyAccount(password: $p) }', { p: member.password }, member.token)).data.deleteMyAccount).toBe(true);
    const left = await t.db.query(
      `SELECT (SELECT count(*)::int FROM mail_subscribers WHERE lower(email) = lower($1)) AS subscribers,
              (SELECT count(*)::int FROM broadcast_recipients WHERE lower(email) = lower($1)) AS recipients,
              (SELECT count(*)::int FROM mail_suppressions WHERE address_hash = encode(sha256(convert_to(lower($1), 'UTF8')), 'hex') AND reason = 'Erased') AS hashed`,
      [member.email],
    );
    expect(left[0]).toEqual({ subscribers: 0, recipients: 0, hashed: 1 });
    await t.gql(
      `mutation ($listId: ID!, $email: String!) { recordMailingConsent(listId: $listId, email: $email, wording: "Asked again by phone") { action } }`,
      { listId, email: member.email },
      admin,
    );
    const third = await sendAndWait('Members news three', listId);
    expect((await t.gql(STATUS, { id: third }, admin)).data.Broadcast.recipientCount).toBe(0);
    expect(smtp.received.some((m) => m.to.includes(member.email) && m.subject === 'Members news three')).toBe(false);
  }, 60_000);

  it('announces a published post to its list once, however often it is edited', async () => {
    const listId = await newList('New posts');
    await confirmed(listId, 'posts-reader@test.example');
    const created = await t.gql(
      `mutation ($listId: ID) { createPost(name: "Harvest thanks", body: "<p>Thank you all</p>", categoryId: "1", announceListId: $listId) { id announceListId } }`,
      { listId },
      admin,
    );
    expect(created.data.createPost.announceListId).toBe(listId);
    const postId = created.data.createPost.id;
    // The sender looks for posts to announce once a minute; the test does not wait for the minute.
    t.app.get(BroadcastSender).wake();
    await smtp.waitFor((m) => m.to.includes('posts-reader@test.example') && m.subject === 'Harvest thanks', 30_000);
    await t.gql(`mutation ($id: ID!) { updatePost(id: $id, name: "Harvest thanks (edited)") { id } }`, { id: postId }, admin);
    t.app.get(BroadcastSender).wake();
    await untilPasses(async () => expect((await t.db.query(`SELECT status FROM broadcasts WHERE source_key = $1`, [`post:${postId}`]))[0].status).toBe('Sent'));
    expect((await t.db.query(`SELECT count(*)::int AS count FROM broadcasts WHERE post_id = $1`, [postId]))[0].count).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes('posts-reader@test.example') && m.subject.startsWith('Harvest thanks'))).toHaveLength(1);
  }, 60_000);
});
