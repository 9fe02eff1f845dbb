import { byName } from './by-name.js';

/** Who may read a prayer request, from narrowest to widest; the member chooses when sending it. */
export const PRAYER_PRIVACIES = ['PastorsOnly', 'PrayerTeam', 'PrayerWall'] as const;
export type PrayerPrivacy = (typeof PRAYER_PRIVACIES)[number];
export const PRAYER_PRIVACY = byName(PRAYER_PRIVACIES);

/** How the wall names the member. */
export const PRAYER_WALL_NAMES = ['FirstName', 'Anonymous'] as const;
export type PrayerWallName = (typeof PRAYER_WALL_NAMES)[number];
export const PRAYER_WALL_NAME = byName(PRAYER_WALL_NAMES);

/** Where a wall request stands: a pastor approves it before anyone else sees it. */
export const PRAYER_WALL_STATUSES = ['NotRequested', 'Pending', 'Approved', 'Removed'] as const;
export type PrayerWallStatus = (typeof PRAYER_WALL_STATUSES)[number];
export const PRAYER_WALL_STATUS = byName(PRAYER_WALL_STATUSES);

/** One choice in people's words: `description` for the API, `label` and `hint` for the member choosing it. */
export interface ChoiceWords {
  description: string;
  label: string;
  hint: string;
}

/**
 * Each privacy for the member (`label`, `hint`, and `summary` once sent) and for staff (`staffLabel` in lists and
 * filters, `staffSummary` beside one request).
 */
export const PRAYER_PRIVACY_WORDS: Readonly<Record<PrayerPrivacy, ChoiceWords & { summary: string; staffLabel: string; staffSummary: string }>> = {
  PastorsOnly: {
    description: 'Only pastors read it (the default)',
    label: 'Pastors only',
    hint: 'Only our pastors read it. Nobody else at church sees it.',
    summary: 'Pastors only',
    staffLabel: 'Pastors only',
    staffSummary: 'Pastors only',
  },
  PrayerTeam: {
    description: 'The prayer team reads it too, without contact details',
    label: 'The prayer team',
    hint: 'Our pastors and the volunteers of our prayer team read it and pray. They do not see your e-mail, phone or address.',
    summary: 'Pastors and the prayer team',
    staffLabel: 'Prayer team',
    staffSummary: 'Shared with the prayer team',
  },
  PrayerWall: {
    description: 'Shown on the public prayer wall once a pastor approves it',
    label: 'The public prayer wall (after a pastor approves it)',
    hint: 'Anyone visiting our website can read it on the prayer wall and pray for you, once a pastor has approved it. Leave out anything you would not want a stranger to read.',
    summary: 'Everyone, on the public prayer wall',
    staffLabel: 'Prayer wall',
    staffSummary: 'Asked for the public prayer wall',
  },
};

export const PRAYER_WALL_NAME_WORDS: Readonly<Record<PrayerWallName, ChoiceWords>> = {
  FirstName: { description: "The member's first name", label: 'My first name', hint: 'Your first name is shown, never your surname or e-mail.' },
  Anonymous: { description: '"Anonymous"', label: 'Anonymous', hint: 'No name is shown: the request reads "Anonymous".' },
};

/** A member may narrow who reads their request at any time, never widen it after sending. */
export const isNarrowerOrSame = (next: PrayerPrivacy, current: PrayerPrivacy): boolean =>
  PRAYER_PRIVACIES.indexOf(next) <= PRAYER_PRIVACIES.indexOf(current);
