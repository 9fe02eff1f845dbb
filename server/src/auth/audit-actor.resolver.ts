import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { AuditEvent } from '../audit/index.js';
import type { GraphQLContext } from '../common/loaders.js';
import { StaffMember, staffMember } from './staff-member.js';

/** Who acted on an audit event, by name: resolved here, where staff are known, so the audit trail needs no accounts. */
@Resolver(() => AuditEvent)
export class AuditActorResolver {
  @ResolveField(() => StaffMember, { nullable: true })
  async actor(@Parent() event: AuditEvent, @Context() context: GraphQLContext): Promise<StaffMember | null> {
    return event.actorId ? staffMember(await context.loaders.user.load(event.actorId)) : null;
  }
}
