import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PersonalDataSource } from '../common/personal-data-source.js';
import type { DataSubject, PersonalDataContribution, RetentionDone } from '../privacy/index.js';

/** How long after an occurrence its bookers' answers (access or dietary needs: health data) are kept. */
export const ANSWERS_KEPT_DAYS = 30;

/**
 * Bookings, by member account or by the address a visitor booked with (once proved theirs), and the PayPal payments
 * of tickets. Paid bookings stay for the accounts without anyone's identity; the rest go.
 */
@PersonalDataSource()
@Injectable()
export class BookingsPersonalData implements PersonalDataContribution {
  /** `booking_occurrences` names events, never a person: claimed here, with nothing of anyone's to export or erase. */
  readonly tables = ['bookings', 'booking_occurrences', 'ticket_payments'];

  uses() {
    return [
      {
        record: 'Event bookings',
        purposes: [
          'to keep your places and let you in at the door',
          'to tell you of changes to the event and remind you of it',
          'to meet the access or dietary needs you told us of',
        ],
        recipients: ['PayPal, which takes payments for tickets', 'Our e-mail provider, which delivers your tickets and reminders'],
      },
    ];
  }

  async export({ userId, provenEmail }: DataSubject, manager: EntityManager) {
    if (userId === null && provenEmail === null) return { bookings: [] };
    const bookings = await manager.query<Record<string, unknown>[]>(
      `SELECT b.reference, o.post_name AS event, o.starts_at AS "startsAt", o.location, b.status, b.places, b.booker_name AS "bookerName", b.email, b.names,
              b.answers, (b.amount_minor / 100.0)::float8 AS amount, b.currency, b.created_at AS "createdAt", b.confirmed_at AS "confirmedAt",
              b.checked_in_at AS "checkedInAt", b.cancelled_at AS "cancelledAt", b.refunded_at AS "refundedAt"
         FROM bookings b JOIN booking_occurrences o ON o.id = b.occurrence_id
        WHERE b.user_id = $1 OR (b.user_id IS NULL AND $2::text IS NOT NULL AND lower(b.email) = lower($2::text))
        ORDER BY o.starts_at, b.id`,
      [userId, provenEmail],
    );
    return { bookings };
  }

  /** A booking paid for is kept for the accounts, naming nobody; any other booking is deleted. */
  async erase({ userId, provenEmail }: DataSubject, manager: EntityManager) {
    if (userId === null && provenEmail === null) return { removed: 0 };
    const whose = `(user_id = $1 OR (user_id IS NULL AND $2::text IS NOT NULL AND lower(email) = lower($2::text)))`;
    const paid = `EXISTS (SELECT 1 FROM ticket_payments p WHERE p.booking_id = bookings.id AND p.status IN ('Paid', 'Refunded'))`;
    await manager.query(`UPDATE ticket_payments SET user_id = NULL WHERE booking_id IN (SELECT id FROM bookings WHERE ${whose})`, [userId, provenEmail]);
    await manager.query(
      `UPDATE bookings SET user_id = NULL, booker_name = '', email = '', names = '[]', answers = '[]', link_token_hash = NULL, checked_in_by = NULL, erased_at = now()
        WHERE ${whose} AND ${paid}`,
      [userId, provenEmail],
    );
    await manager.query(`DELETE FROM ticket_payments WHERE booking_id IN (SELECT id FROM bookings WHERE ${whose})`, [userId, provenEmail]);
    const [, removed] = await manager.query<[unknown, number]>(`DELETE FROM bookings WHERE ${whose}`, [userId, provenEmail]);
    return { removed };
  }

  retention() {
    return {
      rank: 45,
      rules: [
        {
          record: 'Answers given when booking an event (access or dietary needs)',
          period: `${ANSWERS_KEPT_DAYS} days after the event`,
          action: 'Deleted',
        },
        {
          record: 'Event bookings',
          period: 'While your account lasts',
          action: 'Deleted with your account, except paid ones, which are kept for the accounts without your name',
        },
      ],
    };
  }

  async applyRetention(now: Date, manager: EntityManager): Promise<RetentionDone> {
    const [, cleared] = await manager.query<[unknown, number]>(
      `UPDATE bookings b SET answers = '[]' FROM booking_occurrences o
        WHERE o.id = b.occurrence_id AND b.answers <> '[]'::jsonb AND coalesce(o.ends_at, o.starts_at) < $1::timestamptz - make_interval(days => $2)`,
      [now, ANSWERS_KEPT_DAYS],
    );
    return { done: cleared ? [`answers of ${cleared} bookings deleted`] : [] };
  }
}
