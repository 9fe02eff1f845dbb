// Words for the care inbox that the dashboard needs too, kept out of the screens so it does not load them.
import { REQUEST_KIND_NAMES, REQUEST_KINDS } from '@ministry/shared';

/** The five kinds of request in the care inbox: `name` for one, `list` and `resource` for the console's list of that kind. */
export const CARE_KINDS = REQUEST_KIND_NAMES.map((id) => {
  const { title, listTitle, resource } = REQUEST_KINDS[id];
  return { id, name: title, list: listTitle, resource };
});

export const kindOf = (kind: unknown) => CARE_KINDS.find((candidate) => candidate.id === kind);

export type StaffMember = { id: string; firstname: string; lastname: string; role?: string };

export const staffName = (person: StaffMember | null | undefined): string => (person ? [person.firstname, person.lastname].filter(Boolean).join(' ') : '');

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long ago a request came, in whole days as people say it: "today", "1 day", "5 days". */
export function age(createdAt: unknown, now = Date.now()): string {
  if (typeof createdAt !== 'string') return '';
  const days = Math.floor((now - new Date(createdAt).getTime()) / DAY_MS);
  return days <= 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}
