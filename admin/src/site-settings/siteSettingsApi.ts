import type { Transport } from '../data/transport';

export type SiteSettingsRecord = Record<string, unknown> & { id: 'site-settings' };

const FIELDS = `name shortName tagline description charityNumber addressLines postcode phone
  emails { label address } socialLinks { network label url } latitude longitude
  serviceTimes { name when } doorsOpen weeklySchedule { day activity opens closes }
  pastors { name role photo photoAlt biography } charityType accountingYearEnd
  podcastTitle podcastArtwork podcastCategory podcastOwnerEmail podcastExplicit podcastLocked podcastAppleUrl podcastSpotifyUrl`;

/** What updateSiteSettings takes: every field the page edits. */
const EDITED = ['name', 'shortName', 'tagline', 'description', 'charityNumber', 'addressLines', 'postcode', 'phone', 'emails', 'socialLinks', 'latitude', 'longitude', 'serviceTimes', 'doorsOpen', 'weeklySchedule', 'pastors', 'charityType', 'accountingYearEnd',
  'podcastTitle', 'podcastArtwork', 'podcastCategory', 'podcastOwnerEmail', 'podcastExplicit', 'podcastLocked', 'podcastAppleUrl', 'podcastSpotifyUrl'];

const VARIABLES = `$name: String, $shortName: String, $tagline: String, $description: String, $charityNumber: String, $addressLines: [String!],
  $postcode: String, $phone: String, $emails: [ContactEmailInput!], $socialLinks: [SocialLinkInput!], $latitude: Float, $longitude: Float,
  $serviceTimes: [ServiceTimeInput!], $doorsOpen: String, $weeklySchedule: [ScheduleEntryInput!], $pastors: [PastorInput!],
  $charityType: CharityType, $accountingYearEnd: String, $podcastTitle: String, $podcastArtwork: String, $podcastCategory: String,
  $podcastOwnerEmail: String, $podcastExplicit: Boolean, $podcastLocked: Boolean, $podcastAppleUrl: String, $podcastSpotifyUrl: String`;

const UPDATE = `mutation UpdateSiteSettings(${VARIABLES}) {
  updateSiteSettings(${EDITED.map((field) => `${field}: $${field}`).join(', ')}) { ${FIELDS} }
}`;

/** Removes what GraphQL adds (__typename) and what a form may leave empty in lists. */
const clean = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.filter((item) => item !== null && item !== undefined).map(clean);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '__typename').map(([key, item]) => [key, clean(item)]));
  return value;
};

/** The podcast's details the server requires once set; the artwork may be cleared. */
const PODCAST_KEPT = ['podcastTitle', 'podcastCategory', 'podcastOwnerEmail', 'podcastExplicit', 'podcastLocked'];

const READ = `query SiteSettingsForm { siteSettings { ${FIELDS} } }`;

/** The data provider's site settings: one record, read and saved whole. */
export const siteSettingsMethods = ({ call }: Transport) => ({
  async readSiteSettings(): Promise<SiteSettingsRecord> {
    const { siteSettings } = await call<{ siteSettings: Record<string, unknown> }>(READ);
    return { ...(clean(siteSettings) as Record<string, unknown>), id: 'site-settings' };
  },
  async saveSiteSettings(values: Record<string, unknown>): Promise<SiteSettingsRecord> {
    const variables = Object.fromEntries(EDITED.map((field) => [field, clean(values[field] ?? null)]));
    for (const text of ['name', 'shortName', 'tagline', 'description', 'charityNumber', 'postcode', 'phone', 'doorsOpen']) variables[text] ??= '';
    // The Gift Aid year and the podcast's details are never blank: left empty, the stored ones stay.
    for (const kept of ['charityType', 'accountingYearEnd', ...PODCAST_KEPT]) if (variables[kept] === null || variables[kept] === '') delete variables[kept];
    const { updateSiteSettings } = await call<{ updateSiteSettings: Record<string, unknown> }>(UPDATE, variables);
    return { ...(clean(updateSiteSettings) as Record<string, unknown>), id: 'site-settings' };
  },
});
