import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser, Public } from '../../access/decorators.js';
import { Video } from '../videos/video.entity.js';
import { UpdateLiveStreamArgs } from './live-stream.args.js';
import { LiveStatus, LiveStream, NextService } from './live-stream.entity.js';
import { LiveStreamService, statusAt } from './live-stream.service.js';

/** The live page: the stream visitors watch and the next service; content staff set, clear and keep the stream. */
@Resolver(() => LiveStream)
export class LiveStreamResolver {
  constructor(private readonly streams: LiveStreamService) {}

  @Public()
  @Query(() => LiveStream, { nullable: true, description: 'The stream under way, else the next one, else one that ended within 12 hours, else null' })
  liveStream() {
    return this.streams.current();
  }

  @Public()
  @Query(() => NextService, { nullable: true, description: "The next service of the site settings' weekly schedule (London time)" })
  nextService() {
    return this.streams.nextService();
  }

  @ResolveField(() => LiveStatus)
  status(@Parent() stream: LiveStream): LiveStatus {
    return statusAt(stream, new Date()) ?? LiveStatus.Ended;
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => LiveStream, { description: 'Sets the live page’s stream, replacing the one before' })
  updateLiveStream(@Args() input: UpdateLiveStreamArgs) {
    return this.streams.update(input);
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Boolean, { description: 'Takes the stream down; false when there was none' })
  clearLiveStream() {
    return this.streams.clear();
  }

  @Can(PERMISSION.contentWrite)
  @Mutation(() => Video, { description: 'Makes a sermon of the last stream (not yet in the podcast); the stream then carries sermonId' })
  liveStreamToSermon(@CurrentUser() caller: AuthUser) {
    return this.streams.toSermon(caller);
  }
}
