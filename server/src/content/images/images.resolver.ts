import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Public, Can } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import { ImageFieldsResolver } from '../image-fields.resolver.js';
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
import { SliderImage } from './slider-image.entity.js';
import { VisitImage } from './visit-image.entity.js';

@Resolver(() => SliderImage)
export class SliderImagesResolver extends ImageFieldsResolver(SliderImage) {
  constructor(private readonly slides: SliderImagesService) {
    super();
  }

  @Public()
  @Query(() => SliderImage)
  SliderImage(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.slides.get(toId(id), caller);
  }

  @Public()
  @Query(() => [SliderImage])
  allSliderImages(@Args() args: AllSliderImagesArgs, @CurrentUser() caller?: AuthUser) {
    return this.slides.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allSliderImagesMeta(@Args() args: AllSliderImagesArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.slides.count(args.filter, caller) };
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => SliderImage, { description: 'Designed for 1500x400 pictures' })
  createSliderImage(@Args() input: CreateSliderImageArgs) {
    return this.slides.create(input);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => SliderImage)
  updateSliderImage(@Args() { id, ...changes }: UpdateSliderImageArgs, @CurrentUser() caller: AuthUser) {
    return this.slides.update(toId(id), changes, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => SliderImage)
  deleteSliderImage(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.slides.remove(toId(id), caller);
  }
}

@Resolver(() => VisitImage)
export class VisitImagesResolver extends ImageFieldsResolver(VisitImage) {
  constructor(private readonly images: VisitImagesService) {
    super();
  }

  @Public()
  @Query(() => VisitImage)
  VisitImage(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.images.get(toId(id), caller);
  }

  @Public()
  @Query(() => [VisitImage], { description: 'Newest first: the home page shows the first' })
  allVisitImages(@Args() args: AllVisitImagesArgs, @CurrentUser() caller?: AuthUser) {
    return this.images.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allVisitImagesMeta(@Args() args: AllVisitImagesArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.images.count(args.filter, caller) };
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => VisitImage, { description: 'Designed for 700x800 pictures' })
  createVisitImage(@Args() input: CreateVisitImageArgs) {
    return this.images.create(input);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => VisitImage)
  updateVisitImage(@Args() { id, ...changes }: UpdateVisitImageArgs, @CurrentUser() caller: AuthUser) {
    return this.images.update(toId(id), changes, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => VisitImage)
  deleteVisitImage(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.images.remove(toId(id), caller);
  }
}

@Resolver(() => MeetingImage)
export class MeetingImagesResolver extends ImageFieldsResolver(MeetingImage) {
  constructor(private readonly images: MeetingImagesService) {
    super();
  }

  @Public()
  @Query(() => MeetingImage)
  MeetingImage(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.images.get(toId(id), caller);
  }

  @Public()
  @Query(() => [MeetingImage], { description: 'Newest first; password is null for visitors' })
  allMeetingImages(@Args() args: AllMeetingImagesArgs, @CurrentUser() caller?: AuthUser) {
    return this.images.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allMeetingImagesMeta(@Args() args: AllMeetingImagesArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.images.count(args.filter, caller) };
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => MeetingImage)
  createMeetingImage(@Args() input: CreateMeetingImageArgs) {
    return this.images.create(input);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => MeetingImage)
  updateMeetingImage(@Args() { id, ...changes }: UpdateMeetingImageArgs, @CurrentUser() caller: AuthUser) {
    return this.images.update(toId(id), changes, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => MeetingImage)
  deleteMeetingImage(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.images.remove(toId(id), caller);
  }
}
