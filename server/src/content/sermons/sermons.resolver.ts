import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser, Public } from '../../access/decorators.js';
import { ListMetadata, toId } from '../../common/list.js';
import type { GraphQLContext } from '../../common/loaders.js';
import { ImageFieldsResolver } from '../image-fields.resolver.js';
import { AllSermonSeriesArgs, AllSpeakersArgs, CreateSermonSeriesArgs, CreateSpeakerArgs, UpdateSermonSeriesArgs, UpdateSpeakerArgs } from './sermons.args.js';
import { SermonSeriesService, SpeakersService } from './sermons.service.js';
import { SermonSeries } from './sermon-series.entity.js';
import { Speaker } from './speaker.entity.js';

@Resolver(() => SermonSeries)
export class SermonSeriesResolver extends ImageFieldsResolver(SermonSeries) {
  constructor(private readonly series: SermonSeriesService) {
    super();
  }

  @Public()
  @Query(() => SermonSeries)
  SermonSeries(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.series.get(toId(id), caller);
  }

  @Public()
  @Query(() => [SermonSeries])
  allSermonSeries(@Args() args: AllSermonSeriesArgs, @CurrentUser() caller?: AuthUser) {
    return this.series.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allSermonSeriesMeta(@Args() args: AllSermonSeriesArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.series.count(args.filter, caller) };
  }

  @ResolveField(() => Int)
  sermonCount(@Parent() series: SermonSeries, @Context() { loaders }: GraphQLContext) {
    return loaders.sermonCount.load(`series:${series.id}`);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => SermonSeries)
  createSermonSeries(@Args() input: CreateSermonSeriesArgs) {
    return this.series.create(input);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => SermonSeries, { description: 'The slug stays what it was, so the series page keeps its address' })
  updateSermonSeries(@Args() { id, ...changes }: UpdateSermonSeriesArgs, @CurrentUser() caller: AuthUser) {
    return this.series.update(toId(id), changes, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => SermonSeries, { description: 'Its sermons stay, without a series' })
  deleteSermonSeries(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.series.remove(toId(id), caller);
  }
}

@Resolver(() => Speaker)
export class SpeakersResolver extends ImageFieldsResolver(Speaker) {
  constructor(private readonly speakers: SpeakersService) {
    super();
  }

  @Public()
  @Query(() => Speaker)
  Speaker(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.speakers.get(toId(id), caller);
  }

  @Public()
  @Query(() => [Speaker], { description: 'The senior pastors named in the site settings first, then by name' })
  allSpeakers(@Args() args: AllSpeakersArgs, @CurrentUser() caller?: AuthUser) {
    return this.speakers.findAll(args, args.filter, caller);
  }

  @Public()
  @Query(() => ListMetadata)
  async _allSpeakersMeta(@Args() args: AllSpeakersArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.speakers.count(args.filter, caller) };
  }

  @ResolveField(() => Int)
  sermonCount(@Parent() speaker: Speaker, @Context() { loaders }: GraphQLContext) {
    return loaders.sermonCount.load(`speaker:${speaker.id}`);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Speaker)
  createSpeaker(@Args() input: CreateSpeakerArgs) {
    return this.speakers.create(input);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Speaker, { description: 'The slug stays what it was, so the speaker page keeps its address' })
  updateSpeaker(@Args() { id, ...changes }: UpdateSpeakerArgs, @CurrentUser() caller: AuthUser) {
    return this.speakers.update(toId(id), changes, caller);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Speaker, { description: 'Their sermons stay, without a speaker' })
  deleteSpeaker(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
    return this.speakers.remove(toId(id), caller);
  }
}
