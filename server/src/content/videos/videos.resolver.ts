import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Public, Can } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import { AllVideosArgs, CreateVideoArgs, UpdateVideoArgs } from './video.args.js';
import { Video } from './video.entity.js';
import { VideosService } from './videos.service.js';

@Resolver(() => Video)
export class VideosResolver {
  constructor(private readonly videos: VideosService) {}

  @Public()
  @Query(() => Video)
  Video(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.videos.get(toId(id), caller);
  }

  @Public()
  @Query(() => [Video])
  allVideos(@Args() args: AllVideosArgs, @CurrentUser() caller?: AuthUser) {
    return this.videos.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allVideosMeta(@Args() args: AllVideosArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.videos.count(args.filter, caller) };
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Video, { description: 'video: a YouTube id or link; a local poster is made from the title' })
  createVideo(@Args() input: CreateVideoArgs, @CurrentUser() caller: AuthUser) {
    return this.videos.create(input, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Video)
  updateVideo(@Args() { id, ...changes }: UpdateVideoArgs, @CurrentUser() caller: AuthUser) {
    return this.videos.update(toId(id), changes, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Video)
  deleteVideo(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.videos.remove(toId(id), caller);
  }
}
