import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { Public } from '../../access/decorators.js';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { INBOUND_MESSAGE_LIMIT, readDeliveryReports } from './delivery-reports.js';
import { DeliveryReportsService } from './delivery-reports.service.js';

/** Hashed first, so that comparing takes as long whatever the length of the guess. */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** The body as sent: no parser runs for these types on `/api`, and the secret is checked before it is read. */
async function rawBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > INBOUND_MESSAGE_LIMIT) throw AppError.badInput('body', 'The message is larger than 1 MB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Bounces and complaints handed over by a mail service's webhook or an MTA's pipe (`curl --data-binary @-`), for
 * when our SMTP listener cannot be the MX. Public to the guard: the shared MAIL_INBOUND_SECRET is the
 * authentication, and without one the path does not exist.
 */
@Controller('api/mail')
export class InboundController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: DeliveryReportsService,
  ) {}

  @Public()
  @Post('inbound')
  @HttpCode(200)
  async receive(@Req() req: Request): Promise<{ recorded: number }> {
    const secret = this.config.mailInboundSecret;
    if (!secret) throw AppError.notFound('This address');
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, secret)) throw AppError.unauthenticated('The inbound mail secret is wrong');
    if (!req.is(['message/rfc822', 'text/plain'])) throw AppError.badInput('body', 'Send the message as message/rfc822 or text/plain');
    const reports = await readDeliveryReports(await rawBody(req));
    return { recorded: await this.reports.recordAll(reports) };
  }
}
