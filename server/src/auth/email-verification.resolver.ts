import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { Can, CurrentUser, Public } from '../access/decorators.js';
import { ClientIp } from '../common/decorators.js';
import { toId } from '../common/list.js';
import { RateLimit } from '../common/rate-limit.js';
import { ChangeEmailArgs, VerifyEmailArgs } from './dto/auth.args.js';
import { EmailVerificationService } from './email-verification.service.js';
import { User } from './entities/user.entity.js';

export const CONFIRMATIONS_PER_ADDRESS = { limit: 30, windowSeconds: 60 * 60 };

/** Proving an address: the link's confirmation, a new link, a new address, and staff vouching for one. */
@Resolver(() => User)
export class EmailVerificationResolver {
  constructor(private readonly verification: EmailVerificationService) {}

  @Public()
  @RateLimit('verify-email', CONFIRMATIONS_PER_ADDRESS.limit, CONFIRMATIONS_PER_ADDRESS.windowSeconds)
  @Mutation(() => Boolean, {
    description:
      'Confirms the address a link was mailed to, for 24 hours, when the request is signed in as the account it was sent for or gives its `password`. ' +
      'Each link confirms once; opened again while the account still has that address confirmed, it answers true.',
  })
  async verifyEmail(@CurrentUser() caller: AuthUser | undefined, @Args() { token, password }: VerifyEmailArgs): Promise<boolean> {
    await this.verification.confirm(token, { caller, password });
    return true;
  }

  @Mutation(() => Boolean, { description: 'Mails a new link to the address waiting for confirmation (the new one during a change); a few an hour.' })
  async sendVerificationEmail(@CurrentUser() caller: AuthUser): Promise<boolean> {
    await this.verification.resend(caller);
    return true;
  }

  @Mutation(() => User, { description: 'Asks to use another address: it is kept as `pendingEmail` and replaces `email` when its link is opened.' })
  changeEmail(@CurrentUser() caller: AuthUser, @Args() input: ChangeEmailArgs): Promise<User> {
    return this.verification.requestChange(caller, input);
  }

  @Can(PERMISSION.membersManage)
  @Mutation(() => User, { description: "Staff vouch for an account's current address; recorded on the audit trail." })
  markEmailVerified(@CurrentUser() caller: AuthUser, @ClientIp() address: string, @Args('id', { type: () => ID }) id: string): Promise<User> {
    return this.verification.markVerified(toId(id), { actor: caller, address });
  }
}
