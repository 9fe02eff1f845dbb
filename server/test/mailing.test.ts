import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSmtpServer, type ReceivedMail } from './support/smtp.js';
import { untilPasses } from './support/eventually.js';
import { startTestApp, type TestApp } from './support/test-app.js';

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
});
