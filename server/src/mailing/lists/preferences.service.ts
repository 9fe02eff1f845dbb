import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { mailingChoiceWording } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { AppError } from '../../common/app-error.js';
import { isSuppressed } from '../suppressions.js';
import { appendConsent, findSubscriber, historyOf, statesOf, subscriberOf } from './consent-ledger.js';
import type { MailingChoice } from './mailing-choices.service.js';
import { CommunicationPreferences, MailingList } from './mailing-list.entity.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** The privacy centre: what a member is sent, their ledger, and their own boxes. */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** The member's own: every public list and any list they have a line for, and their ledger. */
  async preferences(user: AuthUser, manager: EntityManager = this.dataSource.manager): Promise<CommunicationPreferences> {
    const [account] = await manager.query<{ email: string }[]>(`SELECT email FROM users WHERE id = $1`, [user.id]);
    if (!account) throw AppError.unauthenticated();
    const subscriberId = await findSubscriber(manager, { email: account.email, userId: user.id });
    const states = subscriberId ? await statesOf(manager, subscriberId) : new Map();
    const lists = await manager.query<MailingList[]>(
      `SELECT id, name, description, public, basis, created_at AS "createdAt" FROM mailing_lists WHERE public OR id = ANY($1) ORDER BY name`,
      [[...states.keys()]],
    );
    return {
      email: account.email,
      suppressed: await isSuppressed(manager, account.email),
      lists: lists.map((list) => {
        const state = states.get(list.id);
        return {
          list,
          subscribed: state?.subscribed ?? false,
          pending: state?.pending ?? false,
          basis: state?.basis ?? null,
          since: state?.since ?? null,
          wording: mailingChoiceWording({ ...list, basis: 'Consent' }),
        };
      }),
      history: subscriberId ? await historyOf(manager, subscriberId) : [],
    };
  }

  /** The privacy centre's boxes, where ticked means subscribed: only changes are recorded. */
  async updatePreferences(user: AuthUser, choices: readonly MailingChoice[]): Promise<CommunicationPreferences> {
    return this.dataSource.transaction(async (manager) => {
      const [account] = await manager.query<{ email: string; email_verified: boolean }[]>(`SELECT email, email_verified FROM users WHERE id = $1`, [user.id]);
      if (!account) throw AppError.unauthenticated();
      const subscriberId = await subscriberOf(manager, { email: account.email, userId: user.id });
      await manager.query(`SELECT 1 FROM mail_subscribers WHERE id = $1 FOR UPDATE`, [subscriberId]);
      const states = await statesOf(manager, subscriberId);
      for (const choice of choices) {
        const list = await manager.findOneBy(MailingList, { id: choice.listId });
        // A staff-only list can be left, never joined from the website.
        if (!list || (!list.public && !states.has(list.id))) throw AppError.badInput('lists', 'There is no such mailing list');
        const state = states.get(list.id);
        const wording = mailingChoiceWording({ ...list, basis: 'Consent' });
        if (choice.ticked && !state?.subscribed && list.public) {
          if (account.email_verified)
            await appendConsent(manager, { subscriberId, listId: list.id, action: 'Given', basis: 'Consent', source: 'PrivacyCentre', wording });
          else if (!state?.pending) await this.subscriptions.request(manager, list, subscriberId, account.email, 'PrivacyCentre');
        } else if (!choice.ticked && state?.subscribed) {
          await appendConsent(manager, {
            subscriberId,
            listId: list.id,
            action: 'Withdrawn',
            basis: state.basis!,
            source: 'PrivacyCentre',
            wording: 'Unsubscribed in the privacy centre',
          });
        }
      }
      return this.preferences(user, manager);
    });
  }
}
