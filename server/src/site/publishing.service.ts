import { Inject, Injectable } from '@nestjs/common';
import { XMLBuilder } from 'fast-xml-parser';
import { Feed } from 'feed';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { BooksService, CATEGORY, PostsService, SermonSeriesService, SpeakersService, VideosService } from '../content/index.js';
import { absoluteUrl, postPath } from './public-urls.js';
import type { SiteSettings } from './site-settings.entity.js';
import { SiteSettingsService } from './site-settings.service.js';

/** The public pages of the web app that are worth a search engine's visit (members' and sign-in pages are not). */
export const PUBLIC_PAGES = [
  '/',
  '/about-us',
  '/senior-pastors',
  '/visit-info',
  '/service-times',
  '/life-line',
  '/how-to-become-a-christian',
  '/contact-us',
  '/ask-a-question',
  '/counselling',
  '/baptism',
  '/blog',
  '/testimonies',
  '/programs',
  '/book-shop',
  '/prayer-wall',
  '/sermons',
  '/privacy',
  '/accessibility',
];

const FEED_SIZE = 30;
/** A sitemap holds at most 50,000 URLs; the shop and the sermons are far fewer. */
const SITEMAP_BOOKS = 5_000;
const SITEMAP_SERMONS = 20_000;

/**
 * What the site publishes for machines besides calendars: RSS, the sitemap, robots.txt, security.txt and the
 * web app manifest, built with maintained libraries from the posts, videos and site settings.
 */
@Injectable()
export class PublishingService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posts: PostsService,
    private readonly videos: VideosService,
    private readonly books: BooksService,
    private readonly series: SermonSeriesService,
    private readonly speakers: SpeakersService,
    private readonly settings: SiteSettingsService,
  ) {}

  private absolute(path: string) {
    return absoluteUrl(this.config, path);
  }

  private feed(settings: SiteSettings, title: string, path: string, feedPath: string) {
    return new Feed({
      title: settings.name ? `${title} | ${settings.name}` : title,
      description: settings.description || settings.tagline || title,
      id: this.absolute(path),
      link: this.absolute(path),
      language: 'en-GB',
      feedLinks: { rss: this.absolute(feedPath) },
      favicon: this.absolute('/favicon.ico'),
      copyright: settings.name ? `© ${settings.name}` : '',
      generator: false,
      ttl: 60,
    });
  }

  /** RSS 2.0 of the newest blog posts. */
  async blogRss(): Promise<string> {
    const [settings, posts] = await Promise.all([
      this.settings.get(),
      this.posts.findAll({ perPage: FEED_SIZE, sortField: 'createdAt', sortOrder: 'DESC' }, { categoryId: String(CATEGORY.blog) }, undefined),
    ]);
    const feed = this.feed(settings, 'Blog', '/blog', '/blog/rss.xml');
    for (const post of posts) {
      const link = this.absolute(postPath(post));
      feed.addItem({
        title: post.name,
        id: link,
        guid: link,
        link,
        date: post.createdAt,
        description: post.excerpt,
        content: post.body,
        image: post.image ? this.absolute(post.image) : undefined,
      });
    }
    return feed.rss2();
  }

  /** RSS 2.0 of the newest video messages, linking to YouTube. */
  async videosRss(): Promise<string> {
    const [settings, videos] = await Promise.all([
      this.settings.get(),
      this.videos.findAll({ perPage: FEED_SIZE, sortField: 'createdAt', sortOrder: 'DESC' }, undefined, undefined),
    ]);
    const feed = this.feed(settings, 'Video messages', '/', '/videos/rss.xml');
    for (const video of videos) {
      feed.addItem({
        title: video.title,
        id: `${this.absolute('/')}#video-${video.id}`,
        guid: `${this.absolute('/')}#video-${video.id}`,
        link: `https://www.youtube.com/watch?v=${video.video}`,
        date: video.createdAt,
        description: video.title,
        image: video.poster ? this.absolute(video.poster) : undefined,
      });
    }
    return feed.rss2();
  }

  /** Every public page, every public post, book and sermon, and the sermons' series and speakers, with when each last changed. */
  async sitemap(): Promise<string> {
    const [settings, posts, books, sermons, series, speakers] = await Promise.all([
      this.settings.get(),
      this.posts.publicIndex(),
      this.books.findAll({ perPage: SITEMAP_BOOKS, sortField: 'id', sortOrder: 'ASC' }, undefined, undefined),
      this.videos.findAll({ perPage: SITEMAP_SERMONS, sortField: 'id', sortOrder: 'ASC' }, undefined, undefined),
      this.series.findAll({ perPage: SITEMAP_SERMONS, sortField: 'id', sortOrder: 'ASC' }, undefined, undefined),
      this.speakers.findAll({ perPage: SITEMAP_SERMONS, sortField: 'id', sortOrder: 'ASC' }, undefined, undefined),
    ]);
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const url = [
      ...PUBLIC_PAGES.map((path) => ({ loc: this.absolute(path), lastmod: day(settings.updatedAt) })),
      ...posts.map((post) => ({ loc: this.absolute(postPath(post)), lastmod: day(post.updatedAt) })),
      ...books.map((book) => ({ loc: this.absolute(`/book-details-page/${book.id}`), lastmod: day(book.updatedAt) })),
      ...sermons.map((sermon) => ({ loc: this.absolute(`/sermons/${sermon.id}`), lastmod: day(sermon.updatedAt) })),
      ...series.map((one) => ({ loc: this.absolute(`/sermons/series/${one.slug}`), lastmod: day(one.createdAt) })),
      ...speakers.map((speaker) => ({ loc: this.absolute(`/sermons/speakers/${speaker.slug}`), lastmod: day(speaker.createdAt) })),
    ];
    const builder = new XMLBuilder({ ignoreAttributes: false, format: true, attributeNamePrefix: '@' });
    return builder.build({
      '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
      urlset: { '@xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9', url },
    });
  }

  robots(): string {
    return ['User-agent: *', 'Disallow: /admin', 'Disallow: /user', 'Disallow: /api/', 'Disallow: /graphql', '', `Sitemap: ${this.absolute('/sitemap.xml')}`, ''].join('\n');
  }

  /** RFC 9116: who to tell about a security problem (the first contact e-mail), valid for a year. */
  async securityTxt(now = new Date()): Promise<string> {
    const settings = await this.settings.get();
    const contact = settings.emails[0]?.address;
    const expires = new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000);
    expires.setUTCHours(0, 0, 0, 0);
    return [
      ...(contact ? [`Contact: mailto:${contact}`] : []),
      `Contact: ${this.absolute('/contact-us')}`,
      `Expires: ${expires.toISOString()}`,
      'Preferred-Languages: en',
      `Canonical: ${this.absolute('/.well-known/security.txt')}`,
      '',
    ].join('\n');
  }

  /** The web app manifest: the name from settings, the icons of web/public. */
  async manifest(): Promise<object> {
    const settings = await this.settings.get();
    return {
      name: settings.name || 'Church',
      short_name: settings.shortName || settings.name || 'Church',
      description: settings.description || undefined,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#4a1f3d',
      lang: 'en-GB',
      icons: [
        { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
        { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
        { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
      ],
    };
  }
}
