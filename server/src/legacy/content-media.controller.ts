import { Body, Controller, Get, Param, Post, Put, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { PERMISSION } from '@ministry/shared';
import { AppError } from '../common/app-error.js';
import type { AuthUser } from '../access/auth-user.js';
import { CurrentUser, Public, Can } from '../access/decorators.js';
import { toId } from '../common/list.js';
import {
  BooksService,
  CreateVideoArgs,
  MeetingImagesService,
  SliderImagesService,
  VideosService,
  VisitImagesService,
} from '../content/index.js';
import { AddBookBody, SliderImageBody, UpdateVideoBody, VisitImageBody, ZoomImageBody } from './bodies/content.js';
import { toLegacyBook, toLegacyMeetingImage, toLegacySlide, toLegacyVideo, toLegacyVisitImage } from './shapes.js';
import { ImageFileInterceptor, MediaService, type UploadedImage } from '../media/index.js';
import { cacheRead } from '../http-cache/cache-headers.js';
import { LEGACY_LIST } from './content.controller.js';

const required = (value: string | undefined, field: string) => {
  if (!value) throw AppError.badInput(field, `${field} is required`);
  return value;
};

/** Spec section 7: videos, the home slider, visit and online meeting images, and books. */
@Controller('api')
export class LegacyContentMediaController {
  constructor(
    private readonly videos: VideosService,
    private readonly slides: SliderImagesService,
    private readonly visits: VisitImagesService,
    private readonly meetings: MeetingImagesService,
    private readonly books: BooksService,
    private readonly media: MediaService,
  ) {}

  @Public()
  @Get('all-videos')
  async allVideos(@CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return (await this.videos.findAll(LEGACY_LIST, {}, caller)).map(toLegacyVideo);
  }

  @Can(PERMISSION.contentWrite)
  @Post('add-video')
  @UseInterceptors(NoFilesInterceptor())
  async addVideo(@Body() body: CreateVideoArgs, @CurrentUser() caller: AuthUser) {
    return toLegacyVideo(await this.videos.create(body, caller));
  }

  @Can(PERMISSION.contentWrite)
  @Put('update-video/:id')
  @UseInterceptors(NoFilesInterceptor())
  async updateVideo(@Param('id') id: string, @Body() body: UpdateVideoBody, @CurrentUser() caller: AuthUser) {
    return toLegacyVideo(await this.videos.update(toId(id), body, caller));
  }

  @Public()
  @Get('all-slider-images')
  async allSliderImages(@CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return (await this.slides.findAll(LEGACY_LIST, {}, caller)).map(toLegacySlide);
  }

  @Can(PERMISSION.contentWrite)
  @Post('add-slider-image')
  @UseInterceptors(ImageFileInterceptor())
  addSliderImage(@Body() body: SliderImageBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    return this.media.withImage(file, body.image, 'slider', caller, async (image) =>
      toLegacySlide(await this.slides.create({ ...body, image: required(image ?? undefined, 'image') })),
    );
  }

  @Can(PERMISSION.contentWrite)
  @Put('update-slider-image/:id')
  @UseInterceptors(ImageFileInterceptor())
  updateSliderImage(@Param('id') id: string, @Body() body: SliderImageBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    const slideId = toId(id);
    return this.media.withImage(file, body.image, 'slider', caller, async (image) =>
      toLegacySlide(await this.slides.update(slideId, { ...body, image }, caller)),
    );
  }

  @Public()
  @Get('all-visit-ancc-image')
  async allVisitImages(@CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return (await this.visits.findAll(LEGACY_LIST, {}, caller)).map(toLegacyVisitImage);
  }

  @Can(PERMISSION.contentWrite)
  @Post('add-visit-ancc-image')
  @UseInterceptors(ImageFileInterceptor())
  addVisitImage(@Body() body: VisitImageBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    return this.media.withImage(file, body.image, 'visit', caller, async (image) =>
      toLegacyVisitImage(await this.visits.create({ ...body, image: required(image ?? undefined, 'image') })),
    );
  }

  @Can(PERMISSION.contentWrite)
  @Put('update-visit-ancc-image/:id')
  @UseInterceptors(ImageFileInterceptor())
  updateVisitImage(@Param('id') id: string, @Body() body: VisitImageBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    const imageId = toId(id);
    return this.media.withImage(file, body.image, 'visit', caller, async (image) =>
      toLegacyVisitImage(await this.visits.update(imageId, { ...body, image }, caller)),
    );
  }

  /** Visitors see that an online meeting exists; its password only reaches signed-in callers. */
  @Public()
  @Get('all-zoom-image')
  async allMeetingImages(@CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return (await this.meetings.findAll(LEGACY_LIST, {}, caller)).map(toLegacyMeetingImage);
  }

  @Can(PERMISSION.contentWrite)
  @Post('zoom-image')
  @UseInterceptors(ImageFileInterceptor())
  addMeetingImage(@Body() body: ZoomImageBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    const zoomId = required(body.zoomId, 'zoomId');
    return this.media.withImage(file, body.image, 'meeting', caller, async (image) =>
      toLegacyMeetingImage(await this.meetings.create({ ...body, zoomId, image: required(image ?? undefined, 'image') })),
    );
  }

  @Can(PERMISSION.contentWrite)
  @Put('update-zoom-image/:id')
  @UseInterceptors(ImageFileInterceptor())
  updateMeetingImage(@Param('id') id: string, @Body() body: ZoomImageBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    const imageId = toId(id);
    return this.media.withImage(file, body.image, 'meeting', caller, async (image) =>
      toLegacyMeetingImage(await this.meetings.update(imageId, { ...body, image }, caller)),
    );
  }

  @Public()
  @Get('all-books')
  async allBooks(@CurrentUser() caller: AuthUser | undefined, @Res({ passthrough: true }) response: Response) {
    cacheRead(response, caller);
    return (await this.books.findAll(LEGACY_LIST, {}, caller)).map(toLegacyBook);
  }

  @Can(PERMISSION.contentWrite)
  @Post('add-book')
  @UseInterceptors(ImageFileInterceptor())
  addBook(@Body() body: AddBookBody, @UploadedFile() file: UploadedImage | undefined, @CurrentUser() caller: AuthUser) {
    return this.media.withImage(file, body.image, 'book', caller, async (image) => toLegacyBook(await this.books.createBook({ ...body, image })));
  }
}
