import type { RetentionRule } from './personal-data-source.js';
import { escapeHtml } from '../common/escape-html.js';

/** Everything held about one person, as their export answers it, with why, to whom and for how long (Art. 15(1)). */
export interface PersonalData {
  exportedAt: string;
  profile: Record<string, unknown> | null;
  prayerRequests: Record<string, unknown>[];
  testimonies: Record<string, unknown>[];
  donations: Record<string, unknown>[];
  bookOrders: Record<string, unknown>[];
  /** Event bookings, with the answers given (access or dietary needs). */
  bookings: Record<string, unknown>[];
  consents: Record<string, unknown>[];
  giftAidDeclarations: Record<string, unknown>[];
  signIns: Record<string, unknown>[];
  formsSent: Record<string, unknown>[];
  /** Why `formsSent` may be incomplete (the address is not proved yet) and how to have them; null when nothing is left out. */
  formsSentLeftOut: string | null;
  regularDonations: Record<string, unknown>[];
  /** The rows of Gift Aid claims to HMRC that name the person. */
  giftAidClaims: Record<string, unknown>[];
  /** The audit trail's entries about the person's account. */
  auditTrail: Record<string, unknown>[];
  /** The audit trail's entries of what the person did as staff. */
  staffActions: Record<string, unknown>[];
  uploads: Record<string, unknown>[];
  /** E-mails to the person's proved address still queued, or that could not be delivered. */
  emails: Record<string, unknown>[];
  /** What we send them: every subscription, withdrawal and confirmation request, in the words they were shown. */
  mailingConsents: Record<string, unknown>[];
  /** The e-mails to lists sent to them, and whether each arrived. */
  mailingsSent: Record<string, unknown>[];
  purposes: { record: string; purpose: string }[];
  recipients: { record: string; recipient: string }[];
  /** The retention schedule, as the privacy notice prints it. */
  retention: RetentionRule[];
}

/**
 * The export as one document, its keys always in this order whichever source answered which section: a
 * section no source answered is empty.
 */
export function personalDataOf(sections: Partial<PersonalData>): PersonalData {
  return {
    exportedAt: new Date().toISOString(),
    profile: sections.profile ?? null,
    prayerRequests: sections.prayerRequests ?? [],
    testimonies: sections.testimonies ?? [],
    donations: sections.donations ?? [],
    bookOrders: sections.bookOrders ?? [],
    bookings: sections.bookings ?? [],
    consents: sections.consents ?? [],
    giftAidDeclarations: sections.giftAidDeclarations ?? [],
    signIns: sections.signIns ?? [],
    formsSent: sections.formsSent ?? [],
    formsSentLeftOut: sections.formsSentLeftOut ?? null,
    regularDonations: sections.regularDonations ?? [],
    giftAidClaims: sections.giftAidClaims ?? [],
    auditTrail: sections.auditTrail ?? [],
    staffActions: sections.staffActions ?? [],
    uploads: sections.uploads ?? [],
    emails: sections.emails ?? [],
    mailingConsents: sections.mailingConsents ?? [],
    mailingsSent: sections.mailingsSent ?? [],
    purposes: sections.purposes ?? [],
    recipients: sections.recipients ?? [],
    retention: sections.retention ?? [],
  };
}

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return escapeHtml(typeof value === 'string' ? value : JSON.stringify(value));
};

const SECTIONS: [keyof PersonalData, string][] = [
  ['prayerRequests', 'Prayer requests and the replies sent to you'],
  ['testimonies', 'Testimonies'],
  ['donations', 'Donations'],
  ['bookOrders', 'Book orders'],
  ['bookings', 'Event bookings'],
  ['consents', 'Consents'],
  ['giftAidDeclarations', 'Gift Aid declarations'],
  ['signIns', 'Sign-ins'],
  ['formsSent', 'Forms sent with your e-mail address'],
  ['regularDonations', 'Monthly gifts'],
  ['giftAidClaims', 'Gift Aid claims to HMRC that name you'],
  ['auditTrail', 'Our audit trail: entries about your account'],
  ['staffActions', 'Our audit trail: what you did as staff'],
  ['uploads', 'Images you uploaded'],
  ['emails', 'E-mails to you waiting to be sent, or that could not be delivered'],
  ['mailingConsents', 'What we send you: your choices and when you made them'],
  ['mailingsSent', 'Newsletters and notices sent to you'],
  ['purposes', 'Why we hold your data'],
  ['recipients', 'Who else receives it'],
  ['retention', 'How long we keep it'],
];

/** The same data as a page people can read (and print): one table per kind of record. */
export function personalDataPage(data: PersonalData, organisation: string): string {
  const table = (rows: Record<string, unknown>[]) => {
    if (!rows.length) return '<p>None.</p>';
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    return `<table><thead><tr>${columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((row) => `<tr>${columns.map((c) => `<td>${cell(row[c])}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`;
  };
  const profile = data.profile
    ? `<dl>${Object.entries(data.profile)
        .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${cell(value)}</dd>`)
        .join('')}</dl>`
    : '<p>No account.</p>';
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Your data held by ${escapeHtml(organisation)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;margin-bottom:2rem}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}dt{font-weight:bold}</style>
</head><body><h1>Your data held by ${escapeHtml(organisation)}</h1><p>Exported ${escapeHtml(data.exportedAt)}.</p>
<h2>Your profile</h2>${profile}
${SECTIONS.map(([key, title]) => `<h2>${escapeHtml(title)}</h2>${key === 'formsSent' && data.formsSentLeftOut ? `<p>${escapeHtml(data.formsSentLeftOut)}</p>` : ''}${table(data[key] as unknown as Record<string, unknown>[])}`).join('\n')}
</body></html>`;
}
