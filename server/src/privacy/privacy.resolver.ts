import { Args, Field, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { Can, CurrentUser, Public } from '../access/decorators.js';
import { ClientIp } from '../common/decorators.js';
import { EmailArgs, PasswordArgs } from './privacy.args.js';
import { PrivacyService } from './privacy.service.js';
import { RetentionService } from './retention.service.js';

@ObjectType()
export class RetentionRule {
  @Field()
  record: string;

  @Field()
  period: string;

  @Field()
  action: string;
}

/** The privacy centre (a member's own data), the retention table the notice prints, and subject access for staff. */
@Resolver()
export class PrivacyResolver {
  constructor(
    private readonly privacy: PrivacyService,
    private readonly retention: RetentionService,
  ) {}

  @Query(() => String, { description: 'Everything held about the caller, as one JSON document.' })
  async exportMyData(@CurrentUser() caller: AuthUser, @ClientIp() address: string): Promise<string> {
    return JSON.stringify(await this.privacy.ownData({ actor: caller, address }), null, 2);
  }

  @Mutation(() => Boolean, { description: 'Erases the caller’s account, after their password again; every token ends.' })
  async deleteMyAccount(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() { password }: PasswordArgs): Promise<boolean> {
    await this.privacy.eraseOwnAccount(password, { actor: caller, address });
    return true;
  }

  @Public()
  @Query(() => [RetentionRule], { description: 'How long each kind of record is kept: the table the retention job applies.' })
  retentionSchedule(): RetentionRule[] {
    return this.retention.schedule();
  }

  @Can(PERMISSION.privacyManage)
  @Query(() => String, { description: 'A subject access request: everything held about an e-mail address, as JSON.' })
  async subjectAccessExport(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() { email }: EmailArgs): Promise<string> {
    return JSON.stringify(await this.privacy.subjectAccess(email, { actor: caller, address }), null, 2);
  }

  @Can(PERMISSION.privacyManage)
  @Mutation(() => Number, { description: "Deletes the forms sent with an e-mail address (a visitor's erasure request); answers how many." })
  eraseVisitorRecords(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args() { email }: EmailArgs): Promise<number> {
    return this.privacy.eraseVisitor(email, { actor: caller, address });
  }
}
