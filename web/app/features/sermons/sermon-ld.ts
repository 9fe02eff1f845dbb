import type { SermonDetail } from './queries';
import { sermonDate } from './sermon-card';

type Thing = Record<string, unknown>;

const absolute = (publicUrl: string, path: string) => new URL(path, `${publicUrl}/`).href;

/** ISO 8601 durations, as schema.org reads them: "PT2280S". */
const isoDuration = (seconds: number | null) => (seconds ? `PT${seconds}S` : undefined);

/** The sermon's picture: its local poster, else YouTube's (named in data only: nothing is fetched from YouTube here). */
export const sermonImage = (sermon: Pick<SermonDetail, 'poster' | 'video'>, publicUrl: string) =>
  sermon.poster ? absolute(publicUrl, sermon.poster) : `https://i.ytimg.com/vi/${encodeURIComponent(sermon.video)}/hqdefault.jpg`;

/** A sermon for search engines: the video, and the podcast episode when it has audio. */
export function sermonLd(sermon: SermonDetail, publicUrl: string, podcastName: string): Thing[] {
  const url = absolute(publicUrl, `/sermons/${sermon.id}`);
  const description = sermon.summary || sermon.title;
  const video = {
    '@type': 'VideoObject',
    name: sermon.title,
    description,
    url,
    thumbnailUrl: sermonImage(sermon, publicUrl),
    uploadDate: sermonDate(sermon),
    embedUrl: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(sermon.video)}`,
    contentUrl: `https://www.youtube.com/watch?v=${encodeURIComponent(sermon.video)}`,
  };
  if (!sermon.audio) return [video];
  const episode = {
    '@type': 'PodcastEpisode',
    name: sermon.title,
    description,
    url,
    datePublished: sermonDate(sermon),
    timeRequired: isoDuration(sermon.audioDurationSeconds),
    associatedMedia: { '@type': 'MediaObject', contentUrl: absolute(publicUrl, sermon.audio), encodingFormat: sermon.audioMimeType ?? undefined },
    partOfSeries: { '@type': 'PodcastSeries', name: podcastName, url: absolute(publicUrl, '/podcast.xml') },
    ...(sermon.speaker && { author: { '@type': 'Person', name: sermon.speaker.name } }),
  };
  return [video, episode];
}
