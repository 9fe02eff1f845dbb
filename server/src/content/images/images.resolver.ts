import { Resolver } from '@nestjs/graphql';
import {
  AllMeetingImagesArgs,
  AllSliderImagesArgs,
  AllVisitImagesArgs,
  CreateMeetingImageArgs,
  CreateSliderImageArgs,
  CreateVisitImageArgs,
  UpdateMeetingImageArgs,
  UpdateSliderImageArgs,
  UpdateVisitImageArgs,
} from './image.args.js';
import { MeetingImagesService, SliderImagesService, VisitImagesService } from './image-services.js';
import { MeetingImage } from './meeting-image.entity.js';
import { SiteImageResolver } from './site-image.resolver.js';
import { SliderImage } from './slider-image.entity.js';
import { VisitImage } from './visit-image.entity.js';

@Resolver(() => SliderImage)
export class SliderImagesResolver extends SiteImageResolver(SliderImage, {
  listArgs: AllSliderImagesArgs,
  createArgs: CreateSliderImageArgs,
  updateArgs: UpdateSliderImageArgs,
  createDescription: 'Designed for 1500x400 pictures',
}) {
  constructor(slides: SliderImagesService) {
    super(slides);
  }
}

@Resolver(() => VisitImage)
export class VisitImagesResolver extends SiteImageResolver(VisitImage, {
  listArgs: AllVisitImagesArgs,
  createArgs: CreateVisitImageArgs,
  updateArgs: UpdateVisitImageArgs,
  listDescription: 'Newest first: the home page shows the first',
  createDescription: 'Designed for 700x800 pictures',
}) {
  constructor(images: VisitImagesService) {
    super(images);
  }
}

@Resolver(() => MeetingImage)
export class MeetingImagesResolver extends SiteImageResolver(MeetingImage, {
  listArgs: AllMeetingImagesArgs,
  createArgs: CreateMeetingImageArgs,
  updateArgs: UpdateMeetingImageArgs,
  listDescription: 'Newest first; password is null for visitors',
}) {
  constructor(images: MeetingImagesService) {
    super(images);
  }
}
