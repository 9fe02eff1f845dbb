import type { MailingList } from '../../lib/mailing-choices';
import type { Booking, BookingOccurrence, BookingSettings } from './bookings';

/** A program as the post page reads it, and the booking it takes, for the booking tests. */
export const PROGRAM = {
  id: '41',
  name: 'Marriage enrichment day',
  excerpt: 'A day for couples.',
  body: '<p>A day for couples.</p>',
  categoryId: '1',
  category: { id: '1', name: 'Programs' },
  image: null,
  imageSrcSet: null,
  imageWidth: null,
  imageHeight: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  author: null,
  startsAt: '2026-12-05T10:00:00.000Z',
  nextStartsAt: '2026-12-05T10:00:00.000Z',
  nextEndsAt: '2026-12-05T16:00:00.000Z',
  location: 'Main hall',
  onlineUrl: null,
  recurrence: null,
  recurrenceText: null,
};

export const FREE: BookingSettings = {
  opensAt: null,
  closesAt: null,
  capacity: 40,
  perBookingLimit: 4,
  waitlist: true,
  price: 0,
  currency: 'GBP',
  cancellationHours: 48,
  questions: [
    { id: 'dietary', label: 'Dietary needs', kind: 'ShortText', choices: [], required: false },
    { id: 'creche', label: 'Do you need the crèche?', kind: 'YesNo', choices: [], required: true },
    { id: 'session', label: 'Afternoon session', kind: 'Choice', choices: ['Talks', 'Walk'], required: false },
  ],
};

export const PAID: BookingSettings = { ...FREE, price: 12, questions: [] };

export const OPEN: BookingOccurrence = { start: '2026-12-05T10:00:00.000Z', end: '2026-12-05T16:00:00.000Z', placesLeft: 12, open: true, full: false, waitlist: true, cancelled: false };
export const FULL: BookingOccurrence = { ...OPEN, start: '2026-12-12T10:00:00.000Z', end: '2026-12-12T16:00:00.000Z', placesLeft: 0, full: true };

export const BOOKING: Booking = {
  id: '301',
  reference: 'BK-7Q2M9XKD',
  status: 'Confirmed',
  postId: PROGRAM.id,
  postName: PROGRAM.name,
  occurrenceStart: OPEN.start,
  occurrenceEnd: OPEN.end,
  location: 'Main hall',
  places: 2,
  names: ['Priscilla Aquila', 'Aquila Pontus'],
  amount: 0,
  currency: 'GBP',
  holdExpiresAt: null,
  offerExpiresAt: null,
  checkedInAt: null,
  checkout: null,
  email: 'priscilla@example.net',
  ticketQr: 'data:image/svg+xml;base64,PHN2Zy8+',
  canCancel: true,
};

/** The public lists the booking form offers: one asked for, one sent unless its box is ticked. */
export const MAILING_LISTS: MailingList[] = [
  { id: '3', name: 'Church news', description: 'Once a month', basis: 'Consent' },
  { id: '4', name: 'Supporter updates', description: '', basis: 'CharitableSoftOptIn' },
];

/** The server's answer to the post page's reads: the post, its booking, and the public lists. */
export function programAnswer(query: string, settings: BookingSettings | null, occurrences: BookingOccurrence[] = [OPEN]) {
  if (query.includes('ProgramBooking')) return { data: { post: { booking: settings, bookingOccurrences: occurrences } } };
  if (query.includes('PublicMailingLists')) return { data: { allMailingLists: MAILING_LISTS } };
  if (query.includes('PostPage')) return { data: { post: PROGRAM } };
  return undefined;
}
