import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { SubscriptionsService } from '../lists/subscriptions.service.js';
import { readMailToken } from '../mail-tokens.js';
import { INBOUND_MESSAGE_LIMIT, readDeliveryReports } from './delivery-reports.js';
import { DeliveryReportsService } from './delivery-reports.service.js';

type Mailbox = { kind: 'bounces'; token: string } | { kind: 'unsubscribe'; token: string };

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * The SMTP server our list mail's return paths and `mailto:` unsubscribe addresses point at, on MAIL_INBOUND_PORT
 * (none when unset). It is no mail server: it takes mail only for `bounces+<token>@` and `unsubscribe+<token>@` at
 * MAIL_BOUNCE_DOMAIN with a token we signed, relays nothing and asks for no sign-in.
 */
@Injectable()
export class InboundSmtpService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('InboundSmtp');
  private server?: SMTPServer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: DeliveryReportsService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** The port it listens on (the one chosen by the system when MAIL_INBOUND_PORT is 0), or undefined when off. */
  get port(): number | undefined {
    return (this.server?.server.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap() {
    if (this.config.mailInboundPort === undefined) return;
    this.server = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: INBOUND_MESSAGE_LIMIT,
      maxClients: 50,
      logger: false,
      banner: 'bounces and unsubscribe requests only',
      onRcptTo: (address, _session, callback) => callback(this.mailboxOf(address) ? undefined : smtpError(550, '5.1.1 No such mailbox here')),
      onData: (stream, session, callback) => void this.receive(stream, session).then(() => callback(), callback),
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.mailInboundPort, () => resolve());
    });
    // A broken connection is the sender's problem, never a reason to stop.
    server.on('error', (error) => this.logger.warn(`SMTP connection: ${error.message}`));
    this.logger.log(`listening for bounces on port ${this.port}`);
  }

  async onApplicationShutdown() {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Our two kinds of address, with a token we signed; anything else is refused at RCPT. */
  private mailboxOf({ address }: SMTPServerAddress): Mailbox | null {
    const at = address.lastIndexOf('@');
    if (at < 0 || address.slice(at + 1).toLowerCase() !== this.config.mailBounceDomain.toLowerCase()) return null;
    const match = /^(bounces|unsubscribe)\+([a-z0-9-]{1,120})$/i.exec(address.slice(0, at));
    if (!match) return null;
    const kind = match[1].toLowerCase() === 'bounces' ? 'bounces' : 'unsubscribe';
    const token = match[2].toLowerCase();
    return readMailToken(this.config.jwtSecret, kind === 'bounces' ? 'return-path' : 'unsubscribe', token) ? { kind, token } : null;
  }

  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const raw = await readAll(stream);
    if (stream.sizeExceeded) throw smtpError(552, '5.3.4 Message too big');
    try {
      for (const recipient of session.envelope.rcptTo) {
        const mailbox = this.mailboxOf(recipient);
        if (mailbox?.kind === 'bounces') await this.reports.recordAll(await readDeliveryReports(raw, recipient.address));
        if (mailbox?.kind === 'unsubscribe') await this.unsubscribe(mailbox.token);
      }
    } catch (error) {
      // Our database, not the message, failed: the sending server keeps it and tries again.
      this.logger.error(`could not record an inbound message: ${(error as Error).message}`);
      throw smtpError(451, '4.3.0 Please try again later');
    }
  }

  /** The `mailto:` of `List-Unsubscribe`: the message itself says nothing we need. A list since removed is nothing to do. */
  private async unsubscribe(token: string) {
    try {
      await this.subscriptions.unsubscribeByToken(token, 'EmailLink');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}
