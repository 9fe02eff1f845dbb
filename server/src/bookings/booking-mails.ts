import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { escape, ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { formatMoney, type Refunded } from '../commerce/index.js';
import { LONDON } from '../content/index.js';
import type { MailMessage } from '../mail/index.js';
import { icalendarText } from '../site/index.js';
import type { BookingOccurrence, BookingRow } from './booking.entity.js';

/** "Saturday 14 March 2026 at 10:00", in London, where every event happens. */
export const whenOf = (start: Date) => DateTime.fromJSDate(start, { zone: LONDON }).toFormat("cccc d LLLL yyyy 'at' HH:mm");

const placesWords = (places: number) => (places === 1 ? '1 place' : `${places} places`);

function eventLines(booking: BookingRow): string[] {
  const { occurrence } = booking;
  return [
    `Event: ${occurrence.postName}`,
    `When: ${whenOf(occurrence.startsAt)}`,
    ...(occurrence.location ? [`Where: ${occurrence.location}`] : []),
    `Places: ${booking.places} (${booking.names.join(', ')})`,
    `Reference: ${booking.reference}`,
  ];
}

/** The occurrence as one iCalendar event, so the booker's calendar holds it. */
export function occurrenceCalendar(occurrence: BookingOccurrence, reference: string, host: string, url: string): string {
  // METHOD must match the attachment's `method=PUBLISH` (RFC 5545 8.1, text/calendar's registration).
  const calendar = ical({
    method: ICalCalendarMethod.PUBLISH,
    prodId: {
      company: escape(host, false),
      product: 'bookings',
      language: 'EN',
    },
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    id: `${reference}@${host}`,
    start: DateTime.fromJSDate(occurrence.startsAt, { zone: LONDON }),
    end: DateTime.fromJSDate(occurrence.endsAt ?? new Date(occurrence.startsAt.getTime() + 60 * 60 * 1000), { zone: LONDON }),
    timezone: LONDON,
    summary: occurrence.postName,
    location: occurrence.location,
    description: `Booking ${reference}`,
    url,
  });
  return icalendarText(calendar);
}

export interface Links {
  publicUrl: string;
  host: string;
}

/** The ticket: what was booked, the reference, the QR code to show at the door and a calendar entry. */
/** `cancelToken`: a visitor's link token, for the link that cancels their booking without an account. */
export function confirmationMail(booking: BookingRow, links: Links, ticket: string, cancelToken?: string): MailMessage {
  const manage = `${links.publicUrl}/user/bookings`;
  return {
    to: booking.email,
    subject: `Your booking: ${booking.occurrence.postName}, ${whenOf(booking.occurrence.startsAt)}`,
    text: [
      `Dear ${booking.bookerName},`,
      '',
      'Your places are booked.',
      '',
      ...eventLines(booking),
      ...(booking.amountMinor ? [`Paid: ${formatMoney(booking.amountMinor, booking.currency)}`] : []),
      '',
      'Show the attached QR code, or tell us the reference, at the door. The attached calendar file adds the event to your calendar.',
      '',
      cancelToken
        ? `To cancel your booking: ${links.publicUrl}/booking/cancel?id=${booking.id}&token=${cancelToken}`
        : `To see or cancel your booking: ${manage}`,
    ].join('\n'),
    attachments: [
      { filename: `${booking.reference}.png`, qrCodeOf: ticket },
      {
        filename: `${booking.reference}.ics`,
        content: occurrenceCalendar(booking.occurrence, booking.reference, links.host, manage),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/** A visitor proves their address before the places are theirs. */
export function confirmAddressMail(booking: BookingRow, links: Links, token: string, holdMinutes: number): MailMessage {
  return {
    to: booking.email,
    subject: `Confirm your booking: ${booking.occurrence.postName}`,
    text: [
      `Dear ${booking.bookerName},`,
      '',
      `We are holding ${placesWords(booking.places)} for you. Please open this link within ${holdMinutes} minutes and press the button on the page to confirm them:`,
      '',
      `${links.publicUrl}/booking/confirm?token=${token}`,
      '',
      ...eventLines(booking),
      '',
      'If you did not ask for this, ignore this message: the places will be freed and nothing else happens.',
    ].join('\n'),
  };
}

export function offerMail(booking: BookingRow, links: Links, token: string): MailMessage {
  return {
    to: booking.email,
    subject: `A place is free: ${booking.occurrence.postName}`,
    text: [
      `Dear ${booking.bookerName},`,
      '',
      `${placesWords(booking.places)} became free and we are keeping them for you until ${whenOf(booking.offerExpiresAt!)}.`,
      booking.amountMinor
        ? `To take them, open this link and pay ${formatMoney(booking.amountMinor, booking.currency)}:`
        : 'To take them, open this link and press the button:',
      '',
      `${links.publicUrl}/booking/offer?token=${token}`,
      '',
      ...eventLines(booking),
      '',
      'If you no longer want them, do nothing: they will go to the next person waiting. You have not been charged.',
    ].join('\n'),
  };
}

export function offerLapsedMail(booking: BookingRow): MailMessage {
  return bookersMessageMail(
    booking,
    `Your offer has lapsed: ${booking.occurrence.postName}`,
    'The places we kept for you from the waiting list have gone to the next person waiting. You have not been charged.',
  );
}

/** A cancellation, by the booker, by staff or of the whole occurrence, and the refund when one was made. */
/** `refunded`: what was refunded for the booking (0 when nothing had been paid). */
export function cancelledMail(booking: BookingRow, refunded: Refunded, message?: string | null): MailMessage {
  return {
    to: booking.email,
    subject: `Booking cancelled: ${booking.occurrence.postName}`,
    text: [
      `Dear ${booking.bookerName},`,
      '',
      booking.cancelReason === 'occurrence' ? 'We are sorry: this event has been cancelled, and with it your booking.' : 'Your booking has been cancelled.',
      ...(message ? ['', message] : []),
      '',
      ...eventLines(booking),
      ...(refunded ? ['', refundSentence(booking, refunded)] : []),
    ].join('\n'),
  };
}

/** A payment that completed after its hold lapsed (`paidMinor`), when the places had gone to someone else. */
export function lateRefundMail(booking: BookingRow, refunded: Refunded, paidMinor: number): MailMessage {
  const booked = booking.status === 'Confirmed' || booking.status === 'CheckedIn';
  return bookersMessageMail(
    booking,
    `Refunded: ${booking.occurrence.postName}`,
    booked
      ? `Your places were already paid for, so we have refunded the second payment. ${refundSentence(booking, refunded, paidMinor)} Your booking stands.`
      : `Your payment arrived after we stopped holding your places, and by then they had been taken; nothing is booked. ${refundSentence(booking, refunded, paidMinor)}`,
  );
}

/** What a refund returned: all that was paid, what a part refund made in PayPal earlier had left, or all of it unsaid. */
function refundSentence(booking: BookingRow, refunded: Refunded, paidMinor = booking.amountMinor): string {
  if (refunded === 'all') return 'Your payment has been refunded in full through PayPal.';
  const amount = formatMoney(refunded, booking.currency);
  return refunded < paidMinor
    ? `We have refunded ${amount} through PayPal, what was left of your payment after an earlier part refund.`
    : `We have refunded ${amount} in full through PayPal.`;
}

/** A refund PayPal refused at first and has now made, for a booking already cancelled. */
export function refundMadeMail(booking: BookingRow, refunded: Refunded, paidMinor: number): MailMessage {
  return bookersMessageMail(booking, `Refunded: ${booking.occurrence.postName}`, `Your booking was cancelled. ${refundSentence(booking, refunded, paidMinor)}`);
}

export function reminderMail(booking: BookingRow, links: Links): MailMessage {
  return {
    to: booking.email,
    subject: `Reminder: ${booking.occurrence.postName}, ${whenOf(booking.occurrence.startsAt)}`,
    text: [
      `Dear ${booking.bookerName},`,
      '',
      'A reminder of your booking:',
      '',
      ...eventLines(booking),
      '',
      `Your ticket: ${links.publicUrl}/user/bookings`,
    ].join('\n'),
  };
}

/** A mail to the booker: the greeting, what there is to say, and the event. */
export function bookersMessageMail(booking: BookingRow, subject: string, body: string): MailMessage {
  return {
    to: booking.email,
    subject,
    text: [`Dear ${booking.bookerName},`, '', body, '', ...eventLines(booking)].join('\n'),
  };
}
