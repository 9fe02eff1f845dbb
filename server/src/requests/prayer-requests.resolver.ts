import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../access/auth-user.js';
import { CurrentUser, Can } from '../access/decorators.js';
import { ListMetadata, toId } from '../common/list.js';
import type { GraphQLContext } from '../common/loaders.js';
import { RateLimit } from '../common/rate-limit.js';
import { AllPrayerRequestsArgs, CreatePrayerRequestArgs } from './dto/prayer-request.args.js';
import { UpdateRequestArgs } from './dto/review.args.js';
import { PrayerRequest, PrayerRequestUser } from './entities/prayer-request.entity.js';
import { SUBMISSIONS_PER_MINUTE } from './request-kinds.js';
import { PrayerRequestsService } from './prayer-requests.service.js';

/** Members make and read their own prayer requests; admins read and follow up all of them. */
@Resolver(() => PrayerRequest)
export class PrayerRequestsResolver {
  constructor(private readonly prayers: PrayerRequestsService) {}

  @RateLimit('prayer-request', SUBMISSIONS_PER_MINUTE, 60)
  @Mutation(() => PrayerRequest, { description: 'Makes a prayer request as the signed-in member.' })
  createPrayerRequest(@CurrentUser() caller: AuthUser, @Args() input: CreatePrayerRequestArgs): Promise<PrayerRequest> {
    return this.prayers.create(caller, input);
  }

  @Query(() => [PrayerRequest], { description: 'Admins see all; a member only their own.' })
  allPrayerRequests(@CurrentUser() caller: AuthUser, @Args() args: AllPrayerRequestsArgs): Promise<PrayerRequest[]> {
    return this.prayers.list(caller, args, args.filter);
  }

  @Query(() => ListMetadata)
  async _allPrayerRequestsMeta(@CurrentUser() caller: AuthUser, @Args() args: AllPrayerRequestsArgs): Promise<ListMetadata> {
    return { count: await this.prayers.count(caller, args.filter) };
  }

  @Query(() => PrayerRequest, { description: 'The owner or an admin.' })
  PrayerRequest(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<PrayerRequest> {
    return this.prayers.get(caller, toId(id));
  }

  @Can('care:manage')
  @Mutation(() => PrayerRequest, { description: 'Staff follow-up: status and internal note.' })
  updatePrayerRequest(@Args() { id, ...changes }: UpdateRequestArgs): Promise<PrayerRequest> {
    return this.prayers.followUp(toId(id), changes);
  }

  @Can('care:manage')
  @Mutation(() => PrayerRequest, { description: 'Deletes for good; answers the record as it was.' })
  deletePrayerRequest(@Args('id', { type: () => ID }) id: string): Promise<PrayerRequest> {
    return this.prayers.remove(toId(id));
  }

  /** One query for a whole page of requests, through the per-request loader. */
  @ResolveField(() => PrayerRequestUser, { nullable: true })
  user(@Parent() request: PrayerRequest, @Context() context: GraphQLContext) {
    return context.loaders.user.load(request.userId);
  }
}
