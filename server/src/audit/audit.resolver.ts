import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import { Can } from '../access/decorators.js';
import { ListMetadata, toId } from '../common/list.js';
import { AuditEvent } from './audit-event.entity.js';
import { AllAuditEventsArgs } from './audit.args.js';
import { AuditService } from './audit.service.js';

/** The audit trail, read-only: the schema holds no mutation of it. */
@Can(PERMISSION.auditRead)
@Resolver(() => AuditEvent)
export class AuditResolver {
  constructor(private readonly audit: AuditService) {}

  @Query(() => [AuditEvent], { description: 'Newest first.' })
  allAuditEvents(@Args() args: AllAuditEventsArgs): Promise<AuditEvent[]> {
    return this.audit.list(args, args.filter);
  }

  @Query(() => ListMetadata)
  async _allAuditEventsMeta(@Args() args: AllAuditEventsArgs): Promise<ListMetadata> {
    return { count: await this.audit.count(args.filter) };
  }

  @Query(() => AuditEvent)
  AuditEvent(@Args('id', { type: () => ID }) id: string): Promise<AuditEvent> {
    return this.audit.get(toId(id));
  }
}
