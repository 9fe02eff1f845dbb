import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { RateLimitService } from '../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import type { RequestKind } from './request-kinds.js';

export const ACKNOWLEDGEMENT_SUBJECT = 'Your message has been received';

/** Anyone can type anyone's address into a form, so one address gets at most this many acknowledgements an hour. */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR = 5;

/** Where staff open a request: the admin console runs under /admin with react-admin's `<Resource>/<id>/show` routes. */
export const adminLink = (publicUrl: string, kind: Pick<RequestKind, 'name'>, id: number) =>
  `${publicUrl}/admin/${kind.name}/${id}/show`;

/**
 * Tells staff a request arrived. What the sender wrote stays out of the e-mail (religious belief is
 * special-category data); staff read it in the admin console after signing in.
 */
export function staffNotificationMail(to: string, kind: Pick<RequestKind, 'name' | 'label'>, id: number, link: string): MailMessage {
  return {
    to,
    subject: `New ${kind.label} #${id}`,
    text: [
      `A new ${kind.label} (#${id}) has arrived through the website.`,
      '',
      'Open it in the admin console (sign in if asked):',
      '',
      link,
      '',
      "For the sender's privacy, what they wrote is not copied into this e-mail.",
    ].join('\n'),
  };
}

/** Confirms receipt to the sender without echoing what they wrote, so the form cannot relay text to others. */
export function acknowledgementMail(to: string): MailMessage {
  return {
    to,
    subject: ACKNOWLEDGEMENT_SUBJECT,
    text: [
      'Thank you for writing to us.',
      '',
      'Your message has been received.',
      'We will contact you shortly.',
      '',
      'God bless you.',
    ].join('\n'),
  };
}

/**
 * Queues the staff notification and the acknowledgement of a stored request. A queueing failure is logged
 * (ids only) and swallowed: the request is already stored and its sender must still see success.
 */
@Injectable()
export class RequestNotifier {
  private readonly logger = new Logger('Requests');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly limits: RateLimitService,
  ) {}

  async announce(kind: Pick<RequestKind, 'name' | 'label'>, id: number, senderEmail?: string): Promise<void> {
    const messages = [staffNotificationMail(this.config.staffEmail, kind, id, adminLink(this.config.publicUrl, kind, id))];
    if (senderEmail && (await this.mayAcknowledge(senderEmail))) messages.push(acknowledgementMail(senderEmail));
    for (const message of messages) {
      try {
        await this.mail.queue(message);
      } catch (error) {
        this.logger.error(`could not queue an e-mail about ${kind.label} ${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** Counts acknowledgements per recipient (keyed by a hash, so the counter table holds no address). */
  private async mayAcknowledge(email: string): Promise<boolean> {
    const key = `acknowledgement:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;
    try {
      return (await this.limits.hit(key, 60 * 60)) <= ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR;
    } catch (error) {
      this.logger.error(`could not count acknowledgements: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}
