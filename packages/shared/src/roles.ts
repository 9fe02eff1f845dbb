import { byName } from './by-name.js';

/** Every role an account can hold; the database enum and GraphQL's `Role` follow this list, in this order. */
export const ROLES = ['Member', 'Admin', 'Pastor', 'PrayerTeam', 'Editor', 'Finance', 'EventsTeam', 'Communications'] as const;
export type Role = (typeof ROLES)[number];

/** Each role by name: `ROLE.Admin`. */
export const ROLE = byName(ROLES);

/** Each role for people: its name and what it lets a person do, in the words of the Admin who gives it. */
export const ROLE_WORDS: Readonly<Record<Role, { label: string; meaning: string }>> = {
  Member: { label: 'Member', meaning: 'No console. Their own prayer requests, testimonies, gifts and orders on the website.' },
  Admin: { label: 'Admin', meaning: 'Everything, including site settings and giving people roles.' },
  Pastor: { label: 'Pastor', meaning: 'Every care request with contact details, notes and replies; approves the prayer wall.' },
  PrayerTeam: { label: 'Prayer team', meaning: 'Prayer requests shared with the team or the wall, without contact details.' },
  Editor: { label: 'Editor', meaning: 'Website content and images only.' },
  Finance: { label: 'Finance', meaning: 'Donations, book orders and refunds.' },
  EventsTeam: { label: 'Events team', meaning: 'Bookings for events: who is coming, their answers, check-in at the door, refunds of tickets.' },
  Communications: { label: 'Communications', meaning: 'Mailing lists and their subscribers; writing and sending e-mails to them.' },
};
