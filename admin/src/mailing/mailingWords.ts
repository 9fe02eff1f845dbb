import {
  AUDIENCE_KINDS,
  CONSENT_ACTIONS,
  RECIPIENT_STATUSES,
  ROLE_WORDS,
  ROLES,
  type AudienceKind,
  type BroadcastStatus,
  type ConsentAction,
  type ConsentBasis,
  type ConsentSource,
  type RecipientStatus,
} from '@ministry/shared';
import { formatWhen } from '../common/format';
import type { AudienceInput } from './mailingApi';

/** Why a list's people may be sent its messages, in a volunteer's words, with the one line that explains it. */
export const BASIS_WORDS: Record<ConsentBasis, { label: string; explains: string }> = {
  Consent: {
    label: 'People ask for it (consent)',
    explains: 'Only those who tick a box and confirm their address by the link we send them.',
  },
  CharitableSoftOptIn: {
    label: 'Supporters unless they say no (charitable soft opt-in)',
    explains: 'Those who gave, registered or booked and did not tick “Do not send me” there; only messages about our work.',
  },
  ServiceMessage: {
    label: 'Service messages (no consent needed)',
    explains: 'What a person’s own booking, gift or role needs; never news or appeals.',
  },
};

/** The bases a list may have: a list is marketing, never a service message. */
export const LIST_BASIS_CHOICES = (['Consent', 'CharitableSoftOptIn'] as const).map((id) => ({ id, name: BASIS_WORDS[id].label, explains: BASIS_WORDS[id].explains }));

export const BROADCAST_STATUS_WORDS: Record<BroadcastStatus, string> = {
  Draft: 'Draft',
  Scheduled: 'Scheduled',
  Sending: 'Sending',
  Sent: 'Sent',
};

export const RECIPIENT_STATUS_WORDS: Record<RecipientStatus, string> = {
  Queued: 'Waiting to send',
  Sent: 'Sent',
  Deferred: 'Will be tried again',
  Bounced: 'Bounced',
  Complained: 'Marked as spam',
  Unsubscribed: 'Unsubscribed',
};

export const RECIPIENT_STATUS_CHOICES = RECIPIENT_STATUSES.map((id) => ({ id, name: RECIPIENT_STATUS_WORDS[id] }));

export const CONSENT_ACTION_WORDS: Record<ConsentAction, string> = {
  Requested: 'Asked (waiting for the confirmation link)',
  Given: 'Given',
  Withdrawn: 'Withdrawn',
};

export const CONSENT_ACTION_CHOICES = CONSENT_ACTIONS.map((id) => ({ id, name: CONSENT_ACTION_WORDS[id] }));

export const CONSENT_SOURCE_WORDS: Record<ConsentSource, string> = {
  SignUpForm: 'Sign-up form',
  Registration: 'Registering an account',
  Donation: 'A gift',
  Booking: 'Booking an event',
  PrivacyCentre: 'Their privacy centre',
  EmailLink: 'A link in an e-mail',
  Staff: 'Recorded by staff',
  Bounce: 'The address bounced',
  Complaint: 'Marked an e-mail as spam',
  Erasure: 'Their data was erased',
};

export const AUDIENCE_KIND_WORDS: Record<AudienceKind, string> = {
  List: 'Everyone on a list',
  Donors: 'Donors of a period who are on a list',
  Occurrence: 'Those booked on an event’s date',
  Role: 'Staff of a role',
};

export const AUDIENCE_KIND_CHOICES = AUDIENCE_KINDS.map((id) => ({ id, name: AUDIENCE_KIND_WORDS[id] }));

/** Staff roles only: a message to every member is a list's. */
export const STAFF_ROLE_CHOICES = ROLES.filter((role) => role !== 'Member').map((id) => ({ id, name: ROLE_WORDS[id].label }));

/** "1 person", "1,204 people". */
export const people = (count: number) => (count === 1 ? '1 person' : `${count.toLocaleString('en-GB')} people`);

const day = (value?: string | null) => (value ? new Date(value).toLocaleDateString('en-GB', { timeZone: 'Europe/London' }) : '');

type StoredAudience = Partial<Record<keyof AudienceInput, string | null>> & { kind?: AudienceKind };

/** A broadcast's audience in words: "Newsletter", "Donors 1/1/2026 to 31/3/2026 on Newsletter", "Staff: Pastor". */
export function audienceInWords(broadcast: { listName?: string | null; audience?: StoredAudience | null }): string {
  const audience = broadcast.audience;
  const list = broadcast.listName ?? '';
  switch (audience?.kind) {
    case 'Donors':
      return `Donors ${day(audience.from)} to ${day(audience.to)} on ${list}`;
    case 'Occurrence':
      return `Booked on ${formatWhen(audience.occurrenceStart)}`;
    case 'Role':
      return `Staff: ${ROLE_WORDS[audience.role as keyof typeof ROLE_WORDS]?.label ?? audience.role ?? ''}`;
    default:
      return list;
  }
}

/** The start of a day (`YYYY-MM-DD` or a date-time) as a moment; the end of it with `end`. */
const dayBound = (value: string, end: boolean) => `${value.slice(0, 10)}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;

/**
 * The audience of the compose form as `BroadcastAudienceInput` takes it, with only what its kind needs, or
 * undefined while something it needs is still missing.
 */
export function audienceInput(form: StoredAudience | undefined): AudienceInput | undefined {
  const kind = form?.kind ?? 'List';
  const has = (...keys: (keyof AudienceInput)[]) => keys.every((key) => Boolean(form?.[key]));
  switch (kind) {
    case 'List':
      return has('listId') ? { kind, listId: String(form!.listId) } : undefined;
    case 'Donors':
      return has('listId', 'from', 'to') ? { kind, listId: String(form!.listId), from: dayBound(form!.from!, false), to: dayBound(form!.to!, true) } : undefined;
    case 'Occurrence':
      return has('postId', 'occurrenceStart') ? { kind, postId: String(form!.postId), occurrenceStart: form!.occurrenceStart! } : undefined;
    case 'Role':
      return has('role') ? { kind, role: form!.role as AudienceInput['role'] } : undefined;
  }
}

type Totals = Record<'queued' | 'sent' | 'deferred' | 'bounced' | 'complained' | 'unsubscribed', number>;

/** How a broadcast went, in plain words: "Sent to 12 people · 3 waiting to send · 1 bounced". */
export function totalsInWords(totals: Totals | undefined): string {
  if (!totals) return '';
  const parts = [
    totals.sent && `Sent to ${people(totals.sent)}`,
    totals.queued && `${totals.queued} waiting to send`,
    totals.deferred && `${totals.deferred} will be tried again`,
    totals.bounced && `${totals.bounced} bounced (the address does not work)`,
    totals.complained && `${totals.complained} marked it as spam`,
    totals.unsubscribed && `${totals.unsubscribed} unsubscribed`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Nothing sent yet';
}
