import { registerEnumType } from '@nestjs/graphql';

/** Who may read a prayer request, from narrowest to widest; the member chooses when sending it. */
export enum PrayerPrivacy {
  PastorsOnly = 'PastorsOnly',
  PrayerTeam = 'PrayerTeam',
  PrayerWall = 'PrayerWall',
}

/** How the wall names the member. */
export enum PrayerWallName {
  FirstName = 'FirstName',
  Anonymous = 'Anonymous',
}

/** Where a wall request stands: a pastor approves it before anyone else sees it. */
export enum PrayerWallStatus {
  NotRequested = 'NotRequested',
  Pending = 'Pending',
  Approved = 'Approved',
  Removed = 'Removed',
}

registerEnumType(PrayerPrivacy, {
  name: 'PrayerPrivacy',
  valuesMap: {
    PastorsOnly: { description: 'Only pastors read it (the default)' },
    PrayerTeam: { description: 'The prayer team reads it too, without contact details' },
    PrayerWall: { description: 'Shown on the public prayer wall once a pastor approves it' },
  },
});
registerEnumType(PrayerWallName, {
  name: 'PrayerWallName',
  valuesMap: { FirstName: { description: "The member's first name" }, Anonymous: { description: '"Anonymous"' } },
});
registerEnumType(PrayerWallStatus, { name: 'PrayerWallStatus' });

const WIDTH: Record<PrayerPrivacy, number> = { PastorsOnly: 0, PrayerTeam: 1, PrayerWall: 2 };

/** A member may narrow who reads their request at any time, never widen it after sending. */
export const isNarrowerOrSame = (next: PrayerPrivacy, current: PrayerPrivacy): boolean => WIDTH[next] <= WIDTH[current];

/** Privacies the prayer team reads. */
export const SHARED_WITH_TEAM = [PrayerPrivacy.PrayerTeam, PrayerPrivacy.PrayerWall] as const;

/** Shared requests leave the team's list and the wall this long after sending or the last renewal. */
export const SHARING_DAYS = 30;

/** The wall's word for a member who chose not to be named. */
export const ANONYMOUS = 'Anonymous';
