import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { XMLBuilder } from 'fast-xml-parser';
import { createHash } from 'node:crypto';
import { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SermonSeries, SermonSeriesService, Video } from '../content/index.js';
import { MediaService } from '../media/index.js';
import { absoluteUrl } from './public-urls.js';
import type { SiteSettings } from './site-settings.entity.js';
import { SiteSettingsService } from './site-settings.service.js';

/** The podcast namespace's UUIDv5 namespace for `podcast:guid`. */
const PODCAST_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** RFC 9562 UUIDv5: SHA-1 of the namespace's bytes and the name, with the version and variant bits set. */
function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name)
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The channel's GUID: the feed's URL without its scheme and trailing slashes, as the namespace defines it. */
export const podcastGuidOf = (feedUrl: string) => uuidV5(feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, ''), PODCAST_NAMESPACE);

const isWebVtt = (transcript: string) => transcript.startsWith('WEBVTT');
export const transcriptPath = (video: Pick<Video, 'id' | 'transcript'>) =>
  `/sermons/${video.id}/transcript.${isWebVtt(video.transcript ?? '') ? 'vtt' : 'txt'}`;
export const chaptersPath = (video: Pick<Video, 'id'>) => `/sermons/${video.id}/chapters.json`;

/** A transcript or chapters file of a sermon, as podcast apps fetch them. */
export interface SermonFile {
  body: string;
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
    return this.builder.build({
      '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
      rss: {
        '@version': '2.0',
        '@xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
        '@xmlns:podcast': 'https://podcastindex.org/namespace/1.0',
        '@xmlns:atom': 'http://www.w3.org/2005/Atom',
        channel: { ...this.channel(settings, feedPath, series, artwork), item: episodes.map((video) => this.item(video, artwork)) },
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

  private channel(settings: SiteSettings, feedPath: string, series: SermonSeries | undefined, artworks: Set<string>) {
    const title = series?.title ?? (settings.podcastTitle || settings.name);
    const artwork = (series?.image && artworks.has(series.image) && series.image) || settings.podcastArtwork;
    const [category, subcategory] = settings.podcastCategory.split('>').map((part) => part.trim());
    const owner = settings.podcastOwnerEmail || settings.emails[0]?.address || '';
    const feedUrl = this.absolute(feedPath);
    return {
      title,
      link: this.absolute(series ? `/sermons/series/${series.slug}` : '/sermons'),
      description: (series?.description || settings.description || settings.tagline || title).trim(),
      language: 'en-GB',
      'atom:link': { '@href': feedUrl, '@rel': 'self', '@type': 'application/rss+xml' },
      ...(artwork && { 'itunes:image': { '@href': this.absolute(artwork) } }),
      'itunes:category': { '@text': category, ...(subcategory && { 'itunes:category': { '@text': subcategory } }) },
      'itunes:explicit': String(settings.podcastExplicit),
      'itunes:author': settings.name,
      'itunes:owner': { 'itunes:name': settings.name, 'itunes:email': owner },
      'itunes:type': 'episodic',
      'podcast:guid': podcastGuidOf(feedUrl),
      'podcast:locked': { '@owner': owner, '#text': settings.podcastLocked ? 'yes' : 'no' },
    };
  }

  private item(video: Video, artworks: Set<string>) {
    const published = video.preachedOn ? new Date(`${video.preachedOn}T00:00:00Z`) : video.createdAt;
    return {
      title: video.title,
      description: video.summary || video.title,
      link: this.absolute(`/sermons/${video.id}`),
      guid: { '@isPermaLink': 'false', '#text': video.podcastGuid },
      pubDate: published.toUTCString(),
      enclosure: { '@url': this.absolute(video.audio!), '@length': String(video.audioBytes), '@type': video.audioMimeType },
      'itunes:duration': String(video.audioDurationSeconds),
      ...(video.episode !== null && { 'itunes:episode': String(video.episode) }),
      ...(video.series?.image && artworks.has(video.series.image) && { 'itunes:image': { '@href': this.absolute(video.series.image) } }),
      ...(video.transcript && {
        'podcast:transcript': { '@url': this.absolute(transcriptPath(video)), '@type': isWebVtt(video.transcript) ? 'text/vtt' : 'text/plain' },
      }),
      ...(video.chapters && { 'podcast:chapters': { '@url': this.absolute(chaptersPath(video)), '@type': 'application/json+chapters' } }),
    };
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
