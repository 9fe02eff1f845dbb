import { Args, Context, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser } from '../../access/decorators.js';
import { Audited } from '../../audit/index.js';
import { StaffMember, staffMember } from '../../auth/index.js';
import { ClientIp } from '../../common/decorators.js';
import { ListMetadata } from '../../common/list.js';
import type { GraphQLContext } from '../../common/loaders.js';
import { CareEvent } from '../entities/care-event.entity.js';
import { AllCareRequestsArgs, CareNoteArgs, CareReplyArgs, CareRequestIdArgs, UpdateCareRequestArgs } from './care.args.js';
import { CareInboxService } from './care-inbox.service.js';
import { CareRequest } from './care-request.js';

/** The care inbox in the ra-data-graphql-simple shape (`allCareRequests`, `CareRequest(id)`), plus its actions. */
@Can(PERMISSION.careRead)
@Resolver(() => CareRequest)
export class CareResolver {
  constructor(private readonly care: CareInboxService) {}

  @Audited('care.list', 'CareRequest')
  @Query(() => [CareRequest], { description: 'Every kind of request in one list, newest first.' })
  allCareRequests(@CurrentUser() caller: AuthUser, @Args() args: AllCareRequestsArgs): Promise<CareRequest[]> {
    return this.care.list(caller, args, args.filter);
  }

  @Query(() => ListMetadata, { description: 'With a search term (q), on the audit trail as a read of the requests it matched.' })
  async _allCareRequestsMeta(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() args: AllCareRequestsArgs): Promise<ListMetadata> {
    return { count: await this.care.count(caller, args.filter, ip) };
  }

  @Audited('care.read', 'CareRequest')
  @Query(() => CareRequest)
  CareRequest(@CurrentUser() caller: AuthUser, @Args() { id }: CareRequestIdArgs): Promise<CareRequest> {
    return this.care.get(caller, id);
  }

  @Query(() => [StaffMember], { description: 'Staff who can be given care requests.' })
  async careTeam(): Promise<StaffMember[]> {
    return (await this.care.careTeam()).map((user) => staffMember(user)!);
  }

  @Can(PERMISSION.careRead, PERMISSION.careManage)
  @Audited('care.read', 'CareRequest')
  @Mutation(() => CareRequest, { description: 'Status and assignee; a new assignee is e-mailed a link to the request.' })
  updateCareRequest(@CurrentUser() caller: AuthUser, @Args() args: UpdateCareRequestArgs): Promise<CareRequest> {
    return this.care.update(caller, args);
  }

  @Can(PERMISSION.careRead, PERMISSION.careManage)
  @Mutation(() => CareEvent, { description: "An internal note, or the sender's answer pasted in (fromRequester)." })
  addCareNote(@CurrentUser() caller: AuthUser, @Args() { id, body, fromRequester }: CareNoteArgs): Promise<CareEvent> {
    return this.care.addNote(caller, id, body, fromRequester);
  }

  @Can(PERMISSION.careRead, PERMISSION.careManage)
  @Mutation(() => CareEvent, { description: 'E-mails the sender and keeps the reply on the timeline.' })
  replyToCareRequest(@CurrentUser() caller: AuthUser, @Args() { id, body }: CareReplyArgs): Promise<CareEvent> {
    return this.care.reply(caller, id, body);
  }

  @ResolveField(() => StaffMember, { nullable: true })
  async assignee(@Parent() request: CareRequest, @Context() context: GraphQLContext): Promise<StaffMember | null> {
    return request.assigneeId ? staffMember(await context.loaders.user.load(request.assigneeId)) : null;
  }

  @ResolveField(() => [CareEvent], { description: 'Oldest first.' })
  timeline(@Parent() request: CareRequest): Promise<CareEvent[]> {
    return this.care.timeline(request);
  }
}

/** Who wrote a timeline line, and whom an assignment named. */
@Resolver(() => CareEvent)
export class CareEventResolver {
  @ResolveField(() => StaffMember, { nullable: true })
  async author(@Parent() event: CareEvent, @Context() context: GraphQLContext): Promise<StaffMember | null> {
    return event.authorId ? staffMember(await context.loaders.user.load(event.authorId)) : null;
  }

  @ResolveField(() => StaffMember, { nullable: true, description: 'For an assignment: who was given it (none: unassigned).' })
  async assignee(@Parent() event: CareEvent, @Context() context: GraphQLContext): Promise<StaffMember | null> {
    return event.assigneeId ? staffMember(await context.loaders.user.load(event.assigneeId)) : null;
  }
}
