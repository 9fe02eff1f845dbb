/** Why someone writes through the contact page; the server accepts only these values. */
export const CONTACT_REASONS = ['counselling', 'wedding', 'prayer', 'baptism', 'other'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

/** Each reason as the contact form offers it. */
export const CONTACT_REASON_LABELS: Readonly<Record<ContactReason, string>> = {
  counselling: 'Counselling',
  wedding: 'Wedding',
  prayer: 'Prayer',
  baptism: 'Baptism',
  other: 'Something else',
};
