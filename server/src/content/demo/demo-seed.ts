import { Injectable, Logger } from '@nestjs/common';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { User } from '../../auth/index.js';
import { MediaService, type UploadPurpose } from '../../media/index.js';
import { Book } from '../books/book.entity.js';
import { MeetingImage } from '../images/meeting-image.entity.js';
import { SliderImage } from '../images/slider-image.entity.js';
import { VisitImage } from '../images/visit-image.entity.js';
import { CATEGORY } from '../posts/post-category.entity.js';
import { LONDON } from '../posts/program-schedule.js';
import { Post, PostStatus } from '../posts/post.entity.js';
import { excerptOf, slugify } from '../rich-text.js';
import { passagesOf } from '../sermons/sermon-fields.js';
import { SermonSeries } from '../sermons/sermon-series.entity.js';
import { Speaker } from '../sermons/speaker.entity.js';
import { renderPoster } from '../videos/poster.js';
import { Video } from '../videos/video.entity.js';
import {
  DEMO_BLOG,
  DEMO_BOOKS,
  DEMO_MEETING,
  DEMO_PENDING_TESTIMONY,
  DEMO_PROGRAMS,
  DEMO_SERIES,
  DEMO_SLIDES,
  DEMO_SPEAKERS,
  DEMO_TESTIMONIES,
  DEMO_VIDEOS,
  DemoPost,
} from './demo-content.js';
import { DemoPicture, PALETTES, renderDemoPicture } from './demo-images.js';

/** A London day, `days` from today, as YYYY-MM-DD. */
const londonDay = (days: number) => DateTime.now().setZone(LONDON).plus({ days }).toISODate()!;

/** The Sunday `weeks` before the coming one (1: the last Sunday, or today on a Sunday). */
const lastSunday = (weeks: number) => {
  const today = DateTime.now().setZone(LONDON);
  return today.minus({ days: today.weekday % 7, weeks: weeks - 1 }).toISODate()!;
};

/**
 * The demo content of a fresh install: posts in each fixed category, video messages with posters, slider,
 * visit and meeting images and three books. Pictures are drawn now with sharp and stored like uploads.
 */
@Injectable()
export class ContentDemoSeed {
  private readonly logger = new Logger('Seed');

  constructor(private readonly media: MediaService) {}

  async seed(manager: EntityManager, admin: User): Promise<void> {
    const picture = async (purpose: UploadPurpose, spec: DemoPicture) =>
      (await this.media.storeImage(await renderDemoPicture(spec), purpose, admin.id, manager)).url;
    const palette = (i: number) => PALETTES[i % PALETTES.length];

    // Oldest first, a minute apart, so "newest first" lists show them in the order written here.
    const start = Date.now() - 60 * 60 * 1000;
    let minute = 0;
    const at = () => new Date(start + (minute += 1) * 60_000);

    const addPosts = async (posts: DemoPost[], categoryId: number, kicker: string, status = PostStatus.Authorised) => {
      for (const [i, post] of [...posts].reverse().entries()) {
        const image = post.picture ? await picture('post', { width: 1200, height: 800, title: post.name, kicker, palette: palette(i + categoryId) }) : null;
        const when = at();
        await manager.save(
          manager.create(Post, {
            name: post.name,
            slug: slugify(post.name),
            body: post.body,
            excerpt: excerptOf(post.body),
            image,
            categoryId,
            authorId: admin.id,
            status,
            createdAt: when,
            updatedAt: when,
          }),
        );
      }
    };
    await addPosts(DEMO_PROGRAMS, CATEGORY.programs, 'Programs');
    await addPosts(DEMO_TESTIMONIES, CATEGORY.testimonies, 'Testimony');
    await addPosts([DEMO_PENDING_TESTIMONY], CATEGORY.testimonies, 'Testimony', PostStatus.UnAuthorised);
    await addPosts(DEMO_BLOG, CATEGORY.blog, 'Blog');

    const speakers = await manager.save(DEMO_SPEAKERS.map((speaker) => manager.create(Speaker, { ...speaker, slug: slugify(speaker.name) })));
    const series = await manager.save(
      DEMO_SERIES.map(({ title, description, weeksAgo }) =>
        manager.create(SermonSeries, { title, description, slug: slugify(title), startedAt: londonDay(-weeksAgo * 7) }),
      ),
    );
    for (const video of [...DEMO_VIDEOS].reverse()) {
      const poster = await this.media.storeImage(await renderPoster(video.title), 'poster', admin.id, manager);
      const when = at();
      await manager.save(
        manager.create(Video, {
          title: video.title,
          video: video.video,
          poster: poster.url,
          seriesId: video.series === null ? null : series[video.series].id,
          speakerId: speakers[video.speaker].id,
          passageRanges: passagesOf(video.passages),
          preachedOn: lastSunday(video.sundaysAgo),
          summary: video.summary,
          podcastGuid: randomUUID(),
          createdAt: when,
          updatedAt: when,
        }),
      );
    }

    for (const [position, slide] of DEMO_SLIDES.entries()) {
      const image = await picture('slider', { width: 1500, height: 400, title: slide.title, kicker: slide.kicker, palette: palette(position) });
      await manager.save(manager.create(SliderImage, { title: slide.title, image, position }));
    }

    const visit = await picture('visit', { width: 700, height: 800, title: 'Plan Your Visit', kicker: 'Sundays 10.00am', palette: palette(1) });
    await manager.save(manager.create(VisitImage, { title: 'Plan your visit', image: visit }));

    const meeting = await picture('meeting', { width: 1200, height: 630, title: 'Join Us Online', kicker: 'Monday prayer · Wednesday Bible study', palette: palette(2) });
    await manager.save(manager.create(MeetingImage, { ...DEMO_MEETING, image: meeting }));

    for (const [i, book] of [...DEMO_BOOKS].reverse().entries()) {
      const image = await picture('book', { width: 600, height: 900, title: book.title, kicker: 'Ministry Books', palette: palette(i + 3) });
      const when = at();
      await manager.save(manager.create(Book, { ...book, currency: 'GBP', image, createdAt: when, updatedAt: when }));
    }
    this.logger.log('added the demo content: posts, sermons, home images and books');
  }
}
