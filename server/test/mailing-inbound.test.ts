import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import type { Request } from 'express';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../src/config/app-config.js';
import type { JobQueue } from '../src/database/job-queue.js';
import { MailService } from '../src/mail/mail.service.js';
import { publicKeyOf } from '../src/mailing/health/sending-health.js';
import type { DeliveryReportsService } from '../src/mailing/inbound/delivery-reports.service.js';
import { InboundSmtpService } from '../src/mailing/inbound/inbound-smtp.service.js';
import { InboundController } from '../src/mailing/inbound/inbound.controller.js';
import { signMailToken } from '../src/mailing/mail-tokens.js';
import { addressHash } from '../src/mailing/suppressions.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const DOMAIN = 'bounces.site.test';
const SECRET = 'inbound-secret-0123456789';

interface Recipient {
  id: string;
  email: string;
  listId: number;
  subscriberId: number;
  token: string;
}

/** A DSN as Postfix writes it, for one recipient of ours. */
const dsn = (token: string, recipient: string, action: string, status: string, diagnostic: string) =>
  [
    'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)',
    `To: bounces+${token}@${DOMAIN}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B1"',
    '',
    '--B1',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--B1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '--B1--',
    '',
  ].join('\r\n');

/** A mailbox provider's abuse report (ARF), addressed to its feedback loop address, naming our return path. */
const complaint = (token: string, recipient: string) =>
  [
    'From: Feedback <feedback@fbl.example.com>',
    'To: fbl@site.test',
    'Subject: Abuse report',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="F1"',
    '',
    '--F1',
    'Content-Type: text/plain',
    '',
    'This is an email abuse report.',
    '--F1',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ExampleFBL/1.0',
    'Version: 1',
    '--F1',
    'Content-Type: text/rfc822-headers',
    '',
    `Return-Path: <bounces+${token}@${DOMAIN}>`,
    `To: ${recipient}`,
    'Subject: Harvest supper',
    '--F1--',
    '',
  ].join('\r\n');

describe('bounces, complaints and mailto unsubscribing', () => {
  let t: TestApp;
  let smtpPort: number;

  beforeAll(async () => {
    t = await startTestApp({ MAIL_INBOUND_PORT: '0', MAIL_INBOUND_SECRET: SECRET, MAIL_BOUNCE_DOMAIN: DOMAIN });
    smtpPort = t.app.get(InboundSmtpService).port!;
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A subscriber of a new Consent list, and their row of a broadcast to it, in the given state. */
  async function recipient(status = 'Sent'): Promise<Recipient> {
    const email = `reader-${randomBytes(4).toString('hex')}@test.example`;
    const [list] = await t.db.query(`INSERT INTO mailing_lists (name, basis) VALUES ($1, 'Consent') RETURNING id`, [`List ${email}`]);
    const [subscriber] = await t.db.query(`INSERT INTO mail_subscribers (email) VALUES ($1) RETURNING id`, [email]);
    await t.db.query(`INSERT INTO consent_events (subscriber_id, list_id, action, basis, source, wording) VALUES ($1, $2, 'Given', 'Consent', 'SignUpForm', 'Send me news')`, [
      subscriber.id,
      list.id,
    ]);
    const [broadcast] = await t.db.query(
      `INSERT INTO broadcasts (subject, body, list_id, audience, status) VALUES ('Harvest supper', '<p>Hello</p>', $1, $2, 'Sent') RETURNING id`,
      [list.id, JSON.stringify({ kind: 'List', listId: list.id })],
    );
    const [row] = await t.db.query(`INSERT INTO broadcast_recipients (broadcast_id, subscriber_id, email, status) VALUES ($1, $2, $3, $4) RETURNING id`, [
      broadcast.id,
      subscriber.id,
      email,
      status,
    ]);
    return { id: String(row.id), email, listId: list.id, subscriberId: subscriber.id, token: signMailToken(t.config.jwtSecret, 'return-path', String(row.id)) };
  }

  const rowOf = async ({ id }: Recipient) => (await t.db.query(`SELECT status, last_reply FROM broadcast_recipients WHERE id = $1`, [id]))[0];
  const suppression = async ({ email }: Recipient) =>
    (await t.db.query(`SELECT reason FROM mail_suppressions WHERE address_hash = $1`, [addressHash(email)]))[0]?.reason as string | undefined;
  const ledger = async ({ subscriberId, listId }: Recipient) =>
    t.db.query(`SELECT action, basis, source, wording FROM consent_events WHERE subscriber_id = $1 AND list_id = $2 ORDER BY id`, [subscriberId, listId]);

  /** Sends a raw message to our listener, as a remote mail server does; a null envelope sender, as DSNs have. */
  async function overSmtp(to: string, raw: string) {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    try {
      return await transport.sendMail({ envelope: { from: '', to }, raw });
    } finally {
      transport.close();
    }
  }

  const post = (raw: string, secret = SECRET) =>
    t.http.post('/api/mail/inbound').set('authorization', `Bearer ${secret}`).set('content-type', 'message/rfc822').send(raw);

  it('marks a recipient Bounced and suppresses the address on a 5.x.x DSN received over SMTP', async () => {
    const r = await recipient();
    await overSmtp(`bounces+${r.token}@${DOMAIN}`, dsn(r.token, r.email, 'failed', '5.1.1', '550 5.1.1 User unknown'));
    expect(await rowOf(r)).toEqual({ status: 'Bounced', last_reply: '5.1.1 550 5.1.1 User unknown' });
    expect(await suppression(r)).toBe('HardBounce');
  });

  it('marks a recipient still being tried Deferred on a 4.x.x DSN posted to the webhook, and never suppresses', async () => {
    const waiting = await recipient('Queued');
    const response = await post(dsn(waiting.token, waiting.email, 'delayed', '4.2.2', '452 4.2.2 Mailbox full'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ recorded: 1 });
    expect(await rowOf(waiting)).toEqual({ status: 'Deferred', last_reply: '4.2.2 452 4.2.2 Mailbox full' });
    expect(await suppression(waiting)).toBeUndefined();

    for (const status of ['Sent', 'Bounced']) {
      const settled = await recipient(status);
      await post(dsn(settled.token, settled.email, 'delayed', '4.4.1', '421 try later')).expect(200);
      expect((await rowOf(settled)).status).toBe(status);
    }
  });

  it('marks a complaint Complained, suppresses the address at once and records the withdrawal in the ledger', async () => {
    const r = await recipient();
    expect((await post(complaint(r.token, r.email))).body).toEqual({ recorded: 1 });
    expect((await rowOf(r)).status).toBe('Complained');
    expect(await suppression(r)).toBe('Complaint');
    const withdrawn = { action: 'Withdrawn', basis: 'Consent', source: 'Complaint', wording: 'Marked our e-mail as spam' };
    expect(await ledger(r)).toEqual([expect.objectContaining({ action: 'Given' }), withdrawn]);

    // The same report again (providers repeat themselves) records nothing more.
    await post(complaint(r.token, r.email)).expect(200);
    expect(await ledger(r)).toHaveLength(2);
  });

  it('answers 401 to a wrong secret and changes nothing', async () => {
    const r = await recipient();
    const response = await post(dsn(r.token, r.email, 'failed', '5.1.1', '550 User unknown'), 'not-the-secret');
    expect(response.status).toBe(401);
    expect((await t.http.post('/api/mail/inbound').set('content-type', 'text/plain').send('x')).status).toBe(401);
    expect((await rowOf(r)).status).toBe('Sent');
  });

  it('has no webhook at all without MAIL_INBOUND_SECRET', async () => {
    const unset = new InboundController({ ...t.config, mailInboundSecret: undefined }, {} as DeliveryReportsService);
    const request = { headers: { authorization: 'Bearer anything' } } as Request;
    await expect(unset.receive(request)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('changes nothing for a forged token, and the listener refuses it and any other mailbox', async () => {
    const r = await recipient();
    const forged = signMailToken('another-secret-entirely-0123456789', 'return-path', r.id);
    expect((await post(dsn(forged, r.email, 'failed', '5.1.1', '550 User unknown'))).body).toEqual({ recorded: 0 });
    expect((await post(complaint(forged, r.email))).body).toEqual({ recorded: 0 });
    expect(await rowOf(r)).toEqual({ status: 'Sent', last_reply: null });
    expect(await suppression(r)).toBeUndefined();
    expect(await ledger(r)).toHaveLength(1);

    for (const to of [`bounces+${forged}@${DOMAIN}`, `postmaster@${DOMAIN}`, `bounces+${r.token}@elsewhere.example`]) {
      await expect(overSmtp(to, dsn(forged, r.email, 'failed', '5.1.1', '550 User unknown'))).rejects.toMatchObject({ responseCode: 550 });
    }
    expect((await rowOf(r)).status).toBe('Sent');
  });

  it('unsubscribes whoever writes to the unsubscribe+ address of List-Unsubscribe', async () => {
    const r = await recipient();
    const token = signMailToken(t.config.jwtSecret, 'unsubscribe', `${r.listId}-${r.subscriberId}`);
    const mail = [`From: ${r.email}`, `To: unsubscribe+${token}@${DOMAIN}`, 'Subject: unsubscribe', '', 'unsubscribe', ''].join('\r\n');
    await overSmtp(`unsubscribe+${token}@${DOMAIN}`, mail);
    expect((await ledger(r)).at(-1)).toMatchObject({ action: 'Withdrawn', source: 'EmailLink' });
    expect(await suppression(r)).toBeUndefined();
  });
});

describe('DKIM', () => {
  it('signs outgoing mail with the configured key, verifiably against the published public key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const smtp = await startSmtpServer();
    const dkim = { domainName: 'ministry.example', keySelector: 'mail2026', privateKey };
    const mail = new MailService({ smtpUrl: smtp.url, mailFrom: 'Ministry <news@ministry.example>', dkim } as AppConfig, {} as JobQueue);
    try {
      await mail.deliver({ to: 'reader@test.example', subject: 'Signed', text: 'Hello' });
      const { raw } = await smtp.waitFor((m) => m.subject === 'Signed');
      const signature = /^DKIM-Signature:[^]*?(?=\r?\n\S)/m.exec(raw)?.[0] ?? '';
      expect(signature).toMatch(/\bd=ministry\.example;/);
      expect(signature).toMatch(/\bs=mail2026;/);

      const published = `v=DKIM1; k=rsa; p=${publicKeyOf(privateKey)}`;
      const resolver = async (name: string) => {
        if (name === 'mail2026._domainkey.ministry.example') return [[published]];
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      };
      const { results } = await dkimVerify(Buffer.from(raw), { resolver });
      expect(results.map((result) => result.status.result)).toEqual(['pass']);
    } finally {
      mail.onApplicationShutdown();
      await smtp.close();
    }
  });
});
