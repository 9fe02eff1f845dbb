import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { Transporter } from 'nodemailer';
import QRCode from 'qrcode';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JobQueue } from '../database/job-queue.js';
import { connectWithoutDelay } from './smtp-socket.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where the recipient's answer goes, when not back to the no-reply sender. */
  replyTo?: string;
  /**
   * Files sent with it, as text (a ticket's calendar entry), or a QR code of `qrCodeOf`, drawn as a PNG only when
   * the message is sent: drawing one takes milliseconds the request that queued it need not spend.
   */
  attachments?: ({ filename: string; content: string; contentType: string } | { filename: string; qrCodeOf: string })[];
  /** An HTML part beside the text (list mail). */
  html?: string;
  /** Headers of list mail, sent as written (one line, no CR or LF): `List-Unsubscribe`, `List-Unsubscribe-Post`, `List-Id`. */
  headers?: Record<string, string>;
  /** The envelope sender, where bounces go (VERP), when not the From address. */
  returnPath?: string;
}

/** PNG, which every mail program shows; 6 pixels a module is sharp enough to scan off a phone's screen. */
const asFile = async (attachment: NonNullable<MailMessage['attachments']>[number]) =>
  'qrCodeOf' in attachment
    ? {
        filename: attachment.filename,
        contentType: 'image/png',
        content: await QRCode.toBuffer(attachment.qrCodeOf, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 }),
      }
    : attachment;

export const MAIL_QUEUE = 'mail';

/**
 * The headers a DKIM signature covers: RFC 6376's list (nodemailer's own), and `List-Unsubscribe-Post`, which
 * RFC 8058 §4 requires signed beside `List-Unsubscribe` so a one-click unsubscribe cannot be forged onto our mail.
 */
const DKIM_SIGNED_HEADERS = [
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:Content-Description',
  'Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References',
  'List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive',
].join(':');

/** A single-part outbox copy as a person reads it: its body's base64 or quoted-printable undone. */
function readable(copy: string): string {
  const end = copy.search(/\r?\n\r?\n/);
  const headers = end < 0 ? copy : copy.slice(0, end);
  if (/^content-transfer-encoding:\s*base64/im.test(headers)) return headers + Buffer.from(copy.slice(headers.length), 'base64').toString('utf8');
  return copy.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Outgoing mail goes through a durable queue (pg-boss on our PostgreSQL): the caller queues the message in the
 * transaction that stores its record, and the message survives a crash and is retried with back-off when the
 * SMTP server fails. Once delivered, its job keeps no copy of it.
 * Without SMTP_URL each message is written to DATA_DIR/outbox as an .eml file, and the file's name logged.
 */
@Injectable()
export class MailService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  /** Broadcasts: one connection kept open and reused, message after message. */
  private readonly bulkTransport: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
  ) {
    // DKIM as each message's own option: nodemailer signs every message it is given for either transport.
    const signing = config.dkim && { dkim: { ...config.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } };
    // nodemailer reads a transport given as a URL from the URL alone (its query), so the options go there.
    const smtp = (pool: boolean): Transporter => {
      const url = new URL(config.smtpUrl!);
      const options = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000', ...(pool && { pool: 'true', maxConnections: '1' }) };
      for (const [name, value] of Object.entries(options)) url.searchParams.set(name, value);
      return Object.assign(nodemailer.createTransport(url.href, signing || undefined), { getSocket: connectWithoutDelay });
    };
    const outbox = () => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...signing });
    this.transport = config.smtpUrl ? smtp(false) : outbox();
    this.bulkTransport = config.smtpUrl ? smtp(true) : outbox();
  }

  async onApplicationBootstrap() {
    await this.jobs.work<MailMessage>(MAIL_QUEUE, async (message) => void (await this.deliver(message)));
  }

  onApplicationShutdown() {
    this.transport.close();
    this.bulkTransport.close();
  }

  /**
   * Queues a message for delivery; never throws for a delivery problem. With `transaction`, the message is
   * queued if and only if that transaction commits.
   */
  async queue(message: MailMessage, transaction?: EntityManager): Promise<void> {
    await this.jobs.send(MAIL_QUEUE, message, { retryLimit: 8, retryDelay: 30, retryBackoff: true }, transaction);
  }

  /** Forgets every job that mentions an address, waiting, sent or archived: what erasure asks of the queue. */
  async forget(address: string): Promise<void> {
    await this.jobs.forget(address);
  }

  /** The copies in DATA_DIR/outbox (written when no SMTP server is set) last written before `before`. */
  async outboxCopiesBefore(before: Date): Promise<string[]> {
    const folder = join(this.config.dataDir, 'outbox');
    const names = await readdir(folder).catch(() => [] as string[]);
    const due: string[] = [];
    for (const name of names) {
      const file = join(folder, name);
      if ((await stat(file)).mtime < before) due.push(file);
    }
    return due;
  }

  /**
   * The copies in DATA_DIR/outbox that mention an address (sent to it, or naming it in a message to staff), read
   * as a person would, as the job queue's `forget` matches its jobs.
   */
  async outboxCopiesMentioning(address: string): Promise<string[]> {
    const folder = join(this.config.dataDir, 'outbox');
    const wanted = address.trim().toLowerCase();
    const names = await readdir(folder).catch(() => [] as string[]);
    const found: string[] = [];
    for (const name of names) {
      const file = join(folder, name);
      const copy = await readFile(file, 'utf8').catch(() => '');
      if (readable(copy).toLowerCase().includes(wanted)) found.push(file);
    }
    return found;
  }

  /** Deletes outbox copies; called once the transaction that decided it has committed, as files cannot roll back. */
  async removeOutboxCopies(files: string[]): Promise<void> {
    // `force`: a copy another instance removed first is gone either way.
    for (const file of files) await rm(file, { force: true });
  }

  /**
   * Sends now; throws when the server refuses (nodemailer's error carries the SMTP `responseCode`), so the caller
   * retries. Answers the server's reply, e.g. `250 2.0.0 Ok: queued`. `bulk`: on the broadcasts' kept connection,
   * and logged by the caller.
   */
  async deliver(message: MailMessage, { bulk = false } = {}): Promise<string> {
    // Addresses as objects, which nodemailer takes whole: a string it parses, and `"a,b"@x` would become two.
    const { to, replyTo, attachments, returnPath, headers, ...content } = message;
    const info = await (bulk ? this.bulkTransport : this.transport).sendMail({
      from: this.config.mailFrom,
      ...content,
      ...(attachments && { attachments: await Promise.all(attachments.map(asFile)) }),
      to: { name: '', address: to },
      ...(replyTo && { replyTo: { name: '', address: replyTo } }),
      ...(returnPath && { envelope: { from: returnPath, to } }),
      // As written (`prepared`): nodemailer would otherwise encode a List-Id's quoted phrase into an unreadable word.
      ...(headers && { headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { prepared: true, value }])) }),
    });
    if (this.config.smtpUrl) {
      if (!bulk) this.logger.log(`sent "${message.subject}"`);
      return String(info.response ?? '');
    }
    const outbox = join(this.config.dataDir, 'outbox');
    await mkdir(outbox, { recursive: true });
    const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    // The file only: a message's links may carry a live token (a password reset) that logs must never hold.
    if (!bulk) this.logger.log(`written to ${file}`);
    return `written to the outbox`;
  }
}
