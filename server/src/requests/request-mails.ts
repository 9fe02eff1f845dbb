import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error.js';
import { emailKeyPart, RateLimitService } from '../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type MailMessage, MailService } from '../mail/index.js';
import { careId } from './care/care-request.js';
import type { RequestKind } from './request-kinds.js';

export const ACKNOWLEDGEMENT_SUBJECT = 'Your message has been received';

/** Anyone can type anyone's address into a form, so one address gets at most this many acknowledgements an hour. */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR = 5;

/** Where staff open a request: the care inbox's screen in the admin console (react-admin's `<resource>/<id>/show`). */
export const adminLink = (publicUrl: string, kind: Pick<RequestKind, 'name'>, id: number) =>
  `${publicUrl}/admin/care/${careId(kind.name, id)}/show`;

/**
 * A message to staff about a request: a line, then the link to open it. What the sender wrote stays out of the
 * e-mail (religious belief is special-category data); staff read it in the admin console after signing in.
 */
function linkOnlyMail(to: string, subject: string, opening: string, link: string): MailMessage {
  return {
    to,
    subject,
    text: [opening, '', 'Open it in the admin console (sign in if asked):', '', link, '', "For the sender's privacy, what they wrote is not copied into this e-mail."].join('\n'),
  };
}

/** Tells staff a request arrived. */
export const staffNotificationMail = (to: string, kind: Pick<RequestKind, 'label'>, id: number, link: string): MailMessage =>
  linkOnlyMail(to, `New ${kind.label} #${id}`, `A new ${kind.label} (#${id}) has arrived through the website.`, link);

/** Tells a staff member a request is theirs to look after. */
export const assignmentMail = (to: string, kind: Pick<RequestKind, 'label'>, id: number, link: string): MailMessage =>
  linkOnlyMail(to, `A ${kind.label} (#${id}) was given to you`, `A ${kind.label} (#${id}) was given to you to look after.`, link);

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

/** Staff's reply to the sender, written in the console; the sender's answer goes to the staff mailbox. */
export function replyMail(to: string, kind: Pick<RequestKind, 'label'>, body: string, staffEmail: string): MailMessage {
  return {
    to,
    replyTo: staffEmail,
    subject: `About your ${kind.label}`,
    text: [body, '', '--', `This is a reply to the ${kind.label} you sent us. You can answer it by replying to this e-mail.`].join('\n'),
  };
}

/**
 * Queues the staff notification and the acknowledgement of a request in the transaction that stores it, and
 * other messages about stored requests on their own.
 */
@Injectable()
export class RequestNotifier {
  private readonly logger = new Logger('Requests');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly limits: RateLimitService,
  ) {}

  /**
   * The address to acknowledge a request to, unless it has had its share this hour. Asked before the storing
   * transaction opens: a transaction that waited for a second connection could starve a small pool.
   */
  async acknowledgeable(senderEmail: string | undefined): Promise<string | undefined> {
    return senderEmail && (await this.mayAcknowledge(senderEmail)) ? senderEmail : undefined;
  }

  /**
   * Queues the e-mails of a request in `transaction`, the one storing it: a stored request always gets its
   * e-mails. A queue that cannot take them refuses the request (503, nothing stored), so the sender tries again.
   */
  async announce(kind: Pick<RequestKind, 'name' | 'label'>, id: number, acknowledgeTo: string | undefined, transaction: EntityManager): Promise<void> {
    try {
      await this.mail.queue(staffNotificationMail(this.config.staffEmail, kind, id, adminLink(this.config.publicUrl, kind, id)), transaction);
      if (acknowledgeTo) await this.mail.queue(acknowledgementMail(acknowledgeTo), transaction);
    } catch (error) {
      this.logger.error(`could not queue the e-mails about ${kind.label} ${id}, so it is not stored: ${error instanceof Error ? error.message : String(error)}`);
      throw AppError.serviceUnavailable();
    }
  }

  /** Queues a message about a stored request; a queueing failure is logged with ids only and swallowed. */
  async tell(message: MailMessage, kind: Pick<RequestKind, 'label'>, id: number): Promise<void> {
    try {
      await this.mail.queue(message);
    } catch (error) {
      this.logger.error(`could not queue an e-mail about ${kind.label} ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Counts acknowledgements per recipient (keyed by a hash, so the counter table holds no address). */
  private async mayAcknowledge(email: string): Promise<boolean> {
    const key = `acknowledgement:${emailKeyPart(email)}`;
    try {
      return (await this.limits.hit(key, 60 * 60)) <= ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR;
    } catch (error) {
      this.logger.error(`could not count acknowledgements: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}
