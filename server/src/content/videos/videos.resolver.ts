import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../access/auth-user.js';
import { CurrentUser, Public, Can } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import type { GraphQLContext } from '../../common/loaders.js';
import { checkPassages, PassageCheck, sermonFacets, SermonFacets } from '../sermons/sermon-facets.js';
import { SermonSeries } from '../sermons/sermon-series.entity.js';
import { Speaker } from '../sermons/speaker.entity.js';
import { AllVideosArgs, CheckPassagesArgs, CreateVideoArgs, UpdateVideoArgs } from './video.args.js';
import { Video } from './video.entity.js';
import { VideosService } from './videos.service.js';

@Resolver(() => Video)
export class VideosResolver {
  constructor(
    private readonly videos: VideosService,
    private readonly dataSource: DataSource,
  ) {}

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

  @Public()
  @Query(() => SermonFacets, { description: "The books and years that have sermons, for the sermons page's filters" })
  sermonFacets() {
    return sermonFacets(this.dataSource);
  }

  @Can(PERMISSION.contentWrite)
  @Query(() => PassageCheck, { description: 'How a passages text would be stored: for live feedback while typing' })
  checkPassages(@Args() { text }: CheckPassagesArgs) {
    return checkPassages(text);
  }

  @ResolveField(() => SermonSeries, { nullable: true })
  series(@Parent() video: Video, @Context() { loaders }: GraphQLContext) {
    if (video.series !== undefined) return video.series;
    return video.seriesId ? loaders.sermonSeries.load(video.seriesId) : null;
  }

  @ResolveField(() => Speaker, { nullable: true })
  speaker(@Parent() video: Video, @Context() { loaders }: GraphQLContext) {
    if (video.speaker !== undefined) return video.speaker;
    return video.speakerId ? loaders.speaker.load(video.speakerId) : null;
  }

  @ResolveField(() => [String], { description: 'Normalised references, e.g. "John 3:16–18"' })
  passages(@Parent() video: Video): string[] {
    return (video.passageRanges ?? []).map((passage) => passage.label);
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
