/**
 * List mail checked against the law and the RFCs it must meet, one rule a test: PECR reg. 22 and the ICO's consent
 * guidance, the charitable-purpose soft opt-in, service messages against marketing, RFC 8058, 2369, 2919, 3464,
 * 5965, 5321 and the Gmail/Yahoo bulk-sender rules. Each test names its rule.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mailingChoiceWording } from '@ministry/shared';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { signMailToken } from '../src/mailing/mail-tokens.js';
import { startSmtpServer, type ReceivedMail } from './support/smtp.js';
import { untilPasses } from './support/eventually.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BOUNCE_DOMAIN = 'mail.site.test';
const INBOUND_SECRET = 'inbound-secret-for-the-review';
const DKIM = { domain: 'site.test', selector: 'review' };

const LIST = `mutation ($name: String!, $description: String!, $basis: ConsentBasis!) { createMailingList(name: $name, description: $description, public: true, basis: $basis) { id name description basis } }`;
const CREATE = `mutation ($subject: String!, $listId: ID, $audience: BroadcastAudienceInput) { createBroadcast(subject: $subject, body: "<p>News of the week.</p>", listId: $listId, audience: $audience) { id } }`;
const SEND = `mutation ($id: ID!) { sendBroadcast(id: $id) { id status } }`;
const STATUS = `query ($id: ID!) { Broadcast(id: $id) { status } }`;
const RECIPIENTS = `query ($id: ID!) { broadcastRecipients(id: $id, perPage: 100) { id email status attempts } }`;
const HISTORY = `query ($email: String!) { mailingConsentHistory(email: $email) { listId listName action basis source wording at byStaff } }`;
const RECORD = `mutation ($listId: ID!, $email: String!) { recordMailingConsent(listId: $listId, email: $email, wording: "Ticked the box on the paper form") { action } }`;
const SIZE = `query ($listId: ID) { audienceSize(listId: $listId) }`;

type List = { id: string; name: string; description: string; basis: 'Consent' | 'CharitableSoftOptIn' };
type ConsentEvent = { listId: string; listName: string; action: string; basis: string; source: string; wording: string; at: string; byStaff: boolean };

/** The header block, folded lines joined (RFC 5322 §2.2.3). */
const headersOf = (mail: ReceivedMail) => mail.raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
const headerValues = (mail: ReceivedMail, name: string) =>
  [...headersOf(mail).matchAll(new RegExp(`^${name}:[ \\t]*(.*)$`, 'gim'))].map((match) => match[1].trim());

const tokenIn = (mail: ReceivedMail, path: string) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail.text)?.[1];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A delivery status notification (RFC 3464) as a remote server sends it to our return path. */
const dsn = (returnPath: string, recipient: string, action: string, status: string) =>
  [
    'From: Mail Delivery System <MAILER-DAEMON@mx.elsewhere.test>',
    `To: ${returnPath}`,
    'Subject: Delivery Status Notification',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'A message could not be delivered.',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.elsewhere.test',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${status.startsWith('5') ? '550' : '452'} ${status} mailbox said so`,
    '',
    '--b1--',
    '',
  ].join('\r\n');

/** An abuse report (ARF, RFC 5965) as a mailbox provider's feedback loop sends it. */
const arf = (returnPath: string, recipient: string) =>
  [
    'From: feedback@fbl.elsewhere.test',
    'To: abuse@site.test',
    'Subject: Abuse report',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="b2"',
    '',
    '--b2',
    'Content-Type: text/plain',
    '',
    'This is an e-mail abuse report.',
    '--b2',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ReviewFBL/1.0',
    'Version: 1',
    `Original-Mail-From: <${returnPath}>`,
    `Original-Rcpt-To: <${recipient}>`,
    '',
    '--b2',
    'Content-Type: text/rfc822-headers',
    '',
    `Return-Path: <${returnPath}>`,
    `To: ${recipient}`,
    'Subject: Rules week',
    '',
    '--b2--',
    '',
  ].join('\r\n');

describe('List mail against the law and the RFCs', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let admin: string;
  let inboundPort: number;
  const dkimKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    smtp = await startSmtpServer({ replyTo: (address) => (address.startsWith('slow') ? 451 : 250) });
    inboundPort = await freePort();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://site.test',
      MAIL_SEND_RATE_PER_MINUTE: '60000',
      MAIL_RETRY_SECONDS: '1',
      MAIL_BOUNCE_DOMAIN: BOUNCE_DOMAIN,
      MAIL_INBOUND_SECRET: INBOUND_SECRET,
      MAIL_INBOUND_PORT: String(inboundPort),
      DKIM_PRIVATE_KEY: dkimKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      DKIM_SELECTOR: DKIM.selector,
      DKIM_DOMAIN: DKIM.domain,
    });
    admin = await t.adminToken();
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const newList = async (name: string, basis: List['basis'] = 'Consent', description = 'News from the church') =>
    (await t.gql(LIST, { name, description, basis }, admin)).data.createMailingList as List;
  /** The ledger of an address, newest first. */
  const history = async (email: string) => (await t.gql(HISTORY, { email }, admin)).data.mailingConsentHistory as ConsentEvent[];
  const latest = async (email: string, listId: string) => (await history(email)).find((e) => e.listId === listId);
  const audienceSize = async (listId: string) => (await t.gql(SIZE, { listId }, admin)).data.audienceSize as number;

  async function confirmed(listId: string, email: string) {
    await t.gql(`mutation ($listId: ID!, $email: String!) { subscribe(listId: $listId, email: $email) }`, { listId, email });
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Confirm your subscription'));
    const answer = await t.gql(`mutation ($token: String!) { confirmSubscription(token: $token) { id } }`, { token: tokenIn(mail, '/newsletters/confirm') });
    expect(answer.data.confirmSubscription.id).toBe(listId);
  }

  async function send(subject: string, listId?: string, audience?: Record<string, unknown>) {
    const created = await t.gql(CREATE, { subject, listId, audience }, admin);
    const { id } = created.data.createBroadcast;
    await t.gql(SEND, { id }, admin);
    return id as string;
  }

  async function sendAndWait(subject: string, listId?: string, audience?: Record<string, unknown>) {
    const id = await send(subject, listId, audience);
    await untilPasses(async () => expect((await t.gql(STATUS, { id }, admin)).data.Broadcast.status).toBe('Sent'), 30_000);
    return id;
  }

  const suppressed = async (email: string) =>
    (await t.db.query(`SELECT 1 FROM mail_suppressions WHERE address_hash = encode(sha256(lower($1)::bytea), 'hex')`, [email])).length > 0;

  describe('PECR reg. 22(2) and UK GDPR Art. 7(1): consent first, and a record of it', () => {
    it('sends a consent list nothing before the address is confirmed, and records who, when, how and the exact words shown', async () => {
      const list = await newList('Parish news');
      const email = 'pecr@test.example';
      await t.gql(`mutation ($listId: ID!, $email: String!) { subscribe(listId: $listId, email: $email) }`, { listId: list.id, email });
      const link = await smtp.waitFor((m) => m.to.includes(email));
      expect(await audienceSize(list.id)).toBe(0);
      expect((await history(email)).map((e) => e.action)).toEqual(['Requested']);

      await t.gql(`mutation ($token: String!) { confirmSubscription(token: $token) { id } }`, { token: tokenIn(link, '/newsletters/confirm') });
      expect((await history(email)).map((e) => e.action)).toEqual(['Given', 'Requested']);
      const given = (await latest(email, list.id))!;
      expect(given).toMatchObject({ action: 'Given', basis: 'Consent', source: 'SignUpForm', byStaff: false, listName: 'Parish news' });
      expect(given.wording).toBe(mailingChoiceWording(list));
      expect(Number.isNaN(Date.parse(given.at))).toBe(false);
      expect(await audienceSize(list.id)).toBe(1);
    }, 60_000);
  });

  describe('one marketing message, read as a mail program reads it', () => {
    let list: List;
    let first: ReceivedMail;
    let second: ReceivedMail;

    beforeAll(async () => {
      // A list name with a full stop and an apostrophe, as churches name things.
      list = await newList("St. Mary's News");
      await confirmed(list.id, 'reader-one@test.example');
      await confirmed(list.id, 'reader-two@test.example');
      await sendAndWait('Rules week', list.id);
      first = await smtp.waitFor((m) => m.to.includes('reader-one@test.example') && m.subject === 'Rules week');
      second = await smtp.waitFor((m) => m.to.includes('reader-two@test.example') && m.subject === 'Rules week');
    }, 90_000);

    /** The URIs of List-Unsubscribe, each inside its angle brackets (RFC 2369 §2). */
    const unsubscribeUris = (mail: ReceivedMail) => {
      const [value] = headerValues(mail, 'List-Unsubscribe');
      return value.split(',').map((part) => /^\s*<([^>]+)>\s*$/.exec(part)?.[1] ?? `not bracketed: ${part}`);
    };

    it('RFC 2369 §2-3.2: List-Unsubscribe is one header of comma-separated URIs in angle brackets, with a mailto', () => {
      expect(headerValues(first, 'List-Unsubscribe')).toHaveLength(1);
      const uris = unsubscribeUris(first);
      expect(uris.every((uri) => /^(https|mailto):/.test(uri))).toBe(true);
      expect(uris.filter((uri) => uri.startsWith('mailto:'))).toHaveLength(1);
    });

    it('RFC 8058 §3.1: exactly one HTTPS URI, and List-Unsubscribe-Post is "List-Unsubscribe=One-Click"', () => {
      expect(unsubscribeUris(first).filter((uri) => uri.startsWith('https://'))).toHaveLength(1);
      expect(headerValues(first, 'List-Unsubscribe-Post')).toEqual(['List-Unsubscribe=One-Click']);
    });

    it('RFC 8058 §4: a valid DKIM signature whose h= covers List-Unsubscribe and List-Unsubscribe-Post', async () => {
      const publicKey = dkimKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
      const resolver = async (name: string, type: string) => {
        if (type === 'TXT' && name === `${DKIM.selector}._domainkey.${DKIM.domain}`) return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
        throw Object.assign(new Error(`no ${type} for ${name}`), { code: 'ENOTFOUND' });
      };
      const verified = await dkimVerify(first.raw, { resolver });
      expect(verified.results.map((result) => result.status.result)).toContain('pass');
      const [signature] = headerValues(first, 'DKIM-Signature');
      const signed = (/(?:^|;)\s*h=([^;]+)/.exec(signature)?.[1] ?? '').split(':').map((name) => name.trim().toLowerCase());
      expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
    });

    it('RFC 2919 §2-3: List-Id is an optional RFC 5322 phrase (atoms or a quoted string) and <label.domain>', () => {
      const [value] = headerValues(first, 'List-Id');
      const match = /^(.*?)\s*<([A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)+)>$/.exec(value);
      expect(match).not.toBeNull();
      const [, phrase, listId] = match!;
      expect(listId.length).toBeLessThanOrEqual(255);
      expect(listId.endsWith(`.${BOUNCE_DOMAIN}`) || listId.endsWith(`.${DKIM.domain}`)).toBe(true);
      // RFC 5322 §4: obsolete syntax (a bare "." in a phrase) must not be generated.
      const atom = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+$/;
      const quoted = /^"(?:[^"\\]|\\.)*"$/;
      expect(phrase === '' || quoted.test(phrase) || phrase.split(/\s+/).every((word) => atom.test(word))).toBe(true);
    });

    it('RFC 8058 §3.2 and Gmail/Yahoo: a GET changes nothing; the one-click POST with no cookie answers 200 (no redirect) and unsubscribes at once', async () => {
      const url = new URL(unsubscribeUris(first).find((uri) => uri.startsWith('https://'))!);
      await t.http.get(`${url.pathname}${url.search}`).expect(200);
      expect((await latest('reader-one@test.example', list.id))!.action).toBe('Given');

      const answer = await t.http.post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click');
      expect(answer.status).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
      const last = (await latest('reader-one@test.example', list.id))!;
      expect(last).toMatchObject({ action: 'Withdrawn', source: 'EmailLink', byStaff: false });
      expect(await audienceSize(list.id)).toBe(1);
    });

    it('RFC 2369 §3.2: the mailto: of List-Unsubscribe unsubscribes when mailed', async () => {
      const mailto = unsubscribeUris(second).find((uri) => uri.startsWith('mailto:'))!;
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
      await transport.sendMail({ from: 'reader-two@test.example', to: mailto.slice('mailto:'.length).split('?')[0], subject: 'unsubscribe', text: 'unsubscribe' });
      transport.close();
      await untilPasses(async () => {
        const last = (await latest('reader-two@test.example', list.id))!;
        expect(last.action).toBe('Withdrawn');
      }, 10_000);
      expect(await audienceSize(list.id)).toBe(0);
    }, 30_000);

  });

  describe('PECR reg. 22(3A) (Data (Use and Access) Act 2025 s.114): the charitable-purpose soft opt-in', () => {
    it('records an unticked opt-out box as Given on that basis with the words shown, a ticked one as Withdrawn, and a box not shown as nothing', async () => {
      const soft = await newList('Mission appeal', 'CharitableSoftOptIn', 'Our work with the food bank');
      const shownNot = await newList('Youth news', 'CharitableSoftOptIn');
      const stayed = await t.member({ mailingChoices: [{ listId: soft.id, ticked: false }] });
      const refused = await t.member({ mailingChoices: [{ listId: soft.id, ticked: true }] });

      const stayedEvents = await history(stayed.email);
      expect(stayedEvents.filter((e) => e.listId === soft.id)).toEqual([
        expect.objectContaining({ action: 'Given', basis: 'CharitableSoftOptIn', source: 'Registration', wording: mailingChoiceWording(soft) }),
      ]);
      expect(mailingChoiceWording(soft)).toMatch(/^Do not send me/);
      expect(stayedEvents.filter((e) => e.listId === shownNot.id)).toEqual([]);

      const refusedEvents = (await history(refused.email)).filter((e) => e.listId === soft.id);
      expect(refusedEvents.map((e) => e.action)).not.toContain('Given');
      expect(await audienceSize(soft.id)).toBe(1);

      // The opt-out in every subsequent communication.
      await sendAndWait('Food bank appeal', soft.id);
      const mail = await smtp.waitFor((m) => m.to.includes(stayed.email) && m.subject === 'Food bank appeal');
      expect(headerValues(mail, 'List-Unsubscribe')).toHaveLength(1);
      expect(tokenIn(mail, 'https://site.test/unsubscribe')).toBeTruthy();
      expect(smtp.received.some((m) => m.to.includes(refused.email) && m.subject === 'Food bank appeal')).toBe(false);
    }, 60_000);
  });

  describe('ICO: a service message is not marketing, and marketing cannot pass as one', () => {
    it('refuses a ServiceMessage list and a Role audience of every member', async () => {
      const list = await t.gql(LIST, { name: 'Notices', description: 'Notices', basis: 'ServiceMessage' }, admin);
      expect(list.errors?.length).toBeGreaterThan(0);
      const everyone = await t.gql(CREATE, { subject: 'To all', audience: { kind: 'Role', role: 'Member' } }, admin);
      expect(everyone.errors?.length).toBeGreaterThan(0);
    });

    it('sends a Role message with no unsubscribe headers, saying why the reader gets it', async () => {
      await sendAndWait('Rota for Sunday', undefined, { kind: 'Role', role: 'Admin' });
      const mail = await smtp.waitFor((m) => m.to.includes('admin@test.example') && m.subject === 'Rota for Sunday');
      expect(headerValues(mail, 'List-Unsubscribe')).toEqual([]);
      expect(headerValues(mail, 'List-Unsubscribe-Post')).toEqual([]);
      expect(mail.text).toMatch(/because of your role/);
    }, 60_000);
  });

  describe('RFC 3464 delivery reports and RFC 5965 complaints', () => {
    let recipients: { id: string; email: string; status: string; attempts: number }[];
    let listId: string;
    const returnPath = (email: string) =>
      `bounces+${signMailToken(t.config.jwtSecret, 'return-path', recipients.find((r) => r.email === email)!.id)}@${BOUNCE_DOMAIN}`;
    const post = (raw: string) =>
      t.http.post('/api/mail/inbound').set('authorization', `Bearer ${INBOUND_SECRET}`).set('content-type', 'message/rfc822').send(raw).expect(200);
    const statusOf = async (broadcastId: string, email: string) =>
      ((await t.gql(RECIPIENTS, { id: broadcastId }, admin)).data.broadcastRecipients as typeof recipients).find((r) => r.email === email)!.status;
    let broadcastId: string;

    beforeAll(async () => {
      listId = (await newList('Reports list')).id;
      for (const email of ['perm@test.example', 'temp@test.example', 'spam@test.example']) await t.gql(RECORD, { listId, email }, admin);
      broadcastId = await sendAndWait('Reports week', listId);
      recipients = (await t.gql(RECIPIENTS, { id: broadcastId }, admin)).data.broadcastRecipients;
    }, 60_000);

    it('a 5.x.x DSN (permanent) marks the recipient Bounced and suppresses the address', async () => {
      await post(dsn(returnPath('perm@test.example'), 'perm@test.example', 'failed', '5.1.1'));
      expect(await statusOf(broadcastId, 'perm@test.example')).toBe('Bounced');
      expect(await suppressed('perm@test.example')).toBe(true);
    });

    it('a 4.x.x DSN (transient) never bounces nor suppresses the address', async () => {
      await post(dsn(returnPath('temp@test.example'), 'temp@test.example', 'delayed', '4.2.2'));
      expect(await statusOf(broadcastId, 'temp@test.example')).not.toBe('Bounced');
      expect(await suppressed('temp@test.example')).toBe(false);
    });

    it('an ARF abuse report marks the recipient Complained, suppresses the address and withdraws consent', async () => {
      await post(arf(returnPath('spam@test.example'), 'spam@test.example'));
      expect(await statusOf(broadcastId, 'spam@test.example')).toBe('Complained');
      expect(await suppressed('spam@test.example')).toBe(true);
      expect((await latest('spam@test.example', listId))!).toMatchObject({ action: 'Withdrawn', source: 'Complaint' });
    });
  });

  describe('RFC 5321 §4.5.4.1: "the give-up time generally needs to be at least 4-5 days"', () => {
    it('still retries a deferred recipient 80 hours after sending began', async () => {
      const listId = (await newList('Slow list')).id;
      await t.gql(RECORD, { listId, email: 'slow@test.example' }, admin);
      const id = await send('Slow week', listId);
      await untilPasses(async () => {
        const [row] = (await t.gql(RECIPIENTS, { id }, admin)).data.broadcastRecipients;
        expect(row).toMatchObject({ status: 'Deferred' });
      }, 20_000);
      // As if the server had answered 451 for the last 80 hours: the next try is due now.
      await t.db.query(`UPDATE broadcasts SET started_at = now() - interval '80 hours' WHERE id = $1`, [id]);
      await t.db.query(`UPDATE broadcast_recipients SET next_attempt_at = now() WHERE broadcast_id = $1`, [id]);
      const triesBefore = smtp.tries.get('slow@test.example') ?? 0;
      const wakeList = (await newList('Wake list')).id;
      await t.gql(RECORD, { listId: wakeList, email: 'wake@test.example' }, admin);
      await sendAndWait('Wake week', wakeList);
      await untilPasses(async () => expect(smtp.tries.get('slow@test.example') ?? 0).toBeGreaterThan(triesBefore), 10_000);
    }, 90_000);
  });

  describe('Gmail and Yahoo bulk-sender rules: SPF, DKIM and DMARC', () => {
    it('reports the three checks for the sending domain', async () => {
      const answer = await t.gql(`{ sendingHealth { domain checks { name ok advice } } }`, {}, admin);
      expect(answer.data.sendingHealth.checks.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['SPF', 'DKIM', 'DMARC']));
    }, 30_000);
  });
});
