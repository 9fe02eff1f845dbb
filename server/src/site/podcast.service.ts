import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { XMLBuilder } from 'fast-xml-parser';
import { Repository } from 'typeorm';
import { v5 } from 'uuid';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SermonSeries, SermonSeriesService, Video } from '../content/index.js';
import { MediaService } from '../media/index.js';
import { renderArtwork } from './podcast-artwork.js';
import { absoluteUrl } from './public-urls.js';
import type { SiteSettings } from './site-settings.entity.js';
import { SiteSettingsService } from './site-settings.service.js';

/** The podcast namespace's UUIDv5 namespace for `podcast:guid`. */
const PODCAST_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** The channel's GUID: the feed's URL without its scheme and trailing slashes, as the namespace defines it. */
export const podcastGuidOf = (feedUrl: string) => v5(feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, ''), PODCAST_NAMESPACE);

/** WebVTT: the word WEBVTT, after an optional byte order mark, then a space, a tab or the end of the line. */
const isWebVtt = (transcript: string) => /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(transcript);

/** Apple reads at most 4000 bytes of an episode's description. */
const DESCRIPTION_BYTES = 4000;

/** `text` cut to at most `bytes` of UTF-8, never inside a character, marked with an ellipsis when cut. */
function withinBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  const ellipsis = '…';
  const cut = Buffer.from(text)
    .subarray(0, bytes - Buffer.byteLength(ellipsis))
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return `${cut.trimEnd()}${ellipsis}`;
}

/** The enclosure types Apple lists for each format (it names M4A `audio/x-m4a`, not the registered `audio/mp4`). */
const APPLE_TYPE: Record<string, string> = { 'audio/mp4': 'audio/x-m4a' };

/** Where the show's artwork is drawn when none was uploaded: Apple requires one. */
export const DEFAULT_ARTWORK_PATH = '/podcast/artwork.jpg';
export const transcriptPath = (video: Pick<Video, 'id' | 'transcript'>) =>
  `/sermons/${video.id}/transcript.${isWebVtt(video.transcript ?? '') ? 'vtt' : 'txt'}`;
export const chaptersPath = (video: Pick<Video, 'id'>) => `/sermons/${video.id}/chapters.json`;

/** A file podcast apps fetch beside the feed: a sermon's transcript or chapters, or the drawn artwork. */
export interface SermonFile {
  body: string | Buffer;
  type: string;
}

/**
 * The podcast: RSS 2.0 with Apple's `itunes:` tags and the Podcasting 2.0 `podcast:` namespace, for every sermon
 * published to the podcast with its audio, newest first; one feed for everything and one per series.
 */
@Injectable()
export class PodcastService {
  private readonly builder = new XMLBuilder({ ignoreAttributes: false, format: true, attributeNamePrefix: '@', suppressEmptyNode: true });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Video) private readonly videos: Repository<Video>,
    private readonly series: SermonSeriesService,
    private readonly settings: SiteSettingsService,
    private readonly media: MediaService,
  ) {}

  private absolute(path: string) {
    return absoluteUrl(this.config, path);
  }

  /** The whole podcast, or one series' (null when no series has that slug). */
  async feed(slug?: string): Promise<string | null> {
    const series = slug === undefined ? undefined : (await this.series.findAll({ perPage: 1 }, { slug }, undefined))[0];
    if (series === undefined && slug !== undefined) return null;
    const [settings, episodes] = await Promise.all([this.settings.get(), this.episodes(series)]);
    // A series' picture is artwork only when uploaded as such: Apple refuses WebP and sizes outside 1400-3000 px.
    const artwork = await this.media.podcastArtwork([series?.image, ...episodes.map((video) => video.series?.image)]);
    const feedPath = series ? `/podcast/${series.slug}.xml` : '/podcast.xml';
    const guid = await this.guidOf(series, this.absolute(feedPath));
    return this.builder.build({
      '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
      rss: {
        '@version': '2.0',
        '@xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
        '@xmlns:podcast': 'https://podcastindex.org/namespace/1.0',
        '@xmlns:atom': 'http://www.w3.org/2005/Atom',
        channel: { ...this.channel(settings, feedPath, guid, series, artwork), item: episodes.map((video) => this.item(video, artwork)) },
      },
    });
  }

  private episodes(series: SermonSeries | undefined): Promise<Video[]> {
    const query = this.videos
      .createQueryBuilder('video')
      .leftJoinAndMapOne('video.series', SermonSeries, 'video_series', 'video_series.id = video.series_id')
      .where('video.in_podcast AND video.audio IS NOT NULL');
    if (series) query.andWhere('video.series_id = :series', { series: series.id });
    return query.orderBy('video.preachedOn', 'DESC', 'NULLS LAST').addOrderBy('video.createdAt', 'DESC').addOrderBy('video.id', 'DESC').getMany();
  }

  private channel(settings: SiteSettings, feedPath: string, guid: string, series: SermonSeries | undefined, artworks: Set<string>) {
    const title = series?.title ?? (settings.podcastTitle || settings.name);
    const artwork = (series?.image && artworks.has(series.image) && series.image) || settings.podcastArtwork || DEFAULT_ARTWORK_PATH;
    const [category, subcategory] = settings.podcastCategory.split('>').map((part) => part.trim());
    const owner = settings.podcastOwnerEmail || settings.emails[0]?.address || '';
    const feedUrl = this.absolute(feedPath);
    return {
      title,
      link: this.absolute(series ? `/sermons/series/${series.slug}` : '/sermons'),
      description: (series?.description || settings.description || settings.tagline || title).trim(),
      language: 'en-GB',
      'atom:link': { '@href': feedUrl, '@rel': 'self', '@type': 'application/rss+xml' },
      'itunes:image': { '@href': this.absolute(artwork) },
      'itunes:category': { '@text': category, ...(subcategory && { 'itunes:category': { '@text': subcategory } }) },
      'itunes:explicit': String(settings.podcastExplicit),
      'itunes:author': settings.name,
      'itunes:owner': { 'itunes:name': settings.name, 'itunes:email': owner },
      'itunes:type': 'episodic',
      'podcast:guid': guid,
      'podcast:locked': { '@owner': owner, '#text': settings.podcastLocked ? 'yes' : 'no' },
    };
  }

  private item(video: Video, artworks: Set<string>) {
    const published = video.preachedOn ? new Date(`${video.preachedOn}T00:00:00Z`) : video.createdAt;
    return {
      title: video.title,
      description: withinBytes(video.summary || video.title, DESCRIPTION_BYTES),
      link: this.absolute(`/sermons/${video.id}`),
      guid: { '@isPermaLink': 'false', '#text': video.podcastGuid },
      pubDate: published.toUTCString(),
      enclosure: { '@url': this.absolute(video.audio!), '@length': String(video.audioBytes), '@type': APPLE_TYPE[video.audioMimeType!] ?? video.audioMimeType },
      'itunes:duration': String(video.audioDurationSeconds),
      ...(video.episode !== null && { 'itunes:episode': String(video.episode) }),
      ...(video.series?.image && artworks.has(video.series.image) && { 'itunes:image': { '@href': this.absolute(video.series.image) } }),
      ...(video.transcript && {
        'podcast:transcript': { '@url': this.absolute(transcriptPath(video)), '@type': isWebVtt(video.transcript) ? 'text/vtt' : 'text/plain' },
      }),
      ...(video.chapters && { 'podcast:chapters': { '@url': this.absolute(chaptersPath(video)), '@type': 'application/json+chapters' } }),
    };
  }

  /**
   * The show's `podcast:guid`, made from its feed's address when first published and kept from then on: the
   * namespace's GUID is "assigned once in its lifetime" and follows the podcast when its address changes.
   */
  private async guidOf(series: SermonSeries | undefined, feedUrl: string): Promise<string> {
    const [table, id] = series ? ['sermon_series', series.id] : ['site_settings', 1];
    await this.videos.query(`UPDATE ${table} SET podcast_guid = $2 WHERE id = $1 AND podcast_guid IS NULL`, [id, podcastGuidOf(feedUrl)]);
    const [row] = await this.videos.query<{ guid: string }[]>(`SELECT podcast_guid AS guid FROM ${table} WHERE id = $1`, [id]);
    return row.guid;
  }

  /** Square artwork drawn from the show's title, for a podcast whose staff have not uploaded any yet. */
  async defaultArtwork(): Promise<Buffer> {
    const settings = await this.settings.get();
    return renderArtwork(settings.podcastTitle || settings.name);
  }

  /** A sermon's transcript at the address its kind names (`vtt` or `txt`), else null. */
  async transcript(id: number, extension: 'vtt' | 'txt'): Promise<SermonFile | null> {
    const video = await this.videos.findOne({ where: { id }, select: { id: true, transcript: true } });
    if (!video?.transcript || transcriptPath(video) !== `/sermons/${id}/transcript.${extension}`) return null;
    return { body: video.transcript, type: extension === 'vtt' ? 'text/vtt; charset=utf-8' : 'text/plain; charset=utf-8' };
  }

  async chapters(id: number): Promise<SermonFile | null> {
    const video = await this.videos.findOne({ where: { id }, select: { id: true, chapters: true } });
    return video?.chapters ? { body: video.chapters, type: 'application/json+chapters' } : null;
  }
}
