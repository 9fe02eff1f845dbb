import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { CurrentUser, Can } from '../access/decorators.js';
import { Audited } from '../audit/index.js';
import { ClientIp } from '../common/decorators.js';
import { ListMetadata, toId } from '../common/list.js';
import type { GraphQLContext } from '../common/loaders.js';
import { RateLimit } from '../common/rate-limit.js';
import { AllPrayerRequestsArgs, ChangePrayerPrivacyArgs, CreatePrayerRequestArgs } from './dto/prayer-request.args.js';
import { UpdateRequestArgs } from './dto/review.args.js';
import { PrayerReply, PrayerRequest, PrayerRequestUser } from './entities/prayer-request.entity.js';
import { forContactViewer, seesStaffFields } from './staff-only.js';
import { SUBMISSIONS_PER_MINUTE } from './request-kinds.js';
import { PrayerRequestsService } from './prayer-requests.service.js';
import { IdempotencyKey } from './idempotency.js';

/** Members make, read and narrow their own prayer requests; pastors read and follow up all; the prayer team reads shared ones. */
@Resolver(() => PrayerRequest)
export class PrayerRequestsResolver {
  constructor(private readonly prayers: PrayerRequestsService) {}

  @RateLimit('prayer-request', SUBMISSIONS_PER_MINUTE, 60)
  @Mutation(() => PrayerRequest, { description: 'Makes a prayer request as the signed-in member.' })
  createPrayerRequest(@CurrentUser() caller: AuthUser, @Args() input: CreatePrayerRequestArgs, @IdempotencyKey() key?: string): Promise<PrayerRequest> {
    return this.prayers.create(caller, input, key);
  }

  @Audited('care.list', 'PrayerRequest')
  @Query(() => [PrayerRequest], { description: 'Pastors see all; the prayer team those shared with it while open; a member their own.' })
  allPrayerRequests(@CurrentUser() caller: AuthUser, @Args() args: AllPrayerRequestsArgs): Promise<PrayerRequest[]> {
    return this.prayers.list(caller, args, args.filter);
  }

  @Query(() => ListMetadata, { description: "With a search term (q), on the audit trail as a staff read of the requests it matched; a member's own count is not." })
  async _allPrayerRequestsMeta(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() args: AllPrayerRequestsArgs): Promise<ListMetadata> {
    return { count: await this.prayers.count(caller, args.filter, ip) };
  }

  @Audited('care.read', 'PrayerRequest')
  @Query(() => PrayerRequest, { description: 'Whoever may read it in allPrayerRequests; anyone else NOT_FOUND.' })
  PrayerRequest(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<PrayerRequest> {
    return this.prayers.get(caller, toId(id));
  }

  @Can(PERMISSION.careManage)
  @Audited('care.read', 'PrayerRequest')
  @Mutation(() => PrayerRequest, { description: 'Staff follow-up: status and internal note.' })
  updatePrayerRequest(@CurrentUser() caller: AuthUser, @Args() { id, ...changes }: UpdateRequestArgs): Promise<PrayerRequest> {
    return this.prayers.followUp(toId(id), changes, caller);
  }

  @Can(PERMISSION.careManage)
  @Mutation(() => PrayerRequest, { description: 'Deletes for good; answers the record as it was. On the audit trail.' })
  deletePrayerRequest(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args('id', { type: () => ID }) id: string): Promise<PrayerRequest> {
    return this.prayers.remove(toId(id), caller, ip);
  }

  @Mutation(() => PrayerRequest, { description: 'The member closes their own request.' })
  closePrayerRequest(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<PrayerRequest> {
    return this.prayers.close(caller, toId(id));
  }

  @Mutation(() => PrayerRequest, { description: 'The member shares their request for another 30 days.' })
  renewPrayerRequest(@CurrentUser() caller: AuthUser, @Args('id', { type: () => ID }) id: string): Promise<PrayerRequest> {
    return this.prayers.renew(caller, toId(id));
  }

  @Mutation(() => PrayerRequest, { description: 'The member narrows who may read their request; it can never be widened.' })
  changePrayerPrivacy(@CurrentUser() caller: AuthUser, @Args() args: ChangePrayerPrivacyArgs): Promise<PrayerRequest> {
    return this.prayers.changePrivacy(caller, args);
  }

  /** One query for a whole page of requests, through the per-request loader; the place only to pastoral staff. */
  @ResolveField(() => PrayerRequestUser, { nullable: true })
  async user(@CurrentUser() caller: AuthUser, @Parent() request: PrayerRequest, @Context() context: GraphQLContext) {
    const member = await context.loaders.user.load(request.userId);
    return member && forContactViewer(member, caller, request.userId);
  }

  @ResolveField(() => [PrayerReply], { description: 'What staff replied, oldest first: for the member and pastoral staff.' })
  async replies(@CurrentUser() caller: AuthUser, @Parent() request: PrayerRequest, @Context() context: GraphQLContext): Promise<PrayerReply[]> {
    if (request.userId !== caller.id && !seesStaffFields(caller)) return [];
    return (await context.loaders.prayerReplies.load(request.id)).map(({ body, createdAt }) => ({ body: body ?? '', createdAt }));
  }
}
