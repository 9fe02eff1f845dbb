import { AppError } from '../../common/app-error.js';
import { type BookingSettingsInput, bookingSettingsOf } from './booking-settings.js';
import { CATEGORY } from './post-category.entity.js';
import type { Post } from './post.entity.js';
import { normaliseRecurrence, overAt, sortStart } from './program-schedule.js';

const EVENT_FIELDS = ['startsAt', 'endsAt', 'location', 'onlineUrl', 'recurrence'] as const;

/** When and where a program happens (null: not set). */
export type ProgramEvent = Pick<Post, (typeof EVENT_FIELDS)[number]>;

/**
 * A post's event fields after a write (`changes` over `current`), checked together, with the columns
 * derived from them. Only programs are events.
 */
export function programEventOf(
  categoryId: number,
  current: Partial<ProgramEvent> & Pick<Partial<Post>, 'booking'>,
  changes: Partial<ProgramEvent> & { booking?: BookingSettingsInput | null },
) {
  const event: ProgramEvent = { startsAt: null, endsAt: null, location: null, onlineUrl: null, recurrence: null };
  for (const field of EVENT_FIELDS) {
    const value = changes[field] !== undefined ? changes[field] : current[field];
    (event as Record<string, unknown>)[field] = value === '' ? null : (value ?? null);
  }
  if (categoryId !== CATEGORY.programs) {
    const set = EVENT_FIELDS.find((field) => event[field] !== null);
    if (set) throw AppError.badInput(set, `${set} is only for programs (category ${CATEGORY.programs})`);
    if (changes.booking) throw AppError.badInput('booking', `booking is only for programs (category ${CATEGORY.programs})`);
    return { ...event, sortStartsAt: null, overAt: null, booking: null };
  }
  if (!event.startsAt) {
    const needsStart = (['endsAt', 'recurrence'] as const).find((field) => event[field] !== null);
    if (needsStart) throw AppError.badInput(needsStart, `${needsStart} needs startsAt`);
  } else if (event.endsAt && event.endsAt.getTime() <= event.startsAt.getTime()) {
    throw AppError.badInput('endsAt', 'endsAt must be after startsAt');
  }
  if (event.recurrence) {
    const normal = normaliseRecurrence(event.recurrence);
    if ('error' in normal) throw AppError.badInput('recurrence', normal.error);
    event.recurrence = normal.rule;
  }
  const booking = changes.booking !== undefined ? changes.booking && bookingSettingsOf(changes.booking, event.startsAt) : (current.booking ?? null);
  if (booking && !event.startsAt) throw AppError.badInput('startsAt', 'A program people book needs startsAt');
  return { ...event, sortStartsAt: sortStart(event, new Date()), overAt: overAt(event), booking };
}

