import { useRouteLoaderData } from 'react-router';
import { loadPublic, type GraphqlCaller } from './graphql';

export type SocialNetwork = 'facebook' | 'instagram' | 'youtube' | 'x' | 'tiktok';
export type ScheduleEntry = { day: string; activity: string; opens: string; closes: string };
export type Pastor = { name: string; role: string; photo: string; photoAlt: string; biography: string };

/** The organisation's details, edited in the console's "Site settings" (api-contract: SiteSettings). */
export type SiteSettings = {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  charityNumber: string;
  addressLines: string[];
  postcode: string;
  phone: string;
  phoneUri: string | null;
  emails: { label: string; address: string }[];
  socialLinks: { network: SocialNetwork; label: string; url: string }[];
  latitude: number | null;
  longitude: number | null;
  serviceTimes: { name: string; when: string }[];
  doorsOpen: string;
  weeklySchedule: ScheduleEntry[];
  /** The podcast's pages in Apple Podcasts and Spotify, once it is listed there. */
  podcastAppleUrl: string | null;
  podcastSpotifyUrl: string | null;
};

const SITE_SETTINGS = `query SiteSettings {
  siteSettings {
    name shortName tagline description charityNumber addressLines postcode phone phoneUri
    emails { label address } socialLinks { network label url } latitude longitude
    serviceTimes { name when } doorsOpen weeklySchedule { day activity opens closes } podcastAppleUrl podcastSpotifyUrl
  }
}`;

const PASTORS = 'query Pastors { siteSettings { pastors { name role photo photoAlt biography } } }';

const EMPTY: SiteSettings = {
  name: '',
  shortName: '',
  tagline: '',
  description: '',
  charityNumber: '',
  addressLines: [],
  postcode: '',
  phone: '',
  phoneUri: null,
  emails: [],
  socialLinks: [],
  latitude: null,
  longitude: null,
  serviceTimes: [],
  doorsOpen: '',
  weeklySchedule: [],
  podcastAppleUrl: null,
  podcastSpotifyUrl: null,
};

/** Read once per page by the root loader (through the server's public read cache). */
export async function loadSiteSettings(graphql: GraphqlCaller): Promise<SiteSettings> {
  const { siteSettings } = await loadPublic<{ siteSettings: SiteSettings }>(graphql, SITE_SETTINGS);
  return siteSettings ?? EMPTY;
}

/** The pastors' biographies: only the page that shows them reads them. */
export async function loadPastors(graphql: GraphqlCaller): Promise<Pastor[]> {
  const { siteSettings } = await loadPublic<{ siteSettings: { pastors: Pastor[] } }>(graphql, PASTORS);
  return siteSettings?.pastors ?? [];
}

/** The site settings from the root loader, for any component. */
export function useSiteSettings(): SiteSettings {
  const root: { settings?: SiteSettings } | undefined = useRouteLoaderData('root');
  return root?.settings ?? EMPTY;
}

/** The site's public origin (PUBLIC_URL), for absolute links in structured data. */
export function usePublicUrl(): string {
  const root: { publicUrl?: string } | undefined = useRouteLoaderData('root');
  return root?.publicUrl ?? '';
}

/** The site settings from a meta function's matches. */
export function settingsOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): SiteSettings {
  const root = matches.find((match) => match?.id === 'root')?.data as { settings?: SiteSettings } | undefined;
  return root?.settings ?? EMPTY;
}

/** The postal address one line an item: the town line carries the postcode. */
export function postalAddress(settings: Pick<SiteSettings, 'addressLines' | 'postcode'>): string[] {
  const lines = [...settings.addressLines];
  if (settings.postcode) {
    if (lines.length) lines[lines.length - 1] = `${lines[lines.length - 1]} ${settings.postcode}`;
    else lines.push(settings.postcode);
  }
  return lines;
}

/** 19:30 as people say it: 7.30pm; 10:00 as 10am. */
export function spokenTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number);
  const suffix = hour < 12 ? 'am' : 'pm';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minute ? `${twelve}.${String(minute).padStart(2, '0')}${suffix}` : `${twelve}${suffix}`;
}

export const scheduleWhen = (entry: ScheduleEntry) => `${spokenTime(entry.opens)} to ${spokenTime(entry.closes)}`;
