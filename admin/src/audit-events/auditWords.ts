import { REQUEST_KIND_NAMES, REQUEST_KINDS } from '@ministry/shared';

/** What each audited action means, in the words a volunteer would use. */
export const ACTION_WORDS: Record<string, string> = {
  'care.read': 'Opened a care record',
  'care.list': 'Looked at a list of care records',
  'export.csv': 'Exported a list to a spreadsheet',
  'export.subject-access': 'Downloaded everything held about a person',
  'export.own-data': 'A member downloaded their own data',
  'role.change': 'Changed someone’s role',
  'email.mark-verified': 'Marked a member’s e-mail address as confirmed',
  'account.erase': 'Deleted a member account',
  'visitor.erase': 'Erased a visitor’s form records',
  'retention.run': 'Cleared out old records on schedule',
  'booking.read': 'Opened an event booking',
  'booking.list': 'Looked at a list of event bookings',
  'booking.export': 'Downloaded an event’s attendees',
  'booking.check-in': 'Checked someone in at an event',
  'booking.message': 'Wrote to everyone booked on an event',
  'mailing.consent.read': 'Read a person’s consent record',
  'mailing.consent.record': 'Recorded consent',
  'mailing.consent.withdraw': 'Withdrew consent',
  'broadcast.send': 'Sent an e-mail to a list',
  'broadcast.recipients': 'Read who an e-mail went to',
};

/** The kinds of record the trail names, as the console's menus call them. */
export const RECORD_KIND_WORDS: Record<string, string> = {
  User: 'Member account',
  CareRequest: 'Care request',
  Booking: 'Event booking',
  Broadcast: 'E-mail to a list',
  ConsentEvent: 'Consent record',
  ...Object.fromEntries(REQUEST_KIND_NAMES.map((kind) => [kind, REQUEST_KINDS[kind].title])),
};

/** An action the console does not know yet still shows, as the server names it. */
export const actionInWords = (action: string): string => ACTION_WORDS[action] ?? action;

export const recordKindInWords = (kind: string | null | undefined): string => (kind ? (RECORD_KIND_WORDS[kind] ?? kind) : '');

/** Who acted: a staff member by name and role, or the daily job when nobody did. */
export function actorInWords(event: { actor?: { firstname: string; lastname: string } | null; actorRole?: string | null; actorId?: string | null }): string {
  if (event.actor) return `${event.actor.firstname} ${event.actor.lastname}${event.actorRole ? ` (${event.actorRole})` : ''}`;
  if (event.actorId) return `Account ${event.actorId}${event.actorRole ? ` (${event.actorRole})` : ''}`;
  return 'The system';
}

const choices = (words: Record<string, string>) => Object.entries(words).map(([id, name]) => ({ id, name }));
export const ACTION_CHOICES = choices(ACTION_WORDS);
export const RECORD_KIND_CHOICES = choices(RECORD_KIND_WORDS);
