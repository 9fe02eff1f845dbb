import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser } from '../../access/decorators.js';
import { AuditService } from '../../audit/index.js';
import { ClientIp } from '../../common/decorators.js';
import { toId } from '../../common/list.js';
import { ConsentHistoryArgs, RecordConsentArgs, WithdrawConsentArgs } from './mailing.args.js';
import { ConsentEvent } from './mailing-list.entity.js';
import { StaffConsentService } from './staff-consent.service.js';

/** Staff and one person's consent ledger: every read and every change is on the audit trail. */
@Resolver(() => ConsentEvent)
export class ConsentResolver {
  constructor(
    private readonly consent: StaffConsentService,
    private readonly audit: AuditService,
  ) {}

  @Can(PERMISSION.commsSend)
  @Query(() => [ConsentEvent], { description: 'One person’s consent ledger, newest first' })
  async mailingConsentHistory(@Args() { email }: ConsentHistoryArgs, @CurrentUser() staff: AuthUser, @ClientIp() ip: string | null) {
    const history = await this.consent.historyByEmail(email);
    await this.audit.record(staff, ip, { action: 'mailing.consent.read', recordKind: 'ConsentEvent', recordIds: history.map((event) => event.id) });
    return history;
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => ConsentEvent, { description: 'Consent given on paper or by phone, in the words the person agreed to' })
  async recordMailingConsent(@Args() { listId, email, wording }: RecordConsentArgs, @CurrentUser() staff: AuthUser, @ClientIp() ip: string | null) {
    const event = await this.consent.recordConsent(staff, toId(listId, 'listId'), email, wording);
    await this.audit.record(staff, ip, { action: 'mailing.consent.record', recordKind: 'ConsentEvent', recordIds: [event.id], detail: event.listName });
    return event;
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => ConsentEvent, { description: 'A withdrawal the person asked staff for' })
  async withdrawMailingConsent(@Args() { listId, email }: WithdrawConsentArgs, @CurrentUser() staff: AuthUser, @ClientIp() ip: string | null) {
    const event = await this.consent.withdrawConsent(staff, toId(listId, 'listId'), email);
    await this.audit.record(staff, ip, { action: 'mailing.consent.withdraw', recordKind: 'ConsentEvent', recordIds: [event.id], detail: event.listName });
    return event;
  }
}
