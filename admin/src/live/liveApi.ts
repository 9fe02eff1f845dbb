import type { Transport } from '../data/transport';

export type LiveStatus = 'Upcoming' | 'Live' | 'Ended';

/** The live page's stream, as `liveStream` answers it. */
export type LiveStream = {
  title: string;
  startsAt: string;
  endsAt: string;
  status: LiveStatus;
  video: string | null;
  hlsUrl: string | null;
  serviceSheetUrl: string | null;
  seriesId: string | null;
  speakerId: string | null;
  sermonId: string | null;
};

/** What `updateLiveStream` takes: times, or a program (`postId`) and the start of one of its occurrences. */
export type LiveStreamInput = Partial<Omit<LiveStream, 'status' | 'sermonId'>> & { postId?: string; occurrenceStart?: string };

/** A program that has an occurrence to come, for "Use a program's next occurrence". */
export type ProgramChoice = { id: string; name: string; nextStartsAt: string };

const FIELDS = 'title startsAt endsAt status video hlsUrl serviceSheetUrl seriesId speakerId sermonId';

const READ = `query LiveStream { liveStream { ${FIELDS} } }`;

const UPDATE = `mutation UpdateLiveStream($title: String, $startsAt: DateTime, $endsAt: DateTime, $video: String, $hlsUrl: String,
  $serviceSheetUrl: String, $seriesId: ID, $speakerId: ID, $postId: ID, $occurrenceStart: DateTime) {
  updateLiveStream(title: $title, startsAt: $startsAt, endsAt: $endsAt, video: $video, hlsUrl: $hlsUrl, serviceSheetUrl: $serviceSheetUrl,
    seriesId: $seriesId, speakerId: $speakerId, postId: $postId, occurrenceStart: $occurrenceStart) { ${FIELDS} } }`;

const CLEAR = 'mutation ClearLiveStream { clearLiveStream }';

const TO_SERMON = 'mutation LiveStreamToSermon { liveStreamToSermon { id } }';

/** Programs (the spec's category 1) not over yet, soonest first. */
const PROGRAMS = `query LivePrograms { allPosts(filter: { categoryId: "1", upcoming: true }, perPage: 200, sortField: "nextStartsAt", sortOrder: "ASC") {
  id name nextStartsAt } }`;

/** The data provider's live stream methods, for the live stream page. */
export const liveMethods = ({ call }: Transport) => ({
  async readLiveStream(): Promise<LiveStream | null> {
    return (await call<{ liveStream: LiveStream | null }>(READ)).liveStream;
  },
  async updateLiveStream(input: LiveStreamInput): Promise<LiveStream> {
    return (await call<{ updateLiveStream: LiveStream }>(UPDATE, input)).updateLiveStream;
  },
  async clearLiveStream(): Promise<boolean> {
    return (await call<{ clearLiveStream: boolean }>(CLEAR)).clearLiveStream;
  },
  /** Answers the new sermon's id. */
  async liveStreamToSermon(): Promise<string> {
    return (await call<{ liveStreamToSermon: { id: string } }>(TO_SERMON)).liveStreamToSermon.id;
  },
  async programsWithNextOccurrence(): Promise<ProgramChoice[]> {
    const { allPosts } = await call<{ allPosts: (Omit<ProgramChoice, 'nextStartsAt'> & { nextStartsAt: string | null })[] }>(PROGRAMS);
    return allPosts.filter((post): post is ProgramChoice => post.nextStartsAt !== null);
  },
});
