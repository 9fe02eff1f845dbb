import { BOOKING_STATUSES, type BookingStatus } from '@ministry/shared';

/** Each status in the words a volunteer at the door uses. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  Held: 'Held (not yet paid or confirmed)',
  Confirmed: 'Booked',
  Cancelled: 'Cancelled',
  Refunded: 'Refunded',
  Waitlisted: 'On the waiting list',
  Offered: 'Offered a place',
  CheckedIn: 'Checked in',
};

export const BOOKING_STATUS_CHOICES = BOOKING_STATUSES.map((id) => ({ id, name: BOOKING_STATUS_LABELS[id] }));

/** Statuses a booking can still be cancelled from; a checked-in booker has come. */
export const CANCELLABLE: readonly BookingStatus[] = ['Held', 'Confirmed', 'Waitlisted', 'Offered'];

/** A paid booking that has not been refunded yet. */
export const isRefundable = (booking: { status?: string; amount?: number }) => (booking.amount ?? 0) > 0 && (booking.status === 'Confirmed' || booking.status === 'CheckedIn');

const londonDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });

/** An occurrence's start in London time, e.g. "Wed 3 Dec 2026, 19:30". */
export function formatOccurrence(start: string | null | undefined): string {
  if (!start) return '';
  const date = new Date(start);
  // en-GB puts a comma after the weekday ("Thu, 3 Dec 2026"); one comma, before the time, reads better.
  return Number.isNaN(date.getTime()) ? '' : `${londonDate.format(date).replace(',', '')}, ${londonTime.format(date)}`;
}

/** "1 place", "3 places". */
export const places = (count: number) => (count === 1 ? '1 place' : `${count} places`);

/** What the door says once a booking is checked in, with its reference to tell two bookers of one name apart. */
export const checkedInMessage = (booking: { bookerName: string; places: number; reference: string }) =>
  `Checked in: ${booking.bookerName}, ${places(booking.places)} (${booking.reference})`;

/** A file name for one date's attendees, e.g. "attendees-12-2026-12-03.csv". */
export const attendeesFileName = (postId: string, start: string) => `attendees-${postId}-${start.slice(0, 10)}.csv`;
