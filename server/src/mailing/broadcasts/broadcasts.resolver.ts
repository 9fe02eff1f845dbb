import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser, Public } from '../../access/decorators.js';
import { AuditService } from '../../audit/index.js';
import { ClientIp } from '../../common/decorators.js';
import { ListMetadata, PageArgs, toId } from '../../common/list.js';
import { Broadcast, BroadcastAudience, BroadcastPreview, BroadcastRecipient, BroadcastTotals, Newsletter } from './broadcast.entity.js';
import {
  AllBroadcastsArgs,
  AudienceArgs,
  BroadcastContentArgs,
  RecipientsArgs,
  RecipientsMetaArgs,
  SendBroadcastArgs,
  UpdateBroadcastArgs,
} from './broadcasts.args.js';
import { BroadcastsService } from './broadcasts.service.js';
import { NewslettersService } from './newsletters.service.js';

/** Broadcasts in the console (comms:send); the sent newsletters of public lists on the website. */
@Resolver(() => Broadcast)
export class BroadcastsResolver {
  constructor(
    private readonly broadcasts: BroadcastsService,
    private readonly audit: AuditService,
  ) {}

  @Can(PERMISSION.commsSend)
  @Query(() => [Broadcast])
  allBroadcasts(@Args() args: AllBroadcastsArgs) {
    return this.broadcasts.list(args, args.filter);
  }

  @Can(PERMISSION.commsSend)
  @Query(() => ListMetadata)
  async _allBroadcastsMeta(@Args() { filter }: AllBroadcastsArgs): Promise<ListMetadata> {
    return { count: await this.broadcasts.count(filter) };
  }

  @Can(PERMISSION.commsSend)
  @Query(() => Broadcast, { nullable: true })
  Broadcast(@Args('id', { type: () => ID }) id: string) {
    return this.broadcasts.get(id);
  }

  @Can(PERMISSION.commsSend)
  @Query(() => Int, { description: 'How many people an audience reaches now (suppressed addresses and those who left excluded)' })
  audienceSize(@Args() { listId, audience }: AudienceArgs) {
    return this.broadcasts.size(listId, audience);
  }

  @Can(PERMISSION.commsSend)
  @Query(() => BroadcastPreview, { description: 'The e-mail as it will be sent, with a sample unsubscribe link' })
  previewBroadcast(@Args() args: BroadcastContentArgs) {
    return this.broadcasts.preview(args);
  }

  @Can(PERMISSION.commsSend)
  @Query(() => [BroadcastRecipient])
  async broadcastRecipients(@Args() { id, status, page, perPage }: RecipientsArgs, @CurrentUser() staff: AuthUser, @ClientIp() ip: string | null) {
    const recipients = await this.broadcasts.recipients(id, status, page, perPage);
    await this.audit.record(staff, ip, {
      action: 'broadcast.recipients',
      recordKind: 'Broadcast',
      recordIds: [String(toId(id))],
      detail: `${recipients.length} addresses`,
    });
    return recipients;
  }

  @Can(PERMISSION.commsSend)
  @Query(() => ListMetadata)
  async _broadcastRecipientsMeta(@Args() { id, status }: RecipientsMetaArgs): Promise<ListMetadata> {
    return { count: await this.broadcasts.recipientsCount(id, status) };
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => Broadcast, { description: 'A draft: `listId` alone sends to that list’s subscribers' })
  createBroadcast(@Args() args: BroadcastContentArgs, @CurrentUser() staff: AuthUser) {
    return this.broadcasts.create(staff, args);
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => Broadcast, { description: 'Drafts only' })
  updateBroadcast(@Args() { id, ...args }: UpdateBroadcastArgs) {
    return this.broadcasts.update(id, args);
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => Boolean, { description: 'Sends it to the caller’s own address, subject starting [Test]' })
  async testSendBroadcast(@Args('id', { type: () => ID }) id: string, @CurrentUser() staff: AuthUser) {
    await this.broadcasts.testSend(staff, id);
    return true;
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => Broadcast, { description: 'Sends a draft now, or at `at`' })
  async sendBroadcast(@Args() { id, at }: SendBroadcastArgs, @CurrentUser() staff: AuthUser, @ClientIp() ip: string | null) {
    const broadcast = await this.broadcasts.send(id, at);
    await this.audit.record(staff, ip, { action: 'broadcast.send', recordKind: 'Broadcast', recordIds: [String(broadcast.id)], detail: broadcast.subject });
    return broadcast;
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => Broadcast, { description: 'A scheduled e-mail back to a draft' })
  cancelBroadcast(@Args('id', { type: () => ID }) id: string) {
    return this.broadcasts.cancel(id);
  }

  @ResolveField(() => BroadcastAudience)
  audience(@Parent() broadcast: Broadcast): BroadcastAudience {
    const { occurrenceStart, from, to, ...rest } = broadcast.audienceStored;
    const date = (value?: string | null) => (value ? new Date(value) : null);
    return { ...rest, occurrenceStart: date(occurrenceStart), from: date(from), to: date(to) };
  }

  @ResolveField(() => String, { nullable: true })
  listName(@Parent() broadcast: Broadcast) {
    return this.broadcasts.listName(broadcast.listId);
  }

  @ResolveField(() => BroadcastTotals)
  totals(@Parent() broadcast: Broadcast) {
    return this.broadcasts.totals(broadcast.id);
  }

  @ResolveField(() => Int)
  recipientCount(@Parent() broadcast: Broadcast) {
    return this.broadcasts.recipientCount(broadcast);
  }
}

/** The website's archive: broadcasts sent to public lists, with no recipient data. */
@Resolver(() => Newsletter)
export class NewslettersResolver {
  constructor(private readonly newsletters: NewslettersService) {}

  @Public()
  @Query(() => [Newsletter])
  allNewsletters(@Args() { page, perPage }: PageArgs) {
    return this.newsletters.list(page ?? 0, perPage ?? 20);
  }

  @Public()
  @Query(() => Newsletter, { nullable: true })
  Newsletter(@Args('id', { type: () => ID }) id: string) {
    return this.newsletters.get(toId(id));
  }
}
