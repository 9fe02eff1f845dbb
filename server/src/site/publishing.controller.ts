import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RecordIdPipe } from '../common/record-id.pipe.js';
import { Public } from '../access/decorators.js';
import { PublicReadCache } from '../http-cache/public-read-cache.js';
import { CalendarService } from './calendar.service.js';
import { DEFAULT_ARTWORK_PATH, PodcastService, type SermonFile } from './podcast.service.js';
import { PublishingService } from './publishing.service.js';

/** Paths of this controller, answered by Nest rather than the web app. */
export const PUBLISHED_PATHS = [
  '/events.ics',
  '/robots.txt',
  '/sitemap.xml',
  '/blog/rss.xml',
  '/videos/rss.xml',
  '/podcast.xml',
  DEFAULT_ARTWORK_PATH,
  '/.well-known/security.txt',
  '/manifest.webmanifest',
];
// Any id segment: a malformed id is this controller's 400, whether or not the website is built.
const PUBLISHED_PATTERNS = [/^\/events\/\d+\.ics$/, /^\/podcast\/[^/]+\.xml$/, /^\/sermons\/[^/]+\/(transcript\.(vtt|txt)|chapters\.json)$/];
export const isPublishedPath = (path: string) => PUBLISHED_PATHS.includes(path) || PUBLISHED_PATTERNS.some((pattern) => pattern.test(path));

/** Feeds and files for calendars, feed readers, search engines and browsers. Kept in the public read cache. */
@Public()
@Controller()
export class PublishingController {
  constructor(
    private readonly publishing: PublishingService,
    private readonly calendars: CalendarService,
    private readonly podcast: PodcastService,
    private readonly cache: PublicReadCache,
  ) {}

  private async send(response: Response, key: string, type: string, make: () => Promise<string | null>) {
    let body = this.cache.get<string>(`published:${key}`);
    if (body === undefined) {
      const made = await make();
      if (made === null) throw new NotFoundException();
      body = made;
      this.cache.set(`published:${key}`, body);
    }
    response.type(type).setHeader('Cache-Control', 'public, max-age=300');
    response.send(body);
  }

  @Get('events.ics')
  events(@Res() response: Response) {
    return this.send(response, 'events', 'text/calendar; charset=utf-8', () => this.calendars.eventsCalendar());
  }

  @Get('events/:id.ics')
  event(@Param('id', RecordIdPipe) id: number, @Res() response: Response) {
    response.setHeader('Content-Disposition', `attachment; filename="event-${id}.ics"`);
    return this.send(response, `event:${id}`, 'text/calendar; charset=utf-8', () => this.calendars.eventCalendar(id));
  }

  @Get('blog/rss.xml')
  blog(@Res() response: Response) {
    return this.send(response, 'blog', 'application/rss+xml; charset=utf-8', () => this.publishing.blogRss());
  }

  @Get('videos/rss.xml')
  videos(@Res() response: Response) {
    return this.send(response, 'videos', 'application/rss+xml; charset=utf-8', () => this.publishing.videosRss());
  }

  @Get('podcast.xml')
  podcastFeed(@Res() response: Response) {
    return this.send(response, 'podcast', 'application/rss+xml; charset=utf-8', () => this.podcast.feed());
  }

  @Get('podcast/artwork.jpg')
  podcastArtwork(@Res() response: Response) {
    return this.sendFile(response, 'podcast-artwork', async () => ({ body: await this.podcast.defaultArtwork(), type: 'image/jpeg' }));
  }

  @Get('podcast/:slug.xml')
  seriesPodcastFeed(@Param('slug') slug: string, @Res() response: Response) {
    return this.send(response, `podcast:${slug}`, 'application/rss+xml; charset=utf-8', () => this.podcast.feed(slug));
  }

  @Get('sermons/:id/transcript.vtt')
  vttTranscript(@Param('id', RecordIdPipe) id: number, @Res() response: Response) {
    return this.sendFile(response, `transcript.vtt:${id}`, () => this.podcast.transcript(id, 'vtt'));
  }

  @Get('sermons/:id/transcript.txt')
  textTranscript(@Param('id', RecordIdPipe) id: number, @Res() response: Response) {
    return this.sendFile(response, `transcript.txt:${id}`, () => this.podcast.transcript(id, 'txt'));
  }

  @Get('sermons/:id/chapters.json')
  chapters(@Param('id', RecordIdPipe) id: number, @Res() response: Response) {
    return this.sendFile(response, `chapters:${id}`, () => this.podcast.chapters(id));
  }

  /** A sermon's transcript or chapters: the type depends on what was stored, so it is cached with the body. */
  private async sendFile(response: Response, key: string, make: () => Promise<SermonFile | null>) {
    let file = this.cache.get<SermonFile>(`published:${key}`);
    if (file === undefined) {
      const made = await make();
      if (made === null) throw new NotFoundException();
      file = made;
      this.cache.set(`published:${key}`, file);
    }
    response.setHeader('Content-Type', file.type).setHeader('Cache-Control', 'public, max-age=300');
    response.send(file.body);
  }

  @Get('sitemap.xml')
  sitemap(@Res() response: Response) {
    return this.send(response, 'sitemap', 'application/xml; charset=utf-8', () => this.publishing.sitemap());
  }

  @Get('robots.txt')
  robots(@Res() response: Response) {
    return this.send(response, 'robots', 'text/plain; charset=utf-8', async () => this.publishing.robots());
  }

  @Get('.well-known/security.txt')
  security(@Res() response: Response) {
    return this.send(response, 'security', 'text/plain; charset=utf-8', () => this.publishing.securityTxt());
  }

  @Get('manifest.webmanifest')
  manifest(@Res() response: Response) {
    return this.send(response, 'manifest', 'application/manifest+json; charset=utf-8', async () => JSON.stringify(await this.publishing.manifest()));
  }
}
