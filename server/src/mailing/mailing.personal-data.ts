import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';
import { historyOf } from './lists/consent-ledger.js';
import { suppress } from './suppressions.js';

/** How long who each broadcast went to (and what their mail server answered) is kept. */
export const RECIPIENTS_KEPT_DAYS = 365;
/** A sign-up whose link was never opened is forgotten after this. */
export const UNCONFIRMED_KEPT_DAYS = 30;

/** The person's subscriber row, by account or by the proved address. */
const SUBSCRIBER = `SELECT id FROM mail_subscribers WHERE ($1::int IS NOT NULL AND user_id = $1) OR ($2::text IS NOT NULL AND lower(email) = lower($2::text))`;

/**
 * Mailing lists: the person's consent ledger, the broadcasts sent to them, and the suppression list, which keeps
 * only a hash. Erasure deletes the ledger and the addresses, and suppresses the address's hash, so an erased person
 * is never written to again and their address is not kept.
 */
@PersonalDataSource()
@Injectable()
export class MailingPersonalData implements PersonalDataContribution {
  /** Lists and broadcasts name no one (a broadcast's author is staff, kept as their account). */
  readonly tables = ['mail_subscribers', 'consent_events', 'mail_suppressions', 'broadcast_recipients', 'mailing_lists', 'broadcasts'];

  uses() {
    return [
      {
        record: 'What we send you, and the record of your choices',
        purposes: [
          'to send the newsletters and notices you asked for, or may receive as a supporter until you say no',
          'to prove what you agreed to, and when, and to stop at once when you say so',
        ],
        recipients: ['Our e-mail provider, which delivers them'],
      },
    ];
  }

  async export({ userId, provenEmail }: DataSubject, manager: EntityManager) {
    if (userId === null && provenEmail === null) return { mailingConsents: [], mailingsSent: [] };
    const subscribers = await manager.query<{ id: number }[]>(SUBSCRIBER, [userId, provenEmail]);
    const mailingConsents = (await Promise.all(subscribers.map(({ id }) => historyOf(manager, id)))).flat().map((event) => ({ ...event }));
    const mailingsSent = await manager.query<Record<string, unknown>[]>(
      `SELECT b.subject, r.status, r.sent_at AS "sentAt", r.attempts FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
        WHERE r.subscriber_id IN (${SUBSCRIBER}) OR ($2::text IS NOT NULL AND lower(r.email) = lower($2::text)) ORDER BY r.id`,
      [userId, provenEmail],
    );
    return { mailingConsents, mailingsSent };
  }

  async erase({ userId, provenEmail }: DataSubject, manager: EntityManager) {
    if (userId === null && provenEmail === null) return { removed: 0 };
    const addresses = await manager.query<{ email: string }[]>(
      `SELECT email FROM mail_subscribers WHERE id IN (${SUBSCRIBER}) UNION SELECT $2::text WHERE $2::text IS NOT NULL`,
      [userId, provenEmail],
    );
    await manager.query(
      `UPDATE broadcast_recipients SET email = NULL, subscriber_id = NULL, last_reply = NULL
        WHERE subscriber_id IN (${SUBSCRIBER}) OR ($2::text IS NOT NULL AND lower(email) = lower($2::text))`,
      [userId, provenEmail],
    );
    const [, removed] = await manager.query<[unknown, number]>(`DELETE FROM mail_subscribers WHERE id IN (${SUBSCRIBER})`, [userId, provenEmail]);
    for (const { email } of addresses) await suppress(manager, email, 'Erased');
    return { removed };
  }

  retention() {
    return {
      rank: 46,
      rules: [
        {
          record: 'Who each e-mail to a list went to, and whether it arrived',
          period: `${RECIPIENTS_KEPT_DAYS} days after sending`,
          action: 'Address deleted; the totals stay',
        },
        { record: 'A sign-up to a list whose confirmation link was never opened', period: `${UNCONFIRMED_KEPT_DAYS} days`, action: 'Deleted' },
        {
          record: 'The record of what you agreed to receive, and when you stopped',
          period: 'While you are on a list, and afterwards as proof of what you agreed to',
          action: 'Deleted when you ask us to erase your data; your address is then kept only as a one-way hash, so we never write to it again',
        },
      ],
    };
  }

  async applyRetention(now: Date, manager: EntityManager): Promise<RetentionDone> {
    const [, cleared] = await manager.query<[unknown, number]>(
      `UPDATE broadcast_recipients r SET email = NULL, subscriber_id = NULL, last_reply = NULL FROM broadcasts b
        WHERE b.id = r.broadcast_id AND r.email IS NOT NULL AND b.status = 'Sent' AND b.sent_at < $1::timestamptz - make_interval(days => $2)`,
      [now, RECIPIENTS_KEPT_DAYS],
    );
    const [, forgotten] = await manager.query<[unknown, number]>(
      `DELETE FROM mail_subscribers s WHERE s.user_id IS NULL AND s.created_at < $1::timestamptz - make_interval(days => $2)
          AND NOT EXISTS (SELECT 1 FROM consent_events e WHERE e.subscriber_id = s.id AND e.action <> 'Requested')
          AND NOT EXISTS (SELECT 1 FROM broadcast_recipients r WHERE r.subscriber_id = s.id)`,
      [now, UNCONFIRMED_KEPT_DAYS],
    );
    const done = [cleared && `addresses of ${cleared} recipients deleted`, forgotten && `${forgotten} unconfirmed sign-ups deleted`].filter(
      Boolean,
    ) as string[];
    return { done };
  }
}
