import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/index.js';
import { MediaModule } from '../media/index.js';
import { Book } from './books/book.entity.js';
import { BooksResolver } from './books/books.resolver.js';
import { BooksService } from './books/books.service.js';
import { ContentDemoSeed } from './demo/demo-seed.js';
import { LiveStream } from './live/live-stream.entity.js';
import { LiveStreamResolver } from './live/live-stream.resolver.js';
import { LiveStreamService } from './live/live-stream.service.js';
import { MeetingImagesService, SliderImagesService, VisitImagesService } from './images/image-services.js';
import { MeetingImagesResolver, SliderImagesResolver, VisitImagesResolver } from './images/images.resolver.js';
import { MeetingImage } from './images/meeting-image.entity.js';
import { SliderImage } from './images/slider-image.entity.js';
import { VisitImage } from './images/visit-image.entity.js';
import { PostCategoriesResolver } from './posts/post-categories.resolver.js';
import { PostCategoriesService } from './posts/post-categories.service.js';
import { PostCategory } from './posts/post-category.entity.js';
import { PostCategoryLoader } from './posts/post-category.loader.js';
import { Post } from './posts/post.entity.js';
import { PostsResolver } from './posts/posts.resolver.js';
import { PostsService } from './posts/posts.service.js';
import { ProgramRefresh } from './posts/program-refresh.js';
import { Consent } from './posts/testimony-consent.js';
import { TestimonyConsentsResolver } from './posts/testimony-consents.resolver.js';
import { TestimonyConsents } from './posts/testimony-consents.service.js';
import { TestimoniesPersonalData } from './posts/testimonies.personal-data.js';
import { SermonLoaders } from './sermons/sermon.loaders.js';
import { SermonSeries } from './sermons/sermon-series.entity.js';
import { SermonSeriesResolver, SpeakersResolver } from './sermons/sermons.resolver.js';
import { SermonSeriesService, SpeakersService } from './sermons/sermons.service.js';
import { Speaker } from './sermons/speaker.entity.js';
import { Video } from './videos/video.entity.js';
import { VideosResolver } from './videos/videos.resolver.js';
import { VideosService } from './videos/videos.service.js';

const services = [
  PostsService,
  TestimonyConsents,
  PostCategoriesService,
  VideosService,
  SermonSeriesService,
  SpeakersService,
  SliderImagesService,
  VisitImagesService,
  MeetingImagesService,
  BooksService,
];

/** What visitors read and content staff publish: posts, categories, videos and sermons, home images and books. */
@Module({
  imports: [TypeOrmModule.forFeature([Post, PostCategory, Video, SermonSeries, Speaker, SliderImage, VisitImage, MeetingImage, Book, Consent, LiveStream]), MediaModule, MailModule],
  providers: [
    ...services,
    PostCategoryLoader,
    PostsResolver,
    TestimonyConsentsResolver,
    PostCategoriesResolver,
    VideosResolver,
    SermonSeriesResolver,
    SpeakersResolver,
    SermonLoaders,
    SliderImagesResolver,
    VisitImagesResolver,
    MeetingImagesResolver,
    BooksResolver,
    LiveStreamService,
    LiveStreamResolver,
    ContentDemoSeed,
    ProgramRefresh,
    TestimoniesPersonalData,
  ],
  exports: [...services, ContentDemoSeed],
})
export class ContentModule {}
