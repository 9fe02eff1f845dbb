import { data } from 'react-router';
import { loadPublic, type GraphqlCaller } from '../../lib/graphql';
import type { ImageFields } from '../../components/responsive-image';

export const SERMON_CARD_FIELDS = 'id title video poster createdAt preachedOn passages series { id title slug } speaker { id name slug }';

const SERMON_FIELDS = `${SERMON_CARD_FIELDS} summary audio audioBytes audioDurationSeconds audioMimeType transcript chapters inPodcast`;

const PROFILE_FIELDS = 'id slug image imageSrcSet imageWidth imageHeight sermonCount';

export type SeriesLink = { id: string; title: string; slug: string };
export type SpeakerLink = { id: string; name: string; slug: string };

export type SermonCardData = {
  id: string;
  title: string;
  video: string;
  poster: string | null;
  createdAt: string;
  preachedOn: string | null;
  passages: string[];
  series: SeriesLink | null;
  speaker: SpeakerLink | null;
};

export type SermonDetail = SermonCardData & {
  summary: string | null;
  audio: string | null;
  audioBytes: number | null;
  audioDurationSeconds: number | null;
  audioMimeType: string | null;
  transcript: string | null;
  chapters: string | null;
  inPodcast: boolean;
};

export type SeriesDetail = ImageFields & SeriesLink & { description: string; startedAt: string | null; sermonCount: number };
export type SpeakerDetail = ImageFields & SpeakerLink & { bio: string; sermonCount: number };

export type FacetCount = { value: string; label: string; count: number };

/** What the sermons page is filtered by, as its URL carries it (`?series=2&book=John&q=grace`). */
export type SermonFilters = { series: string; speaker: string; book: string; year: string; q: string };

const FILTER_NAMES = ['series', 'speaker', 'book', 'year', 'q'] as const;

export const SERMONS_PER_PAGE = 12;

/** The filters of a sermons URL; an odd id or year is dropped rather than sent to the server to be refused. */
export function filtersOf(request: Request): SermonFilters {
  const params = new URL(request.url).searchParams;
  const value = (name: string) => (params.get(name) ?? '').trim().slice(0, 100);
  const id = (name: string) => (/^\d{1,12}$/.test(value(name)) ? value(name) : '');
  return { series: id('series'), speaker: id('speaker'), book: value('book'), year: /^\d{4}$/.test(value('year')) ? value('year') : '', q: value('q') };
}

/** A sermons URL with these filters and page: empty filters and page 1 are left out, so links stay short. */
export function sermonsUrl(filters: SermonFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/sermons?${query}` : '/sermons';
}

const hasFilters = (filters: SermonFilters) => FILTER_NAMES.some((name) => filters[name]);

/** The `VideoFilter` for these filters (api-contract: sermons). */
function videoFilter(filters: Partial<SermonFilters>) {
  return {
    ...(filters.series && { seriesId: filters.series }),
    ...(filters.speaker && { speakerId: filters.speaker }),
    ...(filters.book && { book: filters.book }),
    ...(filters.year && { year: Number(filters.year) }),
    ...(filters.q && { q: filters.q }),
  };
}

const SERMONS_PAGE = `query SermonsPage($filter: VideoFilter!, $page: Int!, $perPage: Int!) {
  sermons: allVideos(filter: $filter, page: $page, perPage: $perPage, sortField: "preachedOn", sortOrder: "DESC") { ${SERMON_CARD_FIELDS} }
  meta: _allVideosMeta(filter: $filter) { count }
  facets: sermonFacets { books { value label count } years { value label count } }
  series: allSermonSeries(perPage: 100, sortField: "title", sortOrder: "ASC") { id title slug }
  speakers: allSpeakers(perPage: 100) { id name slug }
}`;

type SermonsPageData = {
  sermons: SermonCardData[];
  meta: { count: number };
  facets: { books: FacetCount[]; years: FacetCount[] };
  series: SeriesLink[];
  speakers: SpeakerLink[];
};

/** One page of sermons, newest preached first, with the choices each filter offers. */
export async function loadSermonsPage(graphql: GraphqlCaller, filters: SermonFilters, page: number) {
  const result = await loadPublic<SermonsPageData>(graphql, SERMONS_PAGE, { filter: videoFilter(filters), page: page - 1, perPage: SERMONS_PER_PAGE });
  const count = result.meta?.count ?? 0;
  return {
    sermons: result.sermons ?? [],
    filters,
    filtered: hasFilters(filters),
    page,
    pages: Math.max(1, Math.ceil(count / SERMONS_PER_PAGE)),
    books: result.facets?.books ?? [],
    years: result.facets?.years ?? [],
    series: result.series ?? [],
    speakers: result.speakers ?? [],
  };
}

const SERMON = `query SermonPage($id: ID!) {
  sermon: Video(id: $id) { ${SERMON_FIELDS} }
}`;

export async function loadSermon(graphql: GraphqlCaller, id: string) {
  if (!/^\d{1,12}$/.test(id)) throw data('Not found', { status: 404 });
  const { sermon } = await loadPublic<{ sermon: SermonDetail | null }>(graphql, SERMON, { id });
  if (!sermon) throw data('Not found', { status: 404 });
  return sermon;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A series or speaker by its slug, with every one of its sermons; an unknown slug is the site's 404. */
async function loadProfile<T>(graphql: GraphqlCaller, query: string, slug: string, filterName: 'seriesId' | 'speakerId') {
  if (!SLUG.test(slug) || slug.length > 200) throw data('Not found', { status: 404 });
  const { found } = await loadPublic<{ found: (T & { id: string })[] }>(graphql, query, { slug });
  const profile = found?.[0];
  if (!profile) throw data('Not found', { status: 404 });
  const order = filterName === 'seriesId' ? 'ASC' : 'DESC';
  const { sermons } = await loadPublic<{ sermons: SermonCardData[] }>(graphql, PROFILE_SERMONS, { filter: { [filterName]: profile.id }, sortOrder: order });
  return { profile, sermons: sermons ?? [] };
}

const PROFILE_SERMONS = `query ProfileSermons($filter: VideoFilter!, $sortOrder: String!) {
  sermons: allVideos(filter: $filter, perPage: 100, sortField: "preachedOn", sortOrder: $sortOrder) { ${SERMON_CARD_FIELDS} }
}`;

const SERIES = `query SeriesPage($slug: String!) {
  found: allSermonSeries(filter: { slug: $slug }, perPage: 1) { ${PROFILE_FIELDS} title description startedAt }
}`;

const SPEAKER = `query SpeakerPage($slug: String!) {
  found: allSpeakers(filter: { slug: $slug }, perPage: 1) { ${PROFILE_FIELDS} name bio }
}`;

/** A series' sermons in the order they were preached. */
export function loadSeries(graphql: GraphqlCaller, slug: string) {
  return loadProfile<SeriesDetail>(graphql, SERIES, slug, 'seriesId');
}

/** A speaker's sermons, newest first. */
export function loadSpeaker(graphql: GraphqlCaller, slug: string) {
  return loadProfile<SpeakerDetail>(graphql, SPEAKER, slug, 'speakerId');
}
