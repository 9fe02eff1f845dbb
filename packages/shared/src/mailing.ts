/**
 * Why a person may be sent a list's messages (PECR): Consent (they asked, and confirmed their address);
 * CharitableSoftOptIn (they gave support or showed interest, were offered an opt-out there and did not take it; the
 * messages only further the charity's purposes); ServiceMessage (what their own booking, gift or role needs: no
 * consent asked, never marketing).
 */
export const CONSENT_BASES = ['Consent', 'CharitableSoftOptIn', 'ServiceMessage'] as const;
export type ConsentBasis = (typeof CONSENT_BASES)[number];

/** What a ledger entry records: asked for (an address waiting for its confirmation link), given, withdrawn. */
export const CONSENT_ACTIONS = ['Requested', 'Given', 'Withdrawn'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** Where a ledger entry came from. */
export const CONSENT_SOURCES = ['SignUpForm', 'Registration', 'Donation', 'Booking', 'PrivacyCentre', 'EmailLink', 'Staff', 'Bounce', 'Complaint', 'Erasure'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Where a message to one recipient stands. */
export const RECIPIENT_STATUSES = ['Queued', 'Sent', 'Deferred', 'Bounced', 'Complained', 'Unsubscribed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** Where a broadcast stands: written, waiting for its time, going out, done (every recipient Sent or given up on). */
export const BROADCAST_STATUSES = ['Draft', 'Scheduled', 'Sending', 'Sent'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/**
 * Who a broadcast goes to. List: a list's subscribers. Donors: those who gave in a period and are subscribed to the
 * list named (marketing, so still by the ledger). Occurrence: those booked on an event's date (a service message
 * about it). Role: staff of a role (a service message about their work; never Member: a message to every member is
 * a list's).
 */
export const AUDIENCE_KINDS = ['List', 'Donors', 'Occurrence', 'Role'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** Audiences whose messages are marketing: they carry the list's unsubscribe link and headers. */
export const MARKETING_AUDIENCES: readonly AudienceKind[] = ['List', 'Donors'];

/**
 * The words a form shows beside a list's box, which the ledger records as shown: one function for the web and the
 * server, so what is recorded is what was read. Consent lists ask to tick ("Send me…"); soft opt-in lists offer
 * the opt-out ("Do not send me…"), unticked, so a person who ticks nothing gets only those.
 */
export function mailingChoiceWording(list: { name: string; description: string; basis: ConsentBasis }): string {
  const about = list.description ? ` (${list.description})` : '';
  return list.basis === 'Consent'
    ? `Send me ${list.name} by e-mail${about}. I can unsubscribe at any time.`
    : `Do not send me ${list.name} by e-mail${about}. If you leave this unticked we will send it, and every message lets you unsubscribe.`;
}

/** What a box ticked or left means for a list: whether the person is now subscribed. */
export const subscribesWhen = (basis: ConsentBasis, ticked: boolean): boolean => (basis === 'Consent' ? ticked : !ticked);
