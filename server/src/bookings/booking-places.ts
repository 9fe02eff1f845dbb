import type { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error.js';
import type { Post } from '../content/index.js';
import { endOf } from '../content/index.js';
import { BookingOccurrence } from './booking.entity.js';

/**
 * SQL: whether the booking `alias` holds places at the instant `now` (a parameter): confirmed and checked-in ones,
 * holds and offers until they lapse (a lapsed one frees its places at once, before any sweep tidies it).
 */
export const holdsPlaces = (alias: string, now: string) =>
  `(${alias}.status IN ('Confirmed', 'CheckedIn') OR (${alias}.status IN ('Held', 'Offered') AND coalesce(${alias}.hold_expires_at, ${alias}.offer_expires_at) > ${now}))`;

/** Places an occurrence has given away at `now`; `except` leaves out the booking in hand. */
export async function takenPlaces(manager: EntityManager, occurrenceId: number, now: Date, except = 0): Promise<number> {
  const [row] = await manager.query<{ taken: number }[]>(
    `SELECT coalesce(sum(b.places), 0)::int AS taken FROM bookings b WHERE b.occurrence_id = $1 AND b.id <> $3 AND ${holdsPlaces('b', '$2')}`,
    [occurrenceId, now, except],
  );
  return row.taken;
}

/**
 * The occurrence's row, created on first use, locked until the transaction ends: every change to its places runs
 * one at a time, so two people can never take the last place (the count is read under the lock, never before it).
 */
export async function lockOccurrence(manager: EntityManager, post: Post, startsAt: Date): Promise<BookingOccurrence> {
  const [row] = await manager.query<{ id: number }[]>(
    `INSERT INTO booking_occurrences (post_id, starts_at, ends_at, post_name, location) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (post_id, starts_at) DO UPDATE SET post_name = EXCLUDED.post_name, ends_at = EXCLUDED.ends_at, location = EXCLUDED.location
     RETURNING id`,
    [post.id, startsAt, endOf(startsAt, post), post.name.slice(0, 200), post.location],
  );
  return lockOccurrenceById(manager, row.id);
}

export async function lockOccurrenceById(manager: EntityManager, id: number): Promise<BookingOccurrence> {
  const occurrence = await manager.getRepository(BookingOccurrence).createQueryBuilder('o').setLock('pessimistic_write').where('o.id = :id', { id }).getOne();
  if (!occurrence) throw AppError.notFound('The occurrence');
  return occurrence;
}

/** The work queued on this instance per occurrence: what `oneAtATime` chains on. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after every earlier call with the same key on this instance. Booking the same occurrence waits here,
 * holding no database connection, instead of in PostgreSQL on the row lock holding one each: a rush of a few
 * hundred people for the last places would otherwise empty the pool and answer 503. Across instances, the row
 * lock still decides.
 */
export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
