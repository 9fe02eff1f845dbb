import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { mailingChoiceWording, subscribesWhen, type ConsentSource } from '@ministry/shared';
import { AppError } from '../../common/app-error.js';
import { toId } from '../../common/list.js';
import type { MailingChoiceInput, MailingChoicesRecorder } from '../../common/mailing-choices.js';
import { isSuppressed } from '../suppressions.js';
import { appendConsent, type MailPerson, statesOf, subscriberOf } from './consent-ledger.js';
import type { MailingList } from './mailing-list.entity.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** A box a form showed for a list, and whether it was ticked. */
export interface MailingChoice {
  listId: number;
  ticked: boolean;
}

/** A person as a form knows them: an address that is proved (a verified account's) needs no confirmation link. */
export interface FormPerson extends MailPerson {
  verified: boolean;
}

const parseChoices = (choices: readonly MailingChoiceInput[]): MailingChoice[] =>
  choices.map((choice) => ({ listId: toId(choice.listId, 'mailingChoices.listId'), ticked: choice.ticked }));

/** The mailing lists' boxes on other features' forms (registration, a gift, a booking), provided as `MAILING_CHOICES`. */
@Injectable()
export class MailingChoicesService implements MailingChoicesRecorder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /**
   * The boxes a form showed, in the caller's transaction. A Consent list ticked: `Given` for a proved address, else
   * `Requested` with a link. A soft opt-in list left unticked: `Given` on that basis; ticked (the opt-out):
   * `Withdrawn`. Only public lists, and only those the form showed.
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
        else await this.subscriptions.request(manager, list, subscriberId, person.email, source);
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
}
