import { registerEnumType } from '@nestjs/graphql';
import {
  PRAYER_PRIVACIES,
  PRAYER_PRIVACY,
  PRAYER_PRIVACY_WORDS,
  PRAYER_WALL_NAME,
  PRAYER_WALL_NAME_WORDS,
  PRAYER_WALL_NAMES,
  PRAYER_WALL_STATUS,
  type ChoiceWords,
} from '@ministry/shared';

// The values and their words are the platform's shared vocabulary; GraphQL's enums are built from them here.
export { isNarrowerOrSame } from '@ministry/shared';

/** Who may read a prayer request, from narrowest to widest; the member chooses when sending it. */
export const PrayerPrivacy = PRAYER_PRIVACY;
export type PrayerPrivacy = (typeof PRAYER_PRIVACIES)[number];

/** How the wall names the member. */
export const PrayerWallName = PRAYER_WALL_NAME;
export type PrayerWallName = (typeof PRAYER_WALL_NAMES)[number];

/** Where a wall request stands: a pastor approves it before anyone else sees it. */
export const PrayerWallStatus = PRAYER_WALL_STATUS;
export type PrayerWallStatus = keyof typeof PRAYER_WALL_STATUS;

const described = <T extends string>(values: readonly T[], words: Record<T, ChoiceWords>) =>
  Object.fromEntries(values.map((value) => [value, { description: words[value].description }])) as Record<T, { description: string }>;

registerEnumType(PrayerPrivacy, { name: 'PrayerPrivacy', valuesMap: described(PRAYER_PRIVACIES, PRAYER_PRIVACY_WORDS) });
registerEnumType(PrayerWallName, { name: 'PrayerWallName', valuesMap: described(PRAYER_WALL_NAMES, PRAYER_WALL_NAME_WORDS) });
registerEnumType(PrayerWallStatus, { name: 'PrayerWallStatus' });

/** Privacies the prayer team reads. */
export const SHARED_WITH_TEAM = [PrayerPrivacy.PrayerTeam, PrayerPrivacy.PrayerWall] as const;

/** Shared requests leave the team's list and the wall this long after sending or the last renewal. */
export const SHARING_DAYS = 30;

/** The wall's word for a member who chose not to be named. */
export const ANONYMOUS = PRAYER_WALL_NAME.Anonymous;
