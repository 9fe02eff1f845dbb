/** Words for the care inbox that the dashboard needs too, kept out of the screens so it does not load them. */

export const KIND_LABELS: Record<string, string> = {
  ContactEnquiry: 'Contact enquiry',
  Question: 'Question',
  CounsellingRequest: 'Counselling request',
  BaptismRequest: 'Baptism request',
  PrayerRequest: 'Prayer request',
};

export const KIND_CHOICES = Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }));

/** The console's list of each kind, where the request also appears (`recordId` is its id there). */
export const KIND_RESOURCES: Record<string, string> = {
  ContactEnquiry: 'contact-enquiries',
  Question: 'questions',
  CounsellingRequest: 'counselling-requests',
  BaptismRequest: 'baptism-requests',
  PrayerRequest: 'prayer-requests',
};

export type StaffMember = { id: string; firstname: string; lastname: string; role?: string };

export const staffName = (person: StaffMember | null | undefined): string => (person ? [person.firstname, person.lastname].filter(Boolean).join(' ') : '');

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long ago a request came, in whole days as people say it: "today", "1 day", "5 days". */
export function age(createdAt: unknown, now = Date.now()): string {
  if (typeof createdAt !== 'string') return '';
  const days = Math.floor((now - new Date(createdAt).getTime()) / DAY_MS);
  return days <= 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}
