import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { mailingChoiceWording, type ConsentSource } from '@ministry/shared';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailService } from '../../mail/index.js';
import { absoluteUrl } from '../../site/index.js';
import { readMailToken, signMailToken } from '../mail-tokens.js';
import { isSuppressed } from '../suppressions.js';
import { appendConsent, mailingListOf, statesOf, subscriberOf, withdrawIfSubscribed } from './consent-ledger.js';
import { MailingList } from './mailing-list.entity.js';
import { confirmSubscriptionMail } from './subscription-mails.js';

const CONFIRMATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Subscribing by the website and the links in our e-mails, always by appending to the consent ledger: sign-up with
 * its confirmation link, and the unsubscribe link. Forms' boxes, the privacy centre and staff build on `request`.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A sign-up on the website: `Requested` and a confirmation link, unless the address is already on the list or
   * suppressed (then nothing, and the same answer: a form must not tell who is subscribed).
   */
  async subscribe(listId: number, email: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const list = await mailingListOf(manager, listId, true);
      if (await isSuppressed(manager, email)) return;
      const subscriberId = await subscriberOf(manager, { email });
      if ((await statesOf(manager, subscriberId)).get(list.id)?.subscribed) return;
      await this.request(manager, list, subscriberId, email, 'SignUpForm');
    });
  }

  /** Records the request and sends its link, in the caller's transaction: the link exists exactly when the request does. */
  async request(manager: EntityManager, list: MailingList, subscriberId: number, email: string, source: ConsentSource): Promise<void> {
    const wording = mailingChoiceWording({ ...list, basis: 'Consent' });
    const eventId = await appendConsent(manager, { subscriberId, listId: list.id, action: 'Requested', basis: 'Consent', source, wording });
    const token = signMailToken(this.config.jwtSecret, 'confirm', eventId);
    const link = absoluteUrl(this.config, `/newsletters/confirm?token=${token}`);
    await this.mail.queue(confirmSubscriptionMail(email, list.name, link), manager);
  }

  /** The confirmation link: `Given` on the consent asked for; a second press changes nothing. */
  async confirm(token: string): Promise<MailingList> {
    const [eventId] = readMailToken(this.config.jwtSecret, 'confirm', token) ?? [];
    if (!eventId) throw AppError.badInput('token', 'This confirmation link is not valid');
    return this.dataSource.transaction(async (manager) => {
      const [request] = await manager.query<
        { subscriber_id: number; list_id: number; source: ConsentSource; wording: string; at: Date; withdrawn_since: boolean }[]
      >(
        `SELECT subscriber_id, list_id, source, wording, at,
                EXISTS (SELECT 1 FROM consent_events w WHERE w.subscriber_id = r.subscriber_id AND w.list_id = r.list_id AND w.action = 'Withdrawn' AND w.id > r.id) AS withdrawn_since
           FROM consent_events r WHERE id = $1 AND action = 'Requested'`,
        [eventId],
      );
      if (!request) throw AppError.badInput('token', 'This confirmation link is not valid');
      // One confirmation at a time per person: two presses at once record one Given.
      await manager.query(`SELECT 1 FROM mail_subscribers WHERE id = $1 FOR UPDATE`, [request.subscriber_id]);
      const list = await mailingListOf(manager, request.list_id, false);
      if ((await statesOf(manager, request.subscriber_id)).get(list.id)?.subscribed) return list;
      // An old link pressed after unsubscribing must not undo the unsubscribing.
      if (request.withdrawn_since) throw AppError.badInput('token', 'You unsubscribed after asking for this link: please sign up again');
      if (Date.now() - request.at.getTime() > CONFIRMATION_DAYS * DAY_MS)
        throw AppError.badInput('token', 'This confirmation link has expired: please sign up again');
      await appendConsent(manager, {
        subscriberId: request.subscriber_id,
        listId: list.id,
        action: 'Given',
        basis: 'Consent',
        source: request.source,
        wording: request.wording,
      });
      return list;
    });
  }

  isUnsubscribeToken(token: string): boolean {
    return token.length <= 100 && readMailToken(this.config.jwtSecret, 'unsubscribe', token) !== null;
  }

  /** The unsubscribe link or one-click POST: `Withdrawn` at once, without signing in; a second time changes nothing. */
  async unsubscribeByToken(token: string, source: ConsentSource = 'EmailLink'): Promise<MailingList> {
    const [listId, subscriberId] = readMailToken(this.config.jwtSecret, 'unsubscribe', token) ?? [];
    if (!listId || !subscriberId) throw AppError.badInput('token', 'This unsubscribe link is not valid');
    return this.dataSource.transaction(async (manager) => {
      const list = await mailingListOf(manager, listId, false);
      await withdrawIfSubscribed(manager, subscriberId, list, source, 'Unsubscribed with the link in one of our e-mails');
      return list;
    });
  }
}
