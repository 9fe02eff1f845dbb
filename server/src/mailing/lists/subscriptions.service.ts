import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { mailingChoiceWording, subscribesWhen, type ConsentSource } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { AppError } from '../../common/app-error.js';
import { toId } from '../../common/list.js';
import type { MailingChoiceInput, MailingChoicesRecorder } from '../../common/mailing-choices.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailService } from '../../mail/index.js';
import { absoluteUrl } from '../../site/index.js';
import { readMailToken, signMailToken } from '../mail-tokens.js';
import { isSuppressed } from '../suppressions.js';
import { appendConsent, findSubscriber, historyOf, type MailPerson, statesOf, subscriberOf } from './consent-ledger.js';
import { CommunicationPreferences, ConsentEvent, MailingList } from './mailing-list.entity.js';
import { confirmSubscriptionMail } from './subscription-mails.js';

const CONFIRMATION_DAYS = 7;

const parseChoices = (choices: readonly MailingChoiceInput[]): MailingChoice[] =>
  choices.map((choice) => ({ listId: toId(choice.listId, 'mailingChoices.listId'), ticked: choice.ticked }));
const DAY_MS = 24 * 60 * 60 * 1000;

/** A box a form showed for a list, and whether it was ticked. */
export interface MailingChoice {
  listId: number;
  ticked: boolean;
}

/** A person as a form knows them: an address that is proved (a verified account's) needs no confirmation link. */
export interface FormPerson extends MailPerson {
  verified: boolean;
}

/**
 * Subscribing and unsubscribing, always by appending to the consent ledger: sign-up with its confirmation link, the
 * boxes of forms (consent ticked, or the soft opt-in left unticked), the member's own preferences, the unsubscribe
 * link, and staff recording consent given on paper.
 */
@Injectable()
export class SubscriptionsService implements MailingChoicesRecorder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The link in every marketing message: works without signing in for as long as the list and the person exist. */
  unsubscribeToken(listId: number, subscriberId: number): string {
    return signMailToken(this.config.jwtSecret, 'unsubscribe', `${listId}-${subscriberId}`);
  }

  private async list(manager: EntityManager, listId: number, publicOnly: boolean): Promise<MailingList> {
    const list = await manager.findOneBy(MailingList, { id: listId });
    if (!list || (publicOnly && !list.public)) throw AppError.badInput('listId', 'There is no such mailing list');
    return list;
  }

  /**
   * A sign-up on the website: `Requested` and a confirmation link, unless the address is already on the list or
   * suppressed (then nothing, and the same answer: a form must not tell who is subscribed).
   */
  async subscribe(listId: number, email: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const list = await this.list(manager, listId, true);
      if (await isSuppressed(manager, email)) return;
      const subscriberId = await subscriberOf(manager, { email });
      if ((await statesOf(manager, subscriberId)).get(list.id)?.subscribed) return;
      await this.request(manager, list, subscriberId, email, 'SignUpForm');
    });
  }

  /** Records the request and sends its link, in the caller's transaction: the link exists exactly when the request does. */
  private async request(manager: EntityManager, list: MailingList, subscriberId: number, email: string, source: ConsentSource) {
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
      const list = await this.list(manager, request.list_id, false);
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
      const list = await this.list(manager, listId, false);
      await this.withdraw(manager, subscriberId, list, source, 'Unsubscribed with the link in one of our e-mails');
      return list;
    });
  }

  /** `Withdrawn` when the person is subscribed now (under their row's lock: two clicks at once record one). */
  private async withdraw(manager: EntityManager, subscriberId: number, list: MailingList, source: ConsentSource, wording: string, staffId?: number) {
    const [person] = await manager.query<unknown[]>(`SELECT 1 FROM mail_subscribers WHERE id = $1 FOR UPDATE`, [subscriberId]);
    if (!person) return null;
    const state = (await statesOf(manager, subscriberId)).get(list.id);
    if (!state?.subscribed) return null;
    return appendConsent(manager, { subscriberId, listId: list.id, action: 'Withdrawn', basis: state.basis!, source, wording, staffId });
  }

  /**
   * The boxes a form showed (registration, a gift, a booking), in the caller's transaction. A Consent list ticked:
   * `Given` for a proved address, else `Requested` with a link. A soft opt-in list left unticked: `Given` on that
   * basis; ticked (the opt-out): `Withdrawn`. Only public lists, and only those the form showed.
   */
  async recordChoices(manager: EntityManager, person: FormPerson, choices: readonly MailingChoice[] | null | undefined, source: ConsentSource): Promise<void> {
    if (!choices?.length) return;
    const ids = [...new Set(choices.map((choice) => choice.listId))];
    const lists = await manager.query<MailingList[]>(`SELECT id, name, description, basis FROM mailing_lists WHERE public AND id = ANY($1)`, [ids]);
    if (lists.length !== ids.length) throw AppError.badInput('mailingChoices', 'One of the mailing lists does not exist');
    if (await isSuppressed(manager, person.email)) return;
    const subscriberId = await subscriberOf(manager, person);
    const states = await statesOf(manager, subscriberId);
    for (const list of lists) {
      const ticked = choices.find((choice) => choice.listId === list.id)!.ticked;
      const wording = mailingChoiceWording(list);
      const subscribed = states.get(list.id)?.subscribed ?? false;
      if (list.basis === 'CharitableSoftOptIn') {
        // Someone who once said no is never put back by a box left unticked: only by asking (the privacy centre, a sign-up).
        if (subscribesWhen(list.basis, ticked) && !states.has(list.id)) {
          await appendConsent(manager, { subscriberId, listId: list.id, action: 'Given', basis: 'CharitableSoftOptIn', source, wording });
        } else if (!subscribesWhen(list.basis, ticked)) {
          await appendConsent(manager, { subscriberId, listId: list.id, action: 'Withdrawn', basis: 'CharitableSoftOptIn', source, wording });
        }
      } else if (ticked && !subscribed) {
        if (person.verified) await appendConsent(manager, { subscriberId, listId: list.id, action: 'Given', basis: 'Consent', source, wording });
        else await this.request(manager, list, subscriberId, person.email, source);
      }
    }
  }

  /** Checks a form's boxes before the form's own record is written: a wrong list is a 400 with nothing half-done. */
  async checkChoices(choices: readonly MailingChoiceInput[] | null | undefined): Promise<void> {
    if (!choices?.length) return;
    const ids = [...new Set(parseChoices(choices).map((choice) => choice.listId))];
    const [{ count }] = await this.dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM mailing_lists WHERE public AND id = ANY($1)`, [
      ids,
    ]);
    if (count !== ids.length) throw AppError.badInput('mailingChoices', 'One of the mailing lists does not exist');
  }

  /** A form's boxes for a signed-in member: their account's address, proved or not. */
  async recordForAccount(userId: number, choices: readonly MailingChoiceInput[] | null | undefined, source: ConsentSource): Promise<void> {
    if (!choices?.length) return;
    await this.dataSource.transaction(async (manager) => {
      const [account] = await manager.query<{ email: string; email_verified: boolean }[]>(`SELECT email, email_verified FROM users WHERE id = $1`, [userId]);
      if (account) await this.recordChoices(manager, { email: account.email, userId, verified: account.email_verified }, parseChoices(choices), source);
    });
  }

  /** A form's boxes for a visitor: an address nobody has proved, so consent lists send a link first. */
  async recordForAddress(email: string, choices: readonly MailingChoiceInput[] | null | undefined, source: ConsentSource): Promise<void> {
    if (!choices?.length) return;
    await this.dataSource.transaction((manager) => this.recordChoices(manager, { email, verified: false }, parseChoices(choices), source));
  }

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
          else if (!state?.pending) await this.request(manager, list, subscriberId, account.email, 'PrivacyCentre');
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

  /** Staff: one person's ledger, by address (their account's, or the address alone). */
  async historyByEmail(email: string): Promise<ConsentEvent[]> {
    const manager = this.dataSource.manager;
    const [account] = await manager.query<{ id: number }[]>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
    const subscriberId = await findSubscriber(manager, { email, userId: account?.id });
    return subscriberId ? historyOf(manager, subscriberId) : [];
  }

  /** Staff: consent given on paper or by phone, in the words the person agreed to. */
  async recordConsent(staff: AuthUser, listId: number, email: string, wording: string): Promise<ConsentEvent> {
    return this.dataSource.transaction(async (manager) => {
      const list = await this.list(manager, listId, false);
      const [account] = await manager.query<{ id: number }[]>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
      const subscriberId = await subscriberOf(manager, { email, userId: account?.id });
      await manager.query(`SELECT 1 FROM mail_subscribers WHERE id = $1 FOR UPDATE`, [subscriberId]);
      await appendConsent(manager, { subscriberId, listId: list.id, action: 'Given', basis: 'Consent', source: 'Staff', wording, staffId: staff.id });
      return (await historyOf(manager, subscriberId))[0];
    });
  }

  /** Staff: a withdrawal they were asked for (by phone, in a letter). */
  async withdrawConsent(staff: AuthUser, listId: number, email: string): Promise<ConsentEvent> {
    return this.dataSource.transaction(async (manager) => {
      const list = await this.list(manager, listId, false);
      const [account] = await manager.query<{ id: number }[]>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
      const subscriberId = await findSubscriber(manager, { email, userId: account?.id });
      const withdrawn =
        subscriberId && (await this.withdraw(manager, subscriberId, list, 'Staff', 'Withdrawn at the person’s request, recorded by staff', staff.id));
      if (!withdrawn) throw AppError.badInput('email', 'This address is not subscribed to that list');
      return (await historyOf(manager, subscriberId))[0];
    });
  }
}
