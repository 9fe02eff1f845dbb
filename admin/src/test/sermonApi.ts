import { GraphQLError, buildSchema, graphql } from 'graphql';
import { parsePassages } from '@ministry/shared/passages';

/**
 * A small GraphQL server in memory for the sermon screens' tests: the contract's sermons, series, speakers and
 * live stream (docs/api-contract.md, "Sermons, the podcast and the live page"), with passages read by the parser
 * the server uses, and `POST /api/uploads` for audio; the console talks to it as it talks to the server.
 */
const SDL = `
  scalar DateTime
  type ListMetadata { count: Int! }
  type SermonSeries { id: ID! title: String! slug: String! description: String! image: String startedAt: String sermonCount: Int! }
  input SermonSeriesFilter { ids: [ID!] q: String slug: String }
  type Speaker { id: ID! name: String! slug: String! bio: String! image: String sermonCount: Int! }
  input SpeakerFilter { ids: [ID!] q: String slug: String }
  type Video {
    id: ID! title: String! video: String! poster: String announceListId: ID createdAt: DateTime! updatedAt: DateTime!
    series: SermonSeries seriesId: ID speaker: Speaker speakerId: ID passages: [String!]! preachedOn: String summary: String
    audio: String audioBytes: Float audioDurationSeconds: Int audioMimeType: String transcript: String chapters: String
    inPodcast: Boolean! podcastGuid: String! episode: Int
  }
  input VideoFilter { ids: [ID!] q: String seriesId: ID speakerId: ID book: String year: Int }
  type PassageCheck { passages: [String!]! unrecognised: [String!]! }
  enum LiveStatus { Upcoming Live Ended }
  type LiveStream {
    title: String! startsAt: DateTime! endsAt: DateTime! status: LiveStatus! video: String hlsUrl: String serviceSheetUrl: String
    seriesId: ID speakerId: ID sermonId: ID
  }
  type Post { id: ID! name: String! nextStartsAt: DateTime }
  input PostFilter { ids: [ID!] q: String categoryId: ID upcoming: Boolean }
  type Query {
    Video(id: ID!): Video
    allVideos(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: VideoFilter): [Video!]!
    _allVideosMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: VideoFilter): ListMetadata!
    SermonSeries(id: ID!): SermonSeries
    allSermonSeries(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: SermonSeriesFilter): [SermonSeries!]!
    _allSermonSeriesMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: SermonSeriesFilter): ListMetadata!
    Speaker(id: ID!): Speaker
    allSpeakers(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: SpeakerFilter): [Speaker!]!
    _allSpeakersMeta(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: SpeakerFilter): ListMetadata!
    checkPassages(text: String!): PassageCheck!
    liveStream: LiveStream
    allPosts(page: Int, perPage: Int, sortField: String, sortOrder: String, filter: PostFilter): [Post!]!
  }
  type Mutation {
    createVideo(title: String!, video: String!, announceListId: ID, audio: String, seriesId: ID, speakerId: ID, passages: String, preachedOn: String,
      summary: String, transcript: String, chapters: String, inPodcast: Boolean): Video!
    updateVideo(id: ID!, title: String, video: String, announceListId: ID, audio: String, seriesId: ID, speakerId: ID, passages: String, preachedOn: String,
      summary: String, transcript: String, chapters: String, inPodcast: Boolean): Video!
    updateLiveStream(title: String, startsAt: DateTime, endsAt: DateTime, video: String, hlsUrl: String, serviceSheetUrl: String, seriesId: ID,
      speakerId: ID, postId: ID, occurrenceStart: DateTime): LiveStream!
    deleteSermonSeries(id: ID!): SermonSeries!
    clearLiveStream: Boolean!
    liveStreamToSermon: Video!
  }
`;

type Row = Record<string, unknown>;
export type Call = { operation: string; variables: Record<string, unknown> };
export type AudioUpload = { field: string; name: string; authorization: string | null };

const AUDIO_ANSWER = { url: '/uploads/5f2c9a.mp3', bytes: 24_300_000, durationSeconds: 2472, mimeType: 'audio/mpeg' };

/** What the server answers a sermon's save instead of saving it: an error as the server words it. */
export type Refusal = { message: string; extensions: Record<string, unknown> };

export function createSermonApi({ stream, refuseSave }: { stream?: Row; refuseSave?: Refusal } = {}) {
  const schema = buildSchema(SDL);
  const series: Row[] = [{ id: '1', title: 'Signs of Life', slug: 'signs-of-life', description: 'John’s gospel', image: null, startedAt: '2026-09-06', sermonCount: 1 }];
  const speakers: Row[] = [{ id: '1', name: 'Pastor Ruth Mensah', slug: 'ruth-mensah', bio: '', image: null, sermonCount: 1 }];
  const videos: Row[] = [];
  const calls: Call[] = [];
  const uploads: AudioUpload[] = [];
  let live: Row | null = stream ?? null;

  const sermon = (args: Row): Row => {
    const passages = typeof args.passages === 'string' ? parsePassages(args.passages).passages.map((passage) => passage.label) : [];
    const now = new Date().toISOString();
    return { poster: null, announceListId: null, seriesId: null, speakerId: null, preachedOn: null, summary: null, audio: null, audioBytes: null,
      audioDurationSeconds: null, audioMimeType: null, transcript: null, chapters: null, inPodcast: false, episode: null, createdAt: now, updatedAt: now,
      ...args, passages, id: String(videos.length + 1), podcastGuid: crypto.randomUUID() };
  };
  const add = (row: Row) => {
    videos.push(row);
    return row;
  };
  const byIds = (rows: Row[]) => ({ filter }: { filter?: { ids?: string[] } }) => rows.filter((row) => !filter?.ids || filter.ids.includes(row.id as string));

  const rootValue = {
    Video: ({ id }: { id: string }) => videos.find((video) => video.id === id),
    allVideos: byIds(videos),
    _allVideosMeta: () => ({ count: videos.length }),
    SermonSeries: ({ id }: { id: string }) => series.find((row) => row.id === id),
    allSermonSeries: byIds(series),
    _allSermonSeriesMeta: () => ({ count: series.length }),
    Speaker: ({ id }: { id: string }) => speakers.find((row) => row.id === id),
    allSpeakers: byIds(speakers),
    _allSpeakersMeta: () => ({ count: speakers.length }),
    checkPassages: ({ text }: { text: string }) => {
      const { passages, unrecognised } = parsePassages(text);
      return { passages: passages.map((passage) => passage.label), unrecognised };
    },
    liveStream: () => live,
    allPosts: () => [{ id: '7', name: 'Sunday service', nextStartsAt: '2026-11-29T10:30:00.000Z' }],
    createVideo: (args: Row) => {
      if (refuseSave) throw new GraphQLError(refuseSave.message, { extensions: refuseSave.extensions });
      return add(sermon(args));
    },
    deleteSermonSeries: ({ id }: { id: string }) => {
      const [removed] = series.splice(series.findIndex((row) => row.id === id), 1);
      for (const video of videos) if (video.seriesId === id) video.seriesId = null;
      return removed;
    },
    updateLiveStream: (args: Row) => {
      const endsAt = args.endsAt ?? new Date(Date.parse(args.startsAt as string) + 2 * 3600_000).toISOString();
      return (live = { status: 'Upcoming', sermonId: null, ...args, endsAt });
    },
    clearLiveStream: () => {
      const had = live !== null;
      live = null;
      return had;
    },
    liveStreamToSermon: () => {
      const made = add(sermon({ title: live!.title, video: live!.video, seriesId: live!.seriesId, speakerId: live!.speakerId, preachedOn: (live!.startsAt as string).slice(0, 10) }));
      live = { ...live, sermonId: made.id };
      return made;
    },
  };

  const fetch: typeof globalThis.fetch = async (url, init) => {
    const headers = new Headers(init?.headers);
    if (url === '/api/uploads') {
      const [[field, file]] = [...(init!.body as FormData).entries()];
      uploads.push({ field, name: (file as File).name, authorization: headers.get('authorization') });
      return Response.json(AUDIO_ANSWER, { status: 201 });
    }
    const { query, variables = {} } = JSON.parse(init?.body as string) as { query: string; variables?: Record<string, unknown> };
    const named = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
    calls.push({ operation: named ?? (query.includes('__schema') ? 'IntrospectionQuery' : 'anonymous'), variables });
    return Response.json(await graphql({ schema, source: query, variableValues: variables, rootValue }));
  };

  return { fetch, calls, uploads, videos, series, audio: AUDIO_ANSWER };
}
